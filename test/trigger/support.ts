/**
 * Polls the Restaurant Reservations Trigger through n8n-core's own poll path (PollTriggerExecutor,
 * a real PollContext) against the sandbox, carrying the static data from one tick to the next as
 * the n8n server does.
 */
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	INodeParameters,
	INodeType,
} from 'n8n-workflow';
import { RestaurantReservationsTrigger } from '../../nodes/RestaurantReservationsTrigger/RestaurantReservationsTrigger.node';
import { SAVE_MARGIN_MS } from '../../nodes/RestaurantReservationsTrigger/poll/overlapGuard';
import { sandboxCredentials } from '../support/credentials';
import { getNodeStaticData, poll, type PollResult } from '../support/engine';
import type { SandboxContext } from '../support/sandbox';
import { TOKENS } from '../support/tokens';

export const NODE_NAME = 'Restaurant Reservations Trigger';
const NODE_TYPE = 'CUSTOM.restaurantReservationsTrigger';

export interface ChangeJson {
	event: string;
	restaurantId: number;
	/** When the restaurant was last polled before (ISO), null when not known. */
	restaurantLastPolledAt?: string | null;
	reservationId: string;
	previousState?: string;
	newState?: string;
	changedFields?: string[];
	changes?: Record<string, { previous?: unknown; current: unknown }>;
	otherFieldsChanged?: boolean;
	sample?: boolean;
	reservation: IDataObject & { id: string; reservationTime: string; state: string };
}

/** An item of the Events or Products watch: the record's ID and the record under the target's keys. */
export interface WatchItem {
	event: string;
	restaurantId: number;
	restaurantLastPolledAt?: string | null;
	eventId?: number;
	productId?: string;
	changedFields?: string[];
	changes?: Record<string, { previous?: unknown; current: unknown }>;
	otherFieldsChanged?: boolean;
	sample?: boolean;
	restaurantEvent?: IDataObject & { id: number; name: string; isOffline: boolean };
	product?: IDataObject & { id: string; name: string };
}

/**
 * An item without `restaurantLastPolledAt`, after checking that it is an ISO time (the tests'
 * summaries compare the rest; test/trigger/manyRestaurants.test.ts checks the time itself).
 */
export function withoutPolledAt<T extends { restaurantLastPolledAt?: string | null }>(
	item: T,
): Omit<T, 'restaurantLastPolledAt'> {
	const { restaurantLastPolledAt, ...rest } = item;
	expect(restaurantLastPolledAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.000Z$/);
	return rest;
}

/** The items of a tick of the Events or Products watch. */
export const watchItems = (result: { changes: ChangeJson[] }) =>
	result.changes as unknown as WatchItem[];

/** The tracked fields of a reservation, in the order the Reservations watch names them. */
export const TRACKED_FIELDS = [
	'reservationTime',
	'groupSize',
	'tableNumber',
	'state',
	'eventId',
	'customerName',
	'phone',
	'email',
	'specialRequests',
];

/** The exact fields of a product, in the order the Products watch names them. */
export const PRODUCT_FIELDS = [
	'name',
	'productPLU',
	'price',
	'takeawayPrice',
	'deliveryPrice',
	'stockAmount',
	'visible',
	'groupId',
];

/** The state parts of the item of a Confirmed reservation seated, nothing else changed. */
export const SEATED_FROM_CONFIRMED = {
	previousState: 'confirmed',
	newState: 'seated',
	previousStateRole: 'booked',
	stateRole: 'arrived',
	changedFields: ['state'],
	changes: { state: { previous: 'confirmed', current: 'seated' } },
	otherFieldsChanged: false,
};

/** The state parts of the item of a Confirmed reservation cancelled (its details are other fields). */
export const CANCELLED_FROM_CONFIRMED = {
	previousState: 'confirmed',
	newState: 'cancelled',
	previousStateRole: 'booked',
	stateRole: 'cancelled',
	changedFields: ['state'],
	changes: { state: { previous: 'confirmed', current: 'cancelled' } },
	otherFieldsChanged: true,
};

/** A trigger after its first poll, which must succeed silently (the baseline). */
export async function baselined(
	ctx: SandboxContext,
	parameters: INodeParameters,
	token?: string,
): Promise<Trigger> {
	const trigger = new Trigger(ctx, parameters, token);
	const first = await trigger.tick();
	expect(first.error).toBeUndefined();
	expect(first.items).toBeNull();
	return trigger;
}

/**
 * A tick that finds nothing new leaves the stored state exactly as it was, server time included
 * (n8n's durable poll cursors then commit nothing), even after the server's clock moved on.
 */
export async function expectIdleTickKeepsState(trigger: Trigger): Promise<void> {
	const stored = JSON.stringify(trigger.state);
	await new Promise((resolve) => setTimeout(resolve, 1100)); // the server's clock has whole seconds
	const idle = await trigger.tick();
	expect(idle.error).toBeUndefined();
	expect(idle.items).toBeNull();
	expect(JSON.stringify(trigger.state)).toBe(stored);
}

