/** Seeded restaurant events: one past, two active (one running now) and one draft, with tickets. */
import { plusDays } from '../clock';
import type { Json, RestaurantEvent } from '../store/types';

interface EventSeed {
	name: string;
	description: string;
	startInDays: number;
	lengthDays: number;
	isOffline: boolean;
	ticketPrice: number;
}

const EVENTS: EventSeed[] = [
	{
		name: 'Summer wine tasting',
		description: 'Six wines from Piedmont with small plates.',
		startInDays: -60,
		lengthDays: 1,
		isOffline: false,
		ticketPrice: 65,
	},
	{
		name: 'Jazz Thursdays',
		description: 'Live jazz trio every Thursday evening.',
		startInDays: -30,
		lengthDays: 90,
		isOffline: false,
		ticketPrice: 15,
	},
	{
		name: 'White truffle dinner',
		description: 'A five-course menu around the white truffle season.',
		startInDays: 20,
		lengthDays: 1,
		isOffline: false,
		ticketPrice: 120,
	},
	{
		name: 'New Year gala',
		description: 'Dinner, live music and a midnight toast.',
		startInDays: 45,
		lengthDays: 1,
		isOffline: true,
		ticketPrice: 180,
	},
];

const WEEK_EVENING = [0, 1, 2, 3, 4, 5, 6].map((weekDay) => ({
	weekDay,
	time: [{ name: 'Evening', open: '19:00:00', close: '23:30:00' }],
}));

/** The structure every event shares, as RestaurantFullContract fields. */
export function eventDefaults(): Json {
	return {
		description: '',
		promoImage: null,
		isPublic: true,
		dates: [],
		additionalInfo: { vip: true, allergy: true, vegetarian: true, event: true, customs: [] },
		reservationHours: WEEK_EVENING,
		openingHours: WEEK_EVENING,
		specialPeriods: [],
		reservationSettings: {
			isEnabled: true,
			minPartySize: 1,
			maxPartySize: 8,
			maxGuestsPerReservation: 8,
			defaultMaxCoversPerSlot: 40,
			totalCoversAvailableAtTime: 60,
			creditCardChargeEnabled: false,
			depositEvents: [],
		},
		depositRules: null,
		floors: [],
		lastStatusChange: null,
	};
}

export function seedEvents(
	restaurantId: number,
	today: string,
	nextId: () => number,
): RestaurantEvent[] {
	return EVENTS.map((seed) => {
		const id = nextId();
		const start = `${plusDays(`${today}T00:00:00`, seed.startInDays).slice(0, 10)}T19:00:00`;
		const end = `${plusDays(start, seed.lengthDays - 1).slice(0, 10)}T23:30:00`;
		return {
			...eventDefaults(),
			id,
			name: seed.name,
			description: seed.description,
			promoImage: `https://images.sandbox.invalid/events/${restaurantId}-${id}.jpg`,
			startDate: start,
			endDate: end,
			isOffline: seed.isOffline,
			isPublic: !seed.isOffline,
			depositRules: {
				required: seed.ticketPrice > 100,
				perPerson: seed.ticketPrice > 100 ? 50 : 0,
			},
			floors: [
				{
					id: `floor-${id}-main`,
					name: 'Main room',
					event: {
						tickets: [
							{
								id: `tkt-${id}-standard`,
								eventId: id,
								type: 'standard',
								title: 'Standard ticket',
								description: `Entry to ${seed.name}.`,
								amount: seed.ticketPrice,
							},
							{
								id: `tkt-${id}-vip`,
								eventId: id,
								type: 'vip',
								title: 'VIP table',
								description: 'Reserved table and a welcome drink.',
								amount: Math.round(seed.ticketPrice * 1.5),
							},
						],
					},
				},
			],
		};
	});
}
