/**
 * The guest a Find or Get Guest History looks for: the Guest Name, Phone and Email fields, and the
 * query read from them (./guestMatch), checked before any request.
 */
import type { IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { textInput } from '../../../operationHelpers/inputValues';
import { guestQuery, type GuestQuery } from './guestMatch';

/** Guest Name, Phone and Email, as Find and Get Guest History show them. */
export const guestSearchFields: INodeProperties[] = [
	{
		displayName: 'Guest Name',
		name: 'customerName',
		type: 'string',
		default: '',
		placeholder: 'e.g. zoe muller',
		description:
			'The guest\'s name or part of it: any case, accents optional, every word given must appear in the name ("zoe muller" finds "Zoë Müller-Lüdenscheid"). Give one or more of Guest Name, Phone and Email; with several, a reservation must match all of them.',
	},
	{
		displayName: 'Phone',
		name: 'phone',
		type: 'string',
		default: '',
		placeholder: 'e.g. +49 30 1234567',
		description:
			"The guest's phone number in any format (+49 30 1234567, 0049 30 1234567, 030-123 4567), at least 6 digits. Compared as a number: without a country code it is a number of the restaurant's country (in Germany 030 1234567 is +49 30 1234567), with one it is only that country's number. Give one or more of Guest Name, Phone and Email; with several, a reservation must match all of them.",
		builderHint: {
			propertyHint:
				"Pass the number as the guest gave it, in any format: it is compared as a phone number, not as text. Without a country code it is read as a number of the restaurant's country (030 1234567 at a Berlin restaurant is +49 30 1234567); with a country code it finds only that country's number, so do not add or strip a prefix yourself.",
		},
	},
	{
		displayName: 'Email',
		name: 'email',
		type: 'string',
		placeholder: 'name@email.com',
		default: '',
		description:
			"The guest's email address, any case; must match the whole address. Give one or more of Guest Name, Phone and Email; with several, a reservation must match all of them.",
	},
];

/** The guest criteria of the item; none, or one that cannot work, stops the item before any request. */
export function guestQueryOf(item: IExecuteSingleFunctions): GuestQuery {
	const text = (name: string, field: string, example: string) =>
		textInput(item, item.getNodeParameter(name, ''), field, `Give ${field} as text, ${example}.`);
	const result = guestQuery({
		customerName: text('customerName', 'Guest Name', 'e.g. Anna Schmidt'),
		phone: text('phone', 'Phone', 'e.g. +49 30 1234567'),
		email: text('email', 'Email', 'e.g. anna@example.com'),
	});
	if ('query' in result) return result.query;
	throw new NodeOperationError(item.getNode(), result.problem.message, {
		description: result.problem.fix,
		itemIndex: item.getItemIndex(),
	});
}
