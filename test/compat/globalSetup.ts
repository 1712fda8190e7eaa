/**
 * Once before the compatibility tests: the oldest n8n supported in the cache folder (installed on
 * first use), and the package built and packed, as for the end-to-end tests.
 */
import path from 'node:path';
import { ensureN8nInstalled, OLDEST_LINE, packedForTests, REPO_ROOT } from '../../scripts/n8n';

export default async function globalSetup(): Promise<void> {
	const log = (line: string) => process.stdout.write(`${line}\n`);
	await ensureN8nInstalled({ log, line: OLDEST_LINE });
	process.env.E2E_TARBALL = await packedForTests(path.join(REPO_ROOT, '.tmp', 'compat', 'pack'));
}
