/**
 * `npm run bench`: what users pay for the package, against the floor, side by side in one run.
 * Prints a table, merges the parts run into bench/results.json (./lib/results) and writes
 * docs/performance.md from it (./lib/performancePage). Targets are judged here, never in timed
 * tests. `--page-only` measures nothing: it writes the page from the results as they are.
 */
import { execFileSync } from 'node:child_process';
import { Command } from 'commander';
import { DEPLOYMENTS, type DeploymentKind } from '../scripts/n8n';
import { benchActionNode } from './actionNode';
import { benchCatalogSync } from './catalogSync';
import { benchDeployments } from './deployments';
import { benchGuests } from './guests';
import { benchPackage } from './packageCost';
import { benchRestaurants } from './restaurants';
import { benchTrigger, VOLUMES } from './trigger';
import { writePerformancePage } from './lib/performancePage';
import { machine, print, rows } from './lib/report';
import {
	mergeResults,
	PARTS,
	readResults,
	writeResults,
	type Part,
	type PartRun,
	type Results,
} from './lib/results';

interface Options {
	runs: number;
	only?: string;
	volumes?: string;
	deployments?: string;
	pageOnly?: boolean;
}

const program = new Command()
	.name('bench')
	.option('--runs <n>', 'measured runs per contender', (v) => Number(v), 5)
	.option('--only <parts>', `comma-separated: ${PARTS.join(', ')}`)
	.option(
		'--deployments <list>',
		`deployments for the deployments part, comma-separated (default ${DEPLOYMENTS.join(',')})`,
	)
	.option('--volumes <list>', 'trigger volumes, comma-separated (default 1000,10000,50000)')
	.option('--page-only', 'measure nothing: write docs/performance.md from bench/results.json')
	.parse();

/** How each part measures, and its runs per contender (for the parts that time contenders). */
const MEASURES: Record<
	Part,
	{ measure: (o: Options) => Promise<void>; runs?: (o: Options) => number }
> = {
	package: { measure: async () => benchPackage() },
	trigger: {
		measure: (o) =>
			benchTrigger(Math.max(o.runs, 5), o.volumes ? o.volumes.split(',').map(Number) : VOLUMES),
		runs: (o) => Math.max(o.runs, 5),
	},
	restaurants: { measure: (o) => benchRestaurants(o.runs), runs: (o) => o.runs },
	node: { measure: (o) => benchActionNode(o.runs), runs: (o) => o.runs },
	catalog: { measure: (o) => benchCatalogSync(o.runs), runs: (o) => o.runs },
	guests: { measure: (o) => benchGuests(o.runs), runs: (o) => o.runs },
	deployments: {
		measure: (o) =>
			benchDeployments(
				o.deployments ? (o.deployments.split(',') as DeploymentKind[]) : [...DEPLOYMENTS],
			),
	},
};

function chosenParts(only: string | undefined): Part[] {
	if (!only) return [...PARTS];
	const named = only.split(',');
	const unknown = named.filter((name) => !(PARTS as readonly string[]).includes(name));
	if (unknown.length)
		throw new Error(`--only: unknown part ${unknown.join(', ')} (${PARTS.join(', ')})`);
	return PARTS.filter((part) => named.includes(part));
}

/** Runs one part; its rows are the ones added while it ran. */
async function measurePart(part: Part, options: Options): Promise<PartRun> {
	const ranAt = new Date().toISOString();
	const first = rows.length;
	await MEASURES[part].measure(options);
	const runs = MEASURES[part].runs?.(options);
	return {
		ranAt,
		machine: machine(),
		...(runs ? { runsPerContender: runs } : {}),
		rows: rows.slice(first),
	};
}

async function main(): Promise<void> {
	const options = program.opts<Options>();
	if (!options.pageOnly) {
		const parts = chosenParts(options.only);
		// The benchmarks load the package as published, from dist/.
		execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
		process.stdout.write(`Benchmarks on ${JSON.stringify(machine())}, ${options.runs} runs each\n`);
		const ran: Results = { parts: {} };
		for (const part of parts) ran.parts[part] = await measurePart(part, options);
		print();
		writeResults(mergeResults(readResults(), ran));
	}
	writePerformancePage();
	process.exit(0);
}

void main();
