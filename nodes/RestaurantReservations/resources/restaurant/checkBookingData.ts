/**
 * Restaurant › Check Booking Data: a first-contact check. It reads the restaurant's profile and its
 * bookings of the last and next 30 days and says in one sentence how the nodes read them (which
 * field holds the state, the states and their roles, the time form, the time zone), with the fix
 * for what they cannot read (../../../shared/reading/firstContact).
 *
 * An operation rather than the credential's Test connection: n8n's credential test sends one request
 * and judges its status code; it cannot read bookings nor answer with a sentence. As an operation it
 * runs per restaurant, its answer stays in the editor's output, and an AI agent can call it.
 */
import type {
	IDataObject,
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { addLocalDays, MAX_RANGE_DAYS } from '../../../shared/dateWindows';
import { toLocalDate } from '../../../shared/localTime';
import { restaurantLocator } from '../../../shared/parameters';
import { apiPath, routingUrl } from '../../../shared/paths';
import { timeZoneSettingOf, vocabularyOf } from '../../../shared/reading/context';
import { readingReport } from '../../../shared/reading/firstContact';
import { restaurantZone } from '../../../shared/reading/restaurantZone';
import { apiRequest } from '../../../shared/transport';
import { restaurantIdOf } from '../../operationHelpers/readParameters';
import { apiOperation } from '../../operationHelpers/routing';

/** Days read either side of today: one request of the App-scope's 60 days at most. */
const SAMPLE_DAYS = MAX_RANGE_DAYS / 2;

async function reportBookingData(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	const profile = (items[0]?.json ?? {}) as IDataObject;
	const zone = restaurantZone(profile, profile.timeZone, await timeZoneSettingOf(this));
	const today = `${toLocalDate(new Date(), 'timeZone' in zone ? zone.timeZone : 'UTC')}T00:00:00`;
	const period = { from: addLocalDays(today, -SAMPLE_DAYS), to: addLocalDays(today, SAMPLE_DAYS) };
	const restaurantId = restaurantIdOf(this);
	const [bookings, vocabulary] = await Promise.all([
		apiRequest<IDataObject[]>(this, {
			method: 'GET',
			path: apiPath('reservations', { restaurantId }),
			qs: { ...period, includeEvents: true },
			itemIndex: this.getItemIndex(),
		}),
		vocabularyOf(this),
	]);
	const name =
		typeof profile.name === 'string' && profile.name
			? `${profile.name} (${restaurantId})`
			: `restaurant ${restaurantId}`;
	const report = readingReport({
		restaurant: name,
		period,
		bookings: Array.isArray(bookings) ? bookings : [],
		timeZoneOfApi: profile.timeZone,
		zone,
		vocabulary,
	});
	return [{ json: { restaurantId: profile.id ?? restaurantId, ...report } }];
}

export const operation = apiOperation({
	value: 'checkBookingData',
	name: 'Check Booking Data',
	action: 'Check how the nodes read the bookings of a restaurant',
	description:
		"Read the restaurant's bookings of the last and next 30 days and say how the nodes read them: the state field, the states and their meaning, the time form and zone, and what to fix",
	method: 'GET',
	url: routingUrl('restaurant'),
	postReceive: [reportBookingData],
});

export const fields: INodeProperties[] = [
	restaurantLocator,
	{
		displayName:
			'Run this once when you connect a new platform or restaurant: the output says whether reminders, follow-ups and cancellations will be recognised, and what to add to the credential if not',
		name: 'checkBookingDataNotice',
		type: 'notice',
		default: '',
	},
];
