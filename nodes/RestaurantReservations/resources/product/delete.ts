import { apiOperation, returnDeleted } from '../../shared/routing';
import { PRODUCTS_PATH } from './fields';

export const remove = apiOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a product',
	description: 'Remove a product from the catalog; menus that listed it no longer show it',
	method: 'DELETE',
	url: `=${PRODUCTS_PATH}/{{encodeURIComponent($parameter.productId)}}`,
	postReceive: [returnDeleted],
});