/**
 * A poll that failed on the API's HTTP 500: it emitted nothing, said so, and left the stored state
 * as `kept` (the next poll reports everything once).
 */
export function expectFailedPollKeptState(
	failed: PollResult,
	trigger: Trigger,
	kept: IDataObject,
): void {
	expect(failed.items).toBeNull();
	expect(failed.error).toMatchObject({ name: 'NodeApiError', httpCode: '500' });
	expect((failed.error as Error & { description: string }).description).toContain(
		'Nothing was emitted and the stored snapshot was kept',
	);
	expect(trigger.staticData).toEqual(kept);
}

/** A tick that must succeed, with its items as the Events or Products watch emits them. */
export async function watchTick(trigger: Trigger) {
	const result = await trigger.tick();
	expect(result.error).toBeUndefined();
	return { ...result, items: watchItems(result) };
}

/** Makes the sandbox fail matching API requests (its control path, /__sandbox/faults). */
export async function injectFault(ctx: SandboxContext, plan: IDataObject): Promise<void> {
	expect((await ctx.sandbox.control('POST', '/faults', plan)).status).toBe(201);
}

/** Waits until requests a failed poll left under way have been answered (they would meet the next fault). */
export const settled = () => new Promise((resolve) => setTimeout(resolve, 300));

export const oneRestaurant = (id: number, extra: INodeParameters = {}): INodeParameters => ({
	restaurants: 'one',
	restaurantId: { __rl: true, mode: 'id', value: String(id) },
	...extra,
});

let installations = 0;

/** One trigger "installation": its static data lives across ticks, like an active workflow's. */
export class Trigger {
	readonly staticData: IDataObject = {};
	/** Its own workflow, as two installations in n8n never share one. */
	readonly workflowId = `trigger-installation-${++installations}`;
	/**
	 * The budget n8n gives each tick (`getPollBudgetMs`), as its durable scheduler does; n8n-core's
	 * 5 minutes when absent. With one, a tick waits until the previous one is SAVE_MARGIN_MS past:
	 * the trigger refuses a durable poll that soon after the last (./overlapGuard).
	 */
	pollBudgetMs?: number;
	/** The credential's other fields (e.g. `restaurantTimeZone`). */
	credentialFields: ICredentialDataDecryptedObject = {};
	/** The node polled: this release's trigger, or one built otherwise (test/trigger/addedGuestDetail.test.ts). */
	nodeType: INodeType = new RestaurantReservationsTrigger();
	private lastTickEnded = 0;

	constructor(
		private readonly ctx: SandboxContext,
		public parameters: INodeParameters,
		private readonly token: string = TOKENS.staff,
	) {}

	private async run(mode: 'trigger' | 'manual'): Promise<PollResult> {
		const wait = this.lastTickEnded + SAVE_MARGIN_MS + 50 - Date.now();
		if (mode === 'trigger' && this.pollBudgetMs !== undefined && wait > 0)
			await new Promise((resolve) => setTimeout(resolve, wait));
		try {
			return await poll({
				nodeType: this.nodeType,
				type: NODE_TYPE,
				parameters: this.parameters,
				credentials: sandboxCredentials(this.ctx.sandbox.url, this.token, this.credentialFields),
				staticData: mode === 'trigger' ? this.staticData : structuredClone(this.staticData),
				workflowId: this.workflowId,
				mode,
				...(this.pollBudgetMs === undefined ? {} : { pollBudgetMs: this.pollBudgetMs }),
			});
		} finally {
			if (mode === 'trigger') this.lastTickEnded = Date.now();
		}
	}

	/** A cron tick: the static data is carried over. */
	async tick(): Promise<PollResult & { changes: ChangeJson[] }> {
		const result = await this.run('trigger');
		return {
			...result,
			changes: (result.items?.[0] ?? []).map((i) => i.json as unknown as ChangeJson),
		};
	}

	/** The editor's "Fetch test event". */
	async test(): Promise<PollResult & { changes: ChangeJson[] }> {
		const result = await this.run('manual');
		return {
			...result,
			changes: (result.items?.[0] ?? []).map((i) => i.json as unknown as ChangeJson),
		};
	}

	/** The node's own part of the static data. */
	get state(): IDataObject | undefined {
		return getNodeStaticData(this.staticData, NODE_NAME);
	}
}

/** API requests of a tick that list reservations. */
export const listRequests = (result: PollResult) =>
	result.requests.filter((r) => /\/reservations\?/.test(r.url));

/** `YYYY-MM-DDTHH:mm:ss`, `days` from now, at the given wall-clock time. */
export function localDay(timeZone: string, days: number, time = '19:00:00'): string {
	const date = new Date(Date.now() + days * 86_400_000).toLocaleDateString('sv-SE', { timeZone });
	return `${date}T${time}`;
}
