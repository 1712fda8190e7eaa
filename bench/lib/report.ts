/** The benchmark report: one row per measured target, printed as a table; see ./results for the file. */
import os from 'node:os';

export interface Row {
	/**
	 * Stable name of the row, `<part>.<what>` (e.g. `trigger.10000.poll`): the performance page's
	 * prose finds its figures by it, since the measure's text holds measured numbers too.
	 */
	key: string;
	benchmark: string;
	measure: string;
	value: number | string;
	floor?: number | string;
	ratio?: number;
	target?: string;
	met?: boolean;
	/** The numbers a compound value is made of (e.g. median, min and max), named for the page. */
	figures?: Record<string, number>;
}

export type Machine = ReturnType<typeof machine>;

export const rows: Row[] = [];

export function add(row: Row): void {
	rows.push(row);
}

export function machine() {
	return {
		cpus: `${os.cpus().length} x ${os.cpus()[0]?.model ?? 'unknown'}`,
		memoryGiB: Math.round(os.totalmem() / 2 ** 30),
		node: process.version,
		platform: `${os.platform()} ${os.release()}`,
	};
}

export function print(): void {
	const header = ['benchmark', 'measure', 'value', 'floor', 'ratio', 'target', 'met'];
	const cells = rows.map((r) => [
		r.benchmark,
		r.measure,
		String(r.value),
		r.floor === undefined ? '' : String(r.floor),
		r.ratio === undefined ? '' : String(r.ratio),
		r.target ?? '',
		r.met === undefined ? '' : r.met ? 'yes' : 'NO',
	]);
	const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
	const line = (c: string[]) => `| ${c.map((v, i) => v.padEnd(widths[i])).join(' | ')} |`;
	process.stdout.write(
		`${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n${cells.map(line).join('\n')}\n`,
	);
}
