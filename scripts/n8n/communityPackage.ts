/**
 * This package as n8n gets it: built, packed with `npm pack`, and installed into an n8n user folder
 * the way n8n 2.x installs a community package.
 */
import fs from 'node:fs';
import path from 'node:path';
import { cleanNpmEnv, NPM } from './npm';
import { UserFacingError } from './output';
import { lastLines, runCommand } from './processes';
import { REPO_ROOT } from './runtime';

/** The package's name, and the prefix of its node types in n8n. */
export const PACKAGE_NAME = 'n8n-nodes-restaurant-reservations';
export const ACTION_NODE_TYPE = `${PACKAGE_NAME}.restaurantReservations`;
export const TRIGGER_NODE_TYPE = `${PACKAGE_NAME}.restaurantReservationsTrigger`;

/** `npm run build` of the package in `packageDir` (this repository). */
export async function buildPackage(packageDir = REPO_ROOT): Promise<void> {
	const result = await runCommand(NPM, ['run', 'build'], {
		cwd: packageDir,
		env: cleanNpmEnv(),
		timeoutMs: 5 * 60_000,
	});
	if (result.code !== 0)
		throw new UserFacingError(`npm run build failed:\n${lastLines(result.stdout + result.stderr)}`);
}

/** `npm pack` of the package in `packageDir` (this repository) into `destination`; returns the path of the tarball. */
export async function packPackage(destination: string, packageDir = REPO_ROOT): Promise<string> {
	fs.mkdirSync(destination, { recursive: true });
	const result = await runCommand(NPM, ['pack', '--json', '--pack-destination', destination], {
		cwd: packageDir,
		env: cleanNpmEnv({ npm_config_ignore_scripts: 'true' }),
		timeoutMs: 2 * 60_000,
	});
	if (result.code !== 0)
		throw new UserFacingError(`npm pack failed:\n${lastLines(result.stdout + result.stderr)}`);
	const [info] = JSON.parse(result.stdout.slice(result.stdout.indexOf('['))) as Array<{
		filename: string;
	}>;
	return path.join(destination, info.filename);
}

/**
 * The tarball the test suites install: `RR_PACKED_TARBALL` when set (CI packs once, so suites that
 * run side by side do not rebuild dist/ under each other), else the package built and packed into
 * `destination`.
 */
export async function packedForTests(destination: string): Promise<string> {
	const packed = process.env.RR_PACKED_TARBALL;
	if (packed) {
		if (!fs.existsSync(packed))
			throw new UserFacingError(`RR_PACKED_TARBALL: no file at ${packed}`);
		return packed;
	}
	await buildPackage();
	return packPackage(destination);
}

/** `<userFolder>/.n8n/nodes`: where n8n keeps the community packages it installed. */
export function nodesFolder(userFolder: string): string {
	return path.join(userFolder, '.n8n', 'nodes');
}

/** Unpacks a tarball from `npm pack` into `packageDir` (emptied first), without its `package/` folder. */
export async function unpackTarball(tarball: string, packageDir: string): Promise<void> {
	fs.rmSync(packageDir, { recursive: true, force: true });
	fs.mkdirSync(packageDir, { recursive: true });
	const untar = await runCommand(
		'tar',
		['-xzf', tarball, '-C', packageDir, '--strip-components=1'],
		{ timeoutMs: 60_000 },
	);
	if (untar.code !== 0) throw new UserFacingError(`cannot unpack ${tarball}: ${untar.stderr}`);
}

/** Drops the dev, peer and optional dependencies from the unpacked manifest; returns the package's version. */
function keepRuntimeDependencies(packageDir: string): string {
	const manifestPath = path.join(packageDir, 'package.json');
	const { devDependencies, peerDependencies, optionalDependencies, ...manifest } = JSON.parse(
		fs.readFileSync(manifestPath, 'utf8'),
	) as Record<string, unknown>;
	void devDependencies;
	void peerDependencies;
	void optionalDependencies;
	fs.writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
	return String(manifest.version);
}

async function installDependencies(packageDir: string): Promise<void> {
	const install = await runCommand(
		NPM,
		[
			'install',
			'--audit=false',
			'--fund=false',
			'--bin-links=false',
			'--install-strategy=shallow',
			'--ignore-scripts=true',
			'--package-lock=false',
		],
		{ cwd: packageDir, env: cleanNpmEnv(), timeoutMs: 5 * 60_000 },
	);
	if (install.code !== 0)
		throw new UserFacingError(
			`npm install in ${packageDir} failed:\n${lastLines(install.stdout + install.stderr)}`,
		);
}

/** Records the package in `.n8n/nodes/package.json`, as n8n does. */
function recordInstalled(nodes: string, version: string): void {
	const nodesManifestPath = path.join(nodes, 'package.json');
	const nodesManifest = fs.existsSync(nodesManifestPath)
		? (JSON.parse(fs.readFileSync(nodesManifestPath, 'utf8')) as {
				dependencies?: Record<string, string>;
			})
		: { name: 'installed-nodes', private: true, dependencies: {} as Record<string, string> };
	nodesManifest.dependencies = { ...nodesManifest.dependencies, [PACKAGE_NAME]: version };
	fs.writeFileSync(nodesManifestPath, JSON.stringify(nodesManifest, null, 2));
}

/**
 * Installs a packed package the way n8n 2.x installs a community package (CommunityPackagesService
 * .downloadPackage): unpack it into `.n8n/nodes/node_modules/<name>`, drop its dev, peer and
 * optional dependencies, `npm install` what is left with scripts off, and record it in
 * `.n8n/nodes/package.json`. Returns the package's folder.
 */
export async function installPackedPackage(tarball: string, userFolder: string): Promise<string> {
	const nodes = nodesFolder(userFolder);
	const packageDir = path.join(nodes, 'node_modules', PACKAGE_NAME);
	await unpackTarball(tarball, packageDir);
	const version = keepRuntimeDependencies(packageDir);
	await installDependencies(packageDir);
	recordInstalled(nodes, version);
	return packageDir;
}
