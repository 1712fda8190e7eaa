import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { simplifyOption } from '../../operationHelpers/descriptions';
import { booleanInput, textInput } from '../../operationHelpers/inputValues';
import { collectionOf } from '../../operationHelpers/readParameters';
import { apiOperation, simplify } from '../../operationHelpers/routing';
import { RESERVATION_FIELDS, reservationIdField } from './helpers/fields';
import { checkReservationId } from './helpers/reservationId';
import { addReading } from './helpers/reading';

async function requestBody(item: IExecuteSingleFunctions): Promise<IDataObject | IDataObject[]> {
	const options = collectionOf(item, 'cancelOptions');
	const text = (value: unknown, field: string) =>
		textInput(item, value, field, `Give ${field} as text, or leave it empty.`) || undefined;
	const body: IDataObject = {
		cancelOptionName: text(item.getNodeParameter('cancelOptionName'), 'Cancellation Reason'),
		note: text(item.getNodeParameter('note'), 'Note'),
		doNotChargeFee: booleanInput(
			item,
			item.getNodeParameter('doNotChargeFee'),
			'Do Not Charge Fee',
			false,
		),
		updatedBy: text(options.updatedBy, 'Cancelled By'),
		origin: text(options.origin, 'Origin'),
	};
	return body;
}

export const operation = apiOperation({
	value: 'cancel',
	name: 'Cancel',
	action: 'Cancel a reservation',
	description: 'Cancel on behalf of the staff, with a reason from the restaurant configuration',
	method: 'PUT',
	url: routingUrl('reservationCancel'),
	preSend: [checkReservationId],
	body: requestBody,
	postReceive: [simplify(RESERVATION_FIELDS), addReading],
});

export const fields: INodeProperties[] = [
	restaurantLocator,
	reservationIdField,
	{
		displayName: 'Cancellation Reason Name or ID',
		name: 'cancelOptionName',
		type: 'options',
		typeOptions: {
			loadOptionsMethod: 'getCancellationReasons',
			loadOptionsDependsOn: ['restaurantId.value'],
		},
		default: '',
		description:
			'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
		hint: "The reasons configured by the restaurant; an expression gives the reason's name",
	},
	{
		displayName: 'Note',
		name: 'note',
		type: 'string',
		default: '',
		description: 'Comment on the cancellation',
	},
	{
		displayName: 'Do Not Charge Fee',
		name: 'doNotChargeFee',
		type: 'boolean',
		default: false,
		description: 'Whether to waive the cancellation fee',
	},
	{
		displayName: 'Options',
		name: 'cancelOptions',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Cancelled By',
				name: 'updatedBy',
				type: 'string',
				default: '',
				description: 'Who cancelled, as shown to staff',
			},
			{
				displayName: 'Origin',
				name: 'origin',
				type: 'string',
				default: '',
				placeholder: 'e.g. phone',
				description: 'Where the cancellation came from',
			},
		],
	},
	simplifyOption(RESERVATION_FIELDS),
];
