/**
 * How a resource's parameters are put together: each operation file exports its `operation` (the
 * option with its routing, see ./routing) and its `fields`; a resource lists its operations once,
 * and every field is shown exactly for the operation that declares it.
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { sortedOptions } from '../../shared/parameters';

/** What an operation file exports. */
export interface OperationModule {
	operation: INodePropertyOptions;
	fields: INodeProperties[];
}

/** The Operation dropdown of a resource and the fields of each operation, shown only for it. */
export function resourceDescription(
	resource: string,
	defaultOperation: string,
	operations: OperationModule[],
): INodeProperties[] {
	const selector: INodeProperties = {
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options: operations.map((o) => o.operation).sort((a, b) => a.name.localeCompare(b.name)),
		default: defaultOperation,
	};
	const fields = operations.flatMap(({ operation, fields }) =>
		updateDisplayOptions(
			{ show: { resource: [resource], operation: [String(operation.value)] } },
			fields,
		),
	);
	return [selector, ...fields];
}

const COLLECTION_LABELS = {
	additionalFields: ['Additional Fields', 'Add Field'],
	updateFields: ['Update Fields', 'Add Field'],
	filters: ['Filters', 'Add Filter'],
} as const;

/** An Additional Fields, Update Fields or Filters collection, its options in alphabetical order. */
export function fieldsCollection(
	name: keyof typeof COLLECTION_LABELS,
	options: INodeProperties[],
): INodeProperties {
	return {
		displayName: COLLECTION_LABELS[name][0],
		name,
		type: 'collection',
		placeholder: COLLECTION_LABELS[name][1],
		default: {},
		options: sortedOptions(options),
	};
}

/** Return All and Limit for a list operation. */
export const returnAllAndLimit: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
];

/** Simplify, on by default, for responses with more than ten fields. */
export function simplifyOption(fields: readonly string[]): INodeProperties {
	return {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description: `Whether to return only the main fields (${fields.join(', ')}) instead of the full record`,
	};
}

/** The Name of a record: required on Create, optional among the Update Fields. */
export function nameField(of: string, example: string, required = false): INodeProperties {
	return {
		displayName: 'Name',
		name: 'name',
		type: 'string',
		default: '',
		...(required ? { required: true } : {}),
		placeholder: `e.g. ${example}`,
		description: `Name of the ${of}`,
	};
}

/** Display order among the restaurant's menus or product groups. */
export const sequenceField: INodeProperties = {
	displayName: 'Sequence',
	name: 'sequence',
	type: 'number',
	typeOptions: { minValue: 0 },
	default: 1,
	description: 'Display order; lower numbers come first',
};

const EXPRESSION_LINK = '<a href="https://docs.n8n.io/code/expressions/">expression</a>';

/** What a product field of the restaurant's catalog shows, the products listed by name. */
type ProductPicker = Pick<INodeProperties, 'type' | 'typeOptions' | 'default' | 'description'>;

const productList = () => ({
	loadOptionsMethod: 'getProducts',
	loadOptionsDependsOn: ['restaurantId.value'],
});

/** One product of the restaurant's catalog, chosen from the list (its ID by expression). */
export function productPicker(required = false): ProductPicker & Pick<INodeProperties, 'required'> {
	return {
		type: 'options',
		typeOptions: productList(),
		default: '',
		...(required ? { required } : {}),
		description: `Choose from the list, or specify an ID using an ${EXPRESSION_LINK}`,
	};
}

/** Products of the restaurant's catalog, chosen from the list (their IDs by expression): `what` they are, a sentence. */
export function productsPicker(what: string): ProductPicker {
	return {
		type: 'multiOptions',
		typeOptions: productList(),
		default: [],
		description: `${what} Choose from the list, or specify IDs using an ${EXPRESSION_LINK}.`,
	};
}
