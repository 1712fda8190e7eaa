/**
 * The API's paths from code (nodes/shared/paths.ts), without n8n: each ID filled in and
 * URL-encoded, a missing ID named, the routing path and its choice by a parameter as the node
 * declares them, and an ID as items carry it. test/node/paths.test.ts sends them through n8n.
 */
import { apiPath, fillPath, idValue, routingUrl, routingUrlChoice } from '../../nodes/shared/paths';

describe('apiPath: the path with its IDs filled in', () => {
	it('a path without IDs as it is', () => {
		expect(apiPath('account')).toBe('/api/core/admin/account/me');
	});

	it('every ID in its place, URL-encoded', () => {
		expect(apiPath('reservationCancel', { restaurantId: 101, reservationId: 'rsv/1 #2?x=é' })).toBe(
			'/api/rsv/admin/restaurants/101/reservations/rsv%2F1%20%232%3Fx%3D%C3%A9/cancel',
		);
		expect(apiPath('eventStatus', { restaurantId: '7', eventId: 0 })).toBe(
			'/api/core/admin/restaurants/7/events/0/status',
		);
	});

	it('an ID missing: an error naming the path and the ID', () => {
		expect(() =>
			(apiPath as (n: string, i: object) => string)('reservation', { restaurantId: 101 }),
		).toThrow(new Error("apiPath('reservation') needs reservationId"));
		expect(() => (apiPath as (n: string) => string)('restaurant')).toThrow(
			new Error("apiPath('restaurant') needs restaurantId"),
		);
	});
});

describe('fillPath and routingUrl', () => {
	it('the routing path keeps its placeholders; fillPath fills each by name', () => {
		expect(routingUrl('reservation')).toBe(
			'/api/rsv/admin/restaurants/{restaurantId}/reservations/{reservationId}',
		);
		expect(
			fillPath(routingUrl('reservation'), (id) => ({ restaurantId: 5, reservationId: 'a b' })[id]),
		).toBe('/api/rsv/admin/restaurants/5/reservations/a%20b');
	});

	it('a value that is not text is written as text', () => {
		expect(fillPath('/x/{a}/{b}', (id) => (id === 'a' ? undefined : null))).toBe(
			'/x/undefined/null',
		);
	});
});

describe('routingUrlChoice: a path chosen by a parameter', () => {
	it('one n8n expression, each ID read from the parameters and encoded', () => {
		expect(
			routingUrlChoice('$parameter.list', { all: 'events', one: 'event', me: 'account' }),
		).toBe(
			'={{ ({ "all": "/api/core/admin/restaurants/" + encodeURIComponent(String($parameter["restaurantId"])) + "/events", ' +
				'"one": "/api/core/admin/restaurants/" + encodeURIComponent(String($parameter["restaurantId"])) + "/events/" + encodeURIComponent(String($parameter["eventId"])), ' +
				'"me": "/api/core/admin/account/me" })[$parameter.list] }}',
		);
	});
});

describe('idValue: an ID as items carry it', () => {
	it('an integer as a number, anything else as the text', () => {
		expect(idValue('101')).toBe(101);
		expect(idValue('0')).toBe(0);
		expect(idValue('9007199254740991')).toBe(9007199254740991);
		expect(idValue('9007199254740993')).toBe('9007199254740993');
		expect(idValue('12a')).toBe('12a');
		expect(idValue('a12')).toBe('a12');
		expect(idValue('-3')).toBe('-3');
		expect(idValue('1.5')).toBe('1.5');
		expect(idValue('1e3')).toBe('1e3');
		expect(idValue('12 ')).toBe('12 ');
		expect(idValue('')).toBe('');
	});
});
