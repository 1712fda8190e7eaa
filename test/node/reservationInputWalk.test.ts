/**
 * Every input of the reservation operations an AI agent calls as tools (Create, Update, Find,
 * Get Guest History, Cancel, Check Availability), empty, missing, of the wrong type or absurd, as a model's
 * `$fromAI(...)` can hand it over: each gets a sentence that names the field and what to do, never
 * a JavaScript error's text (issue 23: an empty time answered "Cannot read properties of
 * undefined (reading 'trim')"). Run through n8n's engine against the sandbox.
 */
import { nodeRunner, restaurant } from '../support/nodeRunner';
import { freeSlotAt, useSandbox } from '../support/sandbox';

const ctx = useSandbox();
const node = nodeRunner(ctx);

/** What a model may hand over instead of a good value, as the expression n8n resolves. */
const BAD_VALUES: Record<string, string> = {
	empty: "={{ '' }}",
	blank: "={{ '   ' }}",
	null: '={{ null }}',
	undefined: '={{ undefined }}',
	'a word': "={{ 'soon' }}",
	'a number': '={{ 42 }}',
	'an object': '={{ { "a": 1 } }}',
	'a list': '={{ [1, 2] }}',
	true: '={{ true }}',
	negative: '={{ -3 }}',
	huge: '={{ 1e12 }}',
	'a date out of range': "={{ '2026-13-45T25:61' }}",
};

/** Text of a JavaScript error, or of a value printed without thought, in a message. */
const CODE_TALK =
	/Cannot read|undefined|\bnull\b|NaN|\[object Object\]|is not a function|is not defined|TypeError|ReferenceError|SyntaxError|Unexpected token|Invalid time value|\.trim|toISOString/;

interface Walk {
	operation: string;
	valid: () => Promise<Record<string, unknown>>;
	/** Parameter paths to walk (`a.b`: the field b of the collection a), with the name users see. */
	fields: Record<string, string>;
}

/** Free slots within the restaurant's 90 days ahead: each walk step books one. */
let slots = 0;
const SLOT_TIMES = ['19:30:00', '12:30:00', '20:00:00', '13:00:00', '18:30:00'];
const slot = async () => {
	const n = slots++;
	return freeSlotAt(ctx, 101, 10 + (n % 70), SLOT_TIMES[Math.floor(n / 70) % SLOT_TIMES.length]);
};
async function booking(): Promise<string> {
	const created = await ctx.call('createReservation', {
		body: { reservationTime: await slot(), groupSize: 2, customerName: 'Walk Guest' },
	});
	return created.body.id as string;
}

const WALKS: Walk[] = [
	{
		operation: 'create',
		valid: async () => ({
			reservationTime: await slot(),
			groupSize: 2,
			customerName: 'Walk Guest',
			checkBookingRules: true,
		}),
		fields: {
			reservationTime: 'Reservation Time',
			groupSize: 'Group Size',
			customerName: 'Guest Name',
			checkBookingRules: 'Check Booking Rules First',
		},
	},
	{
		operation: 'update',
		valid: async () => ({
			reservationId: await booking(),
			updateFields: { reservationTime: await slot(), groupSize: 3 },
			checkBookingRules: true,
		}),
		fields: {
			reservationId: 'Reservation ID',
			'updateFields.reservationTime': 'Reservation Time',
			'updateFields.groupSize': 'Group Size',
		},
	},
	{
		operation: 'find',
		valid: async () => ({ customerName: 'Walk Guest', phone: '', email: '' }),
		fields: { customerName: 'Guest Name', phone: 'Phone', email: 'Email', from: 'From', to: 'To' },
	},
	{
		operation: 'getGuestHistory',
		valid: async () => ({ phone: '+49 30 1234567', customerName: '', email: '' }),
		fields: {
			customerName: 'Guest Name',
			phone: 'Phone',
			email: 'Email',
			from: 'From',
			to: 'To',
			includeReservations: 'Include Reservations',
		},
	},
	{
		operation: 'cancel',
		valid: async () => ({ reservationId: await booking(), note: 'walk', doNotChargeFee: false }),
		fields: { reservationId: 'Reservation ID', note: 'Note', doNotChargeFee: 'Do Not Charge Fee' },
	},
	{
		operation: 'checkAvailability',
		valid: async () => ({ partySize: 2, checkMode: 'time', time: await slot() }),
		fields: { partySize: 'Party Size', time: 'Time' },
	},
	{
		operation: 'checkAvailability',
		valid: async () => ({
			partySize: 2,
			checkMode: 'days',
			date: (await slot()).slice(0, 10),
			days: 3,
		}),
		fields: { date: 'Date', days: 'Days' },
	},
];

function withValue(parameters: Record<string, unknown>, field: string, value: string) {
	const copy = structuredClone(parameters);
	const [collection, inner] = field.split('.');
	if (inner) (copy[collection] as Record<string, unknown>)[inner] = value;
	else copy[field] = value;
	return copy;
}

describe.each(WALKS.map((w) => [w.operation, w] as const))(
	'%s: every input walked',
	(_op, walk) => {
		it.each(Object.entries(walk.fields))('%s', async (field, shownAs) => {
			for (const [kind, value] of Object.entries(BAD_VALUES)) {
				const parameters = withValue(await walk.valid(), field, value);
				// The node runner also fails the test on any request openapi.yaml does not allow.
				const result = await node.run({
					resource: 'reservation',
					operation: walk.operation,
					restaurantId: restaurant(101),
					...parameters,
				});
				if (!result.error) continue;
				const sentence = `${result.error.message} | ${result.error.description ?? ''}`;
				const said = `${field} = ${kind}: ${sentence}`;
				expect({ said, codeTalk: CODE_TALK.test(sentence) }).toEqual({ said, codeTalk: false });
				// The sentence names the field, or it is the restaurant's rule that refuses the value, or
				// the server's "not found" for an ID that looks like one.
				expect(said).toMatch(new RegExp(`${shownAs}|\\(rule \\w+\\)|Check the ID`));
				if (String(result.error.description).includes('Nothing was sent'))
					expect(result.requests.filter((r) => r.method !== 'GET')).toEqual([]);
			}
		});
	},
);
