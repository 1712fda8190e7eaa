/**
 * docs/performance.md is written by the bench from bench/results.json and
 * bench/performance.template.md, never by hand: the committed page must be what they render, byte
 * for byte. And a template that names a row the results lack fails, naming it.
 */
import { readFileSync } from 'node:fs';
import { PAGE_FILE, renderPerformancePage, TEMPLATE_FILE } from '../../bench/lib/performancePage';
import type { Row } from '../../bench/lib/report';
import { mergeResults, readResults, type Results } from '../../bench/lib/results';

const template = readFileSync(TEMPLATE_FILE, 'utf8');

/** The first line where two texts differ, to show beside the hint. */
function firstDifference(actual: string, expected: string): string {
	const a = actual.split('\n');
	const e = expected.split('\n');
	const line = a.findIndex((text, i) => text !== e[i]);
	const at = line === -1 ? a.length : line;
	return `line ${at + 1}:\n  committed: ${JSON.stringify(a[at])}\n  rendered:  ${JSON.stringify(e[at])}`;
}

const machine = { cpus: '2 x Test CPU', memoryGiB: 8, node: 'v20.0.0', platform: 'linux 6' };

const row = (key: string, benchmark = 'package'): Row => ({
	key,
	benchmark,
	measure: key,
	value: 1,
});

/** Results with one part holding the given rows. */
const resultsOf = (rows: Row[]): Results => ({
	parts: { package: { ranAt: '2026-01-01T00:00:00.000Z', machine, rows } },
});

const withoutRow = (results: Results, key: string): Results => ({
	parts: Object.fromEntries(
		Object.entries(results.parts).map(([part, run]) => [
			part,
			{ ...run, rows: run.rows.filter((r) => r.key !== key) },
		]),
	),
});

describe('docs/performance.md', () => {
	it('is what bench/results.json renders through the template', () => {
		const committed = readFileSync(PAGE_FILE, 'utf8');
		const rendered = renderPerformancePage(readResults(), template);
		if (committed !== rendered)
			throw new Error(
				'docs/performance.md is not what bench/results.json renders through ' +
					'bench/performance.template.md. Do not edit the page by hand: edit the template, then ' +
					`run \`npm run bench -- --page-only\`.\n${firstDifference(committed, rendered)}`,
			);
	});

	it('cannot be rendered when the template names a row the results lack', () => {
		expect(() =>
			renderPerformancePage(withoutRow(readResults(), 'trigger.1000.poll'), template),
		).toThrow(
			/\{\{trigger\.1000\.poll:\w+\}\}: no row "trigger\.1000\.poll" in bench\/results\.json/,
		);
	});
});

describe('renderPerformancePage', () => {
	const results = resultsOf([
		{ ...row('package.load.a'), value: 48.81, figures: { files: 3 } },
		{ ...row('package.load.b'), value: 0.72, met: false },
	]);

	it('fills figures, aggregates and tables', () => {
		const page = renderPerformancePage(
			results,
			'{{table package}}\n\n{{package.load.a:files}} files, {{range package.load.*|1}} ms, ' +
				'{{max package.load.*|0}}, {{package.load.b:verdict}}\n',
		);
		expect(page).toBe(
			'| measure | value | met |\n|---|---|---|\n| package.load.a | 48.81 |  |\n' +
				'| package.load.b | 0.72 | NO |\n\n3 files, 0.7 to 48.8 ms, 49, not met\n',
		);
	});

	it('names a figure the row lacks, a pattern no row matches and a group without a table', () => {
		const render = (text: string) => () => renderPerformancePage(results, text);
		expect(render('{{table package}} {{package.load.a:bytes}}')).toThrow(
			'{{package.load.a:bytes}}: row "package.load.a" has no bytes',
		);
		expect(render('{{table package}} {{min trigger.*.poll}}')).toThrow(
			'{{min trigger.*.poll}}: no row matches "trigger.*.poll"',
		);
		expect(render('{{package.load.a}}')).toThrow('no {{table ...}} for package');
		expect(render('{{table package}} {{package.load.a')).toThrow('an unclosed placeholder');
	});
});

describe('mergeResults', () => {
	it('replaces the parts just run and keeps the others', () => {
		const previous: Results = {
			parts: {
				package: { ranAt: 'then', machine, rows: [row('package.tarball')] },
				deployments: { ranAt: 'then', machine, rows: [row('deployments.default.poll')] },
			},
		};
		const ran: Results = {
			parts: { deployments: { ranAt: 'now', machine, rows: [row('deployments.queue.poll')] } },
		};
		const merged = mergeResults(previous, ran);
		expect(Object.keys(merged.parts)).toEqual(['package', 'deployments']);
		expect(merged.parts.package).toBe(previous.parts.package);
		expect(merged.parts.deployments).toBe(ran.parts.deployments);
	});
});
