/**
 * The Restaurant dropdown of the action node (its resource locator's list) for a partner reaching
 * 1,000 restaurants, against the same dropdown at the 3 seeded ones: opening it (the list read,
 * the first page shown) and searching in it right after (as typing does), each through n8n's
 * listSearch call path against the sandbox, on one machine in one run. A search is judged against
 * opening: it must not read the list again.
 */
import type { INodeType } from 'n8n-workflow';
import { sandboxCredentials } from '../test/support/credentials';
import { listSearch } from '../test/support/engine';
import { startSandbox } from '../test/support/sandbox';
import { TOKENS } from '../test/support/tokens';
import { round, sample, stats, type Sample } from './lib/measure';
import { add } from './lib/report';

const MANY = 1000;
const SEEDED = 3;
/** Opens and searches timed at each count, alternately. */
const CALLS_PER_RUN = 5;

interface DropdownTimes {
	openMs: number;
	searchMs: number;
	shown: number;
	listKB: number;
}

async function dropdownAt(nodeType: INodeType, restaurants: number, runs: number) {
	const sandbox = await startSandbox({ quiet: true, reservations: 10, restaurants });
	try {
		const dropdown = (filter?: string) =>
			listSearch({
				nodeType,
				method: 'searchRestaurants',
				parameters: { resource: 'reservation', operation: 'create' },
				credentials: sandboxCredentials(sandbox.url, TOKENS.staff),
				filter,
			});
		const listed = await fetch(`${sandbox.url}/api/core/admin/restaurants`, {
			headers: { authorization: `Bearer ${TOKENS.staff}` },
		});
		const listKB = round((await listed.text()).length / 1000);
		const shown = (await dropdown()).results.length;
		await dropdown('au');
		const opens: Sample[] = [];
		const searches: Sample[] = [];
		for (let i = 0; i < runs * CALLS_PER_RUN; i++) {
			opens.push(await sample(() => dropdown()));
			searches.push(await sample(() => dropdown(i % 2 ? 'au' : 'kitchen')));
		}
		return {
			openMs: stats(opens).medianMs,
			searchMs: stats(searches).medianMs,
			shown,
			listKB,
		} satisfies DropdownTimes;
	} finally {
		await sandbox.stop();
	}
}

export async function benchRestaurantDropdown(nodeType: INodeType, runs: number): Promise<void> {
	const few = await dropdownAt(nodeType, SEEDED, runs);
	const many = await dropdownAt(nodeType, MANY, runs);
	const openRatio = round(many.openMs / few.openMs, 2);
	add({
		key: 'node.dropdown-open',
		benchmark: 'action node',
		measure: `Restaurant dropdown opened (list read, first ${many.shown} shown): median ms at ${MANY.toLocaleString('en')} restaurants (${many.listKB} kB listed) vs at ${SEEDED}`,
		value: many.openMs,
		floor: few.openMs,
		ratio: openRatio,
		figures: { shown: many.shown, listKB: many.listKB, fewListKB: few.listKB },
		target: 'info: the API lists every restaurant in one answer',
	});
	// Against opening: a search that read the list again would cost as much as opening.
	const searchRatio = round(many.searchMs / many.openMs, 2);
	add({
		key: 'node.dropdown-search',
		benchmark: 'action node',
		measure: `Restaurant dropdown searched after opening, at ${MANY.toLocaleString('en')} restaurants: median ms (at ${SEEDED}: ${few.searchMs}), against opening it`,
		value: many.searchMs,
		floor: many.openMs,
		ratio: searchRatio,
		figures: { atFew: few.searchMs },
		target: '<= 0.1 x opening',
		met: searchRatio <= 0.1,
	});
}
