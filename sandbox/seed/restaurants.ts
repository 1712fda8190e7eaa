/** The three seeded restaurants: profiles, settings and configuration (spec 2.6 to 2.8). */
import type { Json } from '../store/types';

interface RestaurantSeed {
	profile: Json & { id: number; name: string; timeZone: string; parentRestaurantId: number | null };
	currency: string;
	language: string;
	time24HourFormat: boolean;
	taxRates: { dineIn: number; takeaway: number; delivery: number };
}

export const RESTAURANT_SEEDS: RestaurantSeed[] = [
	{
		profile: {
			id: 101,
			name: 'Trattoria Aurora',
			address: 'Kastanienallee 12, 10435 Berlin, Germany',
			lat: 52.5386,
			lon: 13.4098,
			phone: '+49 30 1234567',
			timeZone: 'Europe/Berlin',
			city: 'Berlin',
			state: 'Berlin',
			street: 'Kastanienallee 12',
			zip: '10435',
			country: 'Germany',
			countryShort: 'DE',
			neighborhoods: ['Prenzlauer Berg'],
			imageUrl: 'https://images.sandbox.invalid/restaurants/101.png',
			websiteUrl: 'https://trattoria-aurora.sandbox.invalid',
			facebookId: 'trattoria.aurora',
			twitterAccount: '@trattoriaaurora',
			communicationChannel: 'email',
			smsDisabled: false,
			isVerified: true,
			isPayAccount: true,
			subscriptionTier: 'pro',
			paymentProviderAccountId: 'acct_sandbox_101',
			type: 'restaurant',
			parentRestaurantId: null,
		},
		currency: 'EUR',
		language: 'de',
		time24HourFormat: true,
		taxRates: { dineIn: 19, takeaway: 7, delivery: 7 },
	},
	{
		profile: {
			id: 102,
			name: 'Harbour & Vine',
			address: '145 Water St, New York, NY 10038, United States',
			lat: 40.7069,
			lon: -74.0048,
			phone: '+1 212 555 0142',
			timeZone: 'America/New_York',
			city: 'New York',
			state: 'NY',
			street: '145 Water St',
			zip: '10038',
			country: 'United States',
			countryShort: 'US',
			neighborhoods: ['Financial District', 'Seaport'],
			imageUrl: 'https://images.sandbox.invalid/restaurants/102.png',
			websiteUrl: 'https://harbourandvine.sandbox.invalid',
			facebookId: 'harbourandvine',
			twitterAccount: '@harbourvine',
			communicationChannel: 'sms',
			smsDisabled: false,
			isVerified: true,
			isPayAccount: false,
			subscriptionTier: 'basic',
			paymentProviderAccountId: null,
			type: 'wineBar',
			parentRestaurantId: null,
		},
		currency: 'USD',
		language: 'en',
		time24HourFormat: false,
		taxRates: { dineIn: 8.875, takeaway: 8.875, delivery: 8.875 },
	},
	{
		profile: {
			id: 103,
			name: 'Aurora Kitchen Sydney',
			address: '22 Circular Quay W, The Rocks NSW 2000, Australia',
			lat: -33.8587,
			lon: 151.2089,
			phone: '+61 2 5550 1234',
			timeZone: 'Australia/Sydney',
			city: 'Sydney',
			state: 'NSW',
			street: '22 Circular Quay W',
			zip: '2000',
			country: 'Australia',
			countryShort: 'AU',
			neighborhoods: ['The Rocks'],
			imageUrl: 'https://images.sandbox.invalid/restaurants/103.png',
			websiteUrl: 'https://aurora-sydney.sandbox.invalid',
			facebookId: 'aurora.sydney',
			twitterAccount: '@aurorasydney',
			communicationChannel: 'email',
			smsDisabled: true,
			isVerified: false,
			isPayAccount: true,
			subscriptionTier: 'pro',
			paymentProviderAccountId: 'acct_sandbox_103',
			type: 'restaurant',
			// A venue of the Aurora chain, whose parent is the Berlin restaurant.
			parentRestaurantId: 101,
		},
		currency: 'AUD',
		language: 'en',
		time24HourFormat: true,
		taxRates: { dineIn: 10, takeaway: 10, delivery: 10 },
	},
];

const LUNCH = { name: 'Lunch', open: '12:00:00', close: '15:00:00' };
const DINNER = { name: 'Dinner', open: '18:00:00', close: '23:00:00' };

