/**
 * `npm run lint` (before prettier's check): n8n's strict lint on the package without its development
 * tooling (n8nLint.ts, stage.ts), no import cycles in nodes/ and credentials/ (importCycles.ts), no
 * import of the package's code in the sandbox (sandboxIndependence.ts), and
 * the GitHub workflow files (workflows.ts). One summary line per check; exits 1 when any of them
 * finds a problem.
 */
import { runChecks, type CheckResult } from './check';
import { importCycles } from './importCycles';
import { n8nNodeLint } from './n8nLint';
import { sandboxIndependence } from './sandboxIndependence';
import { stagePackage } from './stage';
import { lintWorkflows } from './workflows';

runChecks("n8n's lint and the workflow files:", async () => {
	const results: CheckResult[] = [];
	const staged = await stagePackage();
	try {
		results.push(await n8nNodeLint(staged));
	} finally {
		staged.remove();
	}
	results.push(await importCycles());
	results.push(await sandboxIndependence());
	results.push(await lintWorkflows());
	return results;
});
