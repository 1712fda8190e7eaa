import { RESTAURANT_PATH } from '../../shared/descriptions';
import { apiOperation } from '../../shared/routing';

export const getOnboardingStatus = apiOperation({
	value: 'getOnboardingStatus',
	name: 'Get Onboarding Status',
	action: 'Get the onboarding status of a restaurant',
	description: 'Get which onboarding steps of a restaurant are done',
	method: 'GET',
	url: `=${RESTAURANT_PATH}/onboarding/status`,
});
