/**
 * The sandbox server: routes and request validation come from openapi.yaml (fastify-openapi-glue
 * maps each operationId to a handler of its family), errors are ProblemDetails, and every request
 * is logged on one line without its headers (the token never reaches a log). A reading of the spec
 * other than the sandbox's own (`reading`, sandbox/readings/) rewrites what crosses the API's HTTP
 * boundary; the control path always answers in the sandbox's own form. Beside the API, at the base
 * address, `POST /token` issues tokens that expire (sandbox/oauth.ts).
 */
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import openapiGlue from 'fastify-openapi-glue';
import { authenticate, type Principal } from './auth';
import { controlRoutes } from './control/routes';
import { FaultInjector } from './control/faults';
import { RateLimit } from './control/rateLimit';
import { catalogHandlers } from './families/catalog';
import { eventHandlers } from './families/events';
import { menuHandlers } from './families/menus';
import { reservationHandlers } from './families/reservations/handlers';
import { reservationFields, withDefaults } from './families/reservations/model';
import { restaurantHandlers } from './families/restaurants';
import { DEFAULT_TOKEN_LIFETIME_SECONDS, TOKEN_PATH, TokenIssuer, tokenRoutes } from './oauth';
import { ApiProblem, sendProblemDetails } from './problems';
import { DEFAULT_READING, readingNamed, type Reading, type ReadingName } from './readings';
import { problemSender, readingResolver } from './readings/http';
import { buildSeed, DEFAULT_RESERVATIONS_PER_RESTAURANT, restaurantSeeds } from './seed';
import { cachedSeed } from './seed/cache';
import { Store } from './store/store';
import { readOpenApiDocument, type OpenApiDocument } from './openapiDocument';
import { requestValidatorCompiler } from './validation';

declare module 'fastify' {
	interface FastifyRequest {
		principal: Principal;
	}
}

export interface SandboxOptions {
	/** Anchor day of the seed, "YYYY-MM-DD"; today (UTC) by default. */
	today?: string;
	reservationsPerRestaurant?: number;
	/** Products added to each restaurant's catalog beyond the regular seed (benchmarks). */
	extraProducts?: number;
	/**
	 * Restaurants in all: the three seeded ones, then generated ones (ids 104 on, time zones mixed,
	 * each with the same reservations, catalog and events) up to this count. 3 when absent.
	 */
	restaurants?: number;
	/** Latency of every API request at start, ms (the fault injector's; a reset returns to it). */
	latencyMs?: number;
	/** API requests per second beyond which the sandbox answers 429 with Retry-After (a token bucket); none when absent or 0. */
	rateLimitPerSecond?: number;
	/**
	 * How the API reads what the spec leaves "not shown" (state field and values, time forms, time
	 * zones, error bodies): `sandbox` (the default, the sandbox's own form), `platform`, `upper`,
	 * `legacy` (sandbox/readings/).
	 */
	reading?: ReadingName;
	/**
	 * How long a token from POST /token is accepted, whole seconds (3600 when absent); the fixed
	 * tokens never expire.
	 */
	tokenLifetimeSeconds?: number;
	/**
	 * The OpenAPI document the API follows, parsed: its routes, request validation and the
	 * reservation's fields. sandbox/openapi.yaml when absent (a test may give a changed copy).
	 */
	openapi?: OpenApiDocument;
	/**
	 * A folder to keep the seeded data in between starts with the same seed options
	 * (./seed/cache.ts); it must belong to this version of the sandbox's code. Seeded anew when absent.
	 */
	seedCacheFolder?: string;
	/**
	 * Receives one line per request (method, path and query, status, time: never a header or the
	 * body); nothing is logged when absent.
	 */
	log?: (line: string) => void;
}

export interface Sandbox {
	app: FastifyInstance;
	store: Store;
	faults: FaultInjector;
	rateLimit: RateLimit;
	/** The reading of the spec the API answers in. */
	reading: Reading;
	/** The tokens POST /token issued. */
	tokens: TokenIssuer;
}

/** Names the field of a schema-validation error: "groupSize", "from", "order.orderItems[0].productId". */
function fieldOf(error: { instancePath: string; params: Record<string, unknown> }): string {
	const segments = error.instancePath.split('/').filter(Boolean);
	if (typeof error.params.missingProperty === 'string') segments.push(error.params.missingProperty);
	return segments.reduce(
		(path, s) => (/^\d+$/.test(s) ? `${path}[${s}]` : path ? `${path}.${s}` : s),
		'',
	);
}

function validationProblem(error: FastifyError): ApiProblem {
	const errors: Record<string, string[]> = {};
	for (const e of error.validation ?? []) {
		const field = fieldOf(e as never) || (error.validationContext ?? 'body');
		(errors[field] ??= []).push(e.message ?? 'is invalid');
	}
	const [field, messages] = Object.entries(errors)[0] ?? [
		error.validationContext ?? 'body',
		[error.message],
	];
	return new ApiProblem(400, 'validation_failed', `${field}: ${messages[0]}.`, errors);
}

