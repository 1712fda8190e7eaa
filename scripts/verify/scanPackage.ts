/**
 * `npm run verify`: n8n's community-package scanner (@n8n/scan-community-package) on this package,
 * before it is published.
 *
 * The scanner's gate checks the npm provenance of a published version, fetches the source commit the
 * attestation names and the tarball from npm, and lints both with its own config: the source's
 * `package.json`, `nodes/` and `credentials/`, and the tarball's compiled `.js` and `package.json`.
 * An unpublished package has neither, so this runs the scanner's exported analysis
 * (`analyzePackage`, with the scanner's own file patterns) on the staged package (stage.ts) and on
 * an unpacked `npm pack` of a clean build of it (in CI, the tarball it packed: tarballToCheck), and
 * counts errors and warnings with the scanner's exported config (`analyzePackage` itself fails on
 * errors only). It also checks what the tarball holds: the package files, and in `dist/` the
 * compiled credentials and nodes (one `.js` per source file, no declarations, no source maps, and no
 * `.js` that names a source map: see CONTRIBUTING.md, "What the package ships"), their codex
 * `.node.json` files and the icons, nothing else. Exits 1 on any problem.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { buildPackage, packPackage, unpackTarball } from '../n8n';
import { runChecks, type CheckResult } from './check';
import { stagePackage, type StagedPackage } from './stage';

interface ScanResult {
	passed: boolean;
	message?: string;
	details?: string;
}

/** What this script uses of the scanner's module (plain JavaScript, without types). */
interface Scanner {
	analyzePackage(packageDir: string, filePatterns: string[]): Promise<ScanResult>;
	buildScanConfig(): Promise<Linter.Config[]>;
	SOURCE_FILE_PATTERNS: string[];
}

/** The tarball leg's patterns, as the scanner's `analyzePackageByName` passes them. */
const TARBALL_FILE_PATTERNS = ['**/*.js', 'package.json'];

const SCANNER = '@n8n/scan-community-package/scanner/scanner.mjs';

async function lintLeg(
	scanner: Scanner,
	name: string,
	dir: string,
	patterns: string[],
): Promise<CheckResult> {
	const verdict = await scanner.analyzePackage(dir, patterns);
	const eslint = new ESLint({
		cwd: dir,
		allowInlineConfig: false,
		overrideConfigFile: true,
		overrideConfig: await scanner.buildScanConfig(),
		errorOnUnmatchedPattern: false,
	});
	const results = await eslint.lintFiles(patterns);
	const errors = results.reduce((sum, result) => sum + result.errorCount, 0);
	const warnings = results.reduce((sum, result) => sum + result.warningCount, 0);
	if (errors + warnings > 0)
		console.log(await (await eslint.loadFormatter('stylish')).format(results));
	else if (!verdict.passed) console.log(verdict.details ?? verdict.message);
	return {
		ok: verdict.passed && errors === 0 && warnings === 0,
		summary: `${name} (${patterns.join(', ')}): ${results.length} files, ${errors} errors, ${warnings} warnings; the scanner says ${verdict.passed ? 'passed' : `failed: ${verdict.message}`}`,
	};
}

/** The files a clean build of the staged sources puts into the tarball, relative to its root. */
function expectedTarballFiles(staged: StagedPackage): Set<string> {
	const expected = new Set(['package.json', 'README.md', 'LICENSE.md']);
	for (const file of staged.files) {
		if (/^(nodes|credentials)\/.*\.ts$/.test(file)) {
			// What n8n loads: the compiled JavaScript alone (tsconfig.json emits no .d.ts, no .js.map).
			expected.add(`dist/${file.slice(0, -'.ts'.length)}.js`);
		} else if (/^nodes\/.*\.(json|svg|png)$/.test(file) || /^icons\/[^/]+\.(svg|png)$/.test(file)) {
			expected.add(`dist/${file}`);
		}
	}
	return expected;
}

function listFiles(dir: string): string[] {
	return (fs.readdirSync(dir, { recursive: true }) as string[])
		.map((file) => file.split(path.sep).join('/'))
		.filter((file) => fs.statSync(path.join(dir, file)).isFile());
}

/** Compiled files that end naming a source map (`//# sourceMappingURL=`), which the tarball lacks. */
function namingSourceMaps(unpacked: string, packed: string[]): string[] {
	return packed.filter(
		(file) =>
			file.endsWith('.js') &&
			/^\/\/# sourceMappingURL=/m.test(fs.readFileSync(path.join(unpacked, file), 'utf8')),
	);
}

function contentsLeg(staged: StagedPackage, unpacked: string, tarball: string): CheckResult {
	const expected = expectedTarballFiles(staged);
	const packed = listFiles(unpacked);
	const extra = packed.filter((file) => !expected.has(file)).sort();
	const missing = [...expected].filter((file) => !packed.includes(file)).sort();
	const mapped = namingSourceMaps(unpacked, packed).sort();
	for (const file of extra) console.log(`in the tarball, but not built from the package: ${file}`);
	for (const file of missing)
		console.log(`built from the package, but not in the tarball: ${file}`);
	for (const file of mapped) console.log(`names a source map the tarball does not ship: ${file}`);
	const count = (pattern: RegExp) => packed.filter((file) => pattern.test(file)).length;
	const bytes = fs.statSync(tarball).size;
	return {
		ok: extra.length === 0 && missing.length === 0 && mapped.length === 0,
		summary: `tarball contents (${path.basename(tarball)}, ${(bytes / 1000).toFixed(1)} kB, ${packed.length} files: ${count(/\.js$/)} compiled, ${count(/\.node\.json$/)} codex, ${count(/^dist\/icons\//)} icons): ${extra.length} unexpected, ${missing.length} missing, ${mapped.length} naming a source map`,
	};
}

/**
 * The tarball CI packed once from its clean clone's build (`RR_PACKED_TARBALL`: the one every
 * suite installs, so the one to check), else `npm pack` of a clean build of the staged sources.
 */
async function tarballToCheck(staged: StagedPackage, work: string): Promise<string> {
	const packed = process.env.RR_PACKED_TARBALL;
	if (packed) return packed;
	await buildPackage(staged.dir);
	return packPackage(work, staged.dir);
}

const SCANNER_VERSION = (
	JSON.parse(
		fs.readFileSync(require.resolve('@n8n/scan-community-package/package.json'), 'utf8'),
	) as { version: string }
).version;

runChecks(
	`n8n's community-package scanner ${SCANNER_VERSION}, its analysis before publishing:`,
	async () => {
		const scanner = (await import(SCANNER)) as Scanner;
		const work = fs.mkdtempSync(path.join(os.tmpdir(), 'rr-scan-'));
		const staged = await stagePackage();
		try {
			const results = [await lintLeg(scanner, 'source', staged.dir, scanner.SOURCE_FILE_PATTERNS)];
			const tarball = await tarballToCheck(staged, work);
			const unpacked = path.join(work, 'package');
			await unpackTarball(tarball, unpacked);
			results.push(await lintLeg(scanner, 'tarball', unpacked, TARBALL_FILE_PATTERNS));
			results.push(contentsLeg(staged, unpacked, tarball));
			return results;
		} finally {
			staged.remove();
			fs.rmSync(work, { recursive: true, force: true });
		}
	},
	'not checked here: the npm provenance of a published version (.github/workflows/publish.yml publishes with it)',
);
