import type { INodeProperties } from 'n8n-workflow';
import { restaurantLocator } from '../../../shared/parameters';
import { routingUrl } from '../../../shared/paths';
import { apiOperation } from '../../operationHelpers/routing';

export const operation = apiOperation({
	value: 'getOnboardingStatus',
	name: 'Get Onboarding Status',
	action: 'Get the onboarding status of a restaurant',
	description: 'Get which onboarding steps of a restaurant are done',
	method: 'GET',
	url: routingUrl('onboardingStatus'),
});

export const fields: INodeProperties[] = [restaurantLocator];
