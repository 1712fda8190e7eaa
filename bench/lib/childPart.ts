/** The child process of ./onN8nNode: measures one part on this Node and prints its rows. */
import { benchActionNode } from '../actionNode';
import { benchGuestHistory } from '../guests';
import { ROWS_MARK } from './onN8nNode';
import { rows } from './report';

const PARTS = { node: benchActionNode, guests: benchGuestHistory };

async function main(): Promise<void> {
	const [part, runs] = process.argv.slice(2);
	await PARTS[part as keyof typeof PARTS](Number(runs));
	process.stdout.write(`${ROWS_MARK}${JSON.stringify(rows)}\n`);
	process.exit(0);
}

void main();
