/**
 * The Guests watch's known guests, stored as one string beside the snapshots (`g` in the static
 * data): one entry per guest, sorted by key and joined by `|`, each
 *
 *   <key: 8 characters><visits>.<no-shows>.<last visit>.<birthday greeted>.<anniversary greeted>
 *
 * the key a 48-bit digest of the guest's identity (../../../shared/guests/identity; with the
 * restaurant's ID unless guests are the same in every restaurant), the numbers in base 36: the last
 * visit as days since 2000-01-01, the greetings as the year (less 2000) of the date greeted for;
 * empty fields at the end are left out ("<key>0", 10 bytes, for a guest who has only booked). Split
 * only when a poll looks a guest up; written again only when an entry changed.
 *
 * It needs no description of its fields (../../state/description), unlike the snapshots beside it:
 * it holds no field of a booking, only counts, dates and the digest of an identity, each in a fixed
 * place. The Guests watch's snapshots of the period are described as the Reservations watch's are.
 */
import { DAY_MS, formatLocalDate, parseLocal } from '../../../shared/dateWindows';
import { textDigest } from '../../state/hash';

export interface KnownGuest {
	visits: number;
	noShows: number;
	/** Restaurant-local date of the latest visit (YYYY-MM-DD). */
	lastVisit?: string;
	/** The year of the last birthday and anniversary greeted for. */
	birthdayGreeted?: number;
	anniversaryGreeted?: number;
}

const KEY_LENGTH = 8;
/** Visit days count from here (naive milliseconds, as ../../../shared/dateWindows reads dates). */
const EPOCH = parseLocal('2000-01-01')!;

/** The ledger key of a guest: their identity, within their restaurant unless `restaurantKey` is undefined. */
export function guestKey(identityKey: string, restaurantKey: string | undefined): string {
	return textDigest(
		restaurantKey === undefined ? identityKey : `${restaurantKey}\u0000${identityKey}`,
		KEY_LENGTH,
	);
}

export class GuestLedger {
	/** Key → encoded rest of the entry; split from the text at the first look-up, not before. */
	private parsed: Map<string, string> | undefined;
	private changed = false;

	private constructor(private readonly text: string) {}

	/** The ledger of a stored text; an unreadable one counts as empty (a new baseline of guests). */
	static read(text: string | undefined): GuestLedger {
		return new GuestLedger(text ?? '');
	}

	get size(): number {
		return this.entries().size;
	}

	get(key: string): KnownGuest | undefined {
		const encoded = this.entries().get(key);
		return encoded === undefined ? undefined : decodeGuest(encoded);
	}

	set(key: string, guest: KnownGuest): void {
		const entries = this.entries();
		const encoded = encodeGuest(guest);
		if (entries.get(key) === encoded) return;
		entries.set(key, encoded);
		this.changed = true;
	}

	/** The stored text: the one read when no entry changed. */
	write(): string {
		if (!this.changed) return this.parsed?.size === 0 ? '' : this.text;
		return [...this.parsed!.keys()]
			.sort()
			.map((key) => key + this.parsed!.get(key)!)
			.join('|');
	}

	private entries(): Map<string, string> {
		if (!this.parsed) this.parsed = parseEntries(this.text);
		return this.parsed;
	}
}

function parseEntries(text: string): Map<string, string> {
	const entries = new Map<string, string>();
	if (!text) return entries;
	for (const entry of text.split('|')) {
		if (entry.length <= KEY_LENGTH) return new Map();
		entries.set(entry.slice(0, KEY_LENGTH), entry.slice(KEY_LENGTH));
	}
	return entries;
}

function encodeGuest({
	visits,
	noShows,
	lastVisit,
	birthdayGreeted,
	anniversaryGreeted,
}: KnownGuest): string {
	const fields = [
		visits.toString(36),
		noShows ? noShows.toString(36) : '',
		lastVisit ? ((parseLocal(lastVisit)! - EPOCH) / DAY_MS).toString(36) : '',
		birthdayGreeted ? (birthdayGreeted - 2000).toString(36) : '',
		anniversaryGreeted ? (anniversaryGreeted - 2000).toString(36) : '',
	];
	while (fields.length > 1 && fields[fields.length - 1] === '') fields.pop();
	return fields.join('.');
}

function decodeGuest(encoded: string): KnownGuest {
	const [visits, noShows, lastVisit, birthday, anniversary] = encoded.split('.');
	const number = (text: string | undefined) => (text ? parseInt(text, 36) : 0);
	return {
		visits: number(visits),
		noShows: number(noShows),
		...(lastVisit
			? {
					lastVisit: formatLocalDate(EPOCH + number(lastVisit) * DAY_MS),
				}
			: {}),
		...(birthday ? { birthdayGreeted: 2000 + number(birthday) } : {}),
		...(anniversary ? { anniversaryGreeted: 2000 + number(anniversary) } : {}),
	};
}
