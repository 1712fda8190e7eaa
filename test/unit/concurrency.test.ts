/**
 * mapWithConcurrency (nodes/shared/concurrency.ts): every input worked on once, at most `limit` at
 * a time, the results in the inputs' order whatever order the work ends in.
 */
import { mapWithConcurrency } from '../../nodes/shared/concurrency';

/** Work that ends in the order its promises are resolved from outside. */
function controlled() {
	const pending: Array<{ input: number; index: number; resolve: (value: string) => void }> = [];
	let running = 0;
	let most = 0;
	const work = (input: number, index: number) => {
		running++;
		most = Math.max(most, running);
		return new Promise<string>((resolve) =>
			pending.push({
				input,
				index,
				resolve: (value) => {
					running--;
					resolve(value);
				},
			}),
		);
	};
	return { pending, work, most: () => most };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('mapWithConcurrency', () => {
	it('at most `limit` at once; results in input order though they end in another', async () => {
		const { pending, work, most } = controlled();
		const done = mapWithConcurrency([10, 20, 30, 40, 50], 2, work);
		await tick();
		expect(pending.map((p) => [p.input, p.index])).toEqual([
			[10, 0],
			[20, 1],
		]);
		pending[1].resolve('twenty');
		await tick();
		expect(pending.map((p) => p.input)).toEqual([10, 20, 30]);
		pending[2].resolve('thirty');
		await tick();
		pending[0].resolve('ten');
		await tick();
		expect(pending.map((p) => p.input)).toEqual([10, 20, 30, 40, 50]);
		pending[4].resolve('fifty');
		pending[3].resolve('forty');
		await expect(done).resolves.toEqual(['ten', 'twenty', 'thirty', 'forty', 'fifty']);
		expect(most()).toBe(2);
	});

	it('a limit above the number of inputs: each input once', async () => {
		const seen: number[] = [];
		await expect(
			mapWithConcurrency([1, 2, 3], 8, async (input) => {
				seen.push(input);
				return input * 2;
			}),
		).resolves.toEqual([2, 4, 6]);
		expect(seen).toEqual([1, 2, 3]);
	});

	it('no inputs: no work, an empty list', async () => {
		const work = jest.fn();
		await expect(mapWithConcurrency([], 4, work)).resolves.toEqual([]);
		expect(work).not.toHaveBeenCalled();
	});

	it('a failure fails the whole', async () => {
		await expect(
			mapWithConcurrency([1, 2], 2, async (input) => {
				if (input === 2) throw new Error('second failed');
				return input;
			}),
		).rejects.toThrow('second failed');
	});
});
