/**
 * Seeded reservations, spread over a year either side of the anchor day: past ones completed,
 * no-shows and walk-ins; future ones confirmed, pending (large parties) and cancelled; some event
 * bookings, some made through the vendor application, some with an online order.
 */
import { plusDays } from '../clock';
import type { Actor } from '../auth';
import { SANDBOX_TOKENS } from '../auth';
import { businessDateOf, emptyDetails, initialState } from '../families/reservations/model';
import { priceOrder } from '../families/reservations/pricing';
import type {
	Product,
	ProductGroup,
	Reservation,
	ReservationState,
	RestaurantEvent,
} from '../store/types';
import { CANCELLATION_OPTIONS } from './restaurants';
import type { Random } from './random';

const FIRST = [
	'Anna',
	'Ben',
	'Carla',
	'David',
	'Elif',
	'Finn',
	'Giulia',
	'Hiro',
	'Ines',
	'Jonas',
	'Kemal',
	'Lea',
	'Marco',
	'Nora',
	'Oskar',
	'Priya',
	'Quentin',
	'Rosa',
	'Sven',
	'Tara',
];
const LAST = [
	'Schmidt',
	'Rossi',
	'Nguyen',
	'Okafor',
	'Müller',
	'García',
	'Kowalski',
	'Smith',
	'Yilmaz',
	'Dubois',
	'Tanaka',
	'Johansson',
	'Murphy',
	'Costa',
	'Novak',
];
const REQUESTS = [
	null,
	null,
	null,
	'Window table, please',
	'Birthday: a candle on the dessert',
	'Quiet corner',
	'High chair needed',
	'Gluten intolerance',
];
const TABLES = ['1', '2', '3', '4', '5', '7', '8', '10', '12', 'T1', 'T2', 'B1'];

const staff = SANDBOX_TOKENS['sandbox-staff-token'].actor;
const vendor = SANDBOX_TOKENS['sandbox-vendor-token'].actor;

interface Context {
	restaurantId: number;
	today: string;
	events: RestaurantEvent[];
	catalog: { products: Map<string, Product>; productGroups: Map<string, ProductGroup> };
	reservationSettings: { approvalRequired?: boolean; approvalSize?: number };
	random: Random;
	/** Creation timestamps lie before the visit and before this instant (midnight UTC of the anchor day). */
	anchorInstant: string;
}

function pastState(random: Random): ReservationState {
	const roll = random.between(0, 1);
	return roll < 0.8 ? 'completed' : roll < 0.88 ? 'noShow' : 'cancelled';
}

function seedOrder(ctx: Context, deliveryType: 'takeaway' | 'delivery') {
	const orderable = [...ctx.catalog.products.values()].filter(
		(p) => p.visible && p.productType === 'dish' && p.price >= 0,
	);
	const lines = ctx.random.int(1, 3);
	return priceOrder(
		{
			orderItems: Array.from({ length: lines }, () => ({
				productId: ctx.random.pick(orderable).id,
				amount: ctx.random.int(1, 3),
			})),
			tips: ctx.random.chance(0.5) ? ctx.random.int(1, 5) : 0,
			note: null,
		},
		deliveryType,
		ctx.catalog,
	);
}

