/**
 * Reservations of any period (Get Many, Find): the period is split into consecutive windows of at
 * most 60 days (the App-scope limit, spec 4.1 and 8), fetched a few at a time, merged and freed of
 * duplicates. The user never meets the limit.
 */
import type {
	DeclarativeRestApiSettings,
	IDataObject,
	IExecutePaginationFunctions,
	IExecuteSingleFunctions,
} from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { mapWithConcurrency } from '../../../../shared/concurrency';
import { splitIntoWindows, WINDOW_CONCURRENCY } from '../../../../shared/dateWindows';

/** A restaurant-local period [from, to): from included, to not. */
export interface Period {
	from: string;
	to: string;
}

/** An empty or inverted period is a mistake of the user's: say so, send nothing. */
export function requireOrderedPeriod(item: IExecuteSingleFunctions, { from, to }: Period): void {
	if (to > from) return;
	throw new NodeOperationError(item.getNode(), `To (${to}) must be after From (${from})`, {
		itemIndex: item.getItemIndex(),
	});
}

/**
 * Every reservation of the period in `qs.from`–`qs.to` (with the other list filters of `qs`), one
 * request per window of at most 60 days, each reservation once, sorted by time.
 */
export async function reservationsOfPeriod(
	context: IExecutePaginationFunctions,
	requestData: DeclarativeRestApiSettings.ResultOptions,
	qs: IDataObject & Period,
): Promise<IDataObject[]> {
	const pages = await mapWithConcurrency(
		splitIntoWindows(qs.from, qs.to),
		WINDOW_CONCURRENCY,
		async (window) =>
			context.makeRoutingRequest({
				...requestData,
				options: { ...requestData.options, qs: { ...qs, ...window } },
			}),
	);
	const byId = new Map<string, IDataObject>();
	for (const page of pages) {
		for (const json of (page[0]?.json ?? []) as unknown as IDataObject[])
			byId.set(String(json.id), json);
	}
	return [...byId.values()].sort((a, b) =>
		String(a.reservationTime).localeCompare(String(b.reservationTime)),
	);
}
