/**
 * The trigger's poll and the save of its state in every deployment (default, durable, queue,
 * queue-durable), at 50,000 reservations in a 365-day horizon, as n8n itself measures them: the
 * poll's duration (n8n's poll-trigger metrics) against the durable poll budget, and each save of
 * the state (the UPDATE timed by n8n's database layer) with the bytes it wrote. Beside them, the
 * in-process poll of the trigger rows is the floor (no n8n, no database).
 */
import path from 'node:path';
import {
	DEPLOYMENTS,
	ensureN8nInstalled,
	packPackage,
	POLL_INTERVAL_MS,
	REPO_ROOT,
	usesDurableCursors,
	type DeploymentKind,
} from '../scripts/n8n';
import { MOST_IDLE_SAVES, runAtVolume } from '../test/deployments/support/volume';
import { round } from './lib/measure';
import { add } from './lib/report';

export const DEPLOYMENT_VOLUME = 50_000;
const POLLS = 3;
/** n8n 2.41's budget for a durable poll: min(45 s timeout, lease) minus a 20 % margin. */
const DURABLE_POLL_BUDGET_S = 36;

async function benchDeployment(kind: DeploymentKind, tarball: string): Promise<void> {
	const result = await runAtVolume(kind, tarball, DEPLOYMENT_VOLUME, POLLS);
	const label = `${kind}, ${DEPLOYMENT_VOLUME.toLocaleString('en')} reservations`;
	const pollS = round(result.pollSeconds.mean, 2);
	const key = `deployments.${kind}`;
	add({
		key: `${key}.poll`,
		benchmark: 'deployment',
		measure: `${label}: poll s, mean of ${result.pollSeconds.count} (n8n's metric); polls abandoned`,
		value: `${pollS}; ${result.timeouts}`,
		figures: {
			seconds: pollS,
			polls: result.pollSeconds.count,
			abandoned: result.timeouts,
			intervalS: POLL_INTERVAL_MS / 1000,
		},
		target: usesDurableCursors(kind)
			? `<= ${DURABLE_POLL_BUDGET_S} s budget, 0 abandoned`
			: 'info (no budget without durable cursors)',
		met: usesDurableCursors(kind)
			? pollS <= DURABLE_POLL_BUDGET_S && result.timeouts === 0
			: undefined,
	});
	const saves = result.saves;
	const meanMs = saves.length ? round(saves.reduce((s, x) => s + x.ms, 0) / saves.length) : NaN;
	const maxMs = Math.max(...saves.map((s) => s.ms));
	const bytes = saves.length ? Math.max(...saves.map((s) => s.bytes)) : 0;
	const durable = usesDurableCursors(kind);
	const { withExecution, cursorOnly, unsuccessful } = result.cursorCommits;
	add({
		key: `${key}.saves`,
		benchmark: 'deployment',
		measure: `${label}: state saves; save ms mean (max); bytes written per save`,
		value:
			`${saves.length} in ${result.pollSeconds.count} polls (${result.reportingPolls} reporting` +
			`${durable ? `; n8n's cursor commits: ${withExecution} with the execution, ${cursorOnly} alone` : ''}); ` +
			`${meanMs} (${maxMs}); ${bytes}`,
		figures: {
			saves: saves.length,
			polls: result.pollSeconds.count,
			reporting: result.reportingPolls,
			...(durable ? { commitsWithExecution: withExecution, commitsAlone: cursorOnly } : {}),
			meanMs,
			maxMs,
			bytes,
		},
		floor: `${pollS * 1000} ms poll`,
		ratio: round(meanMs / (pollS * 1000), 3),
		target: durable
			? 'each reporting poll commits with its execution, none fails; <= 5 % of the poll'
			: 'one save per poll that reports, <= 5 % of the poll',
		met:
			(durable
				? withExecution === result.reportingPolls && unsuccessful === 0
				: saves.length === result.reportingPolls) && meanMs <= pollS * 1000 * 0.05,
	});
	add({
		key: `${key}.idle`,
		benchmark: 'deployment',
		measure: `${label}: idle polls (no changes): state saves${durable ? "; n8n's cursor commits" : ''}`,
		value: `${result.idle.saves} in ${result.idle.polls} polls${durable ? `; ${result.idle.cursorCommits}` : ''}`,
		figures: {
			saves: result.idle.saves,
			polls: result.idle.polls,
			...(durable ? { cursorCommits: result.idle.cursorCommits } : {}),
		},
		target: 'none (at most one on the hour and one at the hourly restaurant lookup)',
		met: result.idle.saves <= MOST_IDLE_SAVES && result.idle.cursorCommits <= MOST_IDLE_SAVES,
	});
	add({
		key: `${key}.items`,
		benchmark: 'deployment',
		measure: `${label}: items reported / changes made (${result.seconds} s run)`,
		value: `${result.reported} / ${result.changes}`,
		figures: { reported: result.reported, changes: result.changes, seconds: result.seconds },
		target: 'equal',
		met: result.reported === result.changes,
	});
}

export async function benchDeployments(kinds: DeploymentKind[] = [...DEPLOYMENTS]): Promise<void> {
	await ensureN8nInstalled();
	const tarball = await packPackage(path.join(REPO_ROOT, '.tmp', 'bench', 'pack'));
	for (const kind of kinds) {
		process.stdout.write(`deployment bench: ${kind}…\n`);
		await benchDeployment(kind, tarball);
	}
}
