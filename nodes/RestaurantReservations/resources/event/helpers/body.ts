/** The event body and ID from the node's parameters: restaurant-local dates, a list of dates, tickets; checked first. */
import type { IDataObject, IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { apiBody } from '../../../operationHelpers/apiFields';
import { EVENT_API_FIELDS } from './apiFields';
import { ticketsBody, withTickets } from './tickets';

/**
 * The event fields of the parameters as body fields: only what is set, dates restaurant-local,
 * `dates` as a list, tickets on the floor layout of `floors`.
 */
export async function eventBody(
	context: IExecuteSingleFunctions,
	fields: IDataObject,
	floors?: unknown,
): Promise<IDataObject> {
	const { tickets, ...rest } = fields;
	const body = await apiBody(context, EVENT_API_FIELDS, rest);
	const ticketList = ticketsBody(context, tickets as IDataObject | undefined);
	if (ticketList) body.floors = withTickets(floors, ticketList);
	return body;
}

/** The event ID of the parameters: a whole number (spec 4.6), else an error before any request. */
export function eventIdOf(context: IExecuteSingleFunctions): number {
	const value = context.getNodeParameter('eventId') as string | number;
	const id = Number(value);
	if (value === '' || !Number.isInteger(id) || id <= 0) {
		throw new NodeOperationError(
			context.getNode(),
			`Event ID "${value}" is not valid: it must be a whole number, e.g. 5001`,
			{
				description: 'Pick the event from the list, or give its numeric ID. Nothing was sent.',
				itemIndex: context.getItemIndex(),
			},
		);
	}
	return id;
}

/** First step of every operation on one event: checks the event ID. */
export async function checkEventId(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	eventIdOf(this);
	return requestOptions;
}
