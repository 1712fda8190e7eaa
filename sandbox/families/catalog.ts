/** Catalog family (spec 4.2, 4.3): product groups and products, with the price rules of spec 7. */
import { describeFault, priceFault } from '../money';
import { badRequest, notFound } from '../problems';
import { diffFields, type Store } from '../store/store';
import type { Product, ProductGroup, RestaurantData } from '../store/types';
import { productDefaults } from '../seed/catalog';
import { created, emptyOk, handler, restaurantOf } from './context';

/** Page size when `take` is not given, and the largest one served (spec 8: not shown). */
export const DEFAULT_TAKE = 50;
export const MAX_TAKE = 200;

interface ProductQuery {
	productGroup?: string;
	search?: string;
	visible?: boolean;
	skip?: number;
	take?: number;
}

const GROUP_DEFAULTS = {
	imageLocation: null,
	visible: true,
	taxeRate: null,
	takeawayTaxeRate: null,
	deliveryTaxeRate: null,
};

function withCount(data: RestaurantData, group: ProductGroup) {
	let productsCount = 0;
	for (const p of data.products.values()) if (p.groupId === group.id) productsCount++;
	return { ...group, productsCount };
}

/** VendorProductSummary: `modifiers` replaced by `hasModifiers` (spec 2.4). */
function summary(product: Product) {
	const { modifiers, ...rest } = product;
	return { ...rest, hasModifiers: modifiers.length > 0 };
}

function requireGroup(data: RestaurantData, id: string | null | undefined, field: string): void {
	if (id && !data.productGroups.has(id)) {
		throw badRequest(
			'unknown_product_group',
			`${field} "${id}" is not a product group of restaurant ${data.profile.id}.`,
		);
	}
}

/** The prices of a product the rules apply to (spec 2.4, 7). */
const PRICE_FIELDS = ['price', 'takeawayPrice', 'deliveryPrice'] as const;

/** Spec 7.3: the rules hold for the product as it would be stored, so legacy prices must be fixed. */
function requireValidPrices(product: Product, stored?: Product): void {
	const violation = PRICE_FIELDS.map((field) => priceFault(field, product[field])).find(Boolean);
	if (!violation) return;
	const legacy =
		stored !== undefined && stored[violation.field as keyof Product] === violation.value;
	const hint = legacy
		? ` The stored ${violation.field} predates the price rules: send a corrected ${violation.field} in the same request.`
		: '';
	throw badRequest('invalid_price', `${describeFault(violation)}.${hint}`);
}

function stripReadOnly<T extends object>(
	body: T,
): Omit<T, 'id' | 'productsCount' | 'hasModifiers'> {
	const {
		id: _id,
		productsCount: _c,
		hasModifiers: _m,
		...rest
	} = body as T & { id?: unknown; productsCount?: unknown; hasModifiers?: unknown };
	return rest;
}

export function catalogHandlers(store: Store) {
	return {
		listProductGroups: handler((req) => {
			const data = restaurantOf(store, req);
			return [...data.productGroups.values()]
				.sort((a, b) => a.sequence - b.sequence)
				.map((g) => withCount(data, g));
		}),

		createProductGroup: handler<object, object, Partial<ProductGroup>>((req, reply) => {
			const data = restaurantOf(store, req);
			const id = `grp-${data.profile.id}-${store.nextNumber('productGroup')}`;
			const group = {
				...GROUP_DEFAULTS,
				sequence: data.productGroups.size + 1,
				...stripReadOnly(req.body),
				id,
			} as ProductGroup;
			data.productGroups.set(id, group);
			store.record(data, {
				action: 'created',
				entity: 'productGroup',
				entityId: id,
				actor: req.principal.actor,
			});
			return created(reply, withCount(data, group));
		}),

		updateProductGroup: handler<{ groupId: string }, object, Partial<ProductGroup>>((req) => {
			const data = restaurantOf(store, req);
			const group = data.productGroups.get(req.params.groupId);
			if (!group) throw notFound('Product group', req.params.groupId);
			const changes = stripReadOnly(req.body);
			store.record(data, {
				action: 'updated',
				entity: 'productGroup',
				entityId: group.id,
				actor: req.principal.actor,
				changes: diffFields(group, changes),
			});
			Object.assign(group, changes);
			return withCount(data, group);
		}),

		deleteProductGroup: handler<{ groupId: string }, object, never>((req, reply) => {
			const data = restaurantOf(store, req);
			if (!data.productGroups.delete(req.params.groupId))
				throw notFound('Product group', req.params.groupId);
			// Products of a deleted group stay in the catalog, ungrouped.
			for (const p of data.products.values())
				if (p.groupId === req.params.groupId) p.groupId = null;
			store.record(data, {
				action: 'deleted',
				entity: 'productGroup',
				entityId: req.params.groupId,
				actor: req.principal.actor,
			});
			return emptyOk(reply);
		}),

		listProducts: handler<object, ProductQuery, never>((req) => {
			const data = restaurantOf(store, req);
			const { productGroup, search, visible } = req.query;
			const skip = req.query.skip ?? 0;
			const take = Math.min(req.query.take ?? DEFAULT_TAKE, MAX_TAKE);
			const needle = search?.toLowerCase();
			const matching = [...data.products.values()].filter(
				(p) =>
					(productGroup === undefined || p.groupId === productGroup) &&
					(visible === undefined || p.visible === visible) &&
					(needle === undefined || p.name.toLowerCase().includes(needle)),
			);
			return {
				items: matching.slice(skip, skip + take).map(summary),
				total: matching.length,
				skip,
				take,
			};
		}),

		createProduct: handler<object, object, Partial<Product>>((req, reply) => {
			const data = restaurantOf(store, req);
			const product = { ...productDefaults(), ...stripReadOnly(req.body) } as unknown as Product;
			requireGroup(data, product.groupId, 'groupId');
			requireValidPrices(product);
			product.id = `prd-${data.profile.id}-${store.nextNumber('product')}`;
			data.products.set(product.id, product);
			store.record(data, {
				action: 'created',
				entity: 'product',
				entityId: product.id,
				actor: req.principal.actor,
			});
			return created(reply, product);
		}),

		updateProduct: handler<{ productId: string }, object, Partial<Product>>((req) => {
			const data = restaurantOf(store, req);
			const stored = data.products.get(req.params.productId);
			if (!stored) throw notFound('Product', req.params.productId);
			const changes = stripReadOnly(req.body) as Partial<Product>;
			const next = { ...stored, ...changes } as Product;
			requireGroup(data, changes.groupId, 'groupId');
			requireValidPrices(next, stored);
			store.record(data, {
				action: 'updated',
				entity: 'product',
				entityId: stored.id,
				actor: req.principal.actor,
				changes: diffFields(stored, changes),
			});
			Object.assign(stored, changes);
			return stored;
		}),

		deleteProduct: handler<{ productId: string }, object, never>((req, reply) => {
			const data = restaurantOf(store, req);
			if (!data.products.delete(req.params.productId))
				throw notFound('Product', req.params.productId);
			store.record(data, {
				action: 'deleted',
				entity: 'product',
				entityId: req.params.productId,
				actor: req.principal.actor,
			});
			return emptyOk(reply);
		}),
	};
}
