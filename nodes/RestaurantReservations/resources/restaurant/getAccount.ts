import type { INodeProperties } from 'n8n-workflow';
import { routingUrl } from '../../../shared/paths';
import { apiOperation } from '../../operationHelpers/routing';

export const operation = apiOperation({
	value: 'getAccount',
	name: 'Get Account',
	action: 'Get the account of the access token',
	description: 'Get who the access token acts as and which restaurants it reaches',
	method: 'GET',
	url: routingUrl('account'),
});

export const fields: INodeProperties[] = [];
