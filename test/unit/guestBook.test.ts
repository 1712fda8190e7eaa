/**
 * The Guests watch's settling of a poll (targets/guests/guestBook): a first listing learns its
 * guests silently, then New Guest, Returning Guest and Guest No-Show with the guest's counts, and
 * a known guest's birthday once a year. Expected items written out as a user sees them.
 */
import type { IDataObject, IPollFunctions } from 'n8n-workflow';
import type { ListedRecord } from '../../nodes/RestaurantReservationsTrigger/state/records';
import type { StoredRestaurant } from '../../nodes/RestaurantReservationsTrigger/state/storedState';
import type { BookingChange } from '../../nodes/RestaurantReservationsTrigger/targets/guests/guestBook';
import { guestBook } from '../../nodes/RestaurantReservationsTrigger/targets/guests/guestBook';
import type {
	ComparedRestaurant,
	PollClock,
	PollScope,
	Restaurant,
	TriggerSettings,
} from '../../nodes/RestaurantReservationsTrigger/types';
import { NO_PLACEMENTS } from '../../nodes/shared/reading/vocabulary';
import { EMPTY_BERLIN_SNAPSHOT } from '../support/reservationRecords';

const BERLIN: Restaurant = { key: '101', id: 101, timeZone: 'Europe/Berlin', country: 'DE' };
/** 2026-11-28 12:00 in Berlin. */
const NOW = Date.UTC(2026, 10, 28, 11);
const ALL = ['newGuest', 'returningGuest', 'guestNoShow', 'occasionComing'];

const ANNA = { customerName: 'Anna Berg', phone: '+49 30 1234567' };
const BEN = { customerName: 'Ben Ode', phone: '+49 30 7654321' };

function booking(id: string, state: string, time: string, guest: IDataObject): IDataObject {
	return { id, state, reservationTime: time, ...guest };
}

const SNAPSHOT: StoredRestaurant = EMPTY_BERLIN_SNAPSHOT;

function outcome(
	bookings: IDataObject[],
	{
		baseline = false,
		changes = [],
		history,
		restaurant = BERLIN,
	}: {
		baseline?: boolean;
		changes?: Array<Partial<BookingChange>>;
		history?: IDataObject[];
		restaurant?: Restaurant;
	} = {},
): ComparedRestaurant {
	return {
		restaurant,
		listing: {
			restaurant,
			records: new Map(
				bookings.map((value) => [String(value.id), { id: String(value.id), record: '', value }]),
			) as Map<string, ListedRecord>,
			horizonFrom: '',
			horizonTo: '',
			serverTime: 0,
			history,
		},
		compared: {
			baseline,
			items: changes.map((change) => ({
				event: 'booking',
				restaurantId: restaurant.id,
				newBooking: false,
				...change,
			})) as BookingChange[],
			next: { ...SNAPSHOT },
		},
	};
}

function book(
	events: string[] = ALL,
	guestsText?: string,
	{
		sameGuestEverywhere = false,
		occasionDaysBefore = 7,
		previous,
	}: {
		sameGuestEverywhere?: boolean;
		occasionDaysBefore?: number;
		previous?: StoredRestaurant;
	} = {},
) {
	const scope: PollScope = {
		context: {} as IPollFunctions,
		clock: {} as PollClock,
		settings: { events: new Set(events) } as TriggerSettings,
		now: NOW,
		vocabulary: NO_PLACEMENTS,
		stored:
			guestsText === undefined && !previous
				? undefined
				: {
						version: 2,
						settingsKey: 'key',
						restaurantsLookedUpAt: 0,
						restaurants: previous
							? { '101': { timeZone: 'Europe/Berlin', snapshot: previous } }
							: {},
						...(guestsText === undefined ? {} : { guests: guestsText }),
					},
	};
	return guestBook(scope, { historyDays: 365, sameGuestEverywhere, occasionDaysBefore });
}

