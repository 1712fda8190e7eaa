/**
 * One guest is one person (issue 43): Find and Get Guest History, at One Restaurant and across All
 * Accessible Restaurants, through n8n's engine against the sandbox, with guests whose phone digits
 * overlap. Each pair is asked in national and international form and by e-mail, and the answer is
 * always about the person asked for, never merged with the other:
 * - Berlin (101): a regular booked as `030 7713-4401` (sesame, celery) and an Austrian guest as
 *   `+43 30 7713 4401` (mustard); a German mobile `0151 23456789` (peanuts) and a Liverpool guest
 *   `+44 151 2345 6789` (shellfish);
 * - the chain: a German guest twice in Berlin as `(0176) 5555562`, an Australian once in Sydney
 *   (103) with the same digits typed nationally, `0176 5555562`, who is `+611765555562`.
 */
import { bookingWith, localDayAt } from '../support/bookings';
import { json } from '../support/nodeResults';
import { nodeRunner, restaurant, type NodeRunOptions } from '../support/nodeRunner';
import { useSandbox } from '../support/sandbox';

const ctx = useSandbox();
const node = nodeRunner(ctx, { restaurantId: restaurant(101) });
const book = bookingWith(ctx);

const REGULAR = {
	customerName: 'Ilse Stammgast',
	phone: '030 7713-4401',
	email: 'ilse@example.com',
};
const REGULAR_PROFILE = { allergy: ['sesame', 'celery'], vegetarian: true };
const AUSTRIAN = {
	customerName: 'Vroni Steirer',
	phone: '+43 30 7713 4401',
	email: 'vroni@example.at',
};
const AUSTRIAN_PROFILE = { allergy: ['mustard'] };
const MOBILE = {
	customerName: 'Jonas Handy',
	phone: '0151 23456789',
	email: 'jonas@example.de',
};
const MOBILE_PROFILE = { allergy: ['peanuts'] };
const LIVERPOOL = {
	customerName: 'Ringo Mersey',
	phone: '+44 151 2345 6789',
	email: 'ringo@example.co.uk',
};
const LIVERPOOL_PROFILE = { allergy: ['shellfish'] };
const GERMAN = { customerName: 'Dora Deutsch', phone: '(0176) 5555562' };
const AUSTRALIAN = { customerName: 'Bruce Outback', phone: '0176 5555562' };

let made: Record<string, Record<string, any>>;

beforeAll(async () => {
	made = {
		regular1: await book(101, {
			...REGULAR,
			reservationTime: localDayAt(101, -120),
			state: 'completed',
		}),
		regular2: await book(101, {
			...REGULAR,
			reservationTime: localDayAt(101, -60),
			state: 'completed',
		}),
		regular3: await book(101, {
			...REGULAR,
			reservationTime: localDayAt(101, -20),
			state: 'completed',
			customerProfile: REGULAR_PROFILE,
		}),
		regularNext: await book(101, {
			...REGULAR,
			reservationTime: localDayAt(101, 10),
			state: 'confirmed',
		}),
		austrian: await book(101, {
			...AUSTRIAN,
			reservationTime: localDayAt(101, -5),
			state: 'completed',
			customerProfile: AUSTRIAN_PROFILE,
		}),
		austrianNext: await book(101, {
			...AUSTRIAN,
			reservationTime: localDayAt(101, 12, '20:00:00'),
			state: 'confirmed',
		}),
		mobile: await book(101, {
			...MOBILE,
			reservationTime: localDayAt(101, -40),
			state: 'completed',
			customerProfile: MOBILE_PROFILE,
		}),
		mobileNext: await book(101, {
			...MOBILE,
			reservationTime: localDayAt(101, 7),
			state: 'confirmed',
		}),
		liverpool: await book(101, {
			...LIVERPOOL,
			reservationTime: localDayAt(101, -3),
			state: 'completed',
			customerProfile: LIVERPOOL_PROFILE,
		}),
		liverpoolNext: await book(101, {
			...LIVERPOOL,
			reservationTime: localDayAt(101, 8),
			state: 'confirmed',
		}),
		german1: await book(101, {
			...GERMAN,
			reservationTime: localDayAt(101, -90),
			state: 'completed',
		}),
		german2: await book(101, {
			...GERMAN,
			reservationTime: localDayAt(101, -30),
			state: 'completed',
		}),
		// Another Ilse Stammgast, and a family e-mail two guests with different phones gave.
		otherIlse: await book(101, {
			customerName: 'Ilse Stammgast',
			phone: '+49 170 0000001',
			email: 'family@example.com',
			reservationTime: localDayAt(101, -7),
			state: 'completed',
		}),
		kurt: await book(101, {
			customerName: 'Kurt Stammgast',
			phone: '+49 170 0000002',
			email: 'family@example.com',
			reservationTime: localDayAt(101, -9),
			state: 'completed',
		}),
		australian: await book(103, {
			...AUSTRALIAN,
			reservationTime: localDayAt(103, -15),
			state: 'completed',
		}),
	};
});

