/** Menus family (spec 4.4): menus made of sections of catalog products, and their batch reorder. */
import { badRequest, notFound } from '../problems';
import { diffFields, type Store } from '../store/store';
import type { Menu, RestaurantData } from '../store/types';
import { created, emptyOk, handler, restaurantOf } from './context';

interface MenuInput {
	name?: string;
	imageLocation?: string | null;
	sequence?: number;
	visible?: boolean;
	sections?: Array<{
		name?: string | null;
		description?: string | null;
		products?: Array<{ id?: string | null }> | null;
	}> | null;
}

type MenuOrderItem = { id: string; sequence?: number; visible?: boolean };

function productsOf(data: RestaurantData, menu: Menu) {
	return menu.sections.flatMap((s) => s.productIds).filter((id) => data.products.has(id));
}

function info(data: RestaurantData, menu: Menu) {
	const { sections: _sections, ...rest } = menu;
	return {
		...rest,
		productsCount: productsOf(data, menu).length,
		menuUrl: `https://menu.sandbox.invalid/restaurants/${data.profile.id}/menus/${menu.id}`,
	};
}

/** The full menu; `sections` (comma-separated names, any case) keeps only the sections named. */
function full(data: RestaurantData, menu: Menu, sectionFilter?: string) {
	const wanted = sectionFilter
		?.split(',')
		.map((s) => s.trim().toLowerCase())
		.filter(Boolean);
	const sections = menu.sections
		.filter((s) => !wanted?.length || wanted.includes((s.name ?? '').toLowerCase()))
		.map((s) => ({
			name: s.name,
			description: s.description,
			// Products deleted from the catalog drop out of the menu.
			products: s.productIds.flatMap((id) => data.products.get(id) ?? []),
		}));
	return {
		id: menu.id,
		name: menu.name,
		imageLocation: menu.imageLocation,
		sequence: menu.sequence,
		visible: menu.visible,
		sections,
	};
}

/** Sections in a request carry products by id; each must be a product of the restaurant. */
function acceptSections(
	data: RestaurantData,
	sections: NonNullable<MenuInput['sections']>,
): Menu['sections'] {
	return sections.map((section, i) => ({
		name: section.name ?? null,
		description: section.description ?? null,
		productIds: (section.products ?? []).map((p, j) => {
			if (!p.id || !data.products.has(p.id)) {
				throw badRequest(
					'unknown_product',
					`sections[${i}].products[${j}].id "${p.id ?? ''}" is not a product of restaurant ${data.profile.id}.`,
				);
			}
			return p.id;
		}),
	}));
}

function findMenu(data: RestaurantData, id: string): Menu {
	const menu = data.menus.get(id);
	if (!menu) throw notFound('Menu', id);
	return menu;
}

export function menuHandlers(store: Store) {
	return {
		listMenus: handler((req) => {
			const data = restaurantOf(store, req);
			return [...data.menus.values()]
				.sort((a, b) => a.sequence - b.sequence)
				.map((m) => info(data, m));
		}),

		createMenu: handler<object, object, MenuInput>((req, reply) => {
			const data = restaurantOf(store, req);
			const body = req.body;
			const menu: Menu = {
				id: `menu-${data.profile.id}-${store.nextNumber('menu')}`,
				name: body.name ?? '',
				imageLocation: body.imageLocation ?? null,
				sequence: body.sequence ?? data.menus.size + 1,
				visible: body.visible ?? true,
				sections: acceptSections(data, body.sections ?? []),
			};
			data.menus.set(menu.id, menu);
			store.record(data, {
				action: 'created',
				entity: 'menu',
				entityId: menu.id,
				actor: req.principal.actor,
			});
			return created(reply, full(data, menu));
		}),

		batchUpdateMenus: handler<object, object, MenuOrderItem[]>((req) => {
			const data = restaurantOf(store, req);
			// All or nothing: every id is checked before anything changes.
			const menus = req.body.map((item, i) => {
				const menu = data.menus.get(item.id);
				if (!menu)
					throw badRequest(
						'menu_not_found',
						`[${i}].id "${item.id}" is not a menu of restaurant ${data.profile.id}; nothing was changed.`,
					);
				return menu;
			});
			req.body.forEach((item, i) => {
				const change = {
					...(item.sequence === undefined ? {} : { sequence: item.sequence }),
					...(item.visible === undefined ? {} : { visible: item.visible }),
				};
				store.record(data, {
					action: 'updated',
					entity: 'menu',
					entityId: item.id,
					actor: req.principal.actor,
					changes: diffFields(menus[i], change),
				});
				Object.assign(menus[i], change);
			});
			return menus.map((m) => info(data, m));
		}),

		getMenu: handler<{ menuId: string }, { sections?: string }, never>((req) => {
			const data = restaurantOf(store, req);
			return full(data, findMenu(data, req.params.menuId), req.query.sections);
		}),

		updateMenu: handler<{ menuId: string }, object, MenuInput>((req) => {
			const data = restaurantOf(store, req);
			const menu = findMenu(data, req.params.menuId);
			const { sections, ...rest } = req.body;
			const changes: Partial<Menu> = { ...rest };
			delete (changes as { id?: string }).id;
			if (sections) changes.sections = acceptSections(data, sections);
			store.record(data, {
				action: 'updated',
				entity: 'menu',
				entityId: menu.id,
				actor: req.principal.actor,
				changes: diffFields(full(data, menu), changes),
			});
			Object.assign(menu, changes);
			return full(data, menu);
		}),

		deleteMenu: handler<{ menuId: string }, object, never>((req, reply) => {
			const data = restaurantOf(store, req);
			if (!data.menus.delete(req.params.menuId)) throw notFound('Menu', req.params.menuId);
			store.record(data, {
				action: 'deleted',
				entity: 'menu',
				entityId: req.params.menuId,
				actor: req.principal.actor,
			});
			return emptyOk(reply);
		}),
	};
}
