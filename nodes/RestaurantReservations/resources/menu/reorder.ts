/** The batch PUT /menu (spec 4.4): display order and visibility of several menus at once, all or nothing. */
import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { apiOperation, splitArray } from '../../operationHelpers/routing';

interface MenuOrderParameter {
	menuId: string;
	sequence: number;
	visible?: 'keep' | 'show' | 'hide';
}

async function requestBody(item: IExecuteSingleFunctions): Promise<IDataObject | IDataObject[]> {
	const menus = (item.getNodeParameter('menus.menu', []) as MenuOrderParameter[]) ?? [];
	if (menus.length === 0) {
		throw new NodeOperationError(
			item.getNode(),
			'Nothing to reorder: add at least one menu under Menus',
			{ description: 'Nothing was sent.', itemIndex: item.getItemIndex() },
		);
	}
	const body = menus.map((m) => ({
		id: String(m.menuId),
		sequence: m.sequence,
		...(m.visible === 'show' ? { visible: true } : m.visible === 'hide' ? { visible: false } : {}),
	}));
	return body;
}

export const operation = apiOperation({
	value: 'reorder',
	name: 'Reorder',
	action: 'Reorder menus',
	description:
		'Set the display order and visibility of several menus in one request; if one menu is unknown, nothing changes',
	method: 'PUT',
	url: routingUrl('menus'),
	body: requestBody,
	postReceive: [splitArray],
});

export const fields: INodeProperties[] = [
	restaurantLocator,
	{
		displayName: 'Menus',
		name: 'menus',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Menu',
		default: {},
		required: true,
		description: 'The menus to change, each with its new position',
		options: [
			{
				displayName: 'Menu',
				name: 'menu',
				values: [
					{
						displayName: 'Menu Name or ID',
						name: 'menuId',
						type: 'options',
						typeOptions: {
							loadOptionsMethod: 'getMenus',
							loadOptionsDependsOn: ['restaurantId.value'],
						},
						default: '',
						description:
							'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
					},
					{
						displayName: 'Sequence',
						name: 'sequence',
						type: 'number',
						typeOptions: { minValue: 0 },
						default: 1,
						description: 'New display order; lower numbers come first',
					},
					{
						displayName: 'Visibility',
						name: 'visible',
						type: 'options',
						options: [
							{ name: 'Hide', value: 'hide', description: 'Hide the menu from guests' },
							{ name: 'Keep', value: 'keep', description: 'Leave the visibility as it is' },
							{ name: 'Show', value: 'show', description: 'Show the menu to guests' },
						],
						default: 'keep',
						description: 'Whether to show or hide the menu, or leave it as it is',
					},
				],
			},
		],
	},
];
