/**
 * Polls the Restaurant Reservations Trigger through n8n-core's own poll path (PollTriggerExecutor,
 * a real PollContext) against the sandbox, carrying the static data from one tick to the next as
 * the n8n server does.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { RestaurantReservationsTrigger } from '../../nodes/RestaurantReservationsTrigger/RestaurantReservationsTrigger.node';
import { sandboxCredentials } from '../support/credentials';
import { getNodeStaticData, poll, type PollResult } from '../support/engine';
import type { SandboxContext } from '../support/sandbox';
import { TOKENS } from '../support/tokens';

export const NODE_NAME = 'Restaurant Reservations Trigger';
const NODE_TYPE = 'CUSTOM.restaurantReservationsTrigger';

export interface ChangeJson {
	event: string;
	restaurantId: number;
	reservationId: string;
	previousState?: string;
	newState?: string;
	changedFields?: string[];
	changes?: Record<string, { previous?: unknown; current: unknown }>;
	otherFieldsChanged?: boolean;
	sample?: boolean;
	reservation: IDataObject & { id: string; reservationTime: string; state: string };
}

export const oneRestaurant = (id: number, extra: INodeParameters = {}): INodeParameters => ({
	restaurants: 'one',
	restaurantId: { __rl: true, mode: 'id', value: String(id) },
	...extra,
});

/** One trigger "installation": its static data lives across ticks, like an active workflow's. */
export class Trigger {
	readonly staticData: IDataObject = {};

	constructor(
		private readonly ctx: SandboxContext,
		public parameters: INodeParameters,
		private readonly token: string = TOKENS.staff,
	) {}

	private async run(mode: 'trigger' | 'manual'): Promise<PollResult> {
		return await poll({
			nodeType: new RestaurantReservationsTrigger(),
			type: NODE_TYPE,
			parameters: this.parameters,
			credentials: sandboxCredentials(this.ctx.sandbox.url, this.token),
			staticData: mode === 'trigger' ? this.staticData : structuredClone(this.staticData),
			mode,
		});
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
