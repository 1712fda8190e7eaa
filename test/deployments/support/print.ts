/**
 * A line of progress or of a measure on the test run's standard output, written at once. What a
 * test file writes with process.stdout.write reaches the output only after the next file's result,
 * and the last file's is lost when jest force-exits (so CI never showed the 50,000-reservation line).
 */
import * as fs from 'node:fs';

export function printLine(line: string): void {
	fs.writeSync(1, `${line}\n`);
}
