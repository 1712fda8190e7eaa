/**
 * The fields of an event (RestaurantFullContract, spec 2.9), each declared once
 * (../../../operationHelpers/apiFields): Create's Additional Fields, Update's Update Fields, the
 * request body and what Simplify keeps come from this list (./fields, ./body). Create's required
 * Name and dates, Copy's fields and the tickets are their operations' own parameters; their values
 * are sent as declared here.
 */
import type { INodeProperties } from 'n8n-workflow';
import type { ApiField, Conversion } from '../../../operationHelpers/apiFields';
import { asList, asRestaurantLocalTime } from '../../../operationHelpers/apiFields';
import { nameField } from '../../../operationHelpers/descriptions';

export const EVENT_TIME_DESCRIPTION =
	"Restaurant-local date and time. A time with a UTC offset or 'Z' (for example from {{ $now }}) is converted to the restaurant's time zone before sending";

/** The description of the event, shown to guests. */
export const eventDescriptionField: INodeProperties = {
	displayName: 'Description',
	name: 'description',
	type: 'string',
	typeOptions: { rows: 3 },
	default: '',
	description: 'Description shown to guests',
};

/** Start Date or End Date of an event, restaurant-local; `lead` begins its description. */
export function eventDateField(
	which: 'startDate' | 'endDate',
	lead: string,
	required = false,
): INodeProperties {
	return {
		displayName: which === 'startDate' ? 'Start Date' : 'End Date',
		name: which,
		type: 'dateTime',
		default: '',
		...(required ? { required: true } : {}),
		description: `${lead}. ${EVENT_TIME_DESCRIPTION}.`,
	};
}

/** A date given as text, sent restaurant-local; another value (from an expression) is sent as given. */
const asLocalDate: Conversion = async (item, value, label) =>
	typeof value === 'string' ? await asRestaurantLocalTime(item, value, label) : value;

const BOTH = ['additionalFields', 'updateFields'] as const;

/** In the order Simplify keeps them; a new field goes at the end. */
export const EVENT_API_FIELDS: readonly ApiField[] = [
	{ name: 'id', simplify: true },
	{
		name: 'name',
		parameter: nameField('event', 'Wine tasting'),
		in: ['updateFields'],
		simplify: true,
	},
	{ name: 'description', parameter: eventDescriptionField, in: BOTH, simplify: true },
	{
		name: 'promoImage',
		parameter: {
			displayName: 'Promo Image',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://example.com/gala.jpg',
			description: 'URL of the promotional image',
		},
		in: BOTH,
		simplify: true,
	},
	{
		name: 'startDate',
		parameter: eventDateField('startDate', 'Start of the event'),
		in: ['updateFields'],
		send: asLocalDate,
		simplify: true,
	},
	{
		name: 'endDate',
		parameter: eventDateField('endDate', 'End of the event'),
		in: ['updateFields'],
		send: asLocalDate,
		simplify: true,
	},
	{ name: 'isOffline', simplify: true },
	{
		name: 'isPublic',
		parameter: {
			displayName: 'Is Public',
			type: 'boolean',
			default: true,
			description: 'Whether guests can see the event publicly',
		},
		in: BOTH,
		simplify: true,
	},
	{
		name: 'dates',
		parameter: {
			displayName: 'Dates',
			type: 'string',
			default: '',
			placeholder: 'e.g. 2026-12-03, 2026-12-10',
			description: 'Comma-separated specific dates of a recurring event',
		},
		in: BOTH,
		send: asList,
		simplify: true,
	},
	{ name: 'lastStatusChange', simplify: true },
];
