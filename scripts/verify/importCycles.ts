/**
 * No import cycles in what ships (`nodes/`, `credentials/`), type-only imports included (a cycle of
 * types still ties modules together for whoever reads them): madge's dependency graph of every
 * source file, with the TypeScript compiler's module resolution. n8n's strict lint takes its
 * template config only (./n8nLint), so this check runs on its own in `npm run lint`.
 */
import path from 'node:path';
import madge from 'madge';
import { REPO_ROOT } from '../n8n';
import type { CheckResult } from './check';

const SOURCES = ['nodes', 'credentials'];

export async function importCycles(): Promise<CheckResult> {
	const graph = await madge(
		SOURCES.map((folder) => path.join(REPO_ROOT, folder)),
		{
			baseDir: REPO_ROOT,
			fileExtensions: ['ts'],
			tsConfig: path.join(REPO_ROOT, 'tsconfig.json'),
			detectiveOptions: { ts: { skipTypeImports: false } },
		},
	);
	const files = Object.keys(graph.obj()).length;
	const cycles = graph.circular();
	for (const cycle of cycles) console.log(`import cycle: ${[...cycle, cycle[0]].join(' → ')}`);
	return {
		// A graph without files would find no cycle: that is no proof.
		ok: cycles.length === 0 && files > 0 && graph.warnings().skipped.length === 0,
		summary: `import cycles in ${SOURCES.join('/, ')}/ (madge, type-only imports included, ${files} files): ${cycles.length}`,
	};
}
