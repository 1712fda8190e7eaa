/**
 * docs/performance.md, written from bench/results.json through bench/performance.template.md, so
 * that no figure on the page is typed by hand. The template is markdown with placeholders:
 * - `{{machine}}`: the machine the bench ran on; `{{runs}}`: each part's date and runs;
 * - `{{table <benchmark>}}`: that benchmark group's rows (every group must have its table);
 * - `{{<key>:<field>|<format>}}` and `{{range|min|max <key pattern>:<field>|<format>}}`: figures
 *   of rows, see ./page/figures.
 * A placeholder the results cannot fill stops the rendering with an error naming it.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AGGREGATES, aggregate, figure, type Aggregate } from './page/figures';
import { machinePhrase, runsList } from './page/runs';
import { markdownTable } from './page/tables';
import { wrapProse } from './page/wrap';
import { allRows, readResults, type Results } from './results';

const ROOT = path.join(__dirname, '..', '..');
export const TEMPLATE_FILE = path.join(ROOT, 'bench', 'performance.template.md');
export const PAGE_FILE = path.join(ROOT, 'docs', 'performance.md');

const PLACEHOLDER = /\{\{([^{}]*)\}\}/g;

function fill(placeholder: string, results: Results, tabled: Set<string>): string {
	const [word, ...rest] = placeholder.trim().split(/\s+/);
	const argument = rest.join(' ');
	const rows = allRows(results);
	if (word === 'machine') return machinePhrase(results);
	if (word === 'runs') return runsList(results);
	if (word === 'table') {
		const group = rows.filter((row) => row.benchmark === argument);
		if (group.length === 0) throw new Error(`no rows of benchmark "${argument}"`);
		tabled.add(argument);
		return markdownTable(group);
	}
	if ((AGGREGATES as readonly string[]).includes(word))
		return aggregate(rows, word as Aggregate, argument);
	return figure(rows, placeholder);
}

/** The page for these results; throws on a placeholder they cannot fill or a group left out. */
export function renderPerformancePage(results: Results, template: string): string {
	const leftover = template.replace(PLACEHOLDER, '').match(/\{\{|\}\}/);
	if (leftover) throw new Error(`performance template: an unclosed placeholder ("${leftover[0]}")`);
	const tabled = new Set<string>();
	const page = template.replace(PLACEHOLDER, (whole, inner: string) => {
		try {
			return fill(inner, results, tabled);
		} catch (error) {
			throw new Error(`performance template: ${whole}: ${(error as Error).message}`);
		}
	});
	const untabled = [...new Set(allRows(results).map((row) => row.benchmark))].filter(
		(group) => !tabled.has(group),
	);
	if (untabled.length)
		throw new Error(`performance template: no {{table ...}} for ${untabled.join(', ')}`);
	return wrapProse(page);
}

/** Renders docs/performance.md from the committed template and bench/results.json. */
export function writePerformancePage(): void {
	const template = readFileSync(TEMPLATE_FILE, 'utf8');
	writeFileSync(PAGE_FILE, renderPerformancePage(readResults(), template));
}
