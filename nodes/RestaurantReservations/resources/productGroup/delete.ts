import { apiOperation, returnDeleted } from '../../shared/routing';
import { PRODUCT_GROUPS_PATH } from './fields';

export const remove = apiOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a product group',
	description: 'Delete a product group; its products stay in the catalog without a group',
	method: 'DELETE',
	url: `=${PRODUCT_GROUPS_PATH}/{{encodeURIComponent($parameter.groupId)}}`,
	postReceive: [returnDeleted],
});
