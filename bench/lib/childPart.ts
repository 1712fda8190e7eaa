/** The child process of ./onN8nNode: measures one part on this Node and prints its rows. */
import { benchActionNode } from '../actionNode';
import { benchGuestChain } from '../guestChain';
import { benchGuestHistory } from '../guests';
import { ROWS_MARK } from './onN8nNode';
import { rows } from './report';

/** The guests part: one restaurant's history, then the same across a chain of restaurants. */
async function benchGuestHistories(runs: number): Promise<void> {
	await benchGuestHistory(runs);
	await benchGuestChain(runs);
}

const PARTS = { node: benchActionNode, guests: benchGuestHistories };

async function main(): Promise<void> {
	const [part, runs] = process.argv.slice(2);
	await PARTS[part as keyof typeof PARTS](Number(runs));
	process.stdout.write(`${ROWS_MARK}${JSON.stringify(rows)}\n`);
	process.exit(0);
}

void main();
