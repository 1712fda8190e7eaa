import { RESTAURANT_PATH } from '../../shared/descriptions';
import { apiOperation, pageBySkipTake } from '../../shared/routing';

export const getAuditLog = apiOperation({
	value: 'getAuditLog',
	name: 'Get Change Log',
	action: 'Get the change log of a restaurant',
	description: 'Get the changes made to a restaurant, newest first',
	method: 'GET',
	url: `=${RESTAURANT_PATH}/audit`,
	pagination: pageBySkipTake(),
});
