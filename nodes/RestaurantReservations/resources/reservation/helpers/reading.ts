/**
 * What the node adds beside every reservation it returns: the restaurant's time zone (the API's
 * times may be its wall clock without an offset, and a reader, a person, a spreadsheet or an AI
 * agent, needs the zone to place them) and `stateRole`, the meaning of the booking's state however
 * the API spells it (../../../../shared/reading). Both read once per run and restaurant.
 */
import type { IExecuteSingleFunctions, INodeExecutionData } from 'n8n-workflow';
import { vocabularyOf } from '../../../../shared/reading/context';
import { stateRoleOf } from '../../../../shared/reading/record';
import type { StateVocabulary } from '../../../../shared/reading/vocabulary';
import { restaurantTimeZone } from '../../../operationHelpers/readParameters';

export function withReading(
	items: INodeExecutionData[],
	timeZone: string,
	vocabulary: StateVocabulary,
): INodeExecutionData[] {
	return items.map((item) => ({
		...item,
		json: { ...item.json, timeZone, stateRole: stateRoleOf(item.json, vocabulary) },
	}));
}

/** Output step: adds `timeZone` and `stateRole` to each reservation. */
export async function addReading(
	this: IExecuteSingleFunctions,
	items: INodeExecutionData[],
): Promise<INodeExecutionData[]> {
	return withReading(items, await restaurantTimeZone(this), await vocabularyOf(this));
}
