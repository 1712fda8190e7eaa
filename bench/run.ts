/**
 * `npm run bench`: what users pay for the package, against the floor, side by side in one run.
 * Prints a table and writes bench/results.json. Targets are judged here, never in timed tests.
 */
import { Command } from 'commander';
import { benchActionNode } from './actionNode';
import { benchPackage } from './packageCost';
import { machine, print, write } from './lib/report';

const program = new Command()
	.name('bench')
	.option('--runs <n>', 'measured runs per contender', (v) => Number(v), 5)
	.option('--only <parts>', 'comma-separated: trigger, node, package')
	.parse();

async function main(): Promise<void> {
	const { runs, only } = program.opts<{ runs: number; only?: string }>();
	const parts = new Set((only ?? 'trigger,node,package').split(','));
	process.stdout.write(`Benchmarks on ${JSON.stringify(machine())}, ${runs} runs each\n`);
	if (parts.has('package')) benchPackage();
	if (parts.has('node')) await benchActionNode(runs);
	print();
	write();
	process.exit(0);
}

void main();
