import { apiOperation } from '../../shared/routing';

export const getAccount = apiOperation({
	value: 'getAccount',
	name: 'Get Account',
	action: 'Get the account of the access token',
	description: 'Get who the access token acts as and which restaurants it reaches',
	method: 'GET',
	url: '/api/core/admin/account/me',
});
