import type { INodeProperties } from 'n8n-workflow';
import { routingUrl } from '../../../shared/paths';
import { returnAllAndLimit, simplifyOption } from '../../operationHelpers/descriptions';
import { apiOperation, applyLimit, simplify, splitArray } from '../../operationHelpers/routing';
import { RESTAURANT_FIELDS } from './helpers/fields';

export const operation = apiOperation({
	value: 'getAll',
	name: 'Get Many',
	action: 'Get many restaurants',
	description: 'List the restaurants your access token reaches',
	method: 'GET',
	url: routingUrl('restaurants'),
	postReceive: [splitArray, applyLimit, simplify(RESTAURANT_FIELDS)],
});

export const fields: INodeProperties[] = [...returnAllAndLimit, simplifyOption(RESTAURANT_FIELDS)];
