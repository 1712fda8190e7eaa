/**
 * The triggers of examples 09 to 11 exactly as shipped (their parameters read from examples/),
 * through n8n-core's poll path against the sandbox: each passes the horizon check and fires its
 * moment. The end-to-end test runs the whole workflows, with example 11's follow-up moved from the
 * next morning to the visit's end; here the next morning at 10:00 is reached by a stored state
 * from before it (n8n down since), as a restart would.
 */
import type { INodeParameters } from 'n8n-workflow';
import { readExamples } from '../../scripts/n8n/examples';
import { addLocalDays } from '../../nodes/shared/dateWindows';
import { localToInstant, toLocalDateTime } from '../../nodes/shared/localTime';
import { SEEDED_TIME_ZONES, useSandbox } from '../support/sandbox';
import { baselined, type ChangeJson, type Trigger } from './support';

const ctx = useSandbox();
beforeEach(async () => ctx.sandbox.reset());

const ZONE = SEEDED_TIME_ZONES[101];
const MINUTE = 60_000;

/** The trigger node's parameters of a shipped example (its restaurant is 101). */
function shippedTrigger(exampleId: string): INodeParameters {
	const example = readExamples().find((e) => e.id === exampleId)!;
	const node = example.json.nodes.find((n) => String(n.type).endsWith('Trigger'))!;
	return node.parameters as INodeParameters;
}

/** Restaurant time `ms` from now, to the second. */
const fromNow = (ms: number) => toLocalDateTime(new Date(Date.now() + ms), ZONE).slice(0, 19);

async function book(reservationTime: string, state?: string) {
	const created = await ctx.call('createReservation', {
		body: { reservationTime, groupSize: 2, customerName: 'Example Guest', ...(state && { state }) },
	});
	expect(created.status).toBe(201);
	return created.body as { id: string; reservationTime: string };
}

/** The items of the next poll about `id`. */
async function momentsOf(trigger: Trigger, id: string) {
	const result = await trigger.tick();
	expect(result.error).toBeUndefined();
	return result.changes.filter((c) => c.reservationId === id) as Array<
		ChangeJson & { dueAt: string; lateByMinutes: number; offset?: { label: string } }
	>;
}

/** The stored state as if the previous poll had run at `instant` (n8n down since). */
function lastPolledAt(trigger: Trigger, instant: number): void {
	(trigger.state!.r as Record<string, { d: number }>)['101'].d = instant;
}

it('09 as shipped: a booking made inside 2 hours gets the 2-hour reminder at the next poll, not the 24-hour one', async () => {
	const trigger = await baselined(ctx, shippedTrigger('RrExReminders09'));
	const booking = await book(fromNow(90 * MINUTE));
	const [reminder, ...more] = await momentsOf(trigger, booking.id);
	expect(more).toEqual([]);
	expect(reminder).toMatchObject({ event: 'reminderDue', offset: { label: '2 hours' } });
});

it('10 as shipped: a booking still confirmed 15 minutes after its time gives one alert', async () => {
	const trigger = await baselined(ctx, shippedTrigger('RrExNotArrived10'));
	const booking = await book(fromNow(-20 * MINUTE), 'confirmed');
	lastPolledAt(trigger, Date.now() - 10 * MINUTE);
	const [alert, ...more] = await momentsOf(trigger, booking.id);
	expect(more).toEqual([]);
	expect(alert).toMatchObject({ event: 'notArrived', graceMinutes: 15 });
	expect(alert.lateByMinutes).toBeGreaterThanOrEqual(4);
	expect(await momentsOf(trigger, booking.id)).toEqual([]);
});

it('11 as shipped: a guest who came is followed up the next day at 10:00 restaurant time, a no-show is not', async () => {
	const trigger = await baselined(ctx, shippedTrigger('RrExReviewAsk11'));
	// The latest 10:00 restaurant time before now, and a visit the evening before it.
	const today = fromNow(0).slice(0, 10);
	let tenOClock = `${today}T10:00:00`;
	if (localToInstant(tenOClock, ZONE).getTime() > Date.now())
		tenOClock = addLocalDays(tenOClock, -1);
	const evening = `${addLocalDays(tenOClock, -1).slice(0, 10)}T19:00:00`;
	const came = await book(evening, 'completed');
	const noShow = await book(evening, 'noShow');
	lastPolledAt(trigger, localToInstant(tenOClock, ZONE).getTime() - MINUTE);

	const result = await trigger.tick();
	expect(result.error).toBeUndefined();
	const ours = result.changes.filter((c) => [came.id, noShow.id].includes(c.reservationId));
	expect(ours).toEqual([
		expect.objectContaining({
			event: 'visitEnded',
			reservationId: came.id,
			dueAt: tenOClock,
			visitLengthMinutes: 120,
		}),
	]);
});
