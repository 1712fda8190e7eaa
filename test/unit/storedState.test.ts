/**
 * The trigger's state as it sits in the workflow's static data (state/storedState.ts): the short
 * keys read into the names the code uses and written back, every field only when it says
 * something, and static data that is not a state of this version and these settings refused
 * (undefined: the poll takes a new baseline). Expected values written out, as they are stored.
 */
import type { IDataObject } from 'n8n-workflow';
import type { StoredState } from '../../nodes/RestaurantReservationsTrigger/state/storedState';
import {
	readStoredState,
	writeStoredState,
} from '../../nodes/RestaurantReservationsTrigger/state/storedState';

/** A listed restaurant as stored, every field present. */
const LISTED = {
	z: 'Europe/Berlin',
	y: 'DE',
	f: '2026-11-28T00:00',
	t: '2026-12-05T00:00',
	d: 1764288000000,
	s: 'records',
	m: { 'rsv-1': '2026-11-29T19:00' },
	c: 1,
	w: '2026-11-28',
	p: 1764288000,
	e: 2,
};

const stored = (r: IDataObject, more: IDataObject = {}): IDataObject => ({
	v: 2,
	k: 'key',
	at: 1764280000000,
	r,
	...more,
});

describe('readStoredState', () => {
	it('reads every stored field under its name', () => {
		expect(
			readStoredState(
				stored({ '101': LISTED, '104': { z: 'Asia/Tokyo' } }, { n: ['Waitlisted'], g: 'guests' }),
				'key',
			),
		).toStrictEqual({
			version: 2,
			settingsKey: 'key',
			restaurantsLookedUpAt: 1764280000000,
			stateNames: ['Waitlisted'],
			guests: 'guests',
			restaurants: {
				'101': {
					timeZone: 'Europe/Berlin',
					country: 'DE',
					polledAt: 1764288000000,
					failedPolls: 2,
					snapshot: {
						timeZone: 'Europe/Berlin',
						horizonFrom: '2026-11-28T00:00',
						horizonTo: '2026-12-05T00:00',
						serverTime: 1764288000000,
						records: 'records',
						remindedBefore: { 'rsv-1': '2026-11-29T19:00' },
						missedRemindersDue: true,
						sweptOn: '2026-11-28',
					},
				},
				'104': { timeZone: 'Asia/Tokyo' },
			},
		});
	});

	it('leaves out what was not stored, and the fields that say nothing', () => {
		expect(
			readStoredState(
				stored(
					{ '101': { z: 'UTC', y: '', f: '', t: '', d: 0, s: '', m: 'x', e: 0, p: 0 } },
					{ n: [] },
				),
				'key',
			),
		).toStrictEqual({
			version: 2,
			settingsKey: 'key',
			restaurantsLookedUpAt: 1764280000000,
			restaurants: {
				'101': {
					timeZone: 'UTC',
					polledAt: 0,
					snapshot: {
						timeZone: 'UTC',
						horizonFrom: '',
						horizonTo: '',
						serverTime: 0,
						records: '',
					},
				},
			},
		});
	});

	it('keeps empty known guests, an empty reminded list and an empty swept day', () => {
		const state = readStoredState(stored({ '101': { ...LISTED, m: {}, w: '' } }, { g: '' }), 'key');
		expect(state?.guests).toBe('');
		expect(state?.restaurants['101'].snapshot?.remindedBefore).toStrictEqual({});
		expect(state?.restaurants['101'].snapshot?.sweptOn).toBe('');
	});

	it('reads no reminded list from a null one', () => {
		const state = readStoredState(stored({ '101': { ...LISTED, m: null } }), 'key');
		expect(state?.restaurants['101'].snapshot).not.toHaveProperty('remindedBefore');
		expect(state?.restaurants['101'].snapshot?.records).toBe('records');
	});

	it('reads a state with no restaurants', () => {
		expect(readStoredState(stored({}), 'key')).toStrictEqual({
			version: 2,
			settingsKey: 'key',
			restaurantsLookedUpAt: 1764280000000,
			restaurants: {},
		});
	});

	it.each<[string, IDataObject]>([
		['another version', { v: 1 }],
		['other settings', { k: 'other' }],
		['no lookup time', { at: '1764280000000' }],
		['no restaurants', { r: undefined }],
		['restaurants that are a number', { r: 5 }],
		['restaurants that are true', { r: true }],
		['state names that are text', { n: 'Waitlisted' }],
		['a state name that is a number', { n: ['Waitlisted', 3] }],
		['known guests that are a number', { g: 5 }],
	])('refuses %s', (_, change) => {
		expect(readStoredState({ ...stored({ '101': LISTED }), ...change }, 'key')).toBeUndefined();
	});

	it.each<[string, unknown]>([
		['null', null],
		['text', 'Europe/Berlin'],
		['no time zone', { s: 'records', f: '', t: '', d: 0 }],
		['a time zone that is a number', { z: 1 }],
		['a country that is a number', { z: 'UTC', y: 49 }],
		['a poll time that is text', { z: 'UTC', p: '1764288000' }],
		['failed polls that are text', { z: 'UTC', e: '2' }],
		['a missed-reminders mark other than 1', { z: 'UTC', c: 2 }],
		['a swept day that is a number', { z: 'UTC', w: 20261128 }],
		['a horizon start without records', { z: 'UTC', f: '' }],
		['a horizon end without records', { z: 'UTC', t: '' }],
		['a server time without records', { z: 'UTC', d: 0 }],
		['records without a horizon start', { ...LISTED, f: undefined }],
		['records without a horizon end', { ...LISTED, t: undefined }],
		['records without a server time', { ...LISTED, d: undefined }],
		['a server time that is text', { ...LISTED, d: '0' }],
		['records that are a number', { ...LISTED, s: 5 }],
	])('refuses a restaurant that is %s', (_, restaurant) => {
		expect(
			readStoredState(
				stored({ '104': { z: 'Asia/Tokyo' }, '101': restaurant as IDataObject }),
				'key',
			),
		).toBeUndefined();
	});
});

