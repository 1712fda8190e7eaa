/**
 * What a test file of the Events or Products watch starts with, for one restaurant (101): the
 * sandbox (reset before each test), the watch's parameters, a trigger, a baseline, a tick, a fault
 * and the items without the record (`summary`; the record is checked on its own).
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { useSandbox } from '../support/sandbox';
import {
	baselined,
	injectFault,
	oneRestaurant,
	Trigger,
	watchTick,
	type WatchItem,
	withoutPolledAt,
} from './support';

export function useWatchTarget(
	watch: 'events' | 'products',
	record: 'restaurantEvent' | 'product',
) {
	const ctx = useSandbox();
	beforeEach(async () => ctx.sandbox.reset());
	const parameters = (extra: INodeParameters = {}) => oneRestaurant(101, { watch, ...extra });
	return {
		ctx,
		parameters,
		/** A trigger not yet polled. */
		newTrigger: (watchParameters = parameters()) => new Trigger(ctx, watchParameters),
		baseline: (watchParameters = parameters()) => baselined(ctx, watchParameters),
		tick: watchTick,
		fault: (plan: IDataObject) => injectFault(ctx, plan),
		summary: (items: WatchItem[]) =>
			items.map((item) => {
				const rest = { ...item };
				delete rest[record];
				return withoutPolledAt(rest);
			}),
	};
}
