/**
 * Reservations of any period (Get Many, Find, Get Guest History): the period is split into
 * consecutive windows of at most 60 days (the App-scope limit, spec 4.1 and 8), fetched a few at a
 * time, merged and freed of duplicates. The user never meets the limit. Find's and Get Guest
 * History's From and To are read here too, each operation with its own defaults.
 */
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { mapWithConcurrency } from '../../../../shared/concurrency';
import { addLocalDays, splitIntoWindows, WINDOW_CONCURRENCY } from '../../../../shared/dateWindows';
import { toLocalDate } from '../../../../shared/localTime';
import { textInput } from '../../../operationHelpers/inputValues';
import { restaurantLocalTime } from '../../../operationHelpers/readParameters';

/** A restaurant-local period [from, to): from included, to not. */
export interface Period {
	from: string;
	to: string;
}

/** An empty or inverted period is a mistake of the user's: say so, send nothing. */
export function requireOrderedPeriod(item: IExecuteSingleFunctions, { from, to }: Period): void {
	if (to > from) return;
	throw new NodeOperationError(item.getNode(), `To (${to}) must be after From (${from})`, {
		itemIndex: item.getItemIndex(),
	});
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** How an operation fills From and To left empty: restaurant-local times, from today's start there. */
export interface PeriodDefaults {
	from: (startOfToday: string) => string;
	to: (from: string, startOfToday: string) => string;
}

/**
 * The period of the item's From and To, restaurant-local; each left empty takes the operation's
 * default. A date alone as To includes that whole day.
 */
export async function periodOf(
	item: IExecuteSingleFunctions,
	timeZone: string,
	defaults: PeriodDefaults,
): Promise<Period> {
	const fix =
		"Give a date-time such as 2026-11-22T19:30 (the restaurant's local time), or leave it empty.";
	const fromText = textInput(item, item.getNodeParameter('from', ''), 'From', fix);
	const toText = textInput(item, item.getNodeParameter('to', ''), 'To', fix);
	const today = `${toLocalDate(new Date(), timeZone)}T00:00:00`;
	const from = fromText
		? await restaurantLocalTime(item, 'From', fromText, timeZone)
		: defaults.from(today);
	let to = defaults.to(from, today);
	if (toText) {
		to = await restaurantLocalTime(item, 'To', toText, timeZone);
		if (DATE_ONLY.test(toText)) to = addLocalDays(to, 1);
	}
	requireOrderedPeriod(item, { from, to });
	return { from, to };
}

/**
 * Every reservation of the period in `qs.from`–`qs.to` (with the other list filters of `qs`), one
 * request per window of at most 60 days, each reservation once, sorted by time.
 */
export async function reservationsOfPeriod(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	qs: IDataObject & Period,
): Promise<IDataObject[]> {
	const pages = await mapWithConcurrency(
		splitIntoWindows(qs.from, qs.to),
		WINDOW_CONCURRENCY,
		async (window) =>
			context.makeRoutingRequest({
				...requestData,
				options: { ...requestData.options, qs: { ...qs, ...window } },
			}),
	);
	return sortedWithoutDuplicates(
		pages.map((page) => (page[0]?.json ?? []) as unknown as IDataObject[]),
	);
}

/** The reservations of a period's windows, each once (by id), sorted by time. */
export function sortedWithoutDuplicates(pages: readonly IDataObject[][]): IDataObject[] {
	const byId = new Map<string, IDataObject>();
	for (const page of pages) for (const json of page) byId.set(String(json.id), json);
	return [...byId.values()].sort((a, b) =>
		String(a.reservationTime).localeCompare(String(b.reservationTime)),
	);
}

/**
 * What n8n's AI workflow builder is told about a period's From and To (their `builderHint`): the
 * forms the fields take and the mistakes a model makes with them (UTC, loops over short periods).
 * `dateAloneAsTo` is what a date alone means as To: the end of that day (Find, Get Guest History)
 * or its midnight, the day left out (Get Many).
 */
export function periodHints(dateAloneAsTo: 'included' | 'excluded'): {
	from: string;
	to: string;
} {
	const forms =
		"The restaurant's own wall-clock time, 'YYYY-MM-DDTHH:mm' without an offset (do not convert it to UTC), or a date 'YYYY-MM-DD'. A value with an offset or 'Z' (e.g. {{ $now }}) names an instant and is converted to the restaurant's time zone, which may differ from n8n's.";
	const anyLength =
		"Any length works: the node splits the period into the API's 60-day parts itself, so never loop over days or weeks.";
	const toDate =
		dateAloneAsTo === 'included'
			? 'A date alone includes that whole day.'
			: 'A date alone is its midnight, so that day is left out: for the bookings of 2026-11-22 give From 2026-11-22 and To 2026-11-23.';
	return {
		from: `Start of the period, included. ${forms} A date alone is the start of that day. ${anyLength}`,
		to: `End of the period, not included. ${forms} ${toDate}`,
	};
}

/**
 * The From and To fields of an operation that reads a period, each description ending with what
 * an empty field means (`emptyFrom`, `emptyTo`: the operation's defaults, ./periodOf).
 */
export function periodFields(emptyFrom: string, emptyTo: string): INodeProperties[] {
	const hints = periodHints('included');
	return [
		{
			displayName: 'From',
			name: 'from',
			type: 'dateTime',
			default: '',
			description: `Start of the period, restaurant-local, included: YYYY-MM-DDTHH:mm, or a date YYYY-MM-DD for the start of that day. A time with an offset or 'Z' is converted to the restaurant's time zone. Empty: ${emptyFrom}.`,
			builderHint: { propertyHint: `${hints.from} Empty: ${emptyFrom}.` },
		},
		{
			displayName: 'To',
			name: 'to',
			type: 'dateTime',
			default: '',
			description: `End of the period, restaurant-local, not included: YYYY-MM-DDTHH:mm, or a date YYYY-MM-DD to include that whole day. Empty: ${emptyTo}. Any length of period works.`,
			builderHint: { propertyHint: `${hints.to} Empty: ${emptyTo}.` },
		},
	];
}