describe('writeStoredState', () => {
	const state: StoredState = {
		version: 2,
		settingsKey: 'key',
		restaurantsLookedUpAt: 1764280000000,
		stateNames: ['Waitlisted'],
		guests: 'guests',
		restaurants: {
			'101': {
				timeZone: 'Europe/Berlin',
				country: 'DE',
				polledAt: 1764288000999,
				failedPolls: 2,
				snapshot: {
					timeZone: 'Europe/Berlin',
					horizonFrom: '2026-11-28T00:00',
					horizonTo: '2026-12-05T00:00',
					serverTime: 1764288000000,
					records: 'records',
					remindedBefore: { 'rsv-1': '2026-11-29T19:00' },
					missedRemindersDue: true,
					sweptOn: '2026-11-28',
				},
			},
			'104': { timeZone: 'Asia/Tokyo' },
		},
	};

	it('writes every field under its short key, the poll time in whole seconds', () => {
		const staticData: IDataObject = {};
		writeStoredState(staticData, state);
		expect(staticData).toStrictEqual({
			v: 2,
			k: 'key',
			at: 1764280000000,
			n: ['Waitlisted'],
			g: 'guests',
			r: { '101': LISTED, '104': { z: 'Asia/Tokyo' } },
		});
	});

	it('drops what it does not store and the fields that say nothing', () => {
		const staticData: IDataObject = { old: 1, x: 'y', n: ['Stale'], g: 'stale', v: 1 };
		writeStoredState(staticData, {
			version: 2,
			settingsKey: 'key',
			restaurantsLookedUpAt: 0,
			stateNames: [],
			restaurants: {
				'101': {
					timeZone: 'UTC',
					country: '',
					polledAt: 999,
					failedPolls: 0,
					snapshot: {
						timeZone: 'UTC',
						horizonFrom: '',
						horizonTo: '',
						serverTime: 0,
						records: '',
						remindedBefore: {},
					},
				},
			},
		});
		expect(staticData).toStrictEqual({
			v: 2,
			k: 'key',
			at: 0,
			r: { '101': { z: 'UTC', f: '', t: '', d: 0, s: '', p: 0 } },
		});
	});

	it('keeps empty known guests and an empty swept day', () => {
		const staticData: IDataObject = {};
		writeStoredState(staticData, {
			version: 2,
			settingsKey: 'key',
			restaurantsLookedUpAt: 0,
			guests: '',
			restaurants: {
				'101': {
					timeZone: 'UTC',
					snapshot: {
						timeZone: 'UTC',
						horizonFrom: '',
						horizonTo: '',
						serverTime: 0,
						records: '',
						sweptOn: '',
					},
				},
			},
		});
		expect(staticData).toStrictEqual({
			v: 2,
			k: 'key',
			at: 0,
			g: '',
			r: { '101': { z: 'UTC', f: '', t: '', d: 0, s: '', w: '' } },
		});
	});
});