function toProblem(error: FastifyError): ApiProblem {
	if (error instanceof ApiProblem) return error;
	if (error.validation) return validationProblem(error);
	if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
		return new ApiProblem(415, 'unsupported_media_type', 'Send the body as application/json.');
	if (error.statusCode && error.statusCode < 500)
		return new ApiProblem(error.statusCode, 'bad_request', error.message);
	return new ApiProblem(500, 'internal_error', 'The sandbox failed to handle the request.');
}

/** The request as logged: the token endpoint's path alone (a client may put its secret in the query). */
function loggedUrl(url: string): string {
	const path = url.split('?')[0];
	return path === TOKEN_PATH ? path : url;
}

export async function buildSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
	const today = options.today ?? new Date().toISOString().slice(0, 10);
	const reservationsPerRestaurant =
		options.reservationsPerRestaurant ?? DEFAULT_RESERVATIONS_PER_RESTAURANT;
	const extraProducts = options.extraProducts ?? 0;
	const restaurants = restaurantSeeds(options.restaurants).length;
	// Read once: the routes, the validation and the reservation's fields follow from it.
	const openapi = options.openapi ?? readOpenApiDocument();
	const fields = reservationFields(openapi);
	const store = new Store(() => {
		const seedOptions = { today, reservationsPerRestaurant, extraProducts, restaurants };
		const seed = cachedSeed(options.seedCacheFolder, seedOptions, () => buildSeed(seedOptions));
		for (const data of seed.restaurants.values())
			for (const reservation of data.reservations.values()) withDefaults(reservation, fields);
		return seed;
	});
	const reading = readingNamed(options.reading ?? DEFAULT_READING);
	// API errors in the reading's shape; the control path's in the sandbox's own.
	const sendApiProblem = problemSender(reading);
	const sendProblem = (url: string) =>
		url.startsWith('/__sandbox') ? sendProblemDetails : sendApiProblem;
	const faults = new FaultInjector(options.latencyMs ?? 0, sendApiProblem);
	const rateLimit = new RateLimit(options.rateLimitPerSecond ?? 0, sendApiProblem);
	const tokens = new TokenIssuer(options.tokenLifetimeSeconds ?? DEFAULT_TOKEN_LIFETIME_SECONDS);
	const app = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024 });
	// JSON bodies are checked without coercion, what arrives as text with it (sandbox/validation.ts).
	app.setValidatorCompiler(requestValidatorCompiler());

	// Responses are sent as the handlers built them: the OpenAPI response schemas are checked by
	// the tests, not used to reshape what the server sends.
	app.setSerializerCompiler(() => (data) => JSON.stringify(data));
	app.setErrorHandler(async (error: FastifyError, request, reply) => {
		const problem = toProblem(error);
		if (problem.status >= 500) process.stderr.write(`${error.stack ?? error.message}\n`);
		return sendProblem(request.url)(problem, request, reply);
	});
	app.setNotFoundHandler(async (request, reply) =>
		sendProblem(request.url)(
			new ApiProblem(
				404,
				'not_found',
				`No endpoint ${request.method} ${request.url.split('?')[0]}.`,
			),
			request,
			reply,
		),
	);
	app.addHook('onRequest', async (request) => {
		if (request.url.startsWith('/api/')) faults.arrived();
	});
	app.addHook('onResponse', async (request, reply) => {
		if (request.url.startsWith('/api/'))
			faults.record(
				request.method,
				request.url,
				reply.statusCode,
				(request as { principal?: Principal | null }).principal?.kind,
			);
		options.log?.(
			`${new Date().toISOString()} ${request.method} ${loggedUrl(request.url)} ${reply.statusCode} ${reply.elapsedTime.toFixed(1)}ms`,
		);
	});

	await app.register(controlRoutes, {
		prefix: '/__sandbox',
		store,
		faults,
		rateLimit,
		tokens,
		describe: () => ({
			today,
			reservationsPerRestaurant,
			extraProducts,
			restaurants,
			rateLimitPerSecond: rateLimit.requestsPerSecond,
			tokenLifetimeSeconds: tokens.lifetimeSeconds,
		}),
		reading: reading.name,
	});
	await app.register(tokenRoutes, { issuer: tokens });

	await app.register(async (api) => {
		api.decorateRequest('principal', null as unknown as Principal);
		api.addHook('onRequest', faults.onRequest);
		api.addHook('onRequest', rateLimit.onRequest);
		api.addHook('onRequest', async (request) => {
			request.principal = authenticate(request.headers.authorization, tokens.principalOf);
		});
		await api.register(multipart, {
			attachFieldsToBody: 'keyValues',
			// An uploaded logo is kept by name only: the sandbox stores no files.
			onFile: async (part: {
				filename: string;
				toBuffer: () => Promise<Buffer>;
				value?: unknown;
			}) => {
				await part.toBuffer();
				part.value = part.filename;
			},
		});
		const handlers = {
			...reservationHandlers(store, fields),
			...catalogHandlers(store),
			...menuHandlers(store),
			...restaurantHandlers(store),
			...eventHandlers(store),
		};
		await api.register(openapiGlue, {
			specification: openapi,
			operationResolver: readingResolver(
				reading,
				handlers,
				(id) => store.restaurants.get(id)?.profile.timeZone,
			),
		});
	});
	return { app, store, faults, rateLimit, reading, tokens };
}
