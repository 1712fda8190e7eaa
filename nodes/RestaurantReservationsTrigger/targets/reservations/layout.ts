/**
 * What the trigger watches in a reservation (BookingContract, spec 2.2), as the description stored
 * with its snapshots (../../state/description), and the layout a poll reads and writes records by.
 *
 * A record is `<hashes><state>,<the other exact fields>` and, when the guest details are stored as
 * values, `,<guest detail>` for each after them. The hashes are fixed width: over everything
 * watched that is not stored exactly (the guest details and the rest of the record), over the rest
 * alone, and, when the guest details are hashes, one per guest detail (which of them changed).
 */
import type { ExactField, RecordDescription } from '../../state/description';
import { GUEST_DETAIL_FIELDS } from '../../../RestaurantReservations/resources/reservation/helpers/fields';
import {
	compiledOnce,
	describeExact,
	HASH,
	readDescription,
	textList,
} from '../../state/description';

/**
 * Fields stored exactly, so that an update reports their previous values, in the order changes
 * name them. The state is the record's `state`, or its `status` when it has none
 * (../../../shared/reading/record); it is the first value of a record.
 */
export const EXACT_FIELDS: readonly ExactField[] = [
	{ name: 'reservationTime', kind: 'time' },
	{ name: 'groupSize', kind: 'int' },
	{ name: 'tableNumber', kind: 'text' },
	{ name: 'state', kind: 'state' },
	{ name: 'eventId', kind: 'int' },
];

/**
 * Guest details: watched field by field; their previous values are stored only when the trigger's
 * "Report Previous Guest Details" option is on (they are what makes a snapshot large). They are the
 * reservation fields declared `guestDetail`, in their declared order
 * (nodes/RestaurantReservations/resources/reservation/helpers/apiFields.ts): declaring one there is
 * all it takes, records stored before are read by the description they were stored with.
 */
export { GUEST_DETAIL_FIELDS };

/**
 * Bookkeeping that changes without the booking changing: never a reason for an event. `businessDate`
 * follows `reservationTime`; `viewed` flips when staff open the booking.
 */
export const IGNORED_FIELDS: readonly string[] = [
	'id',
	'updatedAt',
	'lastUpdatedBy',
	'viewed',
	'businessDate',
];

/** Widths: the hash over the guest details and the rest, the one over the rest, one per guest detail. */
const WIDTHS = [5, 2, 2];

/**
 * How a description reads a booking: 1 as release 0.1.0 did (the state from `state` alone,
 * `status` in the rest, a time with an offset as its JSON), 2 as this release does (the state from
 * `state` or `status`, a time with an offset as an instant, a state not the sandbox's by its place
 * among the state names).
 */
const READING = 2;

export interface ReservationDescription extends RecordDescription {
	reading: number;
	guestDetails: string[];
	/** `hash`: a hash of each; `value`: their values, so that updates report the previous ones. */
	guestDetailsAs: 'hash' | 'value';
}

/** The description of the records this release writes. */
export function reservationDescription(
	guestDetailValues: boolean,
	guestDetails: readonly string[] = GUEST_DETAIL_FIELDS,
): ReservationDescription {
	return {
		records: 'reservation',
		hash: HASH,
		reading: READING,
		widths: [...WIDTHS],
		exact: describeExact(EXACT_FIELDS),
		guestDetails: [...guestDetails],
		guestDetailsAs: guestDetailValues ? 'value' : 'hash',
		ignored: [...IGNORED_FIELDS],
	};
}

/** What release 0.1.0 stored, which stored no description: its records are read by this one. */
const OF_010 = {
	records: 'reservation',
	hash: HASH,
	reading: 1,
	widths: [5, 2, 2],
	exact: [
		'reservationTime:time',
		'groupSize:int',
		'tableNumber:text',
		'state:state',
		'eventId:int',
	],
	guestDetails: ['customerName', 'phone', 'email', 'specialRequests'],
	ignored: ['id', 'updatedAt', 'lastUpdatedBy', 'viewed', 'businessDate'],
};

/** The descriptions of release 0.1.0's records, without and with Report Previous Guest Details. */
export const RESERVATIONS_OF_010: Readonly<Record<'hash' | 'value', ReservationDescription>> = {
	hash: { ...OF_010, guestDetailsAs: 'hash' },
	value: { ...OF_010, guestDetailsAs: 'value' },
};

/** The keys the records of the rest hash are looked up by, for the last key list seen. */
export interface KeysSeen {
	keys: string[];
	/** Where the "rest" keys are among the record's keys, listed in sorted key order (key order is no change). */
	positions: number[];
	/** The hash of each of those keys (32 bits), mixed in before its value. */
	hashes: number[];
}

/** A description as a poll reads and writes records by it. */
export interface ReservationLayout {
	description: ReservationDescription;
	/** 1 or 2: see {@link READING}. */
	reading: number;
	contentLength: number;
	restLength: number;
	guestDetailLength: number;
	exact: readonly ExactField[];
	/** Where the state and the time are among the exact fields. */
	stateAt: number;
	timeAt: number;
	guestDetails: readonly string[];
	guestDetailValues: boolean;
	/** Not in the rest: the ignored, exact and guest detail fields; and `status` when it holds the state. */
	notInRest: ReadonlySet<string>;
	notInRestWithStatus: ReadonlySet<string>;
	/** The keys of the last record fingerprinted by this layout: the records of one list share them. */
	seen: KeysSeen;
	/** Width of the hashes at the start of a record. */
	hashesLength: number;
	/** Commas in a record (after its ID). */
	commas: number;
}

/** The layout of a stored description; throws when this release cannot read it. */
export const reservationLayout = compiledOnce((description: unknown): ReservationLayout => {
	const { widths, exact, ignored, fields } = readDescription(description, 'reservation');
	const guestDetails = textList(fields.guestDetails);
	const reading = fields.reading;
	const stateAt = exact.findIndex((f) => f.name === 'state' && f.kind === 'state');
	const timeAt = exact.findIndex((f) => f.name === 'reservationTime' && f.kind === 'time');
	if (
		(reading !== 1 && reading !== READING) ||
		(fields.guestDetailsAs !== 'hash' && fields.guestDetailsAs !== 'value') ||
		stateAt < 0 ||
		timeAt < 0 ||
		exact.some((f) => f.optional)
	)
		throw new Error('not a description of reservation records this release reads');
	const [contentLength, restLength, guestDetailLength] = widths;
	const guestDetailValues = fields.guestDetailsAs === 'value';
	const notInRest = new Set([...ignored, ...exact.map((f) => f.name), ...guestDetails]);
	return {
		description: fields as ReservationDescription,
		reading,
		contentLength,
		restLength,
		guestDetailLength,
		exact,
		stateAt,
		timeAt,
		guestDetails,
		guestDetailValues,
		notInRest,
		notInRestWithStatus: new Set([...notInRest, 'status']),
		seen: { keys: [], positions: [], hashes: [] },
		hashesLength:
			contentLength +
			restLength +
			(guestDetailValues ? 0 : guestDetailLength * guestDetails.length),
		commas: exact.length - 1 + (guestDetailValues ? guestDetails.length : 0),
	};
});
