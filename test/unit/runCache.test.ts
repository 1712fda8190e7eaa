/**
 * What one run of the action node reads once for all its items
 * (nodes/RestaurantReservations/operationHelpers/runCache.ts): shared by the items of a run,
 * read afresh by the next run and after n8n reports the execution finished, kept apart by name
 * and by what it was read for, at most MAX_VALUES_PER_RUN at once. An item's context is an object
 * that gives the node (with its credential), the credential's data, and the run's execute data,
 * the object n8n hands every item of one run.
 */
import type { IExecuteSingleFunctions } from 'n8n-workflow';
import {
	MAX_VALUES_PER_RUN,
	sharedByRun,
} from '../../nodes/RestaurantReservations/operationHelpers/runCache';
import { actionNode } from '../support/nodes';

const node = actionNode(
	{},
	{
		credentials: { restaurantReservationsApi: { id: 'c1', name: 'Sandbox' } },
	},
);

interface Run {
	/** n8n's IExecuteData of the run: what the items share. */
	data: object;
	credentialReads: number;
	finished: Array<() => void>;
}

const newRun = (): Run => ({ data: { node }, credentialReads: 0, finished: [] });

/** The context of one item of `run`. */
function itemOf(run: Run, baseUrl = 'https://api.example.com'): IExecuteSingleFunctions {
	return {
		getNode: () => node,
		getCredentials: async () => {
			run.credentialReads++;
			return { baseUrl, accessToken: 'secret' };
		},
		getExecuteData: () => run.data,
		onExecutionFinish: (callback: () => void) => run.finished.push(callback),
	} as unknown as IExecuteSingleFunctions;
}

/** A value's factory counting what it makes: value 1, 2, … */
function counter() {
	let made = 0;
	const make = () => ({ value: ++made });
	return {
		make,
		get made() {
			return made;
		},
	};
}

describe('sharedByRun', () => {
	it('makes the value once for all the items of a run, even asked at once', async () => {
		const run = newRun();
		const products = counter();
		const values = await Promise.all(
			[0, 1, 2].map(() => sharedByRun(itemOf(run), 'products', ['r1'], products.make)),
		);
		expect(values).toEqual([{ value: 1 }, { value: 1 }, { value: 1 }]);
		expect(values[1]).toBe(values[0]);
		expect(products.made).toBe(1);
		await expect(sharedByRun(itemOf(run), 'products', ['r1'], products.make)).resolves.toBe(
			values[0],
		);
		// The credential's part of the key is read once for the run.
		expect(run.credentialReads).toBe(1);
		expect(run.finished).toHaveLength(1);
	});

	it('makes it again for the next run', async () => {
		const products = counter();
		const first = await sharedByRun(itemOf(newRun()), 'products', ['r1'], products.make);
		const second = await sharedByRun(itemOf(newRun()), 'products', ['r1'], products.make);
		expect([first, second]).toEqual([{ value: 1 }, { value: 2 }]);
	});

	it('makes it again once n8n reports the execution finished', async () => {
		const run = newRun();
		const products = counter();
		await sharedByRun(itemOf(run), 'products', ['r1'], products.make);
		for (const finish of run.finished) finish();
		await expect(sharedByRun(itemOf(run), 'products', ['r1'], products.make)).resolves.toEqual({
			value: 2,
		});
		expect(run.credentialReads).toBe(2);
		await expect(sharedByRun(itemOf(run), 'products', ['r1'], products.make)).resolves.toEqual({
			value: 2,
		});
	});

	it('keeps values of other names and other restaurants apart', async () => {
		const run = newRun();
		const made = counter();
		const ask = async (name: string, parts: string[]) =>
			await sharedByRun(itemOf(run), name, parts, made.make);
		expect(await ask('products', ['r1'])).toEqual({ value: 1 });
		expect(await ask('productGroups', ['r1'])).toEqual({ value: 2 });
		expect(await ask('products', ['r2'])).toEqual({ value: 3 });
		expect(await ask('products', ['r1', 'x'])).toEqual({ value: 4 });
		expect(await ask('products', ['r1x'])).toEqual({ value: 5 });
		expect(await ask('products', [])).toEqual({ value: 6 });
		expect(await ask('products', ['r1'])).toEqual({ value: 1 });
		expect(await ask('productGroups', ['r1'])).toEqual({ value: 2 });
		expect(await ask('products', ['r1', 'x'])).toEqual({ value: 4 });
	});

	it(`keeps at most ${MAX_VALUES_PER_RUN} values a run: the first added is made again`, async () => {
		expect(MAX_VALUES_PER_RUN).toBe(16);
		const run = newRun();
		const made = counter();
		const ask = async (restaurant: number) =>
			await sharedByRun(itemOf(run), 'products', [`r${restaurant}`], made.make);
		for (let r = 1; r <= 16; r++) await ask(r);
		expect(made.made).toBe(16);
		expect(await ask(1)).toEqual({ value: 1 });
		expect(await ask(16)).toEqual({ value: 16 });
		expect(await ask(17)).toEqual({ value: 17 });
		expect(await ask(2)).toEqual({ value: 2 });
		expect(await ask(1)).toEqual({ value: 18 });
		// Making r1 again dropped r2, the first added of those kept.
		expect(await ask(3)).toEqual({ value: 3 });
		expect(await ask(2)).toEqual({ value: 19 });
		expect(made.made).toBe(19);
	});

	it('gives each item its own value when there is no run to share', async () => {
		const made = counter();
		const withoutRun = {
			getNode: () => node,
			getExecuteData: () => undefined,
		} as unknown as IExecuteSingleFunctions;
		const withoutExecuteData = { getNode: () => node } as unknown as IExecuteSingleFunctions;
		expect(await sharedByRun(withoutRun, 'products', ['r1'], made.make)).toEqual({ value: 1 });
		expect(await sharedByRun(withoutRun, 'products', ['r1'], made.make)).toEqual({ value: 2 });
		expect(await sharedByRun(withoutExecuteData, 'products', ['r1'], made.make)).toEqual({
			value: 3,
		});
	});

	it('shares a run where the context cannot report the execution finished', async () => {
		const run = newRun();
		const made = counter();
		const item = () =>
			({ ...itemOf(run), onExecutionFinish: undefined }) as unknown as IExecuteSingleFunctions;
		expect(await sharedByRun(item(), 'products', ['r1'], made.make)).toEqual({ value: 1 });
		expect(await sharedByRun(item(), 'products', ['r1'], made.make)).toEqual({ value: 1 });
	});

	it("fails the item when the node's credential cannot be read, making nothing", async () => {
		const made = counter();
		const item = {
			...itemOf(newRun()),
			getCredentials: async () => await Promise.reject(new Error('Credential not found')),
		} as unknown as IExecuteSingleFunctions;
		await expect(sharedByRun(item, 'products', ['r1'], made.make)).rejects.toThrow(
			'Credential not found',
		);
		expect(made.made).toBe(0);
	});
});
