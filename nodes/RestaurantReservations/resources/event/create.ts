import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions, INodeProperties } from 'n8n-workflow';
import { fieldsCollection } from '../../shared/descriptions';
import { apiOperation, simplify, withBody } from '../../shared/routing';
import { EVENT_FIELDS, EVENT_TIME_DESCRIPTION, eventBody, eventFieldOptions, EVENTS_PATH, ticketsField } from './fields';

const show = { resource: ['event'], operation: ['create'] };

async function buildBody(this: IExecuteSingleFunctions, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
	const fields: IDataObject = {
		name: this.getNodeParameter('name'),
		startDate: this.getNodeParameter('startDate'),
		endDate: this.getNodeParameter('endDate'),
		...(this.getNodeParameter('additionalFields', {}) as IDataObject),
		tickets: this.getNodeParameter('tickets', {}),
	};
	return withBody(requestOptions, await eventBody(this, fields));
}

export const create = apiOperation({
	value: 'create',
	name: 'Create',
	action: 'Create an event',
	description: 'Create a restaurant event as a draft, optionally with tickets; publish it with Publish',
	method: 'POST',
	url: `=${EVENTS_PATH}`,
	preSend: [buildBody],
	postReceive: [simplify(EVENT_FIELDS)],
});

export const createFields: INodeProperties[] = [
	{ displayName: 'Name', name: 'name', type: 'string', default: '', required: true, placeholder: 'e.g. Wine tasting', description: 'Name of the event', displayOptions: { show } },
	{ displayName: 'Start Date', name: 'startDate', type: 'dateTime', default: '', required: true, description: `Start of the event. ${EVENT_TIME_DESCRIPTION}.`, displayOptions: { show } },
	{ displayName: 'End Date', name: 'endDate', type: 'dateTime', default: '', required: true, description: `End of the event, not before the start. ${EVENT_TIME_DESCRIPTION}.`, displayOptions: { show } },
	{ ...ticketsField('Tickets of the event; they are placed in the floor layout, on a floor named "Main room"'), displayOptions: { show } },
	fieldsCollection('additionalFields', show, eventFieldOptions()),
];
