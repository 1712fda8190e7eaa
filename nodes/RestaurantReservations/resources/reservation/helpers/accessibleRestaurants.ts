/**
 * Every restaurant the credential reaches (GET /restaurants, as Restaurant › Get Many and the
 * trigger's All Accessible Restaurants list them), with the time zone and country each is read in:
 * one request per run of the node, shared by its items (../../../operationHelpers/runCache).
 */
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import { restaurantCountry } from '../../../../shared/guests/identity';
import { apiPath, idValue } from '../../../../shared/paths';
import { timeZoneSettingOf } from '../../../../shared/reading/context';
import { restaurantZone } from '../../../../shared/reading/restaurantZone';
import { apiRequest } from '../../../../shared/transport';
import { sharedByRun } from '../../../operationHelpers/runCache';

export interface AccessibleRestaurant {
	id: number | string;
	name: string | null;
	/** Its IANA zone; undefined when neither the profile nor the credential gives one (`zoneProblem`). */
	timeZone?: string;
	zoneProblem?: { problem: string; fix: string };
	/** ISO 3166-1 alpha-2, for guests' phone numbers written without a prefix. */
	country?: string;
}

function toRestaurant(profile: IDataObject, setting: string): AccessibleRestaurant {
	const id = idValue(String(profile.id));
	const name = typeof profile.name === 'string' ? profile.name : null;
	const country = restaurantCountry(profile);
	const zone = restaurantZone(profile, profile.timeZone, setting);
	return {
		id,
		name,
		...('timeZone' in zone ? { timeZone: zone.timeZone } : { zoneProblem: zone }),
		...(country ? { country } : {}),
	};
}

/** The restaurants in the API's order; a failed list fails the item with the API's words. */
export async function accessibleRestaurants(
	context: IExecuteSingleFunctions,
): Promise<AccessibleRestaurant[]> {
	return await sharedByRun(context, 'accessibleRestaurants', [], async () => {
		const list = await apiRequest<unknown>(context, {
			method: 'GET',
			path: apiPath('restaurants'),
			itemIndex: context.getItemIndex(),
		});
		const setting = await timeZoneSettingOf(context);
		return (Array.isArray(list) ? (list as IDataObject[]) : [])
			.filter((profile) => profile && profile.id !== undefined && profile.id !== null)
			.map((profile) => toRestaurant(profile, setting));
	});
}
