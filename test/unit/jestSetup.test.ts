/**
 * The test transform keeps source maps (tsconfig.jest.json): a failing assertion's stack trace
 * names the line of the test file it is on. Without them, ts-jest's output shifts lines (comments
 * and type-only lines dropped) and traces named unrelated lines.
 */
import { readFileSync } from 'node:fs';

/** The 1-based line of this file holding `marker`, read from the source as written. */
function lineOf(marker: string): number {
	const lines = readFileSync(__filename, 'utf8').split('\n');
	return lines.findIndex((line) => line.includes(marker) && !line.includes('lineOf(')) + 1;
}

describe('the test transform', () => {
	it('a failing assertion names its own line and column', () => {
		let thrown: unknown;
		try {
			// A type-only line, then comments: what made the lines shift without source maps.
			type Shifted = { line: number };
			const never: Shifted = { line: 0 };
			expect(never.line).toBe(1); // the assertion that fails here
		} catch (error) {
			thrown = error;
		}
		const stack = String((thrown as Error).stack);
		const line = lineOf('// the assertion that fails here');
		expect(line).toBeGreaterThan(0);
		expect(stack).toContain(`jestSetup.test.ts:${line}:`);
	});
});
