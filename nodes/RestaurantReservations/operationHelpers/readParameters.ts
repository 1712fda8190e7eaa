/** Reading the action node's parameters into request values: only what the user set, checked first. */
import type {
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { configurationError } from '../../shared/errors';
import { restaurantCountry } from '../../shared/guests/identity';
import { hasOffset, toRestaurantLocal } from '../../shared/localTime';
import { apiPath } from '../../shared/paths';
import { timeZoneSettingOf } from '../../shared/reading/context';
import { restaurantZone } from '../../shared/reading/restaurantZone';
import { apiRequest } from '../../shared/transport';
import { requiredText } from './inputValues';
import { sharedByRun } from './runCache';

const DATE_TIME_FIX =
	"Give an ISO date-time such as 2026-11-22T19:30 (the restaurant's local time; the date picker writes one).";

/**
 * Whether the node runs as an AI agent's tool (n8n's tool variant of a node is its type + "Tool"):
 * its answers then reach a person who is not the operator.
 */
export function runsAsAgentTool(context: IExecuteSingleFunctions): boolean {
	return context.getNode().type.endsWith('Tool');
}

/** Drops parameters left empty, so that only what the user set is sent. */
export function onlySet(fields: IDataObject): IDataObject {
	return Object.fromEntries(
		Object.entries(fields).filter(([, v]) => v !== '' && v !== undefined && v !== null),
	);
}

/** An update with nothing to change is a mistake of the user's: say what to add, send nothing. */
export function requireChanges(
	context: IExecuteSingleFunctions,
	body: IDataObject,
	where = 'Update Fields',
): void {
	if (Object.keys(body).length > 0) return;
	throw new NodeOperationError(
		context.getNode(),
		`Nothing to update: add at least one field under ${where}`,
		{
			description: 'Give at least one new value to change. Nothing was sent.',
			itemIndex: context.getItemIndex(),
		},
	);
}

/** A collection parameter (Additional Fields, Update Fields, Filters, Options) as set by the user. */
export function collectionOf(item: IExecuteSingleFunctions, name: string): IDataObject {
	return item.getNodeParameter(name, {}) as IDataObject;
}

/** A comma-separated list parameter as an array of trimmed, non-empty strings. */
export function splitList(value: unknown): string[] {
	const list = Array.isArray(value) ? value.map(String) : String(value ?? '').split(',');
	return list.map((v) => v.trim()).filter(Boolean);
}

/** How many results a list operation returns: Limit, or all of them with Return All. */
export function resultLimit(
	context: IExecuteSingleFunctions | IExecutePaginationFunctions,
): number {
	if (context.getNodeParameter('returnAll', false) as boolean) return Infinity;
	return context.getNodeParameter('limit', 50) as number;
}

/** The restaurant chosen in the Restaurant locator. */
export function restaurantIdOf(context: IExecuteSingleFunctions): string {
	return context.getNodeParameter('restaurantId', undefined, { extractValue: true }) as string;
}

/** What the nodes read from the chosen restaurant's profile. */
export interface RestaurantFacts {
	/** Its IANA time zone (../../shared/reading/restaurantZone). */
	timeZone: string;
	/** Its country, ISO 3166-1 alpha-2 (../../shared/guests/identity), when the profile names one. */
	country?: string;
}

/**
 * The chosen restaurant's profile as the nodes use it: its time zone in any common form (IANA, a
 * Windows zone name, an offset: ../../shared/reading/restaurantZone), else the credential's
 * Restaurant Time Zone, and its country (for guests' phone numbers written without a prefix). One
 * request per run of the node and restaurant.
 */
export async function restaurantFacts(context: IExecuteSingleFunctions): Promise<RestaurantFacts> {
	const restaurantId = restaurantIdOf(context);
	return await sharedByRun(context, 'restaurant', [restaurantId], async () => {
		const profile = await apiRequest<IDataObject>(context, {
			method: 'GET',
			path: apiPath('restaurant', { restaurantId }),
			itemIndex: context.getItemIndex(),
		});
		return {
			timeZone: await zoneOfProfile(context, profile),
			country: restaurantCountry(profile),
		};
	});
}

/** The time zone of the chosen restaurant (restaurantFacts): read once per run and restaurant. */
export async function restaurantTimeZone(context: IExecuteSingleFunctions): Promise<string> {
	return (await restaurantFacts(context)).timeZone;
}

/** A restaurant profile's time zone; one that cannot be read stops the item with the fix. */
export async function zoneOfProfile(
	context: IExecuteSingleFunctions,
	profile: IDataObject,
): Promise<string> {
	const zone = restaurantZone(profile, profile.timeZone, await timeZoneSettingOf(context));
	if ('timeZone' in zone) return zone.timeZone;
	throw configurationError(context.getNode(), zone.problem, {
		description: zone.fix,
		itemIndex: context.getItemIndex(),
	});
}

/**
 * A date-time parameter as restaurant-local time (spec: times are the restaurant's wall clock). A
 * value with an offset or `Z` is converted using the time zone of the restaurant's profile (read
 * when needed, unless the caller already knows it).
 */
export async function restaurantLocalTime(
	context: IExecuteSingleFunctions,
	field: string,
	value: unknown,
	timeZone?: string,
): Promise<string> {
	const text = requiredText(context, value, field, DATE_TIME_FIX);
	const local = toRestaurantLocal(
		text,
		hasOffset(text) ? (timeZone ?? (await restaurantTimeZone(context))) : 'UTC',
	);
	if (!local) {
		throw new NodeOperationError(context.getNode(), `${field} "${text}" is not a date and time`, {
			description: DATE_TIME_FIX,
			itemIndex: context.getItemIndex(),
		});
	}
	return local;
}
