/**
 * Restaurant information family (spec 4.5): the reads every partner uses, and the administrative
 * endpoints the spec lists by path only (shapes chosen by the sandbox, documented in the README).
 */
import { requireStaff } from '../auth';
import { isZoneName } from '../clock';
import { badRequest, notFound } from '../problems';
import { diffFields, type Store } from '../store/store';
import type { Json, RestaurantData } from '../store/types';
import { created, emptyOk, handler, restaurantOf } from './context';
import { DEFAULT_TAKE, MAX_TAKE } from './catalog';
import { configFor, RESTAURANT_SEEDS, settingsFor } from '../seed/restaurants';

/** RestaurantContract: the profile with its current settings nested (spec 2.6). */
function restaurantContract(data: RestaurantData) {
	return { ...data.profile, settings: data.settings };
}

function requireTimeZone(timeZone: unknown): void {
	if (typeof timeZone === 'string' && !isZoneName(timeZone)) {
		throw badRequest(
			'invalid_time_zone',
			`timeZone "${timeZone}" is not an IANA time zone such as "Europe/Berlin".`,
		);
	}
}

export function restaurantHandlers(store: Store) {
	return {
		listRestaurants: handler((req) =>
			store.accessibleRestaurants(req.principal).map(restaurantContract),
		),

		getRestaurant: handler((req) => restaurantContract(restaurantOf(store, req))),

		getRestaurantSettings: handler((req) => restaurantOf(store, req).settings),

		getRestaurantConfiguration: handler((req) => {
			const data = restaurantOf(store, req);
			return { ...data.config, settings: data.settings };
		}),

		searchRestaurants: handler<object, { query?: string }, never>((req) => {
			const needle = (req.query.query ?? '').trim().toLowerCase();
			return store
				.accessibleRestaurants(req.principal)
				.filter((r) =>
					[r.profile.name, r.profile.city, r.profile.address].some((v) =>
						String(v ?? '')
							.toLowerCase()
							.includes(needle),
					),
				)
				.map(restaurantContract);
		}),

		getAccountMe: handler((req) => {
			const p = req.principal;
			return {
				kind: p.kind,
				scope: p.scope,
				userId: p.actor.type === 'user' ? p.actor.id : null,
				applicationId: p.actor.type === 'application' ? p.actor.id : null,
				partnerId: p.partnerId,
				name: p.actor.name,
				restaurantIds: store.accessibleRestaurants(p).map((r) => r.profile.id),
			};
		}),

		getBookingAudit: handler<{ bookingId: string }, object, never>((req) => {
			const data = restaurantOf(store, req);
			const entries = data.audit.filter(
				(e) => e.entity === 'reservation' && e.entityId === req.params.bookingId,
			);
			if (!data.reservations.has(req.params.bookingId) && entries.length === 0) {
				throw notFound('Booking', req.params.bookingId);
			}
			return { bookingId: req.params.bookingId, restaurantId: data.profile.id, entries };
		}),

		getRestaurantAudit: handler<object, { skip?: number; take?: number }, never>((req) => {
			const data = restaurantOf(store, req);
			const skip = req.query.skip ?? 0;
			const take = Math.min(req.query.take ?? DEFAULT_TAKE, MAX_TAKE);
			const newestFirst = [...data.audit].reverse();
			return { items: newestFirst.slice(skip, skip + take), total: newestFirst.length, skip, take };
		}),

		getOnboardingStatus: handler((req) => {
			const data = restaurantOf(store, req);
			return {
				restaurantId: data.profile.id,
				completed: data.onboardingSteps.every((s) => s.done),
				steps: data.onboardingSteps,
			};
		}),

		getRestaurantCompany: handler((req) => {
			const data = restaurantOf(store, req);
			const rootId = data.profile.parentRestaurantId ?? data.profile.id;
			const root = store.restaurants.get(rootId) ?? data;
			const members = [...store.restaurants.values()].filter(
				(r) => r.profile.id === rootId || r.profile.parentRestaurantId === rootId,
			);
			return {
				id: `company-${rootId}`,
				name: `${root.profile.name} group`,
				restaurants: members.map((r) => ({
					id: r.profile.id,
					name: r.profile.name,
					parentRestaurantId: r.profile.parentRestaurantId,
				})),
			};
		}),

		createRestaurant: handler<object, object, Json & { name: string; timeZone: string }>(
			(req, reply) => {
				requireStaff(req.principal);
				const { logo: _logo, ...fields } = req.body;
				requireTimeZone(fields.timeZone);
				const id = store.nextNumber('restaurant');
				const template = RESTAURANT_SEEDS[0];
				const profile = {
					...structuredClone(template.profile),
					address: null,
					city: null,
					street: null,
					zip: null,
					phone: null,
					...fields,
					id,
					isVerified: false,
					parentRestaurantId: (fields.parentRestaurantId as number | undefined) ?? null,
				};
				const settings = structuredClone(settingsFor(template, new Date().getUTCFullYear()));
				const data: RestaurantData = {
					profile,
					settings,
					config: structuredClone(configFor(template, settings)),
					onboardingSteps: [
						{ name: 'profile', done: true },
						{ name: 'openingHours', done: false },
						{ name: 'tables', done: false },
						{ name: 'menu', done: false },
						{ name: 'payments', done: false },
					],
					productGroups: new Map(),
					products: new Map(),
					menus: new Map(),
					events: new Map(),
					reservations: new Map(),
					audit: [],
				};
				store.restaurants.set(id, data);
				store.record(data, {
					action: 'created',
					entity: 'restaurant',
					entityId: String(id),
					actor: req.principal.actor,
				});
				return created(reply, restaurantContract(data));
			},
		),

		updateRestaurant: handler<object, object, Json>((req) => {
			const data = restaurantOf(store, req);
			requireStaff(req.principal);
			requireTimeZone(req.body.timeZone);
			const { id: _id, settings: _settings, ...changes } = req.body;
			store.record(data, {
				action: 'updated',
				entity: 'restaurant',
				entityId: String(data.profile.id),
				actor: req.principal.actor,
				changes: diffFields(data.profile, changes),
			});
			Object.assign(data.profile, changes);
			return restaurantContract(data);
		}),

		deleteRestaurant: handler((req, reply) => {
			const data = restaurantOf(store, req);
			requireStaff(req.principal);
			store.restaurants.delete(data.profile.id);
			return emptyOk(reply);
		}),

		updateRestaurantSettings: handler<object, object, Json>((req) => {
			const data = restaurantOf(store, req);
			requireStaff(req.principal);
			store.record(data, {
				action: 'updated',
				entity: 'settings',
				entityId: String(data.profile.id),
				actor: req.principal.actor,
				changes: diffFields(data.settings, req.body),
			});
			Object.assign(data.settings, req.body);
			return data.settings;
		}),
	};
}
