/**
 * `npm run bench`: what users pay for the package, against the floor, side by side in one run.
 * Prints a table and writes bench/results.json. Targets are judged here, never in timed tests.
 */
import { Command } from 'commander';
import { DEPLOYMENTS, type DeploymentKind } from '../scripts/n8n';
import { benchActionNode } from './actionNode';
import { benchDeployments } from './deployments';
import { benchPackage } from './packageCost';
import { benchTrigger, VOLUMES } from './trigger';
import { machine, print, write } from './lib/report';

const program = new Command()
	.name('bench')
	.option('--runs <n>', 'measured runs per contender', (v) => Number(v), 5)
	.option('--only <parts>', 'comma-separated: trigger, node, package, deployments')
	.option(
		'--deployments <list>',
		`deployments for the deployments part, comma-separated (default ${DEPLOYMENTS.join(',')})`,
	)
	.option('--volumes <list>', 'trigger volumes, comma-separated (default 1000,10000,50000)')
	.parse();

async function main(): Promise<void> {
	const { runs, only, volumes, deployments } = program.opts<{
		runs: number;
		only?: string;
		volumes?: string;
		deployments?: string;
	}>();
	const parts = new Set((only ?? 'trigger,node,package,deployments').split(','));
	process.stdout.write(`Benchmarks on ${JSON.stringify(machine())}, ${runs} runs each\n`);
	if (parts.has('package')) benchPackage();
	if (parts.has('trigger'))
		await benchTrigger(Math.max(runs, 5), volumes ? volumes.split(',').map(Number) : VOLUMES);
	if (parts.has('node')) await benchActionNode(runs);
	if (parts.has('deployments'))
		await benchDeployments(
			deployments ? (deployments.split(',') as DeploymentKind[]) : [...DEPLOYMENTS],
		);
	print();
	write();
	process.exit(0);
}

void main();