const ids = (items: Array<Record<string, any>>) => items.map((item) => item.id);

async function find(parameters: Record<string, unknown>) {
	const result = await node.run({
		resource: 'reservation',
		operation: 'find',
		returnAll: true,
		// From a year back: the past visits as well as the bookings ahead.
		from: localDayAt(101, -365, '00:00:00'),
		to: localDayAt(101, 60, '00:00:00'),
		...parameters,
	});
	expect(result.error).toBeUndefined();
	return ids(json(result));
}

async function history(parameters: Record<string, unknown>, options: NodeRunOptions = {}) {
	const result = await node.run(
		{
			resource: 'reservation',
			operation: 'getGuestHistory',
			includeReservations: false,
			...parameters,
		},
		options,
	);
	expect(result.error).toBeUndefined();
	const [item] = json(result);
	return item as Record<string, any>;
}

/** What the item says about who the guest is, and what it counted. */
const whoAndWhat = (item: Record<string, any>) => ({
	found: item.found,
	name: item.guest.name,
	phone: item.guest.phone,
	email: item.guest.email,
	identity: item.guest.identity?.value ?? null,
	bookings: item.bookings,
	visits: item.visits,
	upcoming: item.upcoming,
	profile: item.profile,
	otherGuests: item.otherGuests,
	otherGuestsNote: item.otherGuestsNote,
});

const REGULAR_ANSWER = {
	found: true,
	name: 'Ilse Stammgast',
	phone: '030 7713-4401',
	email: 'ilse@example.com',
	identity: '+493077134401',
	bookings: 4,
	visits: 3,
	upcoming: 1,
	profile: REGULAR_PROFILE,
	otherGuests: [],
	otherGuestsNote: null,
};
const AUSTRIAN_ANSWER = {
	found: true,
	name: 'Vroni Steirer',
	phone: '+43 30 7713 4401',
	email: 'vroni@example.at',
	identity: '+433077134401',
	bookings: 2,
	visits: 1,
	upcoming: 1,
	profile: AUSTRIAN_PROFILE,
	otherGuests: [],
	otherGuestsNote: null,
};
const MOBILE_ANSWER = {
	found: true,
	name: 'Jonas Handy',
	phone: '0151 23456789',
	email: 'jonas@example.de',
	identity: '+4915123456789',
	bookings: 2,
	visits: 1,
	upcoming: 1,
	profile: MOBILE_PROFILE,
	otherGuests: [],
	otherGuestsNote: null,
};
const LIVERPOOL_ANSWER = {
	found: true,
	name: 'Ringo Mersey',
	phone: '+44 151 2345 6789',
	email: 'ringo@example.co.uk',
	identity: '+4415123456789',
	bookings: 2,
	visits: 1,
	upcoming: 1,
	profile: LIVERPOOL_PROFILE,
	otherGuests: [],
	otherGuestsNote: null,
};

