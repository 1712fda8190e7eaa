/**
 * The trigger's state as it sits in the workflow's static data (state/storedState.ts): the short
 * keys read into the names the code uses and written back, every field only when it says
 * something, each snapshot with the description of its records (the state's list `l`, or, for a
 * state of release 0.1.0, the description of 0.1.0's records under its key), and static data that
 * is not a state this release reads refused (undefined: the poll takes a new baseline). Expected
 * values written out, as they are stored.
 */
import type { IDataObject } from 'n8n-workflow';
import type { RecordDescription } from '../../nodes/RestaurantReservationsTrigger/state/description';
import type { StoredState } from '../../nodes/RestaurantReservationsTrigger/state/storedState';
import {
	readStoredState,
	writeStoredState,
} from '../../nodes/RestaurantReservationsTrigger/state/storedState';

/** Descriptions of records (what they say is the watch's to read: any will do here). */
const DESCRIBED: RecordDescription = {
	records: 'fields',
	hash: 'h53',
	widths: [5, 2, 2],
	exact: ['name:text'],
	ignored: ['id'],
};
const OTHER: RecordDescription = { ...DESCRIBED, exact: ['name:text', 'price:number'] };
const OF_010: RecordDescription = { ...DESCRIBED, exact: ['title:text'] };
/** This release reads 0.1.0's states stored under `key` and `key-010`, their records by OF_010. */
const KEYS_OF_010 = { key: OF_010, 'key-010': OF_010 };

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
	v: 3,
	k: 'key',
	at: 1764280000000,
	l: [DESCRIBED],
	r,
	...more,
});

const read = (staticData: IDataObject) => readStoredState(staticData, 'key', KEYS_OF_010);

/** A state as release 0.1.0 stored it: version 2, no descriptions. */
function of010(r: IDataObject, key = 'key'): IDataObject {
	const { l: _none, ...state } = stored(r, { v: 2, k: key });
	return state;
}

/** A state with every field, under the names the code uses: what LISTED and more are read into. */
const everyField = (polledAt: number): StoredState => ({
	version: 3,
	settingsKey: 'key',
	restaurantsLookedUpAt: 1764280000000,
	stateNames: ['Waitlisted'],
	guests: 'guests',
	restaurants: {
		'101': {
			timeZone: 'Europe/Berlin',
			country: 'DE',
			polledAt,
			failedPolls: 2,
			snapshot: {
				timeZone: 'Europe/Berlin',
				horizonFrom: '2026-11-28T00:00',
				horizonTo: '2026-12-05T00:00',
				serverTime: 1764288000000,
				records: 'records',
				description: DESCRIBED,
				remindedBefore: { 'rsv-1': '2026-11-29T19:00' },
				missedRemindersDue: true,
				sweptOn: '2026-11-28',
			},
		},
		'104': { timeZone: 'Asia/Tokyo' },
	},
});

/** A snapshot with empty records in UTC, and `more`. */
const emptySnapshot = (more: IDataObject = {}) => ({
	timeZone: 'UTC',
	horizonFrom: '',
	horizonTo: '',
	serverTime: 0,
	records: '',
	description: DESCRIBED,
	...more,
});

