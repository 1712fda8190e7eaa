/**
 * Once before the end-to-end tests: the n8n server in the cache folder (installed on first use,
 * with progress lines), and the package built and packed, as `npm run dev` does (or the tarball CI
 * packed once: RR_PACKED_TARBALL).
 */
import path from 'node:path';
import { ensureN8nInstalled, packedForTests, REPO_ROOT } from '../../scripts/n8n';

export default async function globalSetup(): Promise<void> {
	const log = (line: string) => process.stdout.write(`${line}\n`);
	await ensureN8nInstalled({ log });
	process.env.E2E_TARBALL = await packedForTests(path.join(REPO_ROOT, '.tmp', 'e2e', 'pack'));
}
