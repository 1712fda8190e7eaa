/** The menu parameters that several operations share (VendorMenu, spec 2.5), and the sections they build. */
import { nameField, productsPicker, sequenceField } from '../../../operationHelpers/descriptions';
import type { IDataObject, INodeProperties } from 'n8n-workflow';
import { splitList } from '../../../operationHelpers/readParameters';

/** Fields that Create shows as Additional Fields and Update as Update Fields. */
export function menuFieldOptions(): INodeProperties[] {
	return [
		{
			displayName: 'Image Location',
			name: 'imageLocation',
			type: 'string',
			default: '',
			placeholder: 'e.g. https://example.com/lunch.jpg',
			description: 'URL or path of the image of the menu',
		},
		sequenceField,
		{
			displayName: 'Visible',
			name: 'visible',
			type: 'boolean',
			default: true,
			description: 'Whether guests see the menu',
		},
	];
}

/** The sections of a menu: name, description and products picked from the catalog. */
export function sectionsField(description: string): INodeProperties {
	return {
		displayName: 'Sections',
		name: 'sections',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true, sortable: true },
		placeholder: 'Add Section',
		default: {},
		description,
		options: [
			{
				displayName: 'Section',
				name: 'section',
				values: [
					nameField('section', 'Starters'),
					{
						displayName: 'Description',
						name: 'description',
						type: 'string',
						default: '',
						description: 'Text shown under the section name',
					},
					{
						displayName: 'Product Names or IDs',
						name: 'products',
						...productsPicker('Products of the section, in order.'),
					},
				],
			},
		],
	};
}

interface SectionParameter {
	name?: string;
	description?: string;
	products?: string[] | string;
}

/** VendorMenuSection[] from the Sections parameter: products referenced by id. */
export function sectionsBody(sections: IDataObject | undefined): IDataObject[] | undefined {
	const list = (sections?.section as SectionParameter[] | undefined) ?? [];
	if (list.length === 0) return undefined;
	return list.map((section) => ({
		name: section.name || null,
		description: section.description || null,
		products: splitList(section.products).map((id) => ({ id })),
	}));
}

export const menuIdField: INodeProperties = {
	displayName: 'Menu Name or ID',
	name: 'menuId',
	type: 'options',
	typeOptions: { loadOptionsMethod: 'getMenus', loadOptionsDependsOn: ['restaurantId.value'] },
	default: '',
	required: true,
	description:
		'Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
};
