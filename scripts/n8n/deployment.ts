/**
 * The ways users run n8n, each started for real on this machine: `default` (one process, SQLite),
 * `durable` (one process on PostgreSQL with the scheduler's durable poll cursors), `queue` (queue
 * mode: PostgreSQL, Redis, one main and two `n8n worker` processes) and `queue-durable` (queue mode
 * with durable poll cursors). PostgreSQL and Redis are Debian's packages, started with throwaway
 * data folders on loopback ports and stopped by pid (scripts/services/).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startPostgres, type RunningPostgres } from '../services/postgres';
import { startRedis, type RunningRedis } from '../services/redis';
import { installPackedPackage } from './communityPackage';
import { n8nInstance, startN8n, type N8nInstance } from './n8nProcess';
import type { Log } from './output';
import { freePort } from './ports';
import type { ManagedProcess } from './processes';
import type { N8nRuntime } from './runtime';

export const DEPLOYMENTS = ['default', 'durable', 'queue', 'queue-durable'] as const;
export type DeploymentKind = (typeof DEPLOYMENTS)[number];

/** What each deployment promises a polling trigger, in one line (the README's Deploying section has the detail). */
export const DEPLOYMENT_SUMMARY: Record<DeploymentKind, string> = {
	default: 'one n8n process on SQLite',
	durable: 'one n8n process on PostgreSQL, durable poll cursors',
	queue: 'queue mode: PostgreSQL, Redis, one main and two workers',
	'queue-durable':
		'queue mode with durable poll cursors: PostgreSQL, Redis, one main and two workers',
};

const WORKER_COUNT = 2;

/** The scheduler's durable poll cursors (n8n 2.41; the publication service they need is on by default). */
const DURABLE_CURSORS_ENV = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
};

export interface DeploymentOptions {
	kind: DeploymentKind;
	rt: N8nRuntime;
	/** Working folder, emptied first: the n8n user folders, Redis's folder. */
	folder: string;
	/** The packed package, installed into every n8n process's user folder (workers load nodes from their own). */
	tarball: string;
	port: number;
	brokerPort?: number;
	filesFolder?: string;
	/** PostgreSQL server settings (deployments on PostgreSQL), e.g. to load pg_stat_statements. */
	postgresSettings?: Record<string, string>;
	/** n8n environment for every process (e.g. N8N_LOG_LEVEL). */
	extraEnv?: Record<string, string>;
	/**
	 * false: n8n without its editor (N8N_DISABLE_UI), as a headless server runs it, for runs driven
	 * over the REST API alone. A main process with the editor rewrites every file of it at each start:
	 * without it a start costs about 7 s less CPU (13 s instead of 20) and is ready 4 to 5 s sooner.
	 */
	editor?: boolean;
	log?: Log;
}

export interface Deployment {
	kind: DeploymentKind;
	main: N8nInstance;
	workers: N8nInstance[];
	postgres?: RunningPostgres;
	redis?: RunningRedis;
	mainProcess?: ManagedProcess;
	workerProcesses: Array<ManagedProcess | undefined>;
	/** Starts the main process (and the workers that are not running) and waits until they are ready. */
	start(): Promise<void>;
	startMain(): Promise<void>;
	startWorker(index: number): Promise<void>;
	/** SIGTERM and wait (n8n's graceful shutdown), or SIGKILL (a crash). */
	stopMain(how: 'graceful' | 'kill'): Promise<void>;
	stopWorker(index: number, how: 'graceful' | 'kill'): Promise<void>;
	/** Stops every process and service it started. */
	stop(): Promise<void>;
}

export function isQueue(kind: DeploymentKind): boolean {
	return kind === 'queue' || kind === 'queue-durable';
}

export function usesDurableCursors(kind: DeploymentKind): boolean {
	return kind === 'durable' || kind === 'queue-durable';
}

function databaseEnv(postgres: RunningPostgres | undefined): Record<string, string> {
	if (!postgres) return {};
	return {
		DB_TYPE: 'postgresdb',
		DB_POSTGRESDB_HOST: postgres.host,
		DB_POSTGRESDB_PORT: String(postgres.port),
		DB_POSTGRESDB_DATABASE: postgres.database,
		DB_POSTGRESDB_USER: postgres.user,
		DB_POSTGRESDB_PASSWORD: postgres.password,
	};
}

function queueEnv(redis: RunningRedis | undefined): Record<string, string> {
	if (!redis) return {};
	return {
		EXECUTIONS_MODE: 'queue',
		QUEUE_BULL_REDIS_HOST: redis.host,
		QUEUE_BULL_REDIS_PORT: String(redis.port),
	};
}

