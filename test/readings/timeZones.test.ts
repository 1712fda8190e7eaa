/**
 * A restaurant whose time zone the node cannot read (empty, garbage), in every reading of the spec:
 * the trigger's poll of that restaurant and Check Availability fail with an error that names the
 * restaurant, the value and the fix (the credential's Restaurant Time Zone), never falling back to
 * n8n's own zone; with Restaurant Time Zone set they work in it.
 *
 * The sandbox refuses to store such a zone, so a stand-in API in front of it (./support zoneProxy)
 * answers the restaurants' profiles with it and everything else as the sandbox does.
 */
import type { INodeParameters } from 'n8n-workflow';
import { formatLocal, parseLocal } from '../../nodes/shared/dateWindows';
import { errorOf, json } from '../support/nodeResults';
import { nodeRunner, restaurant } from '../support/nodeRunner';
import { openSlot, SEEDED_TIME_ZONES } from '../support/sandbox';
import { oneRestaurant, Trigger, type ChangeJson } from '../trigger/support';
import {
	bookings,
	EVERY_READING,
	localFromNow,
	readingSandbox,
	through,
	zoneProxy,
	type ZoneProxy,
} from './support';

const MINUTE = 60_000;
const NEW_YORK = SEEDED_TIME_ZONES[102];
/** Restaurant 102 (New York) answers an empty zone, 103 (Sydney) a garbage one. */
const UNREADABLE: Array<[number, string, RegExp]> = [
	[102, '', /^Restaurant 102 \(.+\): the API gives no time zone, which the node cannot read$/],
	[
		103,
		'Mars/Olympus_Mons',
		/^Restaurant 103 \(.+\): the API gives the time zone "Mars\/Olympus_Mons", which the node cannot read$/,
	],
];

const REMINDERS: INodeParameters = {
	events: ['reminderDue'],
	reminderOffsets: { offset: [{ amount: 90, unit: 'minutes' }] },
	lookBackDays: 1,
	lookAheadDays: 1,
};

describe.each(EVERY_READING)('unreadable time zones against the %s reading', (reading) => {
	const ctx = readingSandbox(reading);
	const api = bookings(ctx, reading);
	let proxy: ZoneProxy;
	beforeAll(async () => {
		proxy = await zoneProxy(ctx.sandbox.url);
		for (const [id, zone] of UNREADABLE) proxy.zones.set(id, zone);
	});
	afterAll(async () => proxy?.close());
	const viaProxy = through(ctx, () => proxy.url);
	const node = nodeRunner(ctx);

	it.each(UNREADABLE)(
		'the trigger: a poll of restaurant %i (zone "%s") fails naming it, the value and the fix',
		async (restaurantId, _zone, problem) => {
			const trigger = new Trigger(viaProxy, oneRestaurant(restaurantId, REMINDERS));
			const result = await trigger.tick();
			expect(result.items).toBeNull();
			expect(result.error?.message).toMatch(problem);
			expect((result.error as Error & { description?: string }).description).toMatch(
				/^Set Restaurant Time Zone in the Restaurant Reservations credential to the restaurant's zone: an IANA name such as Europe\/Berlin/,
			);
		},
	);

	it("the trigger with the credential's Restaurant Time Zone: the reminder falls due in that zone", async () => {
		const trigger = new Trigger(viaProxy, oneRestaurant(102, REMINDERS));
		trigger.credentialFields = { restaurantTimeZone: NEW_YORK };
		const baseline = await trigger.tick();
		expect(baseline.error).toBeUndefined();
		expect(baseline.items).toBeNull();
		const time = localFromNow(NEW_YORK, 89 * MINUTE);
		const booking = await api.create(102, { reservationTime: time });
		const stored = trigger.state!.r as Record<string, { d: number }>;
		stored['102'].d = Date.now() - 10 * MINUTE;
		const { changes, error } = await trigger.tick();
		expect(error).toBeUndefined();
		expect(
			changes.map((c) => {
				const { event, reservationId, dueAt, timeZone } = c as ChangeJson & {
					dueAt: string;
					timeZone: string;
				};
				return { event, reservationId, dueAt, timeZone };
			}),
		).toEqual([
			{
				event: 'reminderDue',
				reservationId: booking.id,
				dueAt: formatLocal(parseLocal(time)! - 90 * MINUTE).slice(0, 19),
				timeZone: NEW_YORK,
			},
		]);
	});

	it.each(UNREADABLE)(
		'Check Availability at restaurant %i (zone "%s"): the error names it and the fix, not a JavaScript error',
		async (restaurantId, _zone, problem) => {
			const result = await node.run(
				{
					resource: 'reservation',
					operation: 'checkAvailability',
					restaurantId: restaurant(restaurantId),
					partySize: 2,
					checkMode: 'time',
					time: openSlot(SEEDED_TIME_ZONES[restaurantId], 10, '19:00:00'),
				},
				{ baseUrl: proxy.url },
			);
			const error = errorOf(result);
			expect(error.message).toMatch(problem);
			expect(error.message).not.toMatch(/Invalid time zone/i);
			expect(error.description).toContain(
				'Set Restaurant Time Zone in the Restaurant Reservations credential',
			);
		},
	);

	it("Check Availability with the credential's Restaurant Time Zone: answered in that zone", async () => {
		const time = openSlot(NEW_YORK, 10, '19:00:00');
		const result = await node.run(
			{
				resource: 'reservation',
				operation: 'checkAvailability',
				restaurantId: restaurant(102),
				partySize: 2,
				checkMode: 'time',
				time,
			},
			{ baseUrl: proxy.url, credentialFields: { restaurantTimeZone: 'Eastern Standard Time' } },
		);
		expect(result.error).toBeUndefined();
		expect(json(result)[0]).toMatchObject({
			restaurantId: 102,
			timeZone: NEW_YORK,
			time: time.slice(0, 16),
			bookable: true,
		});
	});
});
