import type {
	IDataObject,
	IExecuteSingleFunctions,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { fieldsCollection, simplifyOption } from '../../shared/descriptions';
import { apiOperation, simplify, withBody } from '../../shared/routing';
import { eventBody } from './body';
import { EVENT_FIELDS, EVENT_TIME_DESCRIPTION, eventFieldOptions, ticketsField } from './fields';

async function buildBody(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	const fields: IDataObject = {
		name: this.getNodeParameter('name'),
		startDate: this.getNodeParameter('startDate'),
		endDate: this.getNodeParameter('endDate'),
		...(this.getNodeParameter('additionalFields', {}) as IDataObject),
		tickets: this.getNodeParameter('tickets', {}),
	};
	return withBody(requestOptions, await eventBody(this, fields));
}

export const operation = apiOperation({
	value: 'create',
	name: 'Create',
	action: 'Create an event',
	description:
		'Create a restaurant event as a draft, optionally with tickets; publish it with Publish',
	method: 'POST',
	url: routingUrl('events'),
	preSend: [buildBody],
	postReceive: [simplify(EVENT_FIELDS)],
});

export const fields: INodeProperties[] = [
	restaurantLocator,
	{
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. Wine tasting',
		description: 'Name of the event',
	},
	{
		displayName: 'Start Date',
		name: 'startDate',
		type: 'dateTime',
		default: '',
		required: true,
		description: `Start of the event. ${EVENT_TIME_DESCRIPTION}.`,
	},
	{
		displayName: 'End Date',
		name: 'endDate',
		type: 'dateTime',
		default: '',
		required: true,
		description: `End of the event, not before the start. ${EVENT_TIME_DESCRIPTION}.`,
	},
	ticketsField(
		'Tickets of the event; they are placed in the floor layout, on a floor named "Main room"',
	),
	fieldsCollection('additionalFields', eventFieldOptions()),
	simplifyOption(EVENT_FIELDS),
];
