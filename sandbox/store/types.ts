/** Shapes the sandbox stores; they follow the schemas of sandbox/openapi.yaml. */
import type { Actor } from '../auth';

export type Json = Record<string, unknown>;

export type ReservationState =
	'pending' | 'confirmed' | 'arrived' | 'seated' | 'completed' | 'noShow' | 'cancelled';
export const RESERVATION_STATES: readonly ReservationState[] = [
	'pending',
	'confirmed',
	'arrived',
	'seated',
	'completed',
	'noShow',
	'cancelled',
];
export type DeliveryType = 'dineIn' | 'takeaway' | 'delivery';

export interface OrderModifier {
	productId: string;
	amount: number;
	name?: string;
	unitPrice?: number;
}

export interface OrderItem {
	productId: string;
	amount: number;
	modifiers?: OrderModifier[];
	name?: string;
	unitPrice?: number;
	total?: number;
}

export interface OnlineOrder {
	orderItems: OrderItem[];
	note?: string | null;
	total: number;
	subTotal: number;
	taxes: number;
	tips: number;
}

export interface Reservation extends Json {
	id: string;
	restaurantId: number;
	reservationTime: string;
	businessDate: string;
	groupSize: number;
	state: ReservationState;
	kind: 'reservation' | 'walkin' | 'waitlist';
	viewed: boolean;
	eventId: number | null;
	vendorAppId: string | null;
	doNotChargeFee: boolean;
	order: OnlineOrder | null;
	details: {
		cancelOptionName: string | null;
		cancelNote: string | null;
		cancelSource: string | null;
		paymentError: string | null;
		paymentLinkUrl: string | null;
		cancelledAt: string | null;
	};
	createdAt: string;
	updatedAt: string;
	createdOnBehalfOf: Actor;
	lastUpdatedBy: Actor | null;
}

export interface ProductGroup extends Json {
	id: string;
	name: string;
	imageLocation: string | null;
	sequence: number;
	visible: boolean;
	taxeRate: number | null;
	takeawayTaxeRate: number | null;
	deliveryTaxeRate: number | null;
}

export interface Product extends Json {
	id: string;
	productPLU: string | null;
	name: string;
	description: string | null;
	visible: boolean;
	imageLocation: string | null;
	price: number;
	takeawayPrice: number | null;
	deliveryPrice: number | null;
	productType: string | null;
	groupId: string | null;
	stockAmount: number | null;
	modifiers: string[];
	taxIds: string[];
	taxeRate: number | null;
	takeawayTaxeRate: number | null;
	deliveryTaxeRate: number | null;
}

export interface Menu {
	id: string;
	name: string;
	imageLocation: string | null;
	sequence: number;
	visible: boolean;
	sections: Array<{ name: string | null; description: string | null; productIds: string[] }>;
}

/** An event as stored: the RestaurantFullContract without its id-less derived fields. */
export interface RestaurantEvent extends Json {
	id: number;
	name: string;
	startDate: string;
	endDate: string;
	isOffline: boolean;
	isPublic: boolean;
	floors: Array<{ id: string; name: string; event: { tickets: EventTicket[] } | null }>;
}

export interface EventTicket {
	id: string;
	eventId: number;
	type: string;
	title: string;
	description: string;
	amount: number;
}

export interface AuditEntry {
	at: string;
	action: string;
	entity: string;
	entityId: string;
	actor: Actor;
	changes: Record<string, { from: unknown; to: unknown }> | null;
}

/** Everything the sandbox knows about one restaurant. */
export interface RestaurantData {
	profile: Json & { id: number; name: string; timeZone: string; parentRestaurantId: number | null };
	settings: Json;
	config: Json;
	onboardingSteps: Array<{ name: string; done: boolean }>;
	productGroups: Map<string, ProductGroup>;
	products: Map<string, Product>;
	menus: Map<string, Menu>;
	events: Map<number, RestaurantEvent>;
	reservations: Map<string, Reservation>;
	audit: AuditEntry[];
}
