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
	IHttpRequestOptions,
	INodeExecutionData,
	INodeProperties,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { mapWithConcurrency } from '../../../shared/concurrency';
import { splitIntoWindows, WINDOW_CONCURRENCY } from '../../../shared/dateWindows';
import { fieldsCollection, RESERVATIONS_PATH } from '../../shared/descriptions';
import { apiOperation, pairWithItem, simplifyItems } from '../../shared/routing';
import { BOOKING_KINDS, localReservationTime, STATUS_FILTERS } from './fields';
import { RESERVATION_FIELDS } from './get';

const show = { resource: ['reservation'], operation: ['getAll'] };

/** Puts the filters and the restaurant-local period into the query. */
async function buildQuery(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const from = await localReservationTime(this, 'From', this.getNodeParameter('from') as string);
	const to = await localReservationTime(this, 'To', this.getNodeParameter('to') as string);
	if (to <= from) {
		throw new NodeOperationError(this.getNode(), `To (${to}) must be after From (${from})`, { itemIndex: this.getItemIndex() });
	}
	const filters = Object.fromEntries(
		Object.entries(this.getNodeParameter('filters', {}) as IDataObject).filter(([, v]) => v !== '' && v !== undefined),
	);
	return { ...requestOptions, qs: { ...requestOptions.qs, ...filters, from, to } };
}

async function fetchWindows(this: IExecutePaginationFunctions, requestData: DeclarativeRestApiSettings.ResultOptions): Promise<INodeExecutionData[]> {
	const qs = requestData.options.qs as IDataObject & { from: string; to: string };
	const pages = await mapWithConcurrency(splitIntoWindows(qs.from, qs.to), WINDOW_CONCURRENCY, async (window) =>
		this.makeRoutingRequest({ ...requestData, options: { ...requestData.options, qs: { ...qs, ...window } } }),
	);
	const byId = new Map<string, INodeExecutionData>();
	for (const page of pages) {
		for (const json of (page[0]?.json ?? []) as unknown as IDataObject[]) byId.set(String(json.id), { json });
	}
	const merged = [...byId.values()].sort((a, b) => String(a.json.reservationTime).localeCompare(String(b.json.reservationTime)));
	const limited = (this.getNodeParameter('returnAll', false) as boolean) ? merged : merged.slice(0, this.getNodeParameter('limit', 50) as number);
	return pairWithItem(this.getItemIndex(), simplifyItems(this, limited, RESERVATION_FIELDS));
}

export const getMany = apiOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many reservations',
	description: 'List the reservations of any period, with filters',
	method: 'GET',
	url: `=${RESERVATIONS_PATH}`,
	preSend: [buildQuery],
	pagination: fetchWindows,
});

export const getManyFields: INodeProperties[] = [
	{
		displayName: 'From',
		name: 'from',
		type: 'dateTime',
		default: '',
		required: true,
		description: 'Start of the period, restaurant-local, included. Any length of period works: it is fetched in 60-day parts.',
		displayOptions: { show },
	},
	{
		displayName: 'To',
		name: 'to',
		type: 'dateTime',
		default: '',
		required: true,
		description: 'End of the period, restaurant-local, not included (midnight of a day ends the day before)',
		displayOptions: { show },
	},
	fieldsCollection('filters', show, [
			{ displayName: 'Business Date From', name: 'businessDateFrom', type: 'string', default: '', placeholder: 'e.g. 2026-11-22', description: 'First business date to include (a business day runs into the night)' },
			{ displayName: 'Business Date To', name: 'businessDateTo', type: 'string', default: '', placeholder: 'e.g. 2026-11-30', description: 'Last business date to include' },
			{ displayName: 'Include Event Bookings', name: 'includeEvents', type: 'boolean', default: true, description: 'Whether to include bookings made for restaurant events' },
			{
				displayName: 'Kind',
				name: 'kind',
				type: 'options',
				options: BOOKING_KINDS,
				default: 'reservation',
				description: 'Only bookings of this kind',
			},
			{ displayName: 'Only Pending', name: 'pending', type: 'boolean', default: true, description: 'Whether to return only bookings that wait for approval' },
			{ displayName: 'Only Unviewed', name: 'unviewed', type: 'boolean', default: true, description: 'Whether to return only bookings the staff has not opened yet' },
			{ displayName: 'Source Application ID', name: 'VendorAppId', type: 'string', default: '', description: 'Only bookings made by this application (set automatically for application tokens)' },
			{ displayName: 'Status', name: 'status', type: 'options', options: STATUS_FILTERS, default: 'confirmed', description: 'Only bookings in this state' },
		]),
];
