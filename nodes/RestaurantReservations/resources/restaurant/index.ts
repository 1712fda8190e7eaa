/** Restaurant: read access to restaurants, settings, configuration and the administrative reads (spec 4.5). */
import type { INodeProperties } from 'n8n-workflow';
import { operationSelector, restaurantLocator, returnAllAndLimit, simplifyOption } from '../../shared/descriptions';
import { getAccount } from './getAccount';
import { getAuditLog } from './getAuditLog';
import { getBookingAudit, bookingIdField } from './getBookingAudit';
import { getCompany } from './getCompany';
import { getConfiguration } from './getConfiguration';
import { get, RESTAURANT_FIELDS } from './get';
import { getMany } from './getMany';
import { getOnboardingStatus } from './getOnboardingStatus';
import { getSettings } from './getSettings';
import { search, searchQueryField } from './search';

const show = { resource: ['restaurant'] };

export const restaurantOperations = operationSelector('restaurant', [get, getAccount, getAuditLog, getBookingAudit, getCompany, getConfiguration, getMany, getOnboardingStatus, getSettings, search], 'getAll');

export const restaurantFields: INodeProperties[] = [
	restaurantLocator({ ...show, operation: ['get', 'getSettings', 'getConfiguration', 'getBookingAudit', 'getAuditLog', 'getOnboardingStatus', 'getCompany'] }),
	bookingIdField,
	searchQueryField,
	...returnAllAndLimit({ ...show, operation: ['getAll', 'getAuditLog', 'search'] }),
	simplifyOption({ ...show, operation: ['get', 'getAll', 'search'] }, RESTAURANT_FIELDS),
];