/** The services a deployment needs, started in `folder`. */
async function startServices(
	kind: DeploymentKind,
	folder: string,
	postgresSettings?: Record<string, string>,
	log?: Log,
): Promise<{ postgres?: RunningPostgres; redis?: RunningRedis }> {
	if (kind === 'default') return {};
	// PostgreSQL as root runs as the postgres user, which must reach its data folder: keep it under the system temp folder.
	const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), `rr-${kind}-`));
	fs.chmodSync(dataRoot, 0o755);
	const postgres = await startPostgres({
		port: await freePort(),
		folder: path.join(dataRoot, 'postgres'),
		settings: postgresSettings,
		log,
	});
	if (!isQueue(kind)) return { postgres };
	try {
		const redis = await startRedis({
			port: await freePort(),
			folder: path.join(folder, 'redis'),
			log,
		});
		return { postgres, redis };
	} catch (error) {
		await postgres.stop();
		throw error;
	}
}

/** Starts the services of a deployment and prepares its n8n processes (not started: call `start`). */
export async function prepareDeployment(options: DeploymentOptions): Promise<Deployment> {
	const { kind, rt, folder } = options;
	fs.rmSync(folder, { recursive: true, force: true });
	const services = await startServices(kind, folder, options.postgresSettings, options.log);
	const sharedEnv: Record<string, string> = {
		// Every process of one deployment reads the same credentials from the same database.
		N8N_ENCRYPTION_KEY: randomBytes(24).toString('hex'),
		...databaseEnv(services.postgres),
		...queueEnv(services.redis),
		...(usesDurableCursors(kind) ? DURABLE_CURSORS_ENV : {}),
		...(options.editor === false ? { N8N_DISABLE_UI: 'true' } : {}),
		...options.extraEnv,
	};
	const mainFolder = path.join(folder, 'n8n');
	const workerFolders = Array.from({ length: isQueue(kind) ? WORKER_COUNT : 0 }, (_, i) =>
		path.join(folder, `worker-${i + 1}`),
	);
	// Workers load nodes from their own user folders: the package goes into each, side by side.
	await Promise.all(
		[mainFolder, ...workerFolders].map((userFolder) =>
			installPackedPackage(options.tarball, userFolder),
		),
	);
	const main = n8nInstance(rt, {
		userFolder: mainFolder,
		filesFolder: options.filesFolder,
		port: options.port,
		brokerPort: options.brokerPort ?? (await freePort()),
		extraEnv: sharedEnv,
	});
	fs.mkdirSync(main.filesFolder, { recursive: true });
	const workers: N8nInstance[] = [];
	for (const userFolder of workerFolders) {
		const healthPort = await freePort();
		workers.push(
			n8nInstance(rt, {
				userFolder,
				filesFolder: main.filesFolder,
				port: healthPort,
				brokerPort: await freePort(),
				extraEnv: {
					...sharedEnv,
					QUEUE_HEALTH_CHECK_ACTIVE: 'true',
					QUEUE_HEALTH_CHECK_PORT: String(healthPort),
					N8N_WORKER_SERVER_ADDRESS: '127.0.0.1',
				},
			}),
		);
	}
	return deploymentOf(kind, main, workers, services, options.log);
}

function deploymentOf(
	kind: DeploymentKind,
	main: N8nInstance,
	workers: N8nInstance[],
	services: { postgres?: RunningPostgres; redis?: RunningRedis },
	log?: Log,
): Deployment {
	const labelled = (name: string) => (log ? (line: string) => log(`${name}: ${line}`) : undefined);
	const stopProcess = async (managed: ManagedProcess | undefined, how: 'graceful' | 'kill') => {
		if (!managed) return;
		if (how === 'kill') await managed.kill();
		else await managed.stop(60_000);
	};
	const deployment: Deployment = {
		kind,
		main,
		workers,
		...services,
		workerProcesses: workers.map(() => undefined),
		async start() {
			// The main first (it migrates the database), then the workers side by side.
			if (!deployment.mainProcess) await deployment.startMain();
			await Promise.all(
				workers.map(async (_, i) => {
					if (!deployment.workerProcesses[i]) await deployment.startWorker(i);
				}),
			);
		},
		async startMain() {
			deployment.mainProcess = await startN8n(main, { onLine: labelled('main'), name: 'n8n main' });
		},
		async startWorker(index) {
			deployment.workerProcesses[index] = await startN8n(workers[index], {
				onLine: labelled(`worker ${index + 1}`),
				command: 'worker',
				name: `n8n worker ${index + 1}`,
			});
		},
		async stopMain(how) {
			await stopProcess(deployment.mainProcess, how);
			deployment.mainProcess = undefined;
		},
		async stopWorker(index, how) {
			await stopProcess(deployment.workerProcesses[index], how);
			deployment.workerProcesses[index] = undefined;
		},
		async stop() {
			await Promise.all(workers.map((_, i) => deployment.stopWorker(i, 'graceful')));
			await deployment.stopMain('graceful');
			await services.redis?.stop();
			await services.postgres?.stop();
		},
	};
	return deployment;
}
