/** Whole-number option values of the command lines (sandbox/cli.ts, scripts/dev.ts), for commander. */
import { InvalidArgumentError } from 'commander';

export function positiveInt(value: string): number {
	const n = Number(value);
	if (!Number.isInteger(n) || n < 0)
		throw new InvalidArgumentError('must be a whole number, 0 or more');
	return n;
}

export function atLeastOne(value: string): number {
	const n = Number(value);
	if (!Number.isInteger(n) || n < 1)
		throw new InvalidArgumentError('must be a whole number, 1 or more');
	return n;
}