/** Open Tuesday to Sunday for lunch and dinner, closed on Mondays (weekDay 0 = Sunday). */
function weekHours(): Json[] {
	return [0, 1, 2, 3, 4, 5, 6].map((weekDay) => ({
		weekDay,
		time: weekDay === 1 ? [] : [LUNCH, DINNER],
	}));
}

export function settingsFor(seed: RestaurantSeed, year: number): Json {
	return {
		openingHours: weekHours(),
		openingHoursTemplates: [LUNCH, DINNER],
		specialPeriods: [
			{
				name: 'Winter holidays',
				starts: `${year}-12-24T00:00:00`,
				ends: `${year}-12-27T00:00:00`,
				closed: true,
				repeat: true,
				isSystem: false,
				time: [],
			},
		],
		enableHoursTemplates: true,
		areas: ['Main room', 'Terrace', 'Bar'],
		tableSizes: [2, 4, 6, 8],
		time24HourFormat: seed.time24HourFormat,
		language: seed.language,
		moduleVisibility: {
			tablesHidden: false,
			reserveHidden: false,
			waitlistHidden: seed.profile.id === 102,
			timelineHidden: false,
			serversHidden: false,
			guestBookHidden: false,
		},
		skipGroupSizeStep: 0,
		skipBookWizard: false,
		deliveryMode: seed.profile.id !== 102,
		autocloseSeated: true,
		disableGuestbook: false,
		notifyGuestsOnBlacklistAddition: false,
	};
}

export const CANCELLATION_OPTIONS = [
	{ name: 'Guest request', note: 'The guest asked to cancel.', isDefault: true },
	{ name: 'No-show', note: 'The guest did not arrive.', isDefault: false },
	{
		name: 'Restaurant closed',
		note: 'Closed on that day (holiday, private event).',
		isDefault: false,
	},
	{ name: 'Duplicate booking', note: null, isDefault: false },
];

/** Party size from which a booking needs approval and so starts as pending. */
const APPROVAL_SIZE = 8;

export function configFor(seed: RestaurantSeed, settings: Json): Json {
	const payment = { card: true, cash: true, invoice: seed.profile.id === 101 };
	return {
		settings,
		reservationSettings: {
			isEnabled: true,
			maxAdvanceBookingDays: 90,
			bookingMinimumNoticeMinutes: 60,
			bookingCutOffTime: '02:00:00',
			minPartySize: 1,
			maxPartySize: 12,
			minGuestsPerReservation: 1,
			maxGuestsPerReservation: 12,
			maxBookingsPerSlot: 6,
			hardMaxBookingsPerSlot: 8,
			defaultMaxCoversPerSlot: 30,
			totalCoversAvailableAtTime: 60,
			reservationHours: weekHours(),
			reservationHoursStep: 15,
			approvalRequired: true,
			approvalSize: APPROVAL_SIZE,
			allowGuestSelectTables: false,
			availableOnlineAreas: true,
			currency: seed.currency,
			cancellationOptions: CANCELLATION_OPTIONS,
			additionalInfo: {
				highChair: true,
				babyChair: true,
				stroller: true,
				vip: true,
				booth: seed.profile.id === 102,
				highTop: seed.profile.id === 102,
				allergy: true,
				vegetarian: true,
				contactless: false,
				dontDisturb: true,
				handicapAccessible: true,
				customs: [
					{
						id: 'window-seat',
						type: 'flag',
						label: 'Window seat',
						icon: 'window',
						description: 'Guest prefers a window table',
						important: false,
						online: true,
						data: [],
					},
				],
			},
			noShowFeeEnabled: seed.profile.id !== 102,
			creditCardChargeEnabled: seed.profile.id !== 102,
			onlinePaymentMethod: { booking: payment, delivery: payment },
			depositRules: { required: false, perPerson: 0 },
			depositEvents: [],
		},
		waitingSettings: {
			enabled: seed.profile.id !== 102,
			autoCall: false,
			maximumHoldTime: 15,
			positionMessage: 'You are number {position} on the waiting list.',
			statusMessage: 'Your table is ready.',
		},
		paymentSettings: {
			smsLimit: 500,
			smsUsed: 120 + seed.profile.id,
			plan: seed.profile.subscriptionTier,
		},
		guestTags: [
			{ id: 'tag-regular', name: 'Regular', color: '#2E7D32' },
			{ id: 'tag-vip', name: 'VIP', color: '#C62828' },
			{ id: 'tag-press', name: 'Press', color: '#1565C0' },
		],
	};
}

export type { RestaurantSeed };
