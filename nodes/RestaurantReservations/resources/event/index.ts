/** Event: restaurant events with tickets, their publication and copies (spec 2.9, 3, 4.6). */
import { resourceDescription } from '../../operationHelpers/descriptions';
import * as copy from './copy';
import * as create from './create';
import * as remove from './delete';
import * as get from './get';
import * as getMany from './getMany';
import * as publish from './publish';
import * as unpublish from './unpublish';
import * as update from './update';

export const eventDescription = resourceDescription('event', 'getAll', [
	copy,
	create,
	remove,
	get,
	getMany,
	publish,
	unpublish,
	update,
]);
