/**
 * Why a poll failed, as n8n reads it off the trigger's error (`failure`, n8n-workflow 2.41), through
 * n8n-core's poll path against the sandbox: a 429 whose Retry-After goes beyond the poll's budget,
 * a 503, a wrong token (and one that worked at earlier polls), a server that does not answer, and
 * a setting every poll fails on.
 *
 * An active workflow's poll hands its error to n8n as it is (`__emitError`): `failure` is there for
 * n8n's poll backoff, which reads it. n8n saves that error in the failed execution through the
 * error's `toJSON` (message, description, name, context, ...), which leaves `failure` out: the saved
 * execution does not show it. The editor's "Fetch test event" runs through WorkflowExecute, whose
 * run data keeps a plain copy of the error, `failure` included, also as saved (JSON).
 */
import { useSandbox } from '../support/sandbox';
import { TOKENS } from '../support/tokens';
import { injectFault, oneRestaurant, Trigger } from './support';

const ctx = useSandbox();
beforeEach(async () => ctx.sandbox.reset());

/** The error as n8n saves a failed poll's execution: JSON, through the error's own toJSON. */
const asSaved = (error: unknown) => JSON.parse(JSON.stringify(error)) as Record<string, unknown>;

async function baseline(): Promise<Trigger> {
	const trigger = new Trigger(ctx, oneRestaurant(101));
	const first = await trigger.tick();
	expect(first.error).toBeUndefined();
	return trigger;
}

/** The same trigger (its stored state) with another token or server. */
function sameTrigger(trigger: Trigger, token: string, url = ctx.sandbox.url): Trigger {
	const other = new Trigger(
		{ ...ctx, sandbox: { ...ctx.sandbox, url } },
		trigger.parameters,
		token,
	);
	Object.assign(other.staticData, structuredClone(trigger.staticData));
	return other;
}

describe("failure causes of the trigger's poll, as n8n reads them", () => {
	it('429 with a Retry-After beyond the poll budget: rate-limited, with the wait and when it ends', async () => {
		const trigger = await baseline();
		await injectFault(ctx, {
			status: 429,
			count: 1,
			retryAfterSeconds: 3600,
			pathContains: '/reservations',
		});
		const before = Date.now();
		const failed = await trigger.tick();
		const after = Date.now();
		expect(failed.error).toMatchObject({
			name: 'NodeApiError',
			httpCode: '429',
			message: 'Too many requests: the API asks to slow down (HTTP 429)',
			failure: { cause: 'rate-limited', retryAfterMs: 3_600_000 },
		});
		const { resetsAtEpochMs } = (
			failed.error as unknown as { failure: { resetsAtEpochMs: number } }
		).failure;
		expect(resetsAtEpochMs).toBeGreaterThanOrEqual(before + 3_600_000);
		expect(resetsAtEpochMs).toBeLessThanOrEqual(after + 3_600_000);
		const saved = asSaved(failed.error);
		expect(saved.message).toBe('Too many requests: the API asks to slow down (HTTP 429)');
		expect(saved).not.toHaveProperty('failure');
	});

	it('503: temporarily-unavailable; the test run keeps it in its run data, also as saved', async () => {
		const trigger = await baseline();
		await injectFault(ctx, { status: 503, count: 1, pathContains: '/reservations' });
		const failed = await trigger.tick();
		expect(failed.error).toMatchObject({
			httpCode: '503',
			message: 'The restaurant platform failed to answer (HTTP 503)',
			failure: { cause: 'temporarily-unavailable' },
		});
		await injectFault(ctx, { status: 503, count: 1, pathContains: '/reservations' });
		const tested = await trigger.test();
		expect(tested.error).toMatchObject({
			message: 'The restaurant platform failed to answer (HTTP 503)',
			failure: { cause: 'temporarily-unavailable' },
		});
		expect(asSaved(tested.error).failure).toEqual({ cause: 'temporarily-unavailable' });
	});

	it('a wrong access token, at the first poll and after polls that worked: credential-invalid', async () => {
		const wrong = new Trigger(ctx, oneRestaurant(101), 'wrong-token-123');
		expect((await wrong.tick()).error).toMatchObject({
			httpCode: '401',
			message: 'Authorization failed: the API did not accept the access token (HTTP 401)',
			failure: { cause: 'credential-invalid' },
		});
		const expired = sameTrigger(await baseline(), 'wrong-token-123');
		expect((await expired.tick()).error).toMatchObject({
			message:
				'Authorization failed: the access token worked at earlier polls and is refused now (HTTP 401), so it has probably expired',
			failure: { cause: 'credential-invalid' },
		});
	});

	it('a server that does not answer: temporarily-unavailable', async () => {
		const offline = sameTrigger(await baseline(), TOKENS.staff, 'http://127.0.0.1:9');
		expect((await offline.tick()).error).toMatchObject({
			name: 'NodeApiError',
			message: 'The restaurant platform could not be reached',
			failure: { cause: 'temporarily-unavailable' },
		});
	});

	it('no event chosen: configuration-invalid, before any request', async () => {
		const trigger = new Trigger(ctx, oneRestaurant(101, { events: [] }));
		const failed = await trigger.tick();
		expect(failed.error).toMatchObject({
			name: 'NodeOperationError',
			message: 'Choose at least one event to watch',
			failure: { cause: 'configuration-invalid' },
		});
		expect(failed.requests).toEqual([]);
	});
});
