/** Runs `work` over `inputs` with at most `limit` at a time, keeping the order of the results. */
export async function mapWithConcurrency<T, R>(
	inputs: readonly T[],
	limit: number,
	work: (input: T, index: number) => Promise<R>,
): Promise<R[]> {
	const results = new Array<R>(inputs.length);
	let next = 0;
	const worker = async () => {
		while (next < inputs.length) {
			const index = next++;
			results[index] = await work(inputs[index], index);
		}
	};
	await Promise.all(Array.from({ length: Math.min(limit, inputs.length) }, worker));
	return results;
}
