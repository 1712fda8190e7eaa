/**
 * What installing the package costs: the packed tarball's size, and the cold load time of every
 * node and credential file in a fresh process (n8n-workflow, which n8n has loaded already, is
 * loaded first and not counted).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median, round } from './lib/measure';
import { add } from './lib/report';

const ROOT = path.resolve(__dirname, '..');
const LOAD_RUNS = 7;

function packedSize(): { bytes: number; files: number } {
	const dir = mkdtempSync(path.join(os.tmpdir(), 'pack-'));
	try {
		const [info] = JSON.parse(
			execFileSync('npm', ['pack', '--json', '--pack-destination', dir], {
				cwd: ROOT,
				encoding: 'utf8',
				stdio: ['ignore', 'pipe', 'ignore'],
			}),
		) as Array<{ filename: string; entryCount: number }>;
		return { bytes: statSync(path.join(dir, info.filename)).size, files: info.entryCount };
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}

/** Milliseconds to require one file in a fresh Node process, after n8n-workflow. */
function coldLoadMs(file: string): number {
	const script = `require('n8n-workflow');const t=process.hrtime.bigint();require(${JSON.stringify(file)});process.stdout.write(String(Number(process.hrtime.bigint()-t)/1e6));`;
	return Number(execFileSync(process.execPath, ['-e', script], { cwd: ROOT, encoding: 'utf8' }));
}

/** `dist/nodes/X/X.node.js` is `X-node`: a key segment (no dots). */
const loadKey = (file: string) => path.basename(file, '.js').replace(/\./g, '-');

export function benchPackage(): void {
	const { bytes, files } = packedSize();
	const kB = round(bytes / 1000);
	add({
		key: 'package.tarball',
		benchmark: 'package',
		measure: `packed tarball (${files} files): kB`,
		value: kB,
		figures: { files },
		target: '<= 150 kB',
		met: kB <= 150,
	});

	const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
		n8n: { nodes: string[]; credentials: string[] };
	};
	for (const file of [...pkg.n8n.nodes, ...pkg.n8n.credentials]) {
		const ms = round(
			median(Array.from({ length: LOAD_RUNS }, () => coldLoadMs(path.join(ROOT, file)))),
			2,
		);
		add({
			key: `package.load.${loadKey(file)}`,
			benchmark: 'package',
			measure: `cold load ${path.basename(file)}: median ms`,
			value: ms,
			target: '<= 50 ms',
			met: ms <= 50,
		});
	}
}