/** Anna visited twice (the latest on 20 November) and missed once; Ben only cancelled. */
function learned(): string {
	const first = outcome(
		[
			booking('r1', 'completed', '2026-11-20T19:00:00', ANNA),
			booking('r2', 'cancelled', '2026-11-21T19:00:00', BEN),
			booking('r3', 'no_show', '2026-11-22T19:00:00', ANNA),
			{ id: 'r-1', state: 'completed', reservationTime: '2026-11-23T19:00:00' },
		],
		{ baseline: true, history: [booking('r0', 'completed', '2026-10-01T19:00:00', ANNA)] },
	);
	const { guests } = book().settle([first]);
	expect(first.compared.items).toEqual([]);
	return guests!;
}

const annaGuest = {
	name: 'Anna Berg',
	phone: '+49 30 1234567',
	email: null,
	identifiedBy: 'phone',
	identity: '+49301234567',
};

describe('a first listing', () => {
	it('reports nothing and knows nobody from an empty listing', () => {
		const first = outcome([], { baseline: true });
		expect(book().settle([first])).toStrictEqual({});
		expect(first.compared.items).toEqual([]);
	});

	it("learns its guests' visits and no-shows silently", () => {
		const guests = learned();
		const next = outcome([], {
			changes: [
				{
					reservationId: 'r9',
					reservation: booking('r9', 'confirmed', '2026-12-01T19:00:00', ANNA),
					stateRole: 'booked',
					newBooking: true,
				},
			],
		});
		book(ALL, guests).settle([next]);
		expect(next.compared.items).toStrictEqual([
			{
				event: 'returningGuest',
				restaurantId: 101,
				guest: annaGuest,
				visits: 2,
				noShows: 1,
				lastVisit: '2026-11-20',
				reservationId: 'r9',
				stateRole: 'booked',
				reservation: booking('r9', 'confirmed', '2026-12-01T19:00:00', ANNA),
			},
		]);
	});
});

