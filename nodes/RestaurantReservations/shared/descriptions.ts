/** Parameter descriptions that several operations share. */
import type { IDisplayOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

type Show = NonNullable<IDisplayOptions['show']>;

/** The Operation dropdown of a resource. */
export function operationSelector(resource: string, options: INodePropertyOptions[], defaultValue: string): INodeProperties {
	return {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options,
		default: defaultValue,
	};
}

const COLLECTION_LABELS = {
	additionalFields: ['Additional Fields', 'Add Field'],
	updateFields: ['Update Fields', 'Add Field'],
	filters: ['Filters', 'Add Filter'],
} as const;

/** An Additional Fields, Update Fields or Filters collection, its options in alphabetical order. */
export function fieldsCollection(name: keyof typeof COLLECTION_LABELS, show: Show, options: INodeProperties[]): INodeProperties {
	return {
		displayName: COLLECTION_LABELS[name][0],
		name,
		type: 'collection',
		placeholder: COLLECTION_LABELS[name][1],
		default: {},
		displayOptions: { show },
		options: sortedOptions(options),
	};
}

/** The restaurant, picked from the list loaded from the API or given by ID. */
export function restaurantLocator(show: Show): INodeProperties {
	return {
		displayName: 'Restaurant',
		name: 'restaurantId',
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: 'The restaurant to work with. Only restaurants your access token reaches are listed.',
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: 'searchRestaurants', searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: 'e.g. 101',
				validation: [
					{ type: 'regex', properties: { regex: '^\\d+$', errorMessage: 'A restaurant ID is a whole number, e.g. 101' } },
				],
			},
		],
		displayOptions: { show },
	};
}

/** Collection options in alphabetical order of their display names, as n8n lists them. */
export function sortedOptions(options: INodeProperties[]): INodeProperties[] {
	return [...options].sort((a, b) => a.displayName.localeCompare(b.displayName));
}

/** Return All and Limit for a list operation. */
export function returnAllAndLimit(show: Show): INodeProperties[] {
	return [
		{
			displayName: 'Return All',
			name: 'returnAll',
			type: 'boolean',
			default: false,
			description: 'Whether to return all results or only up to a given limit',
			displayOptions: { show },
		},
		{
			displayName: 'Limit',
			name: 'limit',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 50,
			description: 'Max number of results to return',
			displayOptions: { show: { ...show, returnAll: [false] } },
		},
	];
}

/** Simplify, on by default, for responses with more than ten fields. */
export function simplifyOption(show: Show, fields: readonly string[]): INodeProperties {
	return {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description: `Whether to return only the main fields (${fields.join(', ')}) instead of the full record`,
		displayOptions: { show },
	};
}

/** The path of the restaurant's resources; `$parameter.restaurantId` is the locator's value. */
export const RESTAURANT_PATH = '/api/core/admin/restaurants/{{$parameter.restaurantId}}';
export const RESERVATIONS_PATH = '/api/rsv/admin/restaurants/{{$parameter.restaurantId}}/reservations';
