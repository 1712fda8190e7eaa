/**
 * The credential's reading settings, by the names they are saved under in n8n's credentials (never
 * rename them): read by ./context, declared in the credential.
 */
export const BOOKING_STATES_FIELD = 'bookingStates';
export const TIME_ZONE_FIELD = 'restaurantTimeZone';
