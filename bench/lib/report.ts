/** The benchmark report: one row per measured target, printed as a table and written as JSON. */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface Row {
	benchmark: string;
	measure: string;
	value: number | string;
	floor?: number | string;
	ratio?: number;
	target?: string;
	met?: boolean;
}

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

export function write(file = path.join(__dirname, '..', 'results.json')): void {
	writeFileSync(
		file,
		`${JSON.stringify({ ranAt: new Date().toISOString(), machine: machine(), rows }, null, 2)}\n`,
	);
}
