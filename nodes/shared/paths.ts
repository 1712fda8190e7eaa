/**
 * Every path of the partner API (spec 1 and 4), in one table. Each entry yields:
 * - `apiPath(name, ids)`: the path for code that sends its own requests (trigger, loaders, reads
 *   before a write);
 * - `routingUrl(name)`: a declarative operation's `routing.request.url`, whose `{placeholders}` the
 *   operation's first step fills from the node parameters of those names (`fillPath`).
 * Both URL-encode every ID the same way, so an ID with `/`, `?` or a space reaches the right resource.
 */

const RESTAURANT = '/api/core/admin/restaurants/{restaurantId}';
const RESERVATIONS = '/api/rsv/admin/restaurants/{restaurantId}/reservations';

export const API_PATHS = {
	account: '/api/core/admin/account/me',
	restaurants: '/api/core/admin/restaurants',
	restaurantSearch: '/api/core/admin/restaurants/search',
	restaurant: RESTAURANT,
	settings: `${RESTAURANT}/settings`,
	configuration: `${RESTAURANT}/config`,
	bookingAudit: `${RESTAURANT}/bookings/{bookingId}`,
	auditLog: `${RESTAURANT}/audit`,
	onboardingStatus: `${RESTAURANT}/onboarding/status`,
	company: `${RESTAURANT}/company`,
	reservations: RESERVATIONS,
	reservation: `${RESERVATIONS}/{reservationId}`,
	reservationCancel: `${RESERVATIONS}/{reservationId}/cancel`,
	productGroups: `${RESTAURANT}/productgroups`,
	productGroup: `${RESTAURANT}/productgroups/{groupId}`,
	products: `${RESTAURANT}/products`,
	product: `${RESTAURANT}/products/{productId}`,
	menus: `${RESTAURANT}/menu`,
	menu: `${RESTAURANT}/menu/{menuId}`,
	events: `${RESTAURANT}/events`,
	activeEvents: `${RESTAURANT}/events/active`,
	pastEvents: `${RESTAURANT}/events/past`,
	draftEvents: `${RESTAURANT}/events/draft`,
	event: `${RESTAURANT}/events/{eventId}`,
	eventCopy: `${RESTAURANT}/events/{eventId}/saveas`,
	eventStatus: `${RESTAURANT}/events/{eventId}/status`,
	eventSystemStatus: `${RESTAURANT}/events/{eventId}/status/system`,
} as const;

export type PathName = keyof typeof API_PATHS;

/** The placeholder names of a path template, e.g. `'restaurantId' | 'reservationId'`. */
type Placeholders<T extends string> = T extends `${string}{${infer Name}}${infer Rest}`
	? Name | Placeholders<Rest>
	: never;

export type PathIds<N extends PathName> = Record<
	Placeholders<(typeof API_PATHS)[N]>,
	string | number
>;

const PLACEHOLDER = /\{(\w+)\}/g;

/** `template` with each `{placeholder}` replaced by `valueOf(placeholder)`, URL-encoded. */
export function fillPath(template: string, valueOf: (placeholder: string) => unknown): string {
	return template.replace(PLACEHOLDER, (_, id: string) => encodeURIComponent(String(valueOf(id))));
}

/** The path of `name` with its IDs filled in, each URL-encoded. */
export function apiPath<N extends PathName>(
	name: N,
	...[ids]: Placeholders<(typeof API_PATHS)[N]> extends never ? [] : [PathIds<N>]
): string {
	const values = (ids ?? {}) as Record<string, string | number>;
	return fillPath(API_PATHS[name], (id) => {
		if (values[id] === undefined) throw new Error(`apiPath('${name}') needs ${id}`);
		return values[id];
	});
}

/** The path as a JavaScript expression over the node's parameters (for use inside `{{ }}`). */
function pathExpression(name: PathName): string {
	const parts = API_PATHS[name].split(PLACEHOLDER);
	// split() with a capture group alternates literal text and placeholder names.
	return parts
		.map((part, i) =>
			i % 2 === 0
				? JSON.stringify(part)
				: `encodeURIComponent(String($parameter[${JSON.stringify(part)}]))`,
		)
		.filter((part) => part !== '""')
		.join(' + ');
}

/**
 * `routing.request.url` of a declarative operation: the path of `name` with its `{placeholders}`,
 * which the operation's first step fills from the item's parameters. Not an n8n expression: n8n
 * would evaluate one for every item, a good part of what a simple operation costs per item.
 */
export function routingUrl(name: PathName): string {
	return API_PATHS[name];
}

/**
 * `routing.request.url` chosen among several paths by a parameter, e.g. the event lists:
 * `routingUrlChoice('$parameter.list', { all: 'events', active: 'activeEvents' })`.
 */
export function routingUrlChoice(selector: string, byValue: Record<string, PathName>): string {
	const choices = Object.entries(byValue).map(
		([value, name]) => `${JSON.stringify(value)}: ${pathExpression(name)}`,
	);
	return `={{ ({ ${choices.join(', ')} })[${selector}] }}`;
}

/**
 * An ID as items carry it: a number when it is an integer (restaurant and event IDs are integers,
 * spec 2.9), otherwise the text as the path has it.
 */
export function idValue(id: string): number | string {
	return /^\d+$/.test(id) && Number.isSafeInteger(Number(id)) ? Number(id) : id;
}
