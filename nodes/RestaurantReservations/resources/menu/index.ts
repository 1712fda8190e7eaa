/** Menu: menus made of sections of catalog products, and their order (spec 2.5, 4.4). */
import { resourceDescription } from '../../operationHelpers/descriptions';
import * as create from './create';
import * as remove from './delete';
import * as get from './get';
import * as getMany from './getMany';
import * as reorder from './reorder';
import * as update from './update';

export const menuDescription = resourceDescription('menu', 'getAll', [
	create,
	remove,
	get,
	getMany,
	reorder,
	update,
]);