describe('Find: a phone is one number in the restaurant\u2019s country', () => {
	it('the Berlin regular and the Austrian guest are never each other', async () => {
		const regular = ids([made.regular1, made.regular2, made.regular3, made.regularNext]);
		const austrian = ids([made.austrian, made.austrianNext]);
		for (const phone of ['030 7713-4401', '(030) 77134401', '+49 30 7713 4401', '0049 30 77134401'])
			expect([phone, await find({ phone })]).toEqual([phone, regular]);
		for (const phone of ['+43 30 7713 4401', '0043 (0)30 7713 4401'])
			expect([phone, await find({ phone })]).toEqual([phone, austrian]);
		expect(await find({ email: 'ILSE@example.com' })).toEqual(regular);
		expect(await find({ email: 'vroni@example.at' })).toEqual(austrian);
	});

	it('the German mobile and the Liverpool number are never each other', async () => {
		const mobile = ids([made.mobile, made.mobileNext]);
		const liverpool = ids([made.liverpool, made.liverpoolNext]);
		for (const phone of ['0151 23456789', '+49 151 23456789'])
			expect([phone, await find({ phone })]).toEqual([phone, mobile]);
		for (const phone of ['+44 151 2345 6789', '0044 151 23456789'])
			expect([phone, await find({ phone })]).toEqual([phone, liverpool]);
		expect(await find({ email: 'ringo@example.co.uk' })).toEqual(liverpool);
	});
});

describe('Get Guest History at One Restaurant: the person asked for', () => {
	it('the Berlin regular in every form, the Austrian only by her own number', async () => {
		for (const asked of [
			{ phone: '030 7713-4401' },
			{ phone: '+49 30 7713 4401' },
			{ email: 'ilse@example.com' },
		])
			expect([asked, whoAndWhat(await history(asked))]).toEqual([asked, REGULAR_ANSWER]);
		for (const asked of [{ phone: '+43 30 7713 4401' }, { email: 'vroni@example.at' }])
			expect([asked, whoAndWhat(await history(asked))]).toEqual([asked, AUSTRIAN_ANSWER]);
	});

	it('the German mobile and the Liverpool guest, each with their own allergies', async () => {
		for (const asked of [
			{ phone: '0151 23456789' },
			{ phone: '+49 151 23456789' },
			{ email: 'jonas@example.de' },
		])
			expect([asked, whoAndWhat(await history(asked))]).toEqual([asked, MOBILE_ANSWER]);
		for (const asked of [{ phone: '+44 151 2345 6789' }, { email: 'ringo@example.co.uk' }])
			expect([asked, whoAndWhat(await history(asked))]).toEqual([asked, LIVERPOOL_ANSWER]);
	});

	it('a search that matches two guests is about one of them, the other named apart', async () => {
		const byName = await history({ customerName: 'ilse stammgast' });
		expect(whoAndWhat(byName)).toEqual({
			...REGULAR_ANSWER,
			otherGuests: [
				{
					identity: { key: 'p+491700000001', by: 'phone', value: '+491700000001' },
					bookings: 1,
					restaurantIds: [101],
				},
			],
			otherGuestsNote:
				'1 other guest has bookings under this name, not counted here: this answer is about the guest with the most bookings, who may not be the person you are serving. Ask for their phone number and look them up again with it before using these details.',
		});
		const byFamilyEmail = await history({ email: 'family@example.com' });
		expect(byFamilyEmail.bookings).toBe(1);
		expect(byFamilyEmail.otherGuests).toHaveLength(1);
		// At a tie, the guest of the latest booking: Ilse (7 days ago) before Kurt (9 days ago).
		expect(byFamilyEmail.guest.name).toBe('Ilse Stammgast');
		expect(byFamilyEmail.otherGuests[0].identity.value).toBe('+491700000002');
	});
});

