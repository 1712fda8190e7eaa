/**
 * Every reservation the node returns carries its restaurant's time zone: the API's times are the
 * restaurant's wall clock without offset, and a reader (a person, a spreadsheet, an AI agent)
 * needs the zone to place them. Read once per run and restaurant.
 */
import type { IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';
import { restaurantTimeZone } from '../../../operationHelpers/readParameters';

export function withTimeZone(items: INodeExecutionData[], timeZone: string): INodeExecutionData[] {
	return items.map((item) => ({ ...item, json: { ...item.json, timeZone } }));
}

/** Output step: adds `timeZone` to each reservation. */
export async function addTimeZone(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return withTimeZone(items, await restaurantTimeZone(this));
}
