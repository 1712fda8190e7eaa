/**
 * Seeded catalog per restaurant: six product groups of twenty products each, a hidden group of
 * modifiers, and two legacy products whose stored prices break today's price rules (spec 7.3).
 */
import type { Product, ProductGroup } from '../store/types';
import type { RestaurantSeed } from './restaurants';
import type { Random } from './random';

const GROUPS: Array<{
	key: string;
	name: string;
	dishes: string[];
	basePrice: [number, number];
	drink?: boolean;
}> = [
	{
		key: 'starters',
		name: 'Starters',
		basePrice: [6, 14],
		dishes: [
			'Bruschetta',
			'Burrata',
			'Vitello tonnato',
			'Carpaccio',
			'Minestrone',
			'Arancini',
			'Caprese',
			'Calamari fritti',
			'Antipasto misto',
			'Focaccia',
		],
	},
	{
		key: 'pasta',
		name: 'Pasta',
		basePrice: [12, 22],
		dishes: [
			'Spaghetti carbonara',
			'Tagliatelle al ragù',
			'Penne arrabbiata',
			'Linguine alle vongole',
			'Ravioli ricotta e spinaci',
			'Gnocchi al pesto',
			'Lasagne',
			'Cacio e pepe',
			'Pappardelle ai funghi',
			'Orecchiette',
		],
	},
	{
		key: 'mains',
		name: 'Mains',
		basePrice: [18, 36],
		dishes: [
			'Saltimbocca',
			'Ossobuco',
			'Branzino',
			'Bistecca',
			'Pollo alla cacciatora',
			'Risotto ai funghi',
			'Melanzane parmigiana',
			'Salmone',
			'Agnello',
			'Polpette',
		],
	},
	{
		key: 'desserts',
		name: 'Desserts',
		basePrice: [6, 11],
		dishes: [
			'Tiramisù',
			'Panna cotta',
			'Cannoli',
			'Affogato',
			'Torta caprese',
			'Gelato',
			'Sorbetto',
			'Semifreddo',
			'Zabaione',
			'Crostata',
		],
	},
	{
		key: 'drinks',
		name: 'Drinks',
		basePrice: [3, 7],
		drink: true,
		dishes: [
			'Espresso',
			'Cappuccino',
			'Sparkling water',
			'Still water',
			'Lemonade',
			'Iced tea',
			'Orange juice',
			'Cola',
			'Ginger beer',
			'Chinotto',
		],
	},
	{
		key: 'wine',
		name: 'Wine',
		basePrice: [7, 14],
		drink: true,
		dishes: [
			'Chianti',
			'Barolo',
			'Primitivo',
			'Nero d’Avola',
			'Pinot grigio',
			'Vermentino',
			'Prosecco',
			'Lambrusco',
			'Soave',
			'Montepulciano',
		],
	},
];

/** Two variants per dish, so each group holds twenty products. */
const VARIANTS = [
	{ suffix: '', factor: 1 },
	{ suffix: ' (large)', factor: 1.4 },
];

const MODIFIERS: Array<{ key: string; name: string; price: number }> = [
	{ key: 'extra-cheese', name: 'Extra parmesan', price: 1.5 },
	{ key: 'gluten-free', name: 'Gluten-free pasta', price: 2 },
	{ key: 'side-salad', name: 'Side salad', price: 4.5 },
	{ key: 'truffle', name: 'Truffle shavings', price: 6.9 },
	{ key: 'fries', name: 'Rosemary fries', price: 3.5 },
	{ key: 'oat-milk', name: 'Oat milk', price: 0.6 },
	{ key: 'double-shot', name: 'Double shot', price: 1.2 },
	{ key: 'ice', name: 'No ice', price: 0 },
];

const MODIFIERS_BY_GROUP: Record<string, string[]> = {
	pasta: ['extra-cheese', 'gluten-free', 'truffle'],
	mains: ['side-salad', 'fries', 'truffle'],
	drinks: ['oat-milk', 'double-shot', 'ice'],
};

/** What a product holds when nothing says otherwise (a new one, or a seeded one), fresh each time. */
export const productDefaults = () => ({
	productPLU: null,
	description: null,
	visible: true,
	imageLocation: null,
	takeawayPrice: null,
	deliveryPrice: null,
	productType: null,
	groupId: null,
	stockAmount: null,
	modifiers: [],
	taxIds: [],
	taxeRate: null,
	takeawayTaxeRate: null,
	deliveryTaxeRate: null,
});

const roundToHalf = (n: number) => Math.round(n * 2) / 2;

