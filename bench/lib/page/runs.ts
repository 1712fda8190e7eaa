/** Where and when each part of the bench ran, for the page's introduction. */
import type { Machine } from '../report';
import { PARTS, type Part, type PartRun, type Results } from '../results';

const PART_NAMES: Record<Part, string> = {
	package: 'package',
	trigger: 'trigger',
	restaurants: 'trigger over many restaurants',
	node: 'action node',
	catalog: 'catalog sync',
	guests: 'guests',
	deployments: 'deployments',
};

/** Without the kernel's release, which changes from boot to boot of the same machine. */
const describeMachine = (m: Machine) =>
	`${m.cpus} cores, ${m.memoryGiB} GiB, Node ${m.node}, ${m.platform.split(' ')[0]}`;

function partRuns(results: Results): Array<[Part, PartRun]> {
	return PARTS.flatMap((part): Array<[Part, PartRun]> => {
		const run = results.parts[part];
		return run ? [[part, run]] : [];
	});
}

function machines(results: Results): string[] {
	return [...new Set(partRuns(results).map(([, run]) => describeMachine(run.machine)))];
}

/** The machine every part ran on, or a pointer to the list when they differ. */
export function machinePhrase(results: Results): string {
	const all = machines(results);
	if (all.length === 0) throw new Error('no part of the bench in bench/results.json');
	return all.length === 1 ? all[0] : 'several machines, named in the list below';
}

/** One line a part: `--only` name, the date, runs per contender, and its machine if they differ. */
export function runsList(results: Results): string {
	const named = machines(results).length > 1;
	return partRuns(results)
		.map(([part, run]) => {
			const runs = run.runsPerContender
				? `, ${run.runsPerContender} measured runs per contender`
				: '';
			const where = named ? `, on ${describeMachine(run.machine)}` : '';
			return `- ${PART_NAMES[part]} (\`--only ${part}\`): ${run.ranAt.slice(0, 10)}${runs}${where}`;
		})
		.join('\n');
}
