import { apiOperation, returnDeleted } from '../../shared/routing';
import { MENUS_PATH } from './fields';

export const remove = apiOperation({
	value: 'delete',
	name: 'Delete',
	action: 'Delete a menu',
	description: 'Delete a menu; its products stay in the catalog',
	method: 'DELETE',
	url: `=${MENUS_PATH}/{{encodeURIComponent($parameter.menuId)}}`,
	postReceive: [returnDeleted],
});