export function seedCatalog(
	seed: RestaurantSeed,
	random: Random,
	extraProducts = 0,
): { groups: ProductGroup[]; products: Product[] } {
	const rid = seed.profile.id;
	const tax = seed.taxRates;
	const groups: ProductGroup[] = [];
	const products: Product[] = [];
	const product = (fields: Partial<Product> & Pick<Product, 'id' | 'name' | 'price'>): Product => ({
		...productDefaults(),
		productType: 'dish',
		...fields,
	});

	GROUPS.forEach((group, g) => {
		const groupId = `grp-${rid}-${group.key}`;
		groups.push({
			id: groupId,
			name: group.name,
			imageLocation: `https://images.sandbox.invalid/groups/${group.key}.jpg`,
			sequence: g + 1,
			visible: true,
			taxeRate: tax.dineIn,
			takeawayTaxeRate: tax.takeaway,
			deliveryTaxeRate: tax.delivery,
		});
		group.dishes.forEach((dish, d) => {
			VARIANTS.forEach((variant, v) => {
				const n = d * VARIANTS.length + v + 1;
				const base = roundToHalf(
					random.between(group.basePrice[0], group.basePrice[1]) * variant.factor,
				);
				products.push(
					product({
						id: `prd-${rid}-${group.key}-${String(n).padStart(2, '0')}`,
						productPLU: `${rid}${String(g + 1).padStart(2, '0')}${String(n).padStart(3, '0')}`,
						name: `${dish}${variant.suffix}`,
						description: `${dish} from the ${group.name.toLowerCase()} of ${seed.profile.name}.`,
						// Every ninth product is hidden, as a sold-out or seasonal item would be.
						visible: (g * 20 + n) % 9 !== 0,
						imageLocation: `https://images.sandbox.invalid/products/${group.key}-${d + 1}.jpg`,
						price: base,
						takeawayPrice: group.drink ? null : Math.max(0, base - 0.5),
						deliveryPrice: group.drink ? null : base + 1,
						productType: group.drink ? 'drink' : 'dish',
						groupId,
						stockAmount: group.drink ? random.int(0, 120) : null,
						modifiers: (MODIFIERS_BY_GROUP[group.key] ?? []).map((key) => `mod-${rid}-${key}`),
						taxIds: [`tax-${rid}-standard`],
					}),
				);
			});
		});
	});

	const modifierGroupId = `grp-${rid}-modifiers`;
	groups.push({
		id: modifierGroupId,
		name: 'Modifiers',
		imageLocation: null,
		sequence: GROUPS.length + 1,
		visible: false,
		taxeRate: tax.dineIn,
		takeawayTaxeRate: tax.takeaway,
		deliveryTaxeRate: tax.delivery,
	});
	for (const modifier of MODIFIERS) {
		products.push(
			product({
				id: `mod-${rid}-${modifier.key}`,
				name: modifier.name,
				price: modifier.price,
				productType: 'modifier',
				groupId: modifierGroupId,
			}),
		);
	}

	// Stored before the price rules existed (spec 7.3): any update must correct them.
	products.push(
		product({
			id: `prd-${rid}-legacy-discount`,
			name: 'Legacy staff discount',
			description: 'Imported from the old POS as a negative price.',
			price: -2.5,
			productType: 'discount',
			groupId: `grp-${rid}-drinks`,
			visible: false,
		}),
		product({
			id: `prd-${rid}-legacy-wine`,
			name: 'House wine 0.1 l (legacy)',
			description: 'Imported from the old POS with a price of three decimals.',
			price: 3.456,
			takeawayPrice: 3.456,
			productType: 'drink',
			groupId: `grp-${rid}-wine`,
			stockAmount: 40,
		}),
	);
	products.push(...bulkProducts(rid, extraProducts, groups.slice(0, GROUPS.length), product));
	return { groups, products };
}

/**
 * A large catalog for benchmarks (`--extra-products`): numbered products spread over the regular
 * groups, each with its own PLU, valid prices and a stock. Derived from the number alone, so every
 * reset gives the same ones.
 */
function bulkProducts(
	rid: number,
	count: number,
	groups: ProductGroup[],
	product: (fields: Partial<Product> & Pick<Product, 'id' | 'name' | 'price'>) => Product,
): Product[] {
	return Array.from({ length: count }, (_, i) => {
		const n = String(i + 1).padStart(5, '0');
		const price = 5 + (i % 200) / 10;
		return product({
			id: `prd-${rid}-bulk-${n}`,
			productPLU: `9${rid}${n}`,
			name: `Catalog item ${n}`,
			price,
			takeawayPrice: price,
			groupId: groups[i % groups.length].id,
			stockAmount: i % 50,
			taxIds: [`tax-${rid}-standard`],
		});
	});
}
