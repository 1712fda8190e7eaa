/**
 * Restaurants generated beyond the three seeded ones (`--restaurants N`), for scale tests and
 * benchmarks of a partner that reaches many restaurants: deterministic, ids from 104 on, in a mix
 * of time zones (whole, half- and three-quarter-hour offsets, both hemispheres' daylight saving).
 */
import { Random } from './random';
import type { RestaurantSeed } from './restaurants';

interface Place {
	timeZone: string;
	city: string;
	country: string;
	countryShort: string;
	currency: string;
	language: string;
	lat: number;
	lon: number;
	tax: number;
}

const PLACES: Place[] = [
	{
		timeZone: 'Europe/Berlin',
		city: 'Munich',
		country: 'Germany',
		countryShort: 'DE',
		currency: 'EUR',
		language: 'de',
		lat: 48.137,
		lon: 11.575,
		tax: 19,
	},
	{
		timeZone: 'Europe/London',
		city: 'London',
		country: 'United Kingdom',
		countryShort: 'GB',
		currency: 'GBP',
		language: 'en',
		lat: 51.507,
		lon: -0.128,
		tax: 20,
	},
	{
		timeZone: 'Europe/Lisbon',
		city: 'Lisbon',
		country: 'Portugal',
		countryShort: 'PT',
		currency: 'EUR',
		language: 'pt',
		lat: 38.722,
		lon: -9.139,
		tax: 13,
	},
	{
		timeZone: 'America/New_York',
		city: 'Boston',
		country: 'United States',
		countryShort: 'US',
		currency: 'USD',
		language: 'en',
		lat: 42.36,
		lon: -71.058,
		tax: 7,
	},
	{
		timeZone: 'America/Los_Angeles',
		city: 'San Francisco',
		country: 'United States',
		countryShort: 'US',
		currency: 'USD',
		language: 'en',
		lat: 37.775,
		lon: -122.419,
		tax: 8.625,
	},
	{
		timeZone: 'America/St_Johns',
		city: "St. John's",
		country: 'Canada',
		countryShort: 'CA',
		currency: 'CAD',
		language: 'en',
		lat: 47.561,
		lon: -52.713,
		tax: 15,
	},
	{
		timeZone: 'America/Sao_Paulo',
		city: 'São Paulo',
		country: 'Brazil',
		countryShort: 'BR',
		currency: 'BRL',
		language: 'pt',
		lat: -23.551,
		lon: -46.633,
		tax: 10,
	},
	{
		timeZone: 'Asia/Kolkata',
		city: 'Mumbai',
		country: 'India',
		countryShort: 'IN',
		currency: 'INR',
		language: 'en',
		lat: 19.076,
		lon: 72.878,
		tax: 5,
	},
	{
		timeZone: 'Asia/Kathmandu',
		city: 'Kathmandu',
		country: 'Nepal',
		countryShort: 'NP',
		currency: 'NPR',
		language: 'en',
		lat: 27.717,
		lon: 85.324,
		tax: 13,
	},
	{
		timeZone: 'Asia/Tokyo',
		city: 'Tokyo',
		country: 'Japan',
		countryShort: 'JP',
		currency: 'JPY',
		language: 'ja',
		lat: 35.676,
		lon: 139.65,
		tax: 10,
	},
	{
		timeZone: 'Australia/Adelaide',
		city: 'Adelaide',
		country: 'Australia',
		countryShort: 'AU',
		currency: 'AUD',
		language: 'en',
		lat: -34.929,
		lon: 138.601,
		tax: 10,
	},
	{
		timeZone: 'Pacific/Auckland',
		city: 'Auckland',
		country: 'New Zealand',
		countryShort: 'NZ',
		currency: 'NZD',
		language: 'en',
		lat: -36.848,
		lon: 174.763,
		tax: 15,
	},
];

const KINDS = ['Trattoria', 'Bistro', 'Osteria', 'Brasserie', 'Kitchen', 'Cantina', 'Grill'];
const NAMES = ['Aurora', 'Lumen', 'Vela', 'Corallo', 'Olivo', 'Fiume', 'Sole', 'Basilico', 'Ponte'];
const TYPES = ['restaurant', 'restaurant', 'restaurant', 'wineBar', 'cafe'];

/** The first id after the three seeded restaurants. */
export const FIRST_GENERATED_ID = 104;

/** `count` generated restaurants, ids FIRST_GENERATED_ID on; the same count always gives the same ones. */
export function generatedRestaurantSeeds(count: number): RestaurantSeed[] {
	return Array.from({ length: count }, (_, n) => generatedSeed(FIRST_GENERATED_ID + n));
}

function generatedSeed(id: number): RestaurantSeed {
	const random = new Random(`restaurant-sandbox/generated/${id}`);
	const place = PLACES[id % PLACES.length];
	const name = `${random.pick(KINDS)} ${random.pick(NAMES)} ${place.city} ${id}`;
	const street = `${random.int(1, 240)} Market Street`;
	const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
	const pro = random.chance(0.5);
	return {
		profile: {
			id,
			name,
			address: `${street}, ${place.city}, ${place.country}`,
			lat: place.lat + random.between(-0.05, 0.05),
			lon: place.lon + random.between(-0.05, 0.05),
			phone: `+1 555 ${String(1_000_000 + id).slice(-7)}`,
			timeZone: place.timeZone,
			city: place.city,
			state: null,
			street,
			zip: String(random.int(10000, 99999)),
			country: place.country,
			countryShort: place.countryShort,
			neighborhoods: [],
			imageUrl: `https://images.sandbox.invalid/restaurants/${id}.png`,
			websiteUrl: `https://${slug}.sandbox.invalid`,
			facebookId: null,
			twitterAccount: null,
			communicationChannel: random.pick(['email', 'sms']),
			smsDisabled: false,
			isVerified: random.chance(0.8),
			isPayAccount: pro,
			subscriptionTier: pro ? 'pro' : 'basic',
			paymentProviderAccountId: pro ? `acct_sandbox_${id}` : null,
			type: random.pick(TYPES),
			parentRestaurantId: null,
		},
		currency: place.currency,
		language: place.language,
		time24HourFormat: place.countryShort !== 'US',
		taxRates: { dineIn: place.tax, takeaway: place.tax, delivery: place.tax },
	};
}
