/**
 * Every accessible restaurant's bookings of a period (Get Guest History across restaurants): each
 * restaurant's period in its own zone (./period), split into 60-day windows, and all the windows of
 * all restaurants requested at most Requests at Once at a time. Read once per run and period,
 * shared by every item (../../../operationHelpers/runCache): 500 guests cost one reading.
 *
 * A restaurant that fails (an error status, no answer, a zone that cannot be read) is kept with its
 * failure and reads no further window: the others still count.
 */
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import { mapWithConcurrency } from '../../../../shared/concurrency';
import { splitIntoWindows, type LocalWindow } from '../../../../shared/dateWindows';
import { apiError, configurationError, readProblem } from '../../../../shared/errors';
import { apiPath } from '../../../../shared/paths';
import { apiRequestFull } from '../../../../shared/transport';
import { sharedByRun } from '../../../operationHelpers/runCache';
import type { AccessibleRestaurant } from './accessibleRestaurants';
import { periodOf, sortedWithoutDuplicates, type Period, type PeriodDefaults } from './period';

/** Why a restaurant could not be read: the API's message and code, or the problem and its fix. */
export interface RestaurantFailure {
	message: string;
	description?: string;
	httpCode?: string;
	code?: string;
	/** The error itself, to fail the item with when every restaurant fails. */
	error: Error;
}

export interface RestaurantListing {
	restaurant: AccessibleRestaurant & { timeZone: string };
	period: Period;
	reservations: IDataObject[];
}

export interface ChainListings {
	listed: RestaurantListing[];
	failed: Array<{ restaurant: AccessibleRestaurant; failure: RestaurantFailure }>;
}

interface Plan {
	restaurant: AccessibleRestaurant;
	period?: Period;
	pages: IDataObject[][];
	failure?: RestaurantFailure;
}

function failureOf(error: unknown): RestaurantFailure {
	const known = error as { message?: string; description?: string | null; httpCode?: string };
	return {
		message: known?.message ?? String(error),
		...(known?.description ? { description: known.description } : {}),
		...(known?.httpCode ? { httpCode: known.httpCode } : {}),
		error: error instanceof Error ? error : new Error(String(error)),
	};
}

/** One window of one restaurant; an error status becomes the restaurant's failure. */
async function readWindow(
	context: IExecuteSingleFunctions,
	plan: Plan,
	window: LocalWindow,
): Promise<void> {
	// A restaurant that already failed reads no further window.
	if (plan.failure) return;
	try {
		const response = await apiRequestFull(context, {
			method: 'GET',
			path: apiPath('reservations', { restaurantId: plan.restaurant.id }),
			// Event bookings are the guest's bookings too; the API leaves them out unless asked.
			qs: { includeEvents: true, ...window },
			itemIndex: context.getItemIndex(),
		});
		if (response.statusCode >= 400) {
			const { code } = readProblem(response.body);
			const error = apiError(
				context.getNode(),
				response.statusCode,
				response.body,
				response.headers,
				context.getItemIndex(),
			);
			plan.failure ??= { ...failureOf(error), ...(code ? { code: String(code) } : {}) };
		} else plan.pages.push(Array.isArray(response.body) ? (response.body as IDataObject[]) : []);
	} catch (error) {
		plan.failure ??= failureOf(error);
	}
}

async function planOf(
	context: IExecuteSingleFunctions,
	restaurant: AccessibleRestaurant,
	defaults: PeriodDefaults,
): Promise<Plan> {
	if (!restaurant.timeZone) {
		const { problem, fix } = restaurant.zoneProblem!;
		return {
			restaurant,
			pages: [],
			failure: failureOf(
				configurationError(context.getNode(), problem, {
					description: fix,
					itemIndex: context.getItemIndex(),
				}),
			),
		};
	}
	return { restaurant, pages: [], period: await periodOf(context, restaurant.timeZone, defaults) };
}

async function readChain(
	context: IExecuteSingleFunctions,
	restaurants: readonly AccessibleRestaurant[],
	defaults: PeriodDefaults,
	requestsAtOnce: number,
): Promise<ChainListings> {
	const plans: Plan[] = [];
	for (const restaurant of restaurants) plans.push(await planOf(context, restaurant, defaults));
	const windows = plans.flatMap((plan) =>
		plan.period ? splitIntoWindows(plan.period.from, plan.period.to).map((w) => ({ plan, w })) : [],
	);
	await mapWithConcurrency(windows, requestsAtOnce, async ({ plan, w }) =>
		readWindow(context, plan, w),
	);
	const result: ChainListings = { listed: [], failed: [] };
	for (const plan of plans) {
		if (plan.failure) result.failed.push({ restaurant: plan.restaurant, failure: plan.failure });
		else
			result.listed.push({
				restaurant: plan.restaurant as RestaurantListing['restaurant'],
				period: plan.period!,
				reservations: sortedWithoutDuplicates(plan.pages),
			});
	}
	return result;
}

/**
 * The listings of every restaurant for the item's From and To, read by the first item of the run
 * that asks and shared by the others asking for the same period.
 */
export async function chainListings(
	context: IExecuteSingleFunctions,
	restaurants: readonly AccessibleRestaurant[],
	defaults: PeriodDefaults,
	requestsAtOnce: number,
): Promise<ChainListings> {
	const from = String(context.getNodeParameter('from', '') ?? '');
	const to = String(context.getNodeParameter('to', '') ?? '');
	return await sharedByRun(
		context,
		'chainListings',
		[from, to, String(requestsAtOnce)],
		async () => await readChain(context, restaurants, defaults, requestsAtOnce),
	);
}
