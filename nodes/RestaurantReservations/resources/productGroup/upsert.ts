/**
 * Product Group Create or Update: the row's group is the one with its name (any case). The groups
 * are read once per run of the node and shared by its rows (../../shared/runCache,
 * ../../shared/upsert), so a sync that names the same group on every product row writes it once.
 */
import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { apiPath, routingUrl } from '../../../shared/paths';
import { apiRequest } from '../../../shared/transport';
import { fieldsCollection, nameField } from '../../operationHelpers/descriptions';
import { collectionOf, onlySet, restaurantIdOf } from '../../operationHelpers/readParameters';
import { apiOperation, pairWithItem, type Pagination } from '../../operationHelpers/routing';
import { sharedByRun } from '../../operationHelpers/runCache';
import { matchName, RecordCopy, routedRequest, upsert } from '../../operationHelpers/upsert';
import { groupFieldOptions } from './helpers/fields';

const groupKeys = (record: IDataObject) => {
	const name = matchName(record.name);
	return name ? [`name:${name}`] : [];
};

/** The fields the row sets; a row without a name has nothing to match by and is refused. */
async function requestBody(item: IExecuteSingleFunctions): Promise<IDataObject> {
	const fields = onlySet({
		name: item.getNodeParameter('name', ''),
		...collectionOf(item, 'additionalFields'),
	});
	if (!matchName(fields.name))
		throw new NodeOperationError(
			item.getNode(),
			'Name is empty: the group is matched by its name',
			{
				description: 'Set the Name of the group. Nothing was sent.',
				itemIndex: item.getItemIndex(),
			},
		);
	return fields;
}

const createOrUpdate: Pagination = async function (requestData) {
	const fields = requestData.options.body as IDataObject;
	const restaurantId = restaurantIdOf(this);
	const copy = await sharedByRun(this, 'productGroups', [restaurantId], async () => {
		const groups = await apiRequest<IDataObject[]>(this, {
			method: 'GET',
			path: apiPath('productGroups', { restaurantId }),
			itemIndex: this.getItemIndex(),
		});
		return new RecordCopy(groups, groupKeys);
	});
	const send = routedRequest(this, requestData);
	const { action, record } = await upsert(
		this,
		{
			noun: 'product group',
			copy,
			create: async (body) => await send('POST', apiPath('productGroups', { restaurantId }), body),
			update: async (groupId, body) =>
				await send('PUT', apiPath('productGroup', { restaurantId, groupId }), body),
			ambiguityHint: 'Rename or delete one of the groups, then run again.',
		},
		{
			key: `name:${matchName(fields.name)}`,
			matchedBy: `name "${String(fields.name)}"`,
			fields,
		},
	);
	return pairWithItem(this.getItemIndex(), [{ json: { action, productGroup: record } }]);
};

export const operation = apiOperation({
	value: 'upsert',
	name: 'Create or Update',
	action: 'Create or update a product group',
	description:
		'Create a new product group, or update the current one if it already exists (upsert)',
	method: 'POST',
	url: routingUrl('productGroups'),
	body: requestBody,
	pagination: createOrUpdate,
});

export const fields: INodeProperties[] = [
	restaurantLocator,
	{
		...nameField('group', 'Starters', true),
		description: 'Name of the group. Matches the group with this name, in any case.',
	},
	fieldsCollection('additionalFields', groupFieldOptions()),
];
