/**
 * Reservation Get Many over any period: the period is split into consecutive windows of at most 60
 * days (the App-scope limit, spec 4.1 and 8), fetched a few at a time, merged and freed of
 * duplicates. The user never meets the limit.
 */
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { mapWithConcurrency } from '../../../shared/concurrency';
import { splitIntoWindows, WINDOW_CONCURRENCY } from '../../../shared/dateWindows';
import { reservationListFilters, restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { fieldsCollection, returnAllAndLimit, simplifyOption } from '../../shared/descriptions';
import {
	collectionOf,
	onlySet,
	restaurantLocalTime,
	resultLimit,
} from '../../shared/readParameters';
import { apiOperation, pairWithItem, simplifyItems } from '../../shared/routing';
import { RESERVATION_FIELDS } from './fields';

/** Puts the filters and the restaurant-local period into the query. */
async function requestQuery(item: IExecuteSingleFunctions): Promise<IDataObject> {
	const from = await restaurantLocalTime(item, 'From', item.getNodeParameter('from') as string);
	const to = await restaurantLocalTime(item, 'To', item.getNodeParameter('to') as string);
	if (to <= from) {
		throw new NodeOperationError(item.getNode(), `To (${to}) must be after From (${from})`, {
			itemIndex: item.getItemIndex(),
		});
	}
	const filters = onlySet(collectionOf(item, 'filters'));
	return { ...filters, from, to };
}

async function fetchWindows(
	this: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
): Promise<INodeExecutionData[]> {
	const qs = requestData.options.qs as IDataObject & { from: string; to: string };
	const pages = await mapWithConcurrency(
		splitIntoWindows(qs.from, qs.to),
		WINDOW_CONCURRENCY,
		async (window) =>
			this.makeRoutingRequest({
				...requestData,
				options: { ...requestData.options, qs: { ...qs, ...window } },
			}),
	);
	const byId = new Map<string, INodeExecutionData>();
	for (const page of pages) {
		for (const json of (page[0]?.json ?? []) as unknown as IDataObject[])
			byId.set(String(json.id), { json });
	}
	const merged = [...byId.values()].sort((a, b) =>
		String(a.json.reservationTime).localeCompare(String(b.json.reservationTime)),
	);
	const limited = merged.slice(0, resultLimit(this));
	return pairWithItem(this.getItemIndex(), simplifyItems(this, limited, RESERVATION_FIELDS));
}

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
	},
	{
		displayName: 'To',
		name: 'to',
		type: 'dateTime',
		default: '',
		required: true,
		description:
			'End of the period, restaurant-local, not included (midnight of a day ends the day before)',
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
