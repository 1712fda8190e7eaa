/**
 * The seed kept between starts (sandbox/seed/cache.ts) and the reset's copy of the data seeded at
 * start (sandbox/store/store.ts): what a sandbox serves is the seed's, however it got it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildSeed, type SeedOptions } from '../../sandbox/seed';
import { cachedSeed } from '../../sandbox/seed/cache';
import { useSandbox } from '../support/sandbox';

const OPTIONS: SeedOptions = { today: '2026-11-22', reservationsPerRestaurant: 20 };
let folder: string;
beforeEach(() => (folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rr-seed-cache-'))));
afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

/** cachedSeed with a build (the seed's own by default) that counts its calls. */
function seedCounting(
	options: SeedOptions,
	into: string | null = folder,
	build = () => buildSeed(options),
) {
	let builds = 0;
	const seed = cachedSeed(into ?? undefined, options, () => {
		builds += 1;
		return build();
	});
	return { seed, builds };
}

describe('the seed kept between starts', () => {
	it('is built on the first start, read back on the next with the same options, equal to a new build', () => {
		expect(seedCounting(OPTIONS).builds).toBe(1);
		expect(fs.readdirSync(folder)).toHaveLength(1);
		const again = seedCounting(OPTIONS);
		expect(again.builds).toBe(0);
		expect(again.seed).toEqual(buildSeed(OPTIONS));
	});

	it('is kept per set of seed options: another day, count, catalog or restaurant count is built anew', () => {
		seedCounting(OPTIONS);
		for (const other of [
			{ ...OPTIONS, today: '2026-11-23' },
			{ ...OPTIONS, reservationsPerRestaurant: 21 },
			{ ...OPTIONS, extraProducts: 2 },
			{ ...OPTIONS, restaurants: 4 },
		]) {
			const { seed, builds } = seedCounting(other);
			expect(builds).toBe(1);
			expect(seed).toEqual(buildSeed(other));
		}
		expect(fs.readdirSync(folder)).toHaveLength(5);
	});

	it('is built again when the kept file cannot be read, and without a folder every time', () => {
		seedCounting(OPTIONS);
		const [file] = fs.readdirSync(folder);
		fs.writeFileSync(path.join(folder, file), 'not a seed');
		expect(seedCounting(OPTIONS).builds).toBe(1);
		expect(seedCounting(OPTIONS).builds).toBe(0);
		expect(seedCounting(OPTIONS, null).builds).toBe(1);
		expect(seedCounting(OPTIONS, null).builds).toBe(1);
	});

	it('is not kept beyond 20,000 reservations in all (each such seed is started once)', () => {
		const small = buildSeed(OPTIONS);
		const builds = (options: SeedOptions) => seedCounting(options, folder, () => small).builds;
		const largest = { ...OPTIONS, reservationsPerRestaurant: 5_000, restaurants: 4 };
		expect(builds(largest)).toBe(1);
		expect(builds(largest)).toBe(0);
		for (const larger of [
			{ ...OPTIONS, reservationsPerRestaurant: 6_667 },
			{ ...OPTIONS, reservationsPerRestaurant: 40, restaurants: 1_000 },
		]) {
			expect(builds(larger)).toBe(1);
			expect(builds(larger)).toBe(1);
		}
		expect(fs.readdirSync(folder)).toHaveLength(1);
	});
});

describe('a reset', () => {
	const ctx = useSandbox({ ownProcess: true });

	it('gives back the seeded data every time, whatever changed before', async () => {
		const path = { restaurantId: 101 };
		const seeded = (await ctx.call('listProductGroups', { path })).body;
		for (const name of ['Temporary', 'Temporary again']) {
			await ctx.call('createProductGroup', { path, body: { name } });
			const renamed = await ctx.call('updateProductGroup', {
				path: { ...path, groupId: seeded[0].id },
				body: { ...seeded[0], name: `${name} renamed` },
			});
			expect(renamed.status).toBe(200);
			expect((await ctx.call('listProductGroups', { path })).body).not.toEqual(seeded);
			await ctx.sandbox.reset();
			expect((await ctx.call('listProductGroups', { path })).body).toEqual(seeded);
		}
	});
});
