/**
 * The figures the performance page's prose takes from the bench's rows, so that no measured number
 * is typed by hand: `key:field|format` names one figure of one row, and an aggregate (`range`,
 * `min`, `max`) the same figure of every row whose key matches a pattern (`*`: one key segment).
 * A field is `value`, `floor`, `ratio`, `verdict` (met or not met) or one of the row's figures
 * (default `value`); a format rounds or converts a number (see FORMATS). Whatever a reference
 * names that the rows lack is an error, so the template cannot drift from the bench silently.
 */
import type { Row } from '../report';

const FORMATS: Record<string, (n: number) => string> = {
	'0': (n) => n.toFixed(0),
	'1': (n) => n.toFixed(1),
	'2': (n) => n.toFixed(2),
	/** A ratio as a percentage. */
	'%': (n) => (n * 100).toFixed(1),
	/** Milliseconds as seconds. */
	s: (n) => (n / 1000).toFixed(1),
	/** Bytes as megabytes. */
	MB: (n) => (n / 1e6).toFixed(1),
};

export const AGGREGATES = ['range', 'min', 'max'] as const;
export type Aggregate = (typeof AGGREGATES)[number];

interface Reference {
	key: string;
	field: string;
	format?: string;
}

function parseReference(text: string): Reference {
	const match = /^([\w.*-]+)(?::(\w+))?(?:\|(\S+))?$/.exec(text.trim());
	if (!match) throw new Error(`"${text}" is not a reference (key:field|format)`);
	const [, key, field = 'value', format] = match;
	if (format !== undefined && !FORMATS[format])
		throw new Error(`unknown format "${format}" (${Object.keys(FORMATS).join(', ')})`);
	return { key, field, format };
}

function fieldOf(row: Row, field: string): number | string {
	const found =
		field === 'verdict'
			? row.met === undefined
				? undefined
				: row.met
					? 'met'
					: 'not met'
			: field === 'value' || field === 'floor' || field === 'ratio'
				? row[field]
				: row.figures?.[field];
	if (found === undefined) throw new Error(`row "${row.key}" has no ${field}`);
	return found;
}

function formatted(value: number | string, format: string | undefined): string {
	if (format === undefined) return String(value);
	if (typeof value !== 'number') throw new Error(`"${value}" is not a number to format`);
	return FORMATS[format](value);
}

function keyPattern(pattern: string): RegExp {
	const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^.]*');
	return new RegExp(`^${escaped}$`);
}

/** One figure of one row: `trigger.10000.poll:ratio|1`. */
export function figure(rows: Row[], text: string): string {
	const { key, field, format } = parseReference(text);
	const row = rows.find((r) => r.key === key);
	if (!row) throw new Error(`no row "${key}" in bench/results.json`);
	return formatted(fieldOf(row, field), format);
}

/** The same figure of every matching row: `range deployments.*.poll:seconds|1` is "3.0 to 3.5". */
export function aggregate(rows: Row[], kind: Aggregate, text: string): string {
	const { key, field, format } = parseReference(text);
	const pattern = keyPattern(key);
	const matching = rows.filter((r) => pattern.test(r.key));
	if (matching.length === 0) throw new Error(`no row matches "${key}" in bench/results.json`);
	const numbers = matching.map((row) => {
		const value = fieldOf(row, field);
		if (typeof value !== 'number') throw new Error(`${field} of "${row.key}" is not a number`);
		return value;
	});
	const low = formatted(Math.min(...numbers), format);
	const high = formatted(Math.max(...numbers), format);
	if (kind === 'min') return low;
	if (kind === 'max') return high;
	return low === high ? low : `${low} to ${high}`;
}
