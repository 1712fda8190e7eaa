/**
 * The sandbox's own control path, /__sandbox: health, the reading of the spec the API answers in,
 * reset to the seed, fault injection, latency, rate limit, the log of API requests, and the counts
 * and expiry of the tokens POST /token issued. Never under
 * /api, never part of the partner API, and always in the sandbox's own form.
 */
import type { FastifyInstance } from 'fastify';
import type { Store } from '../store/store';
import type { TokenIssuer } from '../oauth';
import type { FaultInjector } from './faults';
import type { RateLimit } from './rateLimit';
import { READINGS, type ReadingName } from '../readings';

interface ControlOptions {
	store: Store;
	faults: FaultInjector;
	rateLimit: RateLimit;
	tokens: TokenIssuer;
	describe: () => Record<string, unknown>;
	/** The reading of the spec the API answers in (sandbox/readings/). */
	reading: ReadingName;
}

/** A body of one field, `name`: a whole number from 0 to `maximum`. */
const wholeNumberBody = (name: string, maximum: number) => ({
	type: 'object',
	required: [name],
	properties: { [name]: { type: 'integer', minimum: 0, maximum } },
});

const faultSchema = {
	type: 'object',
	required: ['status', 'count'],
	additionalProperties: false,
	properties: {
		status: { type: 'integer', enum: [500, 503, 429, 404, 403] },
		count: { type: 'integer', minimum: 1 },
		after: { type: 'integer', minimum: 0 },
		retryAfterSeconds: { type: 'integer', minimum: 0 },
		pathContains: { type: 'string' },
	},
};

export async function controlRoutes(
	app: FastifyInstance,
	{ store, faults, rateLimit, tokens, describe, reading }: ControlOptions,
): Promise<void> {
	app.get('/health', async () => ({ ok: true, ...describe() }));

	// The reading's name, its state field and the value it writes for each of the sandbox's states.
	app.get('/reading', async () => {
		const { name, stateField, states, moreStates } = READINGS[reading];
		return { name, stateField, states, moreStates };
	});

	// A reset keeps the issued tokens and their counts: it puts the data back, it signs no one out.
	app.post('/reset', async (_request, reply) => {
		store.reset();
		faults.clear();
		faults.clearLog();
		rateLimit.reset();
		return reply.code(204).send();
	});

	app.post('/faults', { schema: { body: faultSchema } }, async (request, reply) => {
		faults.add(request.body as Parameters<FaultInjector['add']>[0]);
		return reply.code(201).send({ pending: faults.pending() });
	});
	app.get('/faults', async () => ({ pending: faults.pending() }));
	app.delete('/faults', async (_request, reply) => {
		faults.clear();
		return reply.code(204).send();
	});

	app.put('/latency', { schema: { body: wholeNumberBody('ms', 60000) } }, async (request) => {
		faults.setLatency((request.body as { ms: number }).ms);
		return { ms: (request.body as { ms: number }).ms };
	});

	app.put(
		'/rate-limit',
		{ schema: { body: wholeNumberBody('perSecond', 100000) } },
		async (request) => {
			rateLimit.set((request.body as { perSecond: number }).perSecond);
			return { perSecond: rateLimit.requestsPerSecond };
		},
	);

	// `?times=true` adds when each request was answered (tests measure a poller's pace with it),
	// `?clients=true` the kind of token each came with (two pollers of one sandbox told apart).
	app.get('/requests', async (request) => {
		const query = request.query as { times?: string; clients?: string };
		const [withTimes, withClients] = [query.times === 'true', query.clients === 'true'];
		return {
			total: faults.requests.length,
			maxInFlight: faults.maxInFlight,
			requests: faults.requests.map(({ at, client, ...r }) => ({
				...r,
				...(withTimes ? { at } : {}),
				...(withClients && client ? { client } : {}),
			})),
		};
	});
	app.delete('/requests', async (_request, reply) => {
		faults.clearLog();
		return reply.code(204).send();
	});

	// Tokens from POST /token: how many were issued, their lifetime, and how many API requests came
	// with one that had expired (a client that renews on 401 makes one such request per renewal).
	app.get('/tokens', async () => tokens.counts());
	// Every issued token expires now, so that a test need not wait out the lifetime.
	app.post('/tokens/expire', async () => ({ expired: tokens.expireAll() }));
}
