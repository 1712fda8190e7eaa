/** The fields of VendorProductGroup (spec 2.3) as n8n parameters, shared by Create and Update. */
import { sequenceField } from '../../../operationHelpers/descriptions';
import type { INodeProperties } from 'n8n-workflow';

/** Fields that Create shows as Additional Fields and Update as Update Fields (Update adds Name). */
export function groupFieldOptions(): INodeProperties[] {
	return [
		{
			displayName: 'Delivery Tax Rate',
			name: 'deliveryTaxeRate',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			description: 'Tax rate for delivery, in percent, e.g. 7',
		},
		{
			displayName: 'Image Location',
			name: 'imageLocation',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://example.com/starters.jpg',
			description: 'URL or path of the image of the group',
		},
		sequenceField,
		{
			displayName: 'Takeaway Tax Rate',
			name: 'takeawayTaxeRate',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			description: 'Tax rate for takeaway, in percent, e.g. 7',
		},
		{
			displayName: 'Tax Rate',
			name: 'taxeRate',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			description: 'Default tax rate for dine-in, in percent, e.g. 19',
		},
		{
			displayName: 'Visible',
			name: 'visible',
			type: 'boolean',
			default: true,
			description: 'Whether guests see the group',
		},
	];
}

export const groupIdField: INodeProperties = {
	displayName: 'Product Group Name or ID',
	name: 'groupId',
	type: 'options',
	typeOptions: {
		loadOptionsMethod: 'getProductGroups',
		loadOptionsDependsOn: ['restaurantId.value'],
	},
	default: '',
	required: true,
	description:
		'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
};
