/**
 * The seed kept on disk between starts: the seed is deterministic (the same options always give
 * the same data), and building it is most of a start's CPU after loading the code (about 0.4 s of
 * Luxon date math for the default 1,800 reservations, against 25 ms to read it back). The test
 * runs start the sandbox some 150 times, mostly with the same options. The folder must belong to
 * one version of the seed's code: the test runs pass one inside the sandbox's bundle, which is
 * rebuilt under a new name whenever a file of sandbox/ changes.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import type { SeedResult } from '../store/store';
import type { SeedOptions } from '.';
import { RESTAURANT_SEEDS } from './restaurants';

/**
 * Seeds of at most this many reservations in all are kept (about 1.1 kB each on disk). The larger
 * ones are each started by one test or bench (50,000 bookings in a horizon, 1,000 restaurants): a
 * kept copy would be tens to hundreds of MB, written and never read.
 */
const KEPT_UP_TO_RESERVATIONS = 20_000;

export function cachedSeed(
	folder: string | undefined,
	options: SeedOptions,
	build: () => SeedResult,
): SeedResult {
	// The seeded restaurants are always there; `restaurants` beyond them adds generated ones.
	const restaurants = Math.max(RESTAURANT_SEEDS.length, options.restaurants ?? 0);
	if (!folder || options.reservationsPerRestaurant * restaurants > KEPT_UP_TO_RESERVATIONS)
		return build();
	const key = createHash('sha256')
		.update(
			JSON.stringify([
				options.today,
				options.reservationsPerRestaurant,
				options.extraProducts ?? 0,
				restaurants,
			]),
		)
		.digest('hex')
		.slice(0, 16);
	const file = path.join(folder, `${key}.v8`);
	try {
		return v8.deserialize(fs.readFileSync(file)) as SeedResult;
	} catch {
		// Not kept yet (or unreadable): built, and written under a name of its own then renamed,
		// since sandboxes started side by side may write the same seed at once.
	}
	const seed = build();
	fs.mkdirSync(folder, { recursive: true });
	const part = `${file}.${process.pid}.part`;
	fs.writeFileSync(part, v8.serialize(seed));
	fs.renameSync(part, file);
	return seed;
}