describe('readStoredState', () => {
	it('reads every stored field under its name', () => {
		expect(
			read(
				stored({ '101': LISTED, '104': { z: 'Asia/Tokyo' } }, { n: ['Waitlisted'], g: 'guests' }),
			),
		).toStrictEqual(everyField(1764288000000));
	});

	it('leaves out what was not stored, and the fields that say nothing', () => {
		expect(
			read(
				stored(
					{ '101': { z: 'UTC', y: '', f: '', t: '', d: 0, s: '', m: 'x', e: 0, p: 0 } },
					{ n: [] },
				),
			),
		).toStrictEqual({
			version: 3,
			settingsKey: 'key',
			restaurantsLookedUpAt: 1764280000000,
			restaurants: {
				'101': {
					timeZone: 'UTC',
					polledAt: 0,
					snapshot: emptySnapshot(),
				},
			},
		});
	});

	it('keeps empty known guests, an empty reminded list and an empty swept day', () => {
		const state = read(stored({ '101': { ...LISTED, m: {}, w: '' } }, { g: '' }));
		expect(state?.guests).toBe('');
		expect(state?.restaurants['101'].snapshot?.remindedBefore).toStrictEqual({});
		expect(state?.restaurants['101'].snapshot?.sweptOn).toBe('');
	});

	it('reads no reminded list from a null one', () => {
		const state = read(stored({ '101': { ...LISTED, m: null } }));
		expect(state?.restaurants['101'].snapshot).not.toHaveProperty('remindedBefore');
		expect(state?.restaurants['101'].snapshot?.records).toBe('records');
	});

	it('reads a state with no restaurants, and restaurants not listed yet without descriptions', () => {
		const empty = {
			version: 3,
			settingsKey: 'key',
			restaurantsLookedUpAt: 1764280000000,
			restaurants: {},
		};
		expect(read(stored({}))).toStrictEqual(empty);
		expect(read(stored({}, { l: undefined }))).toStrictEqual(empty);
		expect(read(stored({ '104': { z: 'Asia/Tokyo' } }, { l: undefined }))).toStrictEqual({
			...empty,
			restaurants: { '104': { timeZone: 'Asia/Tokyo' } },
		});
	});

	it("reads each snapshot by the description at its place in the state's list, the first when it names none", () => {
		const state = read(
			stored(
				{ '101': LISTED, '102': { ...LISTED, l: 1 }, '103': { ...LISTED, l: 0 } },
				{ l: [DESCRIBED, OTHER] },
			),
		);
		expect(state?.restaurants['101'].snapshot?.description).toStrictEqual(DESCRIBED);
		expect(state?.restaurants['102'].snapshot?.description).toStrictEqual(OTHER);
		expect(state?.restaurants['103'].snapshot?.description).toStrictEqual(DESCRIBED);
	});

	it.each(['key', 'key-010'])(
		'reads a state of release 0.1.0 stored under %s, its records by the description of 0.1.0',
		(key) => {
			const state = read(of010({ '101': LISTED, '104': { z: 'Asia/Tokyo' } }, key));
			expect(state?.version).toBe(2);
			expect(state?.settingsKey).toBe(key);
			expect(state?.restaurants['101'].snapshot?.records).toBe('records');
			expect(state?.restaurants['101'].snapshot?.description).toBe(OF_010);
			expect(state?.restaurants['104']).toStrictEqual({ timeZone: 'Asia/Tokyo' });
		},
	);

	it('reads every snapshot of a state of 0.1.0 by the description of 0.1.0, whatever it says', () => {
		const state = read({ ...of010({ '101': { ...LISTED, l: 1 } }), l: [OTHER, DESCRIBED] });
		expect(state?.restaurants['101'].snapshot?.description).toBe(OF_010);
	});

	it.each<[string, IDataObject]>([
		['version 1 (development builds before 0.1.0)', { v: 1 }],
		['a later version', { v: 4 }],
		['no version', { v: undefined }],
		['other settings', { k: 'other' }],
		['version 2 under a key 0.1.0 did not read alike', { v: 2, k: 'other' }],
		['this version under a key of 0.1.0 alone', { k: 'key-010' }],
		['no settings key', { k: undefined }],
		['no lookup time', { at: '1764280000000' }],
		['no restaurants', { r: undefined }],
		['restaurants that are a number', { r: 5 }],
		['restaurants that are true', { r: true }],
		['state names that are text', { n: 'Waitlisted' }],
		['a state name that is a number', { n: ['Waitlisted', 3] }],
		['known guests that are a number', { g: 5 }],
		['snapshots and no descriptions', { l: undefined }],
		['snapshots and an empty list of descriptions', { l: [] }],
		['descriptions that are one description', { l: DESCRIBED }],
		['a description that is text', { l: [DESCRIBED, 'fields'] }],
		['a description that is null', { l: [DESCRIBED, null] }],
		['a description that is a list', { l: [DESCRIBED, [DESCRIBED]] }],
	])('refuses %s', (_, change) => {
		expect(read({ ...stored({ '101': LISTED }), ...change })).toBeUndefined();
	});

	it('refuses a state of 0.1.0 when 0.1.0 is not read for these settings, nor under a key every object has', () => {
		expect(readStoredState(of010({ '101': LISTED }), 'key', {})).toBeUndefined();
		expect(read(of010({ '101': LISTED }, 'toString'))).toBeUndefined();
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
		['records at a place beyond the descriptions', { ...LISTED, l: 1 }],
		['records at a place that is not a whole number', { ...LISTED, l: 0.5 }],
		['records at a place that is text', { ...LISTED, l: '0' }],
	])('refuses a restaurant that is %s', (_, restaurant) => {
		expect(
			read(stored({ '104': { z: 'Asia/Tokyo' }, '101': restaurant as IDataObject })),
		).toBeUndefined();
	});
});

