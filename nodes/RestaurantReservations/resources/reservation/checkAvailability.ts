/**
 * Reservation › Check Availability: what the restaurant's published rules (spec 2.7, 2.8, 8) say
 * about a party's booking, read from its configuration, settings and current bookings. For a time:
 * bookable or not, the rule broken in a sentence a guest can be read, the nearest bookable times.
 * For one or more days (at most 14): the bookable times. All in the restaurant's time zone; the
 * restaurant's server keeps the final word when the booking is made.
 */
import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import {
	bookableTimes,
	checkBooking,
	nearestBookableTimes,
	needsApproval,
	partyLimits,
} from '../../../shared/bookingRules';
import { addLocalDays, parseLocal } from '../../../shared/dateWindows';
import { restaurantLocator } from '../../../shared/parameters';
import { idValue, routingUrl } from '../../../shared/paths';
import { requiredWholeNumber, textInput } from '../../operationHelpers/inputValues';
import { restaurantLocalTime } from '../../operationHelpers/readParameters';
import { apiOperation, pairWithItem, type Pagination } from '../../operationHelpers/routing';
import { loadBookingContext, loadBookingContextAround } from './helpers/bookingContext';
import { TIME_HINT } from './helpers/apiFields';

const MAX_DAYS = 14;
const FINAL_WORD =
	"Checked against the restaurant's published rules and the bookings this access token can see (an application token sees only its own); the restaurant's server decides when the booking is made.";

function fail(item: IExecuteSingleFunctions, message: string, description: string): never {
	throw new NodeOperationError(item.getNode(), message, {
		description,
		itemIndex: item.getItemIndex(),
	});
}

/** A whole number; one the restaurant does not take (0, -2, 40) is the rules' to refuse, with its sentence. */
function partySizeOf(item: IExecuteSingleFunctions): number {
	return requiredWholeNumber(
		item,
		item.getNodeParameter('partySize'),
		'Party Size',
		'Give the number of guests as a whole number, such as 4.',
	);
}

async function checkTime(item: IExecuteSingleFunctions, partySize: number): Promise<IDataObject> {
	const time = (await restaurantLocalTime(item, 'Time', item.getNodeParameter('time'))).slice(
		0,
		16,
	);
	const context = await loadBookingContextAround(item, time);
	const request = { time, partySize };
	const verdict = checkBooking(context.rules, request, context);
	return {
		restaurantId: idValue(context.restaurantId),
		timeZone: context.timeZone,
		partySize,
		time,
		...verdict,
		nearestBookableTimes: verdict.bookable
			? []
			: nearestBookableTimes(context.rules, request, context).map((t) => t.slice(0, 16)),
		note: FINAL_WORD,
	};
}

async function checkDays(item: IExecuteSingleFunctions, partySize: number): Promise<IDataObject> {
	const days = requiredWholeNumber(
		item,
		item.getNodeParameter('days', 1),
		'Days',
		`Check 1 to ${MAX_DAYS} days at a time.`,
		{ min: 1, max: MAX_DAYS },
	);
	const dateFix = 'Give the first day as YYYY-MM-DD, e.g. 2026-12-04 (restaurant time).';
	let date = textInput(item, item.getNodeParameter('date', ''), 'Date', dateFix).slice(0, 10);
	if (date !== '' && parseLocal(date) === undefined)
		fail(
			item,
			`Date "${date}" is not a date`,
			'Give the first day as YYYY-MM-DD, e.g. 2026-12-04 (restaurant time).',
		);
	// Today by default, read from the restaurant's clock once its rules are loaded.
	const first = date || new Date().toISOString().slice(0, 10);
	const context = await loadBookingContext(
		item,
		addLocalDays(`${first}T00:00:00`, -1).slice(0, 10),
		addLocalDays(`${first}T00:00:00`, days + 1).slice(0, 10),
	);
	date = date || context.now.slice(0, 10);
	const perDay = Array.from({ length: days }, (_, i) => {
		const day = addLocalDays(`${date}T00:00:00`, i).slice(0, 10);
		return {
			date: day,
			bookableTimes: bookableTimes(context.rules, day, partySize, context).map((t) =>
				t.slice(11, 16),
			),
		};
	});
	const limits = partyLimits(context.rules);
	return {
		restaurantId: idValue(context.restaurantId),
		timeZone: context.timeZone,
		partySize,
		from: date,
		to: perDay[perDay.length - 1].date,
		days: perDay,
		bookable: perDay.some((d) => d.bookableTimes.length > 0),
		approvalNeeded: needsApproval(context.rules, partySize),
		partySizeAccepted: partySize >= limits.min && partySize <= limits.max,
		note: FINAL_WORD,
	};
}

const checkAvailability: Pagination = async function () {
	const partySize = partySizeOf(this);
	const mode = this.getNodeParameter('checkMode', 'time') as string;
	const json =
		mode === 'days' ? await checkDays(this, partySize) : await checkTime(this, partySize);
	return pairWithItem(this.getItemIndex(), [{ json }]);
};

export const operation = apiOperation({
	value: 'checkAvailability',
	name: 'Check Availability',
	action: 'Check availability for a party',
	description:
		"Whether a time is bookable for a party under the restaurant's published rules (and why not, with the nearest bookable times), or the bookable times of up to 14 days",
	method: 'GET',
	url: routingUrl('configuration'),
	pagination: checkAvailability,
});

export const fields: INodeProperties[] = [
	restaurantLocator,
	{
		displayName: 'Party Size',
		name: 'partySize',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 2,
		required: true,
		description: 'Number of guests, 1 or more',
	},
	{
		displayName: 'Check',
		name: 'checkMode',
		type: 'options',
		options: [
			{
				name: 'A Time',
				value: 'time',
				description: 'Whether one time is bookable; if not, why, and the nearest bookable times',
			},
			{
				name: 'Days',
				value: 'days',
				description: 'The bookable times of one or more days (at most 14)',
			},
		],
		default: 'time',
	},
	{
		displayName: 'Time',
		name: 'time',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 2026-12-04T19:30',
		description:
			"Restaurant-local date and time, YYYY-MM-DDTHH:mm, without offset. A time with an offset or 'Z' is converted to the restaurant's time zone.",
		builderHint: TIME_HINT,
		displayOptions: { show: { checkMode: ['time'] } },
	},
	{
		displayName: 'First Day',
		name: 'date',
		type: 'string',
		default: '',
		placeholder: 'e.g. 2026-12-04',
		description: 'Restaurant-local date, YYYY-MM-DD. Empty: today at the restaurant.',
		displayOptions: { show: { checkMode: ['days'] } },
	},
	{
		displayName: 'Days',
		name: 'days',
		type: 'number',
		typeOptions: { minValue: 1, maxValue: MAX_DAYS },
		default: 1,
		description: `How many days from the first day, 1 to ${MAX_DAYS}`,
		displayOptions: { show: { checkMode: ['days'] } },
	},
];
