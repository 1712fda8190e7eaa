/** The Guests watch's own parameters, read into its settings. */
import type { INodeProperties, IPollFunctions } from 'n8n-workflow';
import { configurationError } from '../../../shared/errors';
import type { GuestSettings } from '../../types';
import { GUEST_EVENTS } from './triggerEvents';

/** Longest history read at a restaurant's first listing, in days. */
const MAX_HISTORY_DAYS = 1095;
/** Most days before a birthday or anniversary the greeting can fall due. */
const MAX_OCCASION_DAYS = 60;

export const GUEST_PARAMETERS: INodeProperties[] = [
	{
		displayName: 'History (Days)',
		name: 'guestHistoryDays',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: MAX_HISTORY_DAYS, numberPrecision: 0 },
		default: 365,
		displayOptions: { show: { watch: ['guests'] } },
		description:
			'How many days of past bookings the first poll of each restaurant reads to learn who its guests are (nobody in them is reported as new), and, with Birthday or Anniversary Coming, once a day to find their profiles. Read in parts of 60 days: 365 days is 7 requests per restaurant, once.',
	},
	{
		displayName: 'Days Before the Date',
		name: 'occasionDaysBefore',
		type: 'number',
		typeOptions: { minValue: 0, maxValue: MAX_OCCASION_DAYS, numberPrecision: 0 },
		default: 7,
		displayOptions: {
			show: { watch: ['guests'], guestEvents: [GUEST_EVENTS.occasionComing] },
		},
		description:
			"How many days before a known guest's birthday or anniversary (restaurant's calendar) the item comes: once a year for each, at the first poll of that day or later until the date. 0: on the day.",
	},
];

/** Options of the Options collection shown for guests. */
export const GUEST_OPTIONS: INodeProperties[] = [
	{
		displayName: 'Same Guest in Every Restaurant',
		name: 'sameGuestEverywhere',
		type: 'boolean',
		default: false,
		description:
			"Whether a guest known in one of the watched restaurants is known in all of them (a chain's guest is new once). Off: each restaurant has its own guests.",
	},
];

export function readGuestSettings(
	context: IPollFunctions,
	options: { sameGuestEverywhere?: boolean },
): GuestSettings {
	const historyDays = context.getNodeParameter('guestHistoryDays', 365) as number;
	const occasionDaysBefore = context.getNodeParameter('occasionDaysBefore', 7) as number;
	const whole = (value: number, max: number) =>
		Number.isInteger(value) && value >= 0 && value <= max;
	if (!whole(historyDays, MAX_HISTORY_DAYS))
		throw configurationError(
			context.getNode(),
			`History (Days) must be a whole number of days from 0 to ${MAX_HISTORY_DAYS}; it is ${historyDays}`,
		);
	if (!whole(occasionDaysBefore, MAX_OCCASION_DAYS))
		throw configurationError(
			context.getNode(),
			`Days Before the Date must be a whole number from 0 to ${MAX_OCCASION_DAYS}; it is ${occasionDaysBefore}`,
		);
	return {
		historyDays,
		occasionDaysBefore,
		sameGuestEverywhere: options.sameGuestEverywhere === true,
	};
}
