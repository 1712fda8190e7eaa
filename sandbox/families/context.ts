/** What every family's handlers share: the typed view of a request and the caller's identity. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../auth';
import type { Store } from '../store/store';

/** A request after routing and schema validation; params, query and body match openapi.yaml. */
export interface ApiRequest<P = Record<string, never>, Q = Record<string, never>, B = unknown> {
	params: P & { restaurantId: number };
	query: Q;
	body: B;
	principal: Principal;
}

export type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
export type Handlers = Record<string, Handler>;

/** Adapts a typed handler to Fastify's signature; the schema validation has already run. */
export function handler<P, Q, B>(
	fn: (req: ApiRequest<P, Q, B>, reply: FastifyReply) => unknown,
): Handler {
	return async (request, reply) => fn(request as unknown as ApiRequest<P, Q, B>, reply);
}

/** Answers 201 with the created resource. */
export function created(reply: FastifyReply, body: unknown): unknown {
	reply.code(201);
	return body;
}

/** Answers 200 with an empty body, the sandbox's answer to every delete. */
export function emptyOk(reply: FastifyReply): FastifyReply {
	return reply.code(200).send();
}

/** The restaurant named by the request's path, after the token's access check. */
export function restaurantOf(
	store: Store,
	req: { principal: Principal; params: { restaurantId: number } },
) {
	return store.restaurantFor(req.principal, req.params.restaurantId);
}