export function seedReservation(ctx: Context, n: number): Reservation {
	const { random } = ctx;
	const dayOffset = random.int(-365, 365);
	const slot = random.int(0, 40); // 12:00 to 22:00 in quarter hours
	const day = plusDays(`${ctx.today}T00:00:00`, dayOffset).slice(0, 10);
	const reservationTime = `${day}T${String(12 + Math.floor(slot / 4)).padStart(2, '0')}:${String((slot % 4) * 15).padStart(2, '0')}:00`;
	const groupSize = random.chance(0.08) ? random.int(8, 12) : random.int(1, 6);
	const isPast = dayOffset < 0;
	const fromVendor = ctx.restaurantId === 101 && random.chance(0.15);
	const actor: Actor = fromVendor ? vendor : staff;
	const event = random.chance(0.06) ? random.pick(ctx.events) : undefined;
	const kind =
		isPast && random.chance(0.1) ? 'walkin' : random.chance(0.02) ? 'waitlist' : 'reservation';
	let state: ReservationState = isPast
		? pastState(random)
		: initialState(groupSize, ctx.reservationSettings);
	if (!isPast && random.chance(0.08)) state = 'cancelled';
	const deliveryType = random.chance(0.06)
		? random.pick(['takeaway', 'delivery'] as const)
		: 'dineIn';
	const first = random.pick(FIRST);
	const last = random.pick(LAST);
	const createdDaysAgo = Math.max(-dayOffset, 0) + random.int(1, 30);
	const createdAt = new Date(Date.parse(ctx.anchorInstant) - createdDaysAgo * 86_400_000)
		.toISOString()
		.replace(/\.\d{3}Z$/, 'Z');
	const details = emptyDetails();
	if (state === 'cancelled') {
		const option = random.pick(CANCELLATION_OPTIONS);
		Object.assign(details, {
			cancelOptionName: option.name,
			cancelNote: option.note,
			cancelSource: fromVendor ? 'application' : 'staff',
			cancelledAt: createdAt,
		});
	}
	return {
		id: `rsv-${ctx.restaurantId}-${String(n).padStart(6, '0')}`,
		restaurantId: ctx.restaurantId,
		reservationTime,
		businessDate: businessDateOf(reservationTime),
		groupSize,
		customerName: `${first} ${last}`,
		phone: `+49 170 ${String(1000000 + n).slice(-7)}`,
		email: `${first}.${last}.${n}@guests.sandbox.invalid`.toLowerCase(),
		tableNumber: kind === 'waitlist' ? null : random.pick(TABLES),
		specialRequests: random.pick(REQUESTS),
		internalNotes: null,
		aboutGuestNotes: random.chance(0.05) ? 'Regular guest, likes the terrace.' : null,
		amount: null,
		estimatedTurnOverTime: groupSize > 4 ? 150 : 120,
		source: fromVendor
			? 'Sandbox POS'
			: random.pick(['phone', 'website', 'walk-in', 'partner-api']),
		state,
		deliveryType,
		paymentType: deliveryType === 'dineIn' ? null : 'card',
		depositToken: null,
		eventId: event ? event.id : null,
		externalUserId: fromVendor ? `pos-guest-${n}` : null,
		createdBy: actor.name,
		customerProfile: random.chance(0.3)
			? {
					allergy: random.chance(0.3) ? ['nuts'] : [],
					vegetarian: random.chance(0.2),
					vip: random.chance(0.05),
					handicapAccessible: false,
					anniversary: false,
					birthdate: null,
					companyName: null,
					deliveryAddress: null,
				}
			: null,
		additionals: random.chance(0.2)
			? {
					highChair: random.chance(0.3),
					vip: false,
					booth: false,
					highTop: false,
					babyChair: false,
					stroller: false,
					allergy: false,
					vegetarian: false,
					contactless: false,
					dontDisturb: false,
					event: Boolean(event),
					eventTypes: [],
					customs: [],
				}
			: null,
		order: deliveryType === 'dineIn' ? null : seedOrder(ctx, deliveryType),
		referral: null,
		kind,
		viewed: isPast || !fromVendor || random.chance(0.5),
		vendorAppId: fromVendor ? vendor.id : null,
		doNotChargeFee: false,
		details,
		waiters:
			isPast && kind !== 'waitlist'
				? [{ id: 'waiter-1', fullName: 'Luca Bianchi', initials: 'LB' }]
				: [],
		check:
			state === 'completed'
				? { number: `C-${n}`, total: groupSize * 38, paid: groupSize * 38 }
				: null,
		payment: null,
		createdAt,
		updatedAt: createdAt,
		createdOnBehalfOf: actor,
		lastUpdatedBy: null,
	};
}
