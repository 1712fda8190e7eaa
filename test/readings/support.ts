/**
 * What the engine tests of every reading share (test/readings/*.test.ts): one sandbox per reading
 * and test file, a raw API client (the client of test/support checks every answer against
 * openapi.yaml, which describes the sandbox's own reading only), bookings made, changed, seated
 * and cancelled by staff through the API, and the reading's own spelling of each state.
 *
 * Each sandbox is seeded with no reservations: every booking a test sees is its own, and polls and
 * list reads stay cheap.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
	READING_NAMES,
	READINGS,
	stateFromReading,
	type ReadingName,
} from '../../sandbox/readings';
import type { ReservationState } from '../../sandbox/store/types';
import { toLocalDateTime } from '../../nodes/shared/localTime';
import { useSandbox, type SandboxContext } from '../support/sandbox';
import { rawCall, type Answer, type RawRequest } from '../support/rawHttp';

export { READINGS, stateFromReading, type ReadingName };

/** Every reading, the sandbox's own first: the parameter of each file's `describe.each`. */
export const EVERY_READING: ReadingName[] = [...READING_NAMES];

/** This describe block's sandbox, answering in `reading`, with no seeded reservations. */
export function readingSandbox(reading: ReadingName): SandboxContext {
	return useSandbox({ reading, quiet: true, reservations: 0 });
}

export { rawCall, type Answer, type RawRequest };

/** A reservation record as the reading writes it. */
export interface ReadRecord {
	id: string;
	reservationTime: string;
	groupSize: number;
	[field: string]: unknown;
}

const reservationsOf = (restaurantId: number) =>
	`/api/rsv/admin/restaurants/${restaurantId}/reservations`;

/**
 * Staff's hand on the bookings of `reading`'s sandbox: create, update, seat, cancel and list,
 * each checked for success; and the reading's spelling of the sandbox's states.
 */
export function bookings(ctx: SandboxContext, reading: ReadingName) {
	const spec = READINGS[reading];
	const call = (method: string, route: string, request?: RawRequest) =>
		rawCall(ctx.sandbox.url, method, route, request);
	const expectStatus = (answer: Answer, status: number, what: string) => {
		if (answer.status !== status)
			throw new Error(`${what}: HTTP ${answer.status} ${answer.text.slice(0, 300)}`);
		return answer.body as ReadRecord;
	};
	const update = async (restaurantId: number, id: string, body: Record<string, unknown>) =>
		expectStatus(
			await call('PUT', `${reservationsOf(restaurantId)}/${id}`, { body }),
			200,
			'update',
		);
	return {
		/** The field the reading carries the state in. */
		stateField: spec.stateField,
		/** The reading's spelling of a state of the sandbox (a cancellation by staff, in upper). */
		spelling: (state: ReservationState) => spec.states[state],
		/** The record's state as the reading wrote it. */
		stateOf: (record: ReadRecord) => record[spec.stateField] as string,
		/** The sandbox's state a record is in, whatever the reading's spelling. */
		sandboxState: (record: ReadRecord) => stateFromReading(spec, record[spec.stateField]),

		async create(restaurantId: number, body: Record<string, unknown>) {
			const answer = await call('POST', reservationsOf(restaurantId), {
				body: { groupSize: 2, customerName: 'Reading Guest', ...body },
			});
			return expectStatus(answer, 201, 'create');
		},
		update,
		/** Staff seats the guest (the sandbox's own word for the state, which every reading takes). */
		seat: (restaurantId: number, id: string) => update(restaurantId, id, { state: 'seated' }),
		/** Staff cancels for the reason "Guest request"; `origin: 'guest'` makes it the guest's own (upper: CANCELED_BY_CUSTOMER). */
		async cancel(restaurantId: number, id: string, body: Record<string, unknown> = {}) {
			const answer = await call('PUT', `${reservationsOf(restaurantId)}/${id}/cancel`, {
				body: { cancelOptionName: 'Guest request', ...body },
			});
			return expectStatus(answer, 200, 'cancel');
		},
		/** The restaurant's bookings between two local times, events' included. */
		async list(restaurantId: number, from: string, to: string) {
			const answer = await call('GET', reservationsOf(restaurantId), {
				query: { from, to, includeEvents: true },
			});
			if (answer.status !== 200) throw new Error(`list: HTTP ${answer.status} ${answer.text}`);
			return answer.body as ReadRecord[];
		},
	};
}

/** The restaurant's wall clock `ms` from now, to the second: "YYYY-MM-DDTHH:mm:ss". */
export function localFromNow(timeZone: string, ms: number): string {
	return toLocalDateTime(new Date(Date.now() + ms), timeZone).slice(0, 19);
}

export interface ZoneProxy {
	url: string;
	/** The `timeZone` the proxy writes for a restaurant, by ID; an absent ID is left as answered. */
	zones: Map<number, unknown>;
	close(): Promise<void>;
}

function rewriteZones(value: unknown, zones: Map<number, unknown>): unknown {
	if (Array.isArray(value)) return value.map((one) => rewriteZones(one, zones));
	if (!value || typeof value !== 'object') return value;
	const record = value as Record<string, unknown>;
	const id = Number(record.id);
	return 'timeZone' in record && zones.has(id) ? { ...record, timeZone: zones.get(id) } : record;
}

/**
 * A stand-in API in front of `target` that answers every request as the target does, except that
 * restaurants (list, search, read) carry the `timeZone` given in `zones`: a profile whose zone the
 * sandbox itself would refuse to store (empty, garbage).
 */
export async function zoneProxy(target: string): Promise<ZoneProxy> {
	const zones = new Map<number, unknown>();
	const server = http.createServer((request, response) => {
		const chunks: Buffer[] = [];
		request.on('data', (chunk: Buffer) => chunks.push(chunk));
		request.on('end', () => {
			void (async () => {
				const headers: Record<string, string> = {};
				for (const [key, value] of Object.entries(request.headers))
					if (typeof value === 'string' && !['host', 'content-length', 'connection'].includes(key))
						headers[key] = value;
				const answer = await fetch(target + request.url, {
					method: request.method,
					headers,
					body: chunks.length ? Buffer.concat(chunks) : undefined,
				});
				let text = await answer.text();
				const path = (request.url ?? '').split('?')[0];
				if (/\/core\/admin\/restaurants(\/search|\/\d+)?$/.test(path) && answer.ok)
					text = JSON.stringify(rewriteZones(JSON.parse(text), zones));
				const out: Record<string, string> = {};
				for (const key of ['content-type', 'retry-after', 'www-authenticate']) {
					const value = answer.headers.get(key);
					if (value) out[key] = value;
				}
				response.writeHead(answer.status, out).end(text);
			})().catch((error: Error) => response.writeHead(599).end(error.message));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${port}`,
		zones,
		close: () => new Promise((resolve) => server.close(() => resolve())),
	};
}

/** The sandbox context seen through another base URL (a proxy), for the trigger's credential. */
export function through(ctx: SandboxContext, url: () => string): SandboxContext {
	return {
		get sandbox() {
			return { ...ctx.sandbox, url: url() };
		},
		get call() {
			return ctx.call;
		},
	};
}