describe('writeStoredState', () => {
	const state = everyField(1764288000999);

	it('writes every field under its short key, the poll time in whole seconds', () => {
		const staticData: IDataObject = {};
		writeStoredState(staticData, state);
		expect(staticData).toStrictEqual({
			v: 3,
			k: 'key',
			at: 1764280000000,
			n: ['Waitlisted'],
			g: 'guests',
			l: [DESCRIBED],
			r: { '101': LISTED, '104': { z: 'Asia/Tokyo' } },
		});
	});

	it('writes each description once, the most used first; a snapshot of another names its place', () => {
		const snapshot = state.restaurants['101'].snapshot!;
		const listed = (description: RecordDescription) => ({
			timeZone: 'UTC',
			snapshot: { ...snapshot, timeZone: 'UTC', description },
		});
		const staticData: IDataObject = {};
		writeStoredState(staticData, {
			...state,
			restaurants: {
				'101': listed(OTHER),
				'102': listed(DESCRIBED),
				// Alike, though another object: one description.
				'103': listed(structuredClone(DESCRIBED)),
				'104': { timeZone: 'Asia/Tokyo' },
				'105': listed(OF_010),
			},
		});
		expect(staticData.l).toStrictEqual([DESCRIBED, OTHER, OF_010]);
		const places = Object.entries(staticData.r as Record<string, IDataObject>).map(
			([id, restaurant]) => [id, restaurant.l],
		);
		expect(places).toStrictEqual([
			['101', 1],
			['102', undefined],
			['103', undefined],
			['104', undefined],
			['105', 2],
		]);
		// What it wrote reads back as it was.
		const back = read(staticData);
		expect(back?.restaurants['101'].snapshot?.description).toStrictEqual(OTHER);
		expect(back?.restaurants['103'].snapshot?.description).toStrictEqual(DESCRIBED);
		expect(back?.restaurants['105'].snapshot?.description).toStrictEqual(OF_010);
	});

	it('keeps the order the restaurants give descriptions used alike', () => {
		const snapshot = state.restaurants['101'].snapshot!;
		const staticData: IDataObject = {};
		writeStoredState(staticData, {
			...state,
			restaurants: {
				'101': { timeZone: 'UTC', snapshot: { ...snapshot, description: OTHER } },
				'102': { timeZone: 'UTC', snapshot: { ...snapshot, description: DESCRIBED } },
			},
		});
		expect(staticData.l).toStrictEqual([OTHER, DESCRIBED]);
	});

	it('drops what it does not store and the fields that say nothing', () => {
		const staticData: IDataObject = {
			old: 1,
			x: 'y',
			n: ['Stale'],
			g: 'stale',
			l: [OTHER],
			v: 1,
		};
		writeStoredState(staticData, {
			version: 3,
			settingsKey: 'key',
			restaurantsLookedUpAt: 0,
			stateNames: [],
			restaurants: {
				'101': {
					timeZone: 'UTC',
					country: '',
					polledAt: 999,
					failedPolls: 0,
					snapshot: emptySnapshot({ remindedBefore: {} }),
				},
			},
		});
		expect(staticData).toStrictEqual({
			v: 3,
			k: 'key',
			at: 0,
			l: [DESCRIBED],
			r: { '101': { z: 'UTC', f: '', t: '', d: 0, s: '', p: 0 } },
		});
	});

	it('writes no descriptions when no restaurant was listed yet', () => {
		const staticData: IDataObject = { l: [OTHER] };
		writeStoredState(staticData, {
			version: 3,
			settingsKey: 'key',
			restaurantsLookedUpAt: 0,
			restaurants: { '104': { timeZone: 'Asia/Tokyo' } },
		});
		expect(staticData).toStrictEqual({ v: 3, k: 'key', at: 0, r: { '104': { z: 'Asia/Tokyo' } } });
	});

	it('keeps empty known guests and an empty swept day', () => {
		const staticData: IDataObject = {};
		writeStoredState(staticData, {
			version: 3,
			settingsKey: 'key',
			restaurantsLookedUpAt: 0,
			guests: '',
			restaurants: {
				'101': {
					timeZone: 'UTC',
					snapshot: emptySnapshot({ sweptOn: '' }),
				},
			},
		});
		expect(staticData).toStrictEqual({
			v: 3,
			k: 'key',
			at: 0,
			g: '',
			l: [DESCRIBED],
			r: { '101': { z: 'UTC', f: '', t: '', d: 0, s: '', w: '' } },
		});
	});
});