describe('changes after the baseline', () => {
	it('a cancelled guest booking again is new; a known one is returning', () => {
		const guests = learned();
		const next = outcome([], {
			changes: [
				{
					reservation: booking('r5', 'confirmed', '2026-12-02T19:00:00', BEN),
					stateRole: 'booked',
					newBooking: true,
				},
			],
		});
		const { guests: after } = book(ALL, guests).settle([next]);
		expect(next.compared.items).toMatchObject([
			{ event: 'newGuest', visits: 0, noShows: 0, lastVisit: null, reservationId: 'r5' },
		]);
		const again = outcome([], {
			changes: [
				{
					reservation: booking('r6', 'confirmed', '2026-12-03T19:00:00', BEN),
					stateRole: 'booked',
					newBooking: true,
				},
			],
		});
		book(ALL, after).settle([again]);
		expect(again.compared.items).toMatchObject([
			{ event: 'returningGuest', visits: 0, noShows: 0, reservationId: 'r6' },
		]);
	});

	it('a booking that only came into view, or stood already, is not returning', () => {
		const guests = learned();
		const next = outcome([], {
			changes: [
				{
					reservation: booking('r7', 'confirmed', '2026-12-04T19:00:00', ANNA),
					stateRole: 'booked',
				},
				{
					reservation: booking('r1', 'seated', '2026-11-20T19:00:00', ANNA),
					stateRole: 'arrived',
					previousStateRole: 'booked',
					newBooking: true,
				},
			],
		});
		book(ALL, guests).settle([next]);
		expect(next.compared.items).toEqual([]);
	});

	it.each(['awaitingApproval', 'unknown', 'cancelled'] as const)(
		'a booking accepted from %s',
		(before) => {
			const next = outcome([], {
				changes: [
					{
						reservation: booking('r8', 'confirmed', '2026-12-05T19:00:00', ANNA),
						stateRole: 'booked',
						previousStateRole: before,
					},
				],
			});
			book(ALL, learned()).settle([next]);
			expect(next.compared.items.map((item) => item.event)).toEqual(
				before === 'cancelled' ? [] : ['returningGuest'],
			);
		},
	);

	it('a no-show counts and is reported once; a guest unknown and not standing is not learned', () => {
		const next = outcome([], {
			changes: [
				{
					reservation: booking('r4', 'no_show', '2026-11-27T19:00:00', ANNA),
					stateRole: 'noShow',
					previousStateRole: 'booked',
				},
				{
					reservation: booking('r10', 'cancelled', '2026-12-05T19:00:00', { customerName: 'Cy' }),
					stateRole: 'cancelled',
					newBooking: true,
				},
				{ reservation: { id: 'r11', state: 'confirmed' }, stateRole: 'booked', newBooking: true },
			],
		});
		const { guests } = book(ALL, learned()).settle([next]);
		expect(next.compared.items).toMatchObject([
			{ event: 'guestNoShow', visits: 2, noShows: 2, lastVisit: '2026-11-20', reservationId: 'r4' },
		]);
		const cy = outcome([], {
			changes: [
				{
					reservation: booking('r12', 'confirmed', '2026-12-06T19:00:00', { customerName: 'Cy' }),
					stateRole: 'booked',
				},
				{
					reservation: booking('r4', 'no_show', '2026-11-27T19:00:00', ANNA),
					stateRole: 'noShow',
					previousStateRole: 'noShow',
				},
			],
		});
		book(ALL, guests).settle([cy]);
		expect(cy.compared.items).toMatchObject([{ event: 'newGuest', reservationId: 'r12' }]);
	});

	it('leaving a visit or a no-show takes it off the counts, never below 0', () => {
		const next = outcome([], {
			changes: [
				{
					reservation: booking('r1', 'cancelled', '2026-11-20T19:00:00', ANNA),
					stateRole: 'cancelled',
					previousStateRole: 'finished',
				},
				{
					reservation: booking('r3', 'completed', '2026-11-22T19:00:00', ANNA),
					stateRole: 'finished',
					previousStateRole: 'noShow',
				},
				{
					reservation: booking('r5', 'confirmed', '2026-11-29T19:00:00', ANNA),
					stateRole: 'booked',
					newBooking: true,
				},
			],
		});
		book(ALL, learned()).settle([next]);
		// r1's visit gone, r3's no-show gone and a visit on the 22nd: visits 2, no-shows 0.
		expect(next.compared.items).toMatchObject([
			{ event: 'returningGuest', visits: 2, noShows: 0, lastVisit: '2026-11-22' },
		]);
		const fresh = outcome([], {
			changes: [
				{
					reservation: booking('r20', 'confirmed', '2026-12-01T19:00:00', BEN),
					stateRole: 'booked',
					previousStateRole: 'finished',
				},
				{
					reservation: booking('r21', 'confirmed', '2026-12-01T19:00:00', BEN),
					stateRole: 'booked',
					previousStateRole: 'noShow',
				},
				{
					reservation: booking('r22', 'confirmed', '2026-12-02T19:00:00', BEN),
					stateRole: 'booked',
					newBooking: true,
				},
			],
		});
		book(ALL).settle([fresh]);
		expect(fresh.compared.items).toMatchObject([
			{ event: 'returningGuest', visits: 0, noShows: 0, reservationId: 'r22' },
		]);
	});

	it('an earlier visit does not move the last visit back', () => {
		const next = outcome([], {
			changes: [
				{
					reservation: booking('r0b', 'completed', '2026-09-01T19:00:00', ANNA),
					stateRole: 'finished',
					previousStateRole: 'booked',
				},
				{
					reservation: booking('r5', 'confirmed', '2026-11-29T19:00:00', ANNA),
					stateRole: 'booked',
					newBooking: true,
				},
			],
		});
		book(ALL, learned()).settle([next]);
		expect(next.compared.items).toMatchObject([
			{ event: 'returningGuest', visits: 3, lastVisit: '2026-11-20' },
		]);
	});

	it('reports only the chosen events', () => {
		const next = outcome([], {
			changes: [
				{
					reservation: booking('r5', 'confirmed', '2026-12-02T19:00:00', BEN),
					stateRole: 'booked',
					newBooking: true,
				},
			],
		});
		book(['returningGuest'], learned()).settle([next]);
		expect(next.compared.items).toEqual([]);
	});

	it("a guest is each restaurant's own unless the same everywhere", () => {
		const lyon: Restaurant = { key: '102', id: 102, timeZone: 'Europe/Paris', country: 'FR' };
		const change = {
			reservation: booking('r30', 'confirmed', '2026-12-02T19:00:00', ANNA),
			stateRole: 'booked' as const,
			newBooking: true,
		};
		const own = outcome([], { restaurant: lyon, changes: [change] });
		book(ALL, learned()).settle([own]);
		expect(own.compared.items).toMatchObject([{ event: 'newGuest', restaurantId: 102 }]);
		const everywhere = outcome([], { restaurant: lyon, changes: [change] });
		const first = outcome([booking('r1', 'completed', '2026-11-20T19:00:00', ANNA)], {
			baseline: true,
		});
		const { guests } = book(ALL, undefined, { sameGuestEverywhere: true }).settle([first]);
		book(ALL, guests, { sameGuestEverywhere: true }).settle([everywhere]);
		expect(everywhere.compared.items).toMatchObject([
			{ event: 'returningGuest', restaurantId: 102, visits: 1 },
		]);
	});
	it("settles the restaurants in ID order: the first booking of a guest of both is the lower ID's", () => {
		const lyon: Restaurant = { key: '102', id: 102, timeZone: 'Europe/Paris', country: 'FR' };
		const change = (id: string) => ({
			reservation: booking(id, 'confirmed', '2026-12-02T19:00:00', ANNA),
			stateRole: 'booked' as const,
			newBooking: true,
		});
		const inLyon = outcome([], { restaurant: lyon, changes: [change('r31')] });
		const inBerlin = outcome([], { changes: [change('r32')] });
		book(ALL, undefined, { sameGuestEverywhere: true }).settle([inLyon, inBerlin]);
		expect(inBerlin.compared.items).toMatchObject([{ event: 'newGuest', reservationId: 'r32' }]);
		expect(inLyon.compared.items).toMatchObject([
			{ event: 'returningGuest', reservationId: 'r31' },
		]);
	});
});

