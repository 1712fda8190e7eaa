/** What each check of `npm run lint` and `npm run verify` reports, and how they print it and exit. */

export interface CheckResult {
	ok: boolean;
	/** One line for the summary. */
	summary: string;
}

/**
 * Runs the checks, then prints the title and one line per result; exits 1 when any failed or
 * the checks threw.
 */
export function runChecks(
	title: string,
	checks: () => Promise<CheckResult[]>,
	footer?: string,
): void {
	checks().then(
		(results) => {
			console.log(`\n${title}`);
			for (const result of results)
				console.log(`${result.ok ? 'passed' : 'FAILED'}  ${result.summary}`);
			if (footer) console.log(footer);
			process.exit(results.every((result) => result.ok) ? 0 : 1);
		},
		(error: unknown) => {
			console.error(error instanceof Error ? error.message : error);
			process.exit(1);
		},
	);
}
