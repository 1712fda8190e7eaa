/** Product Group: the categories of the menu catalog (spec 2.3, 4.2). */
import { resourceDescription } from '../../operationHelpers/descriptions';
import * as create from './create';
import * as remove from './delete';
import * as getMany from './getMany';
import * as update from './update';
import * as upsert from './upsert';

export const productGroupDescription = resourceDescription('productGroup', 'getAll', [
	create,
	remove,
	getMany,
	update,
	upsert,
]);