describe('counts', () => {
	it('a no-show seen again is not counted again', () => {
		const change = {
			reservation: booking('r3', 'no_show', '2026-11-22T19:00:00', ANNA),
			stateRole: 'noShow' as const,
			previousStateRole: 'noShow' as const,
		};
		const { guests } = book(ALL, learned()).settle([outcome([], { changes: [change] })]);
		const next = outcome([], {
			changes: [
				{
					reservation: booking('r5', 'confirmed', '2026-12-02T19:00:00', ANNA),
					stateRole: 'booked',
					newBooking: true,
				},
			],
		});
		book(ALL, guests).settle([next]);
		expect(next.compared.items).toMatchObject([{ event: 'returningGuest', noShows: 1 }]);
	});

	it('a visit without a readable time counts and leaves the last visit; one with a time sets its day', () => {
		const next = outcome([], {
			changes: [
				{ reservation: { id: 'r60', state: 'completed', ...BEN }, stateRole: 'finished' },
				{
					reservation: booking('r61', 'confirmed', '2026-12-02T19:00:00', BEN),
					stateRole: 'booked',
					newBooking: true,
				},
			],
		});
		book(ALL, learned()).settle([next]);
		expect(next.compared.items).toMatchObject([
			{ event: 'newGuest', reservationId: 'r60', visits: 1, lastVisit: null },
			{ event: 'returningGuest', reservationId: 'r61', visits: 1, lastVisit: null },
		]);
		const later = outcome([], {
			changes: [
				{
					reservation: booking('r62', 'completed', '2026-11-25T20:30:00', BEN),
					stateRole: 'finished',
					newBooking: true,
				},
			],
		});
		book(ALL, learned()).settle([later]);
		expect(later.compared.items[0].lastVisit).toBe('2026-11-25');
	});
});

