/**
 * `npm run dev`: this package inside a real n8n server, the way a user gets it.
 *
 * Builds and packs the package, installs the packed copy into a throwaway n8n user folder as n8n
 * installs a community package, starts the sandbox and n8n (installed once into a cache folder by
 * scripts/n8n/install.ts) on 127.0.0.1, creates the owner account, the credential pointing at the
 * sandbox and the example workflows, then prints the editor URL and the login. Ctrl-C stops every
 * process it started.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Command, InvalidArgumentError, Option } from 'commander';
import {
	assertPortFree,
	buildPackage,
	copyExampleFiles,
	DEPLOYMENT_SUMMARY,
	DEPLOYMENTS,
	DEV_OWNER,
	ensureN8nInstalled,
	ensureOwner,
	importWithSandboxCredential,
	installPackedPackage,
	n8nInstance,
	N8nRest,
	packPackage,
	prepareDeployment,
	prepareExample,
	readExamples,
	REPO_ROOT,
	SANDBOX_CREDENTIAL,
	SANDBOX_TOKEN,
	startN8n,
	startSandbox,
	UserFacingError,
	type DeploymentKind,
	type ManagedProcess,
} from './n8n';
import { atLeastOne, positiveInt as count } from '../sandbox/cliArguments';
import { READING_NAMES, type ReadingName } from '../sandbox/readings';

function port(value: string): number {
	const n = Number(value);
	if (!Number.isInteger(n) || n < 1 || n > 65535)
		throw new InvalidArgumentError('must be a port number, 1 to 65535');
	return n;
}

const program = new Command()
	.name('dev')
	.description(
		'Runs the sandbox and a real n8n server with this package installed, the credential and the example workflows.',
	)
	.option('--sandbox-port <port>', 'port of the sandbox API', port, 4010)
	.option('--n8n-port <port>', 'port of the n8n editor', port, 5678)
	.option(
		'--broker-port <port>',
		"port of n8n's task runner broker (default: the n8n port + 1)",
		port,
	)
	.option(
		'--folder <dir>',
		'working folder: n8n user folder, packed package, files of the examples',
		path.join(REPO_ROOT, '.tmp', 'n8n-dev'),
	)
	.option(
		'--keep-data',
		'keep the n8n data of the last run (workflows, executions) instead of starting fresh',
	)
	.option(
		'--restaurants <count>',
		'sandbox restaurants in all: the 3 seeded ones, then generated ones up to this count',
		count,
	)
	.option('--latency <ms>', 'latency the sandbox adds to every API request, ms', count)
	.option(
		'--rate-limit <requests/s>',
		'API requests per second beyond which the sandbox answers 429 with Retry-After',
		count,
	)
	.option(
		'--token-lifetime <seconds>',
		"how long a token from the sandbox's POST /token is accepted (default 3600; the fixed tokens never expire)",
		atLeastOne,
	)
	.addOption(
		new Option(
			'--reading <name>',
			'how the sandbox API reads what the spec leaves "not shown" (state field and values, times, time zones, error bodies)',
		)
			.choices([...READING_NAMES])
			.default('sandbox'),
	)
	.option('--quiet', "do not echo the sandbox's request log and n8n's warnings")
	.option('--n8n-log-level <level>', "n8n's log level (error, warn, info, debug)", 'warn')
	.addOption(
		new Option(
			'--deployment <kind>',
			'how n8n runs: one process on SQLite (default), on PostgreSQL with durable poll cursors, or queue mode with Redis and two workers',
		)
			.choices([...DEPLOYMENTS])
			.default('default'),
	)
	.parse();

interface Options {
	sandboxPort: number;
	n8nPort: number;
	brokerPort?: number;
	folder: string;
	keepData?: boolean;
	restaurants?: number;
	latency?: number;
	rateLimit?: number;
	reading: ReadingName;
	tokenLifetime?: number;
	quiet?: boolean;
	n8nLogLevel: string;
	deployment: DeploymentKind;
}

const out = (line: string) => process.stdout.write(`${line}\n`);
const started: ManagedProcess[] = [];
let stopping = false;

async function stopAll(reason: string, code: number): Promise<never> {
	if (stopping) return new Promise<never>(() => undefined);
	stopping = true;
	if (started.length > 0)
		out(
			`\nStopping (${reason}): ${started
				.map((p) => p.name)
				.reverse()
				.join(', ')} ...`,
		);
	for (const managed of [...started].reverse()) await managed.stop();
	if (started.length > 0) out('Stopped.');
	process.exit(code);
}

process.on('SIGINT', () => void stopAll('Ctrl-C', 0));
process.on('SIGTERM', () => void stopAll('SIGTERM', 0));

function seconds(since: number): string {
	return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

async function main(): Promise<void> {
	const t0 = Date.now();
	const opts = program.opts<Options>();
	const host = '127.0.0.1';
	const brokerPort = opts.brokerPort ?? opts.n8nPort + 1;
	const folder = path.resolve(opts.folder);
	const userFolder = path.join(folder, 'n8n');
	const filesFolder = path.join(folder, 'files');

	await assertPortFree(opts.sandboxPort, host, 'sandbox', '--sandbox-port');
	await assertPortFree(opts.n8nPort, host, 'n8n', '--n8n-port');
	await assertPortFree(brokerPort, host, "n8n's task runner broker", '--broker-port');

	const rt = await ensureN8nInstalled({ log: out });
	if (stopping) return;

	out('[dev] building and packing the package');
	await buildPackage();
	const tarball = await packPackage(path.join(folder, 'pack'));
	if (opts.keepData && opts.deployment !== 'default') {
		throw new UserFacingError(
			'--keep-data works with the default deployment only: the others start with new databases',
		);
	}
	const fresh = !opts.keepData || !fs.existsSync(path.join(userFolder, '.n8n', 'database.sqlite'));
	if (!opts.keepData) fs.rmSync(userFolder, { recursive: true, force: true });

	const sandbox = await startSandbox({
		port: opts.sandboxPort,
		host,
		quiet: opts.quiet,
		restaurants: opts.restaurants,
		latencyMs: opts.latency,
		rateLimitPerSecond: opts.rateLimit,
		reading: opts.reading,
		tokenLifetimeSeconds: opts.tokenLifetime,
		onLine: (line) => out(`[sandbox] ${line}`),
	});
	started.push(sandbox.process);
	if (stopping) return;
	const sandboxNotes = [
		...(opts.reading === 'sandbox' ? [] : [`reading: ${opts.reading}`]),
		...(opts.tokenLifetime === undefined
			? []
			: [`tokens from POST /token valid for ${opts.tokenLifetime} s`]),
	];
	out(
		`[dev] sandbox API on ${sandbox.url}${sandboxNotes.length ? ` (${sandboxNotes.join('; ')})` : ''}`,
	);

	const echo = (line: string) => (opts.quiet ? undefined : out(`[n8n] ${line}`));
	const deployment =
		opts.deployment === 'default'
			? undefined
			: await prepareDeployment({
					kind: opts.deployment,
					rt,
					folder: path.join(folder, opts.deployment),
					tarball,
					port: opts.n8nPort,
					brokerPort,
					filesFolder,
					extraEnv: { N8N_LOG_LEVEL: opts.n8nLogLevel },
					log: echo,
				});
	if (deployment) {
		started.push(
			...[deployment.postgres?.process, deployment.redis?.process].filter(
				(p): p is ManagedProcess => p !== undefined,
			),
		);
		out(`[dev] ${opts.deployment} deployment: ${DEPLOYMENT_SUMMARY[opts.deployment]}`);
	} else {
		await installPackedPackage(tarball, userFolder);
		out(
			`[dev] installed ${path.basename(tarball)} into ${path.relative(REPO_ROOT, userFolder) || userFolder}/.n8n/nodes, as n8n installs a community package`,
		);
	}
	if (stopping) return;

	const instance =
		deployment?.main ??
		n8nInstance(rt, {
			userFolder,
			port: opts.n8nPort,
			brokerPort,
			host,
			filesFolder,
			extraEnv: { N8N_LOG_LEVEL: opts.n8nLogLevel },
		});
	const examples = readExamples();
	copyExampleFiles(filesFolder);
	if (fresh) {
		out('[dev] importing the credential and the example workflows');
		const work = path.join(folder, 'import');
		await importWithSandboxCredential(
			instance,
			sandbox.url,
			examples.map((example) => prepareExample(example, { filesFolder })),
			work,
		);
	} else {
		out('[dev] --keep-data: the credential and workflows of the last run are kept');
	}

	out(`[dev] starting n8n on ${instance.url}`);
	if (deployment) {
		await deployment.start();
		started.push(
			...[deployment.mainProcess, ...deployment.workerProcesses].filter(
				(p): p is ManagedProcess => p !== undefined,
			),
		);
	} else {
		started.push(await startN8n(instance, { onLine: echo }));
	}
	if (stopping) return;
	const rest = new N8nRest(instance.url);
	await ensureOwner(rest);

	const rel = path.relative(process.cwd(), filesFolder) || filesFolder;
	out('');
	out(`n8n with n8n-nodes-restaurant-reservations is ready (${seconds(t0)})`);
	out('');
	out(`  Editor      ${instance.url}`);
	out(`  Login       ${DEV_OWNER.email} / ${DEV_OWNER.password}`);
	out(
		`  Sandbox     ${sandbox.url}  (credential "${SANDBOX_CREDENTIAL.name}", token ${SANDBOX_TOKEN})`,
	);
	out(`  Examples    ${examples.length} workflows: ${examples.map((e) => e.name).join('; ')}`);
	out(`  Files       ${rel}  (the examples read and write files here)`);
	out('');
	out('Press Ctrl-C to stop n8n and the sandbox.');

	for (const managed of started) {
		void managed.exited.then((code) => {
			if (stopping) return;
			process.stderr.write(
				`\n${managed.name} exited unexpectedly (code ${code}):\n${managed.output.slice(-20).join('\n')}\n`,
			);
			void stopAll(`${managed.name} exited`, 1);
		});
	}
}

main().catch(async (error: unknown) => {
	const message =
		error instanceof UserFacingError ? error.message : ((error as Error).stack ?? String(error));
	process.stderr.write(`npm run dev: ${message}\n`);
	await stopAll('error', 1);
});