describe('Get Guest History across the chain: a country code chooses', () => {
	const chain = (parameters: Record<string, unknown>) =>
		history({ restaurants: 'all', ...parameters });

	it('the Berlin regular and the Liverpool guest, national or international or by e-mail', async () => {
		for (const asked of [
			{ phone: '030 7713-4401' },
			{ phone: '+49 30 7713 4401' },
			{ email: 'ilse@example.com' },
		])
			expect([asked, whoAndWhat(await chain(asked))]).toEqual([asked, REGULAR_ANSWER]);
		expect(whoAndWhat(await chain({ phone: '+43 30 7713 4401' }))).toEqual(AUSTRIAN_ANSWER);
		expect(whoAndWhat(await chain({ phone: '0151 23456789' }))).toEqual(MOBILE_ANSWER);
		expect(whoAndWhat(await chain({ phone: '+44 151 2345 6789' }))).toEqual(LIVERPOOL_ANSWER);
	});

	it('the German and the Australian: +61 and +49 choose, a number without one is read in each country', async () => {
		const australian = await chain({ phone: '+61 176 5555562' });
		expect([australian.guest.name, australian.guest.identity.value, australian.bookings]).toEqual([
			'Bruce Outback',
			'+611765555562',
			1,
		]);
		expect(australian.restaurants.map((r: { restaurantId: number }) => r.restaurantId)).toEqual([
			103,
		]);
		expect(australian.otherGuests).toEqual([]);
		const german = await chain({ phone: '+49 176 5555562' });
		expect([german.guest.name, german.guest.identity.value, german.bookings]).toEqual([
			'Dora Deutsch',
			'+491765555562',
			2,
		]);
		expect(german.otherGuests).toEqual([]);
		// Without a prefix: the German in Berlin, the Australian in Sydney; two bookings to one.
		const either = await chain({ phone: '0176 5555562' });
		expect([either.guest.name, either.bookings]).toEqual(['Dora Deutsch', 2]);
		expect(either.otherGuests).toEqual([
			{
				identity: { key: 'p+611765555562', by: 'phone', value: '+611765555562' },
				bookings: 1,
				restaurantIds: [103],
			},
		]);
		expect(either.otherGuestsNote).toContain('Ask for the country code of their phone number');
		// At Sydney alone, the same digits are the Australian.
		const inSydney = await history({ restaurantId: restaurant(103), phone: '0176 5555562' });
		expect([inSydney.guest.name, inSydney.bookings, inSydney.otherGuests]).toEqual([
			'Bruce Outback',
			1,
			[],
		]);
	});
});

describe("as an AI agent's tool: nothing about another guest", () => {
	/** n8n's tool variant of the node, as the booking desk (example 08) uses it. */
	const asTool = { type: 'n8n-nodes-restaurant-reservations.restaurantReservationsTool' };

	it('names how many other guests matched and what to ask, never who they are', async () => {
		for (const restaurants of ['one', 'all']) {
			const answer = await history(
				{ restaurants, customerName: 'ilse stammgast', phone: '', email: '' },
				asTool,
			);
			expect([restaurants, whoAndWhat(answer)]).toEqual([
				restaurants,
				{
					...REGULAR_ANSWER,
					otherGuests: [{ bookings: 1, restaurantIds: [101] }],
					otherGuestsNote:
						'1 other guest has bookings under this name, not counted here: this answer is about the guest with the most bookings, who may not be the person you are serving. Ask for their phone number and look them up again with it before using these details.',
				},
			]);
		}
		const text = JSON.stringify(
			await history({ restaurants: 'all', phone: '0176 5555562' }, asTool),
		);
		expect(text).toContain('Dora Deutsch');
		for (const other of ['Bruce', 'Outback', '+611765555562', '"0176 5555562"'])
			expect([other, text.includes(other)]).toEqual([other, false]);
	});
});
