/**
 * Reservation Get Many over any period: split into windows of at most 60 days (./period), merged,
 * limited and simplified. The user never meets the App-scope limit.
 */
import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { reservationListFilters, restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { vocabularyOf } from '../../../shared/reading/context';
import { stateOf } from '../../../shared/reading/record';
import { stateFilter, statusQueryOf } from '../../../shared/reading/vocabulary';
import {
	fieldsCollection,
	returnAllAndLimit,
	simplifyOption,
} from '../../operationHelpers/descriptions';
import {
	collectionOf,
	onlySet,
	restaurantLocalTime,
	restaurantTimeZone,
	resultLimit,
} from '../../operationHelpers/readParameters';
import {
	apiOperation,
	limitItems,
	pairWithItem,
	simplifyItems,
	type Pagination,
} from '../../operationHelpers/routing';
import { RESERVATION_FIELDS } from './helpers/fields';
import {
	periodHints,
	reservationsOfPeriod,
	requireOrderedPeriod,
	type Period,
} from './helpers/period';
import { withReading } from './helpers/reading';

/**
 * Puts the filters and the restaurant-local period into the query. A Status that names a role
 * (Booked, Cancelled or Refused, ...) is not the API's to apply: the node filters by it.
 */
async function requestQuery(item: IExecuteSingleFunctions): Promise<IDataObject> {
	const from = await restaurantLocalTime(item, 'From', item.getNodeParameter('from') as string);
	const to = await restaurantLocalTime(item, 'To', item.getNodeParameter('to') as string);
	requireOrderedPeriod(item, { from, to });
	const { status, ...filters } = onlySet(collectionOf(item, 'filters'));
	const statusQuery = statusQueryOf(status as string | undefined);
	return { ...filters, ...(statusQuery === undefined ? {} : { status: statusQuery }), from, to };
}

const fetchWindows: Pagination = async function (requestData) {
	const qs = requestData.options.qs as IDataObject & Period;
	const vocabulary = await vocabularyOf(this);
	const inState = stateFilter(collectionOf(this, 'filters'), vocabulary);
	const merged = (await reservationsOfPeriod(this, requestData, qs))
		.filter((reservation) => !inState || inState(stateOf(reservation)))
		.map((json) => ({ json }));
	const limited = limitItems(simplifyItems(this, merged, RESERVATION_FIELDS), resultLimit(this));
	return pairWithItem(
		this.getItemIndex(),
		withReading(limited, await restaurantTimeZone(this), vocabulary),
	);
};

export const operation = apiOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many reservations',
	description: 'List the reservations of any period, with filters',
	method: 'GET',
	url: routingUrl('reservations'),
	query: requestQuery,
	pagination: fetchWindows,
});

/** Get Many's To is required and a date alone there is its midnight. */
const PERIOD_HINTS = periodHints('excluded');

export const fields: INodeProperties[] = [
	restaurantLocator,
	{
		displayName: 'From',
		name: 'from',
		type: 'dateTime',
		default: '',
		required: true,
		description:
			'Start of the period, restaurant-local, included. Any length of period works: it is fetched in 60-day parts.',
		builderHint: { propertyHint: PERIOD_HINTS.from },
	},
	{
		displayName: 'To',
		name: 'to',
		type: 'dateTime',
		default: '',
		required: true,
		description:
			'End of the period, restaurant-local, not included (midnight of a day ends the day before)',
		builderHint: { propertyHint: PERIOD_HINTS.to },
	},
	...returnAllAndLimit,
	fieldsCollection('filters', [
		...reservationListFilters,
		{
			displayName: 'Business Date From',
			name: 'businessDateFrom',
			type: 'string',
			default: '',
			placeholder: 'e.g. 2026-11-22',
			description: 'First business date to include (a business day runs into the night)',
		},
		{
			displayName: 'Business Date To',
			name: 'businessDateTo',
			type: 'string',
			default: '',
			placeholder: 'e.g. 2026-11-30',
			description: 'Last business date to include',
		},
		{
			displayName: 'Only Unviewed',
			name: 'unviewed',
			type: 'boolean',
			default: true,
			description: 'Whether to return only bookings the staff has not opened yet',
		},
		{
			displayName: 'Source Application ID',
			name: 'VendorAppId',
			type: 'string',
			default: '',
			description:
				'Only bookings made by this application (set automatically for application tokens)',
		},
	]),
	simplifyOption(RESERVATION_FIELDS),
];
