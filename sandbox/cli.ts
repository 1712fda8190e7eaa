/**
 * `npm run sandbox -- [options]`: starts the sandbox in the foreground, logs one line per request,
 * stops cleanly on Ctrl-C (SIGINT) or SIGTERM.
 */
import { Command, InvalidArgumentError, Option } from 'commander';
import { atLeastOne, positiveInt } from './cliArguments';
import { DEFAULT_TOKEN_LIFETIME_SECONDS, TOKEN_PATH } from './oauth';
import { readOpenApiDocument } from './openapiDocument';
import { DEFAULT_READING, READING_NAMES, type ReadingName } from './readings';
import { DEFAULT_RESERVATIONS_PER_RESTAURANT } from './seed';
import { buildSandbox } from './server';

function day(value: string): string {
	if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value)))
		throw new InvalidArgumentError('must be a date, YYYY-MM-DD');
	return value;
}

const program = new Command()
	.name('sandbox')
	.description('A runnable implementation of the restaurant platform partner API with seeded data.')
	.option('-p, --port <port>', 'port to listen on (0 picks a free one)', positiveInt, 4010)
	.option('-H, --host <host>', 'address to listen on', '127.0.0.1')
	.option(
		'-r, --reservations <count>',
		'reservations seeded per restaurant',
		positiveInt,
		DEFAULT_RESERVATIONS_PER_RESTAURANT,
	)
	.option(
		'--extra-products <count>',
		'products added to each restaurant catalog beyond the regular seed (benchmarks)',
		positiveInt,
		0,
	)
	.option(
		'--restaurants <count>',
		'restaurants in all: the 3 seeded ones, then generated ones (ids 104 on, time zones mixed) up to this count',
		positiveInt,
		3,
	)
	.option('--latency <ms>', 'latency added to every API request, ms (at start)', positiveInt, 0)
	.option(
		'--rate-limit <requests/s>',
		'API requests per second beyond which the sandbox answers 429 with Retry-After (0: none)',
		positiveInt,
		0,
	)
	.addOption(
		new Option(
			'--reading <name>',
			"how the API reads what the spec leaves \"not shown\" (state field and values, times, time zones, error bodies): the sandbox's own, the platform's client models, a booking standard's upper case, an older Web API's",
		)
			.choices([...READING_NAMES])
			.default(DEFAULT_READING),
	)
	.option(
		'--token-lifetime <seconds>',
		`how long a token from POST ${TOKEN_PATH} is accepted (the fixed tokens never expire)`,
		atLeastOne,
		DEFAULT_TOKEN_LIFETIME_SECONDS,
	)
	.option('-t, --today <date>', 'anchor day of the seed (YYYY-MM-DD), today by default', day)
	.option(
		'--openapi <file>',
		'the OpenAPI document to follow instead of sandbox/openapi.yaml (routes, validation, reservation fields): e.g. a copy with a field the platform is adding',
	)
	.option(
		'--seed-cache <folder>',
		'keep the seeded data in this folder and take it from there on the next start with the same seed options (a folder for this version of the sandbox only)',
	)
	.option('-q, --quiet', 'do not log requests')
	.parse();

/** What the sandbox was started with, for its first line. */
function describe(
	opts: {
		reservations: number;
		latency: number;
		rateLimit: number;
		reading: ReadingName;
		tokenLifetime: number;
		openapi?: string;
	},
	restaurants: number,
): string {
	return [
		`${restaurants} restaurants`,
		`${opts.reservations} reservations per restaurant`,
		...(opts.latency > 0 ? [`${opts.latency} ms latency`] : []),
		...(opts.rateLimit > 0 ? [`at most ${opts.rateLimit} requests/s`] : []),
		...(opts.reading !== DEFAULT_READING ? [`reading: ${opts.reading}`] : []),
		...(opts.tokenLifetime !== DEFAULT_TOKEN_LIFETIME_SECONDS
			? [`tokens from POST ${TOKEN_PATH} valid for ${opts.tokenLifetime} s`]
			: []),
		...(opts.openapi ? [`OpenAPI document ${opts.openapi}`] : []),
	].join(', ');
}

async function main(): Promise<void> {
	const opts = program.opts<{
		port: number;
		host: string;
		reservations: number;
		extraProducts: number;
		restaurants: number;
		latency: number;
		rateLimit: number;
		reading: ReadingName;
		tokenLifetime: number;
		today?: string;
		quiet?: boolean;
		openapi?: string;
		seedCache?: string;
	}>();
	const log = opts.quiet ? undefined : (line: string) => process.stdout.write(`${line}\n`);
	const { app, store } = await buildSandbox({
		today: opts.today,
		reservationsPerRestaurant: opts.reservations,
		extraProducts: opts.extraProducts,
		restaurants: opts.restaurants,
		latencyMs: opts.latency,
		rateLimitPerSecond: opts.rateLimit,
		reading: opts.reading,
		tokenLifetimeSeconds: opts.tokenLifetime,
		openapi: opts.openapi === undefined ? undefined : readOpenApiDocument(opts.openapi),
		seedCacheFolder: opts.seedCache,
		log,
	});
	try {
		await app.listen({ port: opts.port, host: opts.host });
	} catch (error) {
		const code = (error as NodeJS.ErrnoException).code;
		const reason =
			code === 'EADDRINUSE'
				? `port ${opts.port} is already in use: choose another with --port`
				: (error as Error).message;
		process.stderr.write(`sandbox: cannot listen on ${opts.host}:${opts.port}: ${reason}\n`);
		process.exit(1);
	}
	const stop = async (signal: string) => {
		process.stdout.write(`Sandbox stopping (${signal})\n`);
		await app.close();
		process.exit(0);
	};
	// Before the line that says it listens: whoever waits for that line may stop it at once, and a
	// signal before its handler ends the process by the default action (or tsx's, exit 130).
	process.once('SIGINT', () => void stop('SIGINT'));
	process.once('SIGTERM', () => void stop('SIGTERM'));
	const address = app.server.address();
	const port = typeof address === 'object' && address ? address.port : opts.port;
	process.stdout.write(
		`Sandbox API listening on http://${opts.host}:${port} (${describe(opts, store.restaurants.size)})\n`,
	);
}

void main();
