/**
 * Proofs that can fail: a deliberate mistake in the nodes' slot count (which booking states keep
 * their place in a slot) makes the availability suite fail. Each mistake runs the suite in a child
 * jest with ./slotCountMistake.ts loaded first; the sandbox it talks to keeps its own rules, so the
 * node's verdict and the server's part ways and the comparison fails. (While the sandbox judged
 * with the nodes' own code, such a mistake agreed with itself on both sides.)
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SLOT_COUNT_MISTAKES } from './slotCountMistake';

const ROOT = path.resolve(__dirname, '../..');
const SUITE = 'test/node/reservationAvailability.test.ts';
const STATE_TEST = 'counts a booking in its slot by its state';

interface JestReport {
	numFailedTests: number;
	testResults: Array<{ assertionResults: Array<{ title: string; status: string }> }>;
}

/**
 * The suite's report with the mistake in the nodes (none: as shipped), for the test that must catch
 * it alone (the whole suite, five times over, cost a minute and a half; `npm test` runs it all
 * without the mistake loader anyway).
 */
function runSuite(mistake: string | undefined): Promise<JestReport> {
	const folder = mkdtempSync(path.join(os.tmpdir(), 'rr-mistake-'));
	const output = path.join(folder, 'report.json');
	const args = [require.resolve('jest/bin/jest'), SUITE, '--json', `--outputFile=${output}`];
	args.push('--setupFilesAfterEnv', './test/proofs/slotCountMistake.ts', '--maxWorkers=1');
	args.push('--testNamePattern', STATE_TEST);
	return new Promise((resolve, reject) => {
		execFile(
			process.execPath,
			args,
			{ cwd: ROOT, env: { ...process.env, RR_SLOT_COUNT_MISTAKE: mistake ?? '' } },
			() => {
				try {
					resolve(JSON.parse(readFileSync(output, 'utf8')) as JestReport);
				} catch (error) {
					reject(error);
				} finally {
					rmSync(folder, { recursive: true, force: true });
				}
			},
		);
	});
}

const titlesOf = (report: JestReport, status: 'passed' | 'failed') =>
	report.testResults.flatMap((file) =>
		file.assertionResults.filter((t) => t.status === status).map((t) => t.title),
	);

describe('a mistake in the nodes slot count is caught by the availability suite', () => {
	it.each(Object.keys(SLOT_COUNT_MISTAKES))(
		'%s: the suite fails on the state of a booking in its slot',
		async (mistake) => {
			const report = await runSuite(mistake);
			expect(report.numFailedTests).toBeGreaterThan(0);
			expect(titlesOf(report, 'failed').some((title) => title.startsWith(STATE_TEST))).toBe(true);
		},
		120_000,
	);

	it('without a mistake the same run passes', async () => {
		const report = await runSuite(undefined);
		expect(titlesOf(report, 'passed').some((title) => title.startsWith(STATE_TEST))).toBe(true);
		expect(titlesOf(report, 'failed')).toEqual([]);
	}, 120_000);
});