describe('occasions not watched', () => {
	it('a first listing leaves no greeting mark in the known guests', () => {
		const plain = book(['newGuest']).settle([
			outcome([booking('r1', 'completed', '2026-11-20T19:00:00', ANNA)], { baseline: true }),
		]);
		const withBirthday = book(['newGuest']).settle([
			outcome(
				[
					booking('r1', 'completed', '2026-11-20T19:00:00', {
						...ANNA,
						customerProfile: { birthdate: '12-01' },
					}),
				],
				{ baseline: true },
			),
		]);
		expect(withBirthday.guests).toBe(plain.guests);
	});
});

describe('birthdays and anniversaries', () => {
	const withProfile = (profile: IDataObject) => ({ ...ANNA, customerProfile: profile });

	it('a known guest is greeted once, the chosen days before, from the latest booking', () => {
		const guests = learned();
		const bookings = [
			booking('r40', 'confirmed', '2026-12-01T19:00:00', withProfile({ birthdate: '1990-12-05' })),
			booking('r41', 'confirmed', '2026-12-09T19:00:00', withProfile({ birthdate: '1990-12-05' })),
			booking('r42', 'confirmed', '2026-12-10T19:00:00', withProfile({ anniversary: '12-06' })),
			booking('r43', 'confirmed', '2026-12-11T19:00:00', withProfile({ anniversary: '12-20' })),
			booking('r44', 'confirmed', '2026-12-11T19:00:00', {
				customerName: 'Dee',
				customerProfile: { birthdate: '12-01' },
			}),
		];
		const next = outcome(bookings);
		const { guests: after } = book(ALL, guests).settle([next]);
		expect(next.compared.items).toStrictEqual([
			{
				event: 'occasionComing',
				restaurantId: 101,
				guest: { ...annaGuest },
				visits: 2,
				noShows: 1,
				lastVisit: '2026-11-20',
				reservationId: 'r41',
				stateRole: 'booked',
				reservation: bookings[1],
				occasion: 'birthday',
				date: '2026-12-05',
				daysUntil: 7,
				profile: { birthdate: '1990-12-05' },
			},
		]);
		const sooner = outcome(bookings);
		book(ALL, guests, { occasionDaysBefore: 8 }).settle([sooner]);
		expect(sooner.compared.items).toMatchObject([
			{ occasion: 'anniversary', reservationId: 'r42', date: '2026-12-06', daysUntil: 8 },
			{ occasion: 'birthday', reservationId: 'r41', daysUntil: 7 },
		]);
		const again = outcome(bookings);
		book(ALL, after, { occasionDaysBefore: 8 }).settle([again]);
		expect(again.compared.items).toMatchObject([{ occasion: 'anniversary', reservationId: 'r42' }]);
	});

	it('the latest booking gives the date, whatever the listing order; a booking naming nobody is skipped', () => {
		const bookings = [
			{ id: 'r46', state: 'confirmed', ...withProfile({ birthdate: '11-30' }) },
			booking('r41', 'confirmed', '2026-12-09T19:00:00', withProfile({ birthdate: '12-05' })),
			booking('r40', 'confirmed', '2026-12-01T19:00:00', withProfile({ birthdate: '11-27' })),
			{ id: 'r45', state: 'confirmed', customerProfile: { birthdate: '12-01' } },
			{ id: 'r47', state: 'confirmed', ...withProfile({ birthdate: '11-29' }) },
		];
		const next = outcome(bookings);
		book(ALL, learned(), { occasionDaysBefore: 365 }).settle([next]);
		expect(next.compared.items).toMatchObject([
			{ occasion: 'birthday', reservationId: 'r41', date: '2026-12-05', daysUntil: 7 },
		]);
		expect(next.compared.items).toHaveLength(1);
	});

	it('a booking without a time counts as the earliest, listed after a timed one or before it', () => {
		const timed = booking(
			'r48',
			'confirmed',
			'2026-12-09T19:00:00',
			withProfile({ birthdate: '12-05' }),
		);
		const timeless = { id: 'r49', state: 'confirmed', ...withProfile({ birthdate: '12-03' }) };
		for (const bookings of [
			[timed, timeless],
			[timeless, timed],
		]) {
			const next = outcome(bookings);
			book(ALL, learned()).settle([next]);
			expect(next.compared.items).toMatchObject([
				{ occasion: 'birthday', reservationId: 'r48', date: '2026-12-05' },
			]);
			expect(next.compared.items).toHaveLength(1);
		}
	});

	it('today is 0 days away; a date just past is next year', () => {
		const guests = learned();
		const today = outcome([
			booking(
				'r50',
				'confirmed',
				'2026-12-01T19:00:00',
				withProfile({ birthdate: '1990-11-28', anniversary: '11-27' }),
			),
		]);
		book(ALL, guests, { occasionDaysBefore: 0 }).settle([today]);
		expect(today.compared.items).toMatchObject([
			{ occasion: 'birthday', date: '2026-11-28', daysUntil: 0 },
		]);
		const nextYear = outcome([
			booking('r51', 'confirmed', '2026-12-01T19:00:00', withProfile({ anniversary: '11-27' })),
		]);
		book(ALL, guests, { occasionDaysBefore: 365 }).settle([nextYear]);
		expect(nextYear.compared.items).toMatchObject([
			{ occasion: 'anniversary', date: '2027-11-27', daysUntil: 364 },
		]);
	});

	it('29 February is greeted on the 28th in other years', () => {
		const leap = outcome([
			booking('r52', 'confirmed', '2026-12-01T19:00:00', withProfile({ birthdate: '2000-02-29' })),
		]);
		book(ALL, learned(), { occasionDaysBefore: 100 }).settle([leap]);
		expect(leap.compared.items).toMatchObject([
			{ occasion: 'birthday', date: '2027-02-28', daysUntil: 92 },
		]);
	});

	it('at a baseline the guest is greeted silently, then not again this year', () => {
		const bookings = [
			booking('r1', 'completed', '2026-11-20T19:00:00', withProfile({ birthdate: '12-01' })),
		];
		const first = outcome(bookings, { baseline: true });
		const { guests } = book().settle([first]);
		expect(first.compared.items).toEqual([]);
		const next = outcome(bookings);
		book(ALL, guests).settle([next]);
		expect(next.compared.items).toEqual([]);
	});

	it('not watched: no occasion, and the bookings not read', () => {
		const next = outcome([
			booking('r40', 'confirmed', '2026-12-01T19:00:00', withProfile({ birthdate: '12-01' })),
		]);
		book(['newGuest'], learned()).settle([next]);
		expect(next.compared.items).toEqual([]);
	});
});

