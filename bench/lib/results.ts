/**
 * bench/results.json: the rows of every part of the bench with when and where each part ran. A run
 * of some parts (`--only deployments`) replaces those parts and keeps the others as they were, so
 * the file, and the performance page written from it, always hold one run of every part.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Machine, Row } from './report';

/** The parts of the bench, in the order they run and are written. */
export const PARTS = [
	'package',
	'trigger',
	'restaurants',
	'node',
	'catalog',
	'guests',
	'deployments',
] as const;
export type Part = (typeof PARTS)[number];

export interface PartRun {
	ranAt: string;
	machine: Machine;
	/** Measured runs of each contender, for the parts that time contenders side by side. */
	runsPerContender?: number;
	rows: Row[];
}

export interface Results {
	parts: Partial<Record<Part, PartRun>>;
}

export const RESULTS_FILE = path.join(__dirname, '..', 'results.json');

export function readResults(file = RESULTS_FILE): Results {
	if (!existsSync(file)) return { parts: {} };
	return JSON.parse(readFileSync(file, 'utf8')) as Results;
}

/** The previous results with the parts just run in place of theirs, in the order of PARTS. */
export function mergeResults(previous: Results, ran: Results): Results {
	const parts: Results['parts'] = {};
	for (const part of PARTS) {
		const run = ran.parts[part] ?? previous.parts[part];
		if (run) parts[part] = run;
	}
	return { parts };
}

export function writeResults(results: Results, file = RESULTS_FILE): void {
	writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
}

/** Every row, part after part. */
export const allRows = (results: Results): Row[] =>
	PARTS.flatMap((part) => results.parts[part]?.rows ?? []);
