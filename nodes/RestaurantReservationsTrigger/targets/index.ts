/**
 * The watch targets (the Watch parameter: reservations, events, products, guests), each in one place: its option in the Watch list, its
 * Events parameter (name and words), its trigger events and the factory of what one poll needs of
 * it. The node's parameters (../RestaurantReservationsTrigger.node), the settings and the poll
 * (../poll) read them from here; nothing else lists the targets.
 */
import type { INodePropertyOptions } from 'n8n-workflow';
import type { Watch, WatchTargetFactory } from '../types';
import { completeListWatch } from './completeList/completeListWatch';
import { GUEST_TRIGGER_EVENTS } from './guests/triggerEvents';
import { guestWatch } from './guests/watch';
import { PRODUCT_TRIGGER_EVENTS } from './products/triggerEvents';
import { PRODUCT_WATCH } from './products/watch';
import { RESERVATION_TRIGGER_EVENTS } from './reservations/triggerEvents';
import { reservationWatch } from './reservations/watch';
import { RESTAURANT_EVENT_TRIGGER_EVENTS } from './restaurantEvents/triggerEvents';
import { RESTAURANT_EVENT_WATCH } from './restaurantEvents/watch';
import type { TriggerEventTable } from './triggerEvents';

export interface WatchTargetDefinition {
	/** The Watch option (its value is saved in workflows: never change). */
	option: INodePropertyOptions & { value: Watch };
	/** The name of its Events parameter (saved in workflows: never change). */
	eventsParameter: string;
	/** The Events parameter's description. */
	eventsDescription: string;
	triggerEvents: TriggerEventTable<never, never, object>;
	create: WatchTargetFactory;
}

/** In the order their Events parameters are shown; reservations is the default. */
export const WATCH_TARGETS: Record<Watch, WatchTargetDefinition> = {
	reservations: {
		option: { name: 'Reservations', value: 'reservations' },
		eventsParameter: 'events',
		eventsDescription:
			'The changes that start the workflow. Each changed reservation gives one item per poll, with the most specific chosen event.',
		triggerEvents: RESERVATION_TRIGGER_EVENTS,
		create: reservationWatch,
	},
	events: {
		option: {
			name: 'Events',
			value: 'events',
			description: "The restaurant's events (special occasions that take bookings)",
		},
		eventsParameter: 'eventEvents',
		eventsDescription:
			'The changes that start the workflow. Each changed event gives one item per poll, with the most specific chosen event.',
		triggerEvents: RESTAURANT_EVENT_TRIGGER_EVENTS,
		create: (scope) => completeListWatch(RESTAURANT_EVENT_WATCH, scope),
	},
	products: {
		option: { name: 'Products', value: 'products', description: "The restaurant's catalog" },
		eventsParameter: 'productEvents',
		eventsDescription:
			'The changes that start the workflow. Each changed product gives one item per poll.',
		triggerEvents: PRODUCT_TRIGGER_EVENTS,
		create: (scope) => completeListWatch(PRODUCT_WATCH, scope),
	},
	guests: {
		option: {
			name: 'Guests',
			value: 'guests',
			description:
				'The guests behind the bookings: new, returning, no-shows, birthdays and anniversaries',
		},
		eventsParameter: 'guestEvents',
		eventsDescription:
			'What starts the workflow. A guest is told apart by phone, else e-mail, else name; each occasion is reported once.',
		triggerEvents: GUEST_TRIGGER_EVENTS,
		create: guestWatch,
	},
};

/** The target a Watch value names; undefined for a value the trigger does not know. */
export function watchTargetOf(watch: string): WatchTargetDefinition | undefined {
	return Object.prototype.hasOwnProperty.call(WATCH_TARGETS, watch)
		? WATCH_TARGETS[watch as Watch]
		: undefined;
}
