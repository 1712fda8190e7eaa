/** Product: the dishes, drinks and modifiers of the catalog, with the price rules (spec 2.4, 4.3, 7, 8). */
import { resourceDescription } from '../../operationHelpers/descriptions';
import * as create from './create';
import * as remove from './delete';
import * as getMany from './getMany';
import * as update from './update';
import * as upsert from './upsert';

export const productDescription = resourceDescription('product', 'getAll', [
	create,
	remove,
	getMany,
	update,
	upsert,
]);