describe('the day the history was read', () => {
	it('is today where the history was read, else the previous mark is kept', () => {
		const read = outcome([], { history: [] });
		book(ALL, '').settle([read]);
		expect(read.compared.next.sweptOn).toBe('2026-11-28');
		const kept = outcome([]);
		book(ALL, '', { previous: { ...SNAPSHOT, sweptOn: '2026-11-20' } }).settle([kept]);
		expect(kept.compared.next.sweptOn).toBe('2026-11-20');
		const none = outcome([]);
		book(ALL, '', { previous: { ...SNAPSHOT } }).settle([none]);
		expect(none.compared.next).not.toHaveProperty('sweptOn');
	});
});

describe('samples of a manual run', () => {
	it('are the listed bookings that name a guest', () => {
		const samples = book().samplesOf([
			outcome([
				booking('r1', 'completed', '2026-11-20T19:00:00', ANNA),
				{ id: 'r2', state: 'confirmed' },
			]).listing,
		]);
		const many = Array.from({ length: 201 }, (_, i) =>
			booking(`r${i}`, 'confirmed', '2026-12-01T19:00:00', ANNA),
		);
		expect(book().samplesOf([outcome(many).listing])).toHaveLength(200);
		expect(samples).toStrictEqual([
			{
				restaurantId: 101,
				reservation: booking('r1', 'completed', '2026-11-20T19:00:00', ANNA),
				stateRole: 'finished',
				identity: { key: 'p+49301234567', by: 'phone', value: '+49301234567' },
			},
		]);
	});
});
