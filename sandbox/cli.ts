/**
 * `npm run sandbox -- [options]`: starts the sandbox in the foreground, logs one line per request,
 * stops cleanly on Ctrl-C (SIGINT) or SIGTERM.
 */
import { Command, InvalidArgumentError } from 'commander';
import { DEFAULT_RESERVATIONS_PER_RESTAURANT } from './seed';
import { buildSandbox } from './server';

function positiveInt(value: string): number {
	const n = Number(value);
	if (!Number.isInteger(n) || n < 0)
		throw new InvalidArgumentError('must be a whole number, 0 or more');
	return n;
}

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
	.option('-t, --today <date>', 'anchor day of the seed (YYYY-MM-DD), today by default', day)
	.option('-q, --quiet', 'do not log requests')
	.parse();

async function main(): Promise<void> {
	const opts = program.opts<{
		port: number;
		host: string;
		reservations: number;
		extraProducts: number;
		today?: string;
		quiet?: boolean;
	}>();
	const log = opts.quiet ? undefined : (line: string) => process.stdout.write(`${line}\n`);
	const { app } = await buildSandbox({
		today: opts.today,
		reservationsPerRestaurant: opts.reservations,
		extraProducts: opts.extraProducts,
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
	const address = app.server.address();
	const port = typeof address === 'object' && address ? address.port : opts.port;
	process.stdout.write(
		`Sandbox API listening on http://${opts.host}:${port} (${opts.reservations} reservations per restaurant)\n`,
	);
	const stop = async (signal: string) => {
		process.stdout.write(`Sandbox stopping (${signal})\n`);
		await app.close();
		process.exit(0);
	};
	process.once('SIGINT', () => void stop('SIGINT'));
	process.once('SIGTERM', () => void stop('SIGTERM'));
}

void main();
