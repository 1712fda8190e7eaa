/**
 * The sandbox is the other side of every test, so it decides with code of its own: no file it
 * loads, directly or through another module, lies in `nodes/` or `credentials/` (a mistake there
 * would agree with itself on both sides of a test). madge's graph of `sandbox/`, type-only imports
 * included, with the TypeScript compiler's module resolution.
 */
import path from 'node:path';
import madge from 'madge';
import { REPO_ROOT } from '../n8n';
import type { CheckResult } from './check';

const PACKAGE_FOLDERS = ['nodes/', 'credentials/'];

/** The package files the sandbox's modules load, with the sandbox file that loads each. */
export async function packageImportsOfSandbox(
	root = path.join(REPO_ROOT, 'sandbox'),
): Promise<{ files: number; imports: string[] }> {
	const graph = await madge(root, {
		baseDir: REPO_ROOT,
		fileExtensions: ['ts'],
		tsConfig: path.join(REPO_ROOT, 'tsconfig.test.json'),
		detectiveOptions: { ts: { skipTypeImports: false } },
	});
	const dependencies = graph.obj();
	const imports = Object.entries(dependencies).flatMap(([file, loads]) =>
		file.startsWith('sandbox/')
			? loads
					.filter((dep) => PACKAGE_FOLDERS.some((folder) => dep.startsWith(folder)))
					.map((dep) => `${file} → ${dep}`)
			: [],
	);
	return { files: Object.keys(dependencies).length, imports };
}

export async function sandboxIndependence(): Promise<CheckResult> {
	const { files, imports } = await packageImportsOfSandbox();
	for (const line of imports) console.log(`the sandbox loads the package's code: ${line}`);
	return {
		// A graph without files would find no import: that is no proof.
		ok: imports.length === 0 && files > 0,
		summary: `sandbox/ loads nothing from ${PACKAGE_FOLDERS.join(' or ')} (madge, ${files} files): ${imports.length}`,
	};
}
