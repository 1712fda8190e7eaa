/** Restaurant: read access to restaurants, settings, configuration and the administrative reads (spec 4.5). */
import { resourceDescription } from '../../operationHelpers/descriptions';
import * as checkBookingData from './checkBookingData';
import * as get from './get';
import * as getAccount from './getAccount';
import * as getAuditLog from './getAuditLog';
import * as getBookingAudit from './getBookingAudit';
import * as getCompany from './getCompany';
import * as getConfiguration from './getConfiguration';
import * as getMany from './getMany';
import * as getOnboardingStatus from './getOnboardingStatus';
import * as getSettings from './getSettings';
import * as search from './search';

export const restaurantDescription = resourceDescription('restaurant', 'getAll', [
	checkBookingData,
	get,
	getAccount,
	getAuditLog,
	getBookingAudit,
	getCompany,
	getConfiguration,
	getMany,
	getOnboardingStatus,
	getSettings,
	search,
]);
