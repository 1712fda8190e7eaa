/** A benchmark group's rows as a markdown table, without the columns none of its rows fills. */
import type { Row } from '../report';

const COLUMNS: Array<[string, (row: Row) => string]> = [
	['measure', (r) => r.measure],
	['value', (r) => String(r.value)],
	['floor', (r) => (r.floor === undefined ? '' : String(r.floor))],
	['ratio', (r) => (r.ratio === undefined ? '' : String(r.ratio))],
	['target', (r) => r.target ?? ''],
	['met', (r) => (r.met === undefined ? '' : r.met ? 'yes' : 'NO')],
];

const cell = (text: string) => text.replace(/\|/g, '\\|');
const line = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;

/** Unpadded, so that a new figure changes its own line only. */
export function markdownTable(rows: Row[]): string {
	const columns = COLUMNS.filter(([, of]) => rows.some((row) => of(row) !== ''));
	return [
		line(columns.map(([name]) => name)),
		`|${columns.map(() => '---').join('|')}|`,
		...rows.map((row) => line(columns.map(([, of]) => of(row)))),
	].join('\n');
}
