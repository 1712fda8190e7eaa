/**
 * A guest history that found nobody: found false, no guest, zero counts, no times (the part every
 * reading of it has: lib/guestHistory, the node's Get Guest History, the MCP tool).
 */
export const NO_GUEST_FOUND = {
	found: false,
	guest: { name: null, phone: null, email: null, identity: null },
	bookings: 0,
	visits: 0,
	noShows: 0,
	cancellations: 0,
	upcoming: 0,
	firstVisit: null,
	lastVisit: null,
	nextBooking: null,
	averagePartySize: null,
	totalAmount: 0,
	noShowRate: null,
	profile: null,
};
