/** Seeded menus: lunch, dinner and drinks, each made of sections of catalog products. */
import type { Menu, Product } from '../store/types';

const MENUS: Array<{
	key: string;
	name: string;
	sections: Array<{ name: string; description: string; group: string }>;
}> = [
	{
		key: 'lunch',
		name: 'Lunch',
		sections: [
			{ name: 'Starters', description: 'Small plates to begin.', group: 'starters' },
			{ name: 'Pasta', description: 'Fresh pasta, made every morning.', group: 'pasta' },
		],
	},
	{
		key: 'dinner',
		name: 'Dinner',
		sections: [
			{ name: 'Starters', description: 'Antipasti.', group: 'starters' },
			{ name: 'Mains', description: 'Secondi.', group: 'mains' },
			{ name: 'Desserts', description: 'Dolci.', group: 'desserts' },
		],
	},
	{
		key: 'drinks',
		name: 'Drinks',
		sections: [
			{ name: 'Soft drinks and coffee', description: 'Non-alcoholic.', group: 'drinks' },
			{ name: 'Wine', description: 'By the glass.', group: 'wine' },
		],
	},
];

/** Visible products of a group, six per section. */
export function seedMenus(restaurantId: number, products: Product[]): Menu[] {
	return MENUS.map((menu, i) => ({
		id: `menu-${restaurantId}-${menu.key}`,
		name: menu.name,
		imageLocation: `https://images.sandbox.invalid/menus/${menu.key}.jpg`,
		sequence: i + 1,
		visible: true,
		sections: menu.sections.map((section) => ({
			name: section.name,
			description: section.description,
			productIds: products
				.filter(
					(p) => p.groupId === `grp-${restaurantId}-${section.group}` && p.visible && p.price >= 0,
				)
				.slice(0, 6)
				.map((p) => p.id),
		})),
	}));
}
