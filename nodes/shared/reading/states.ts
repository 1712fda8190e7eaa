/**
 * A booking's state read by its meaning, not its spelling. The spec leaves the state values "not
 * shown"; public vocabularies differ widely (the sandbox's `noShow`, the platform's `Canceled`,
 * booking standards' `PENDING_MERCHANT_CONFIRMATION` or `NO_SHOW_PENALIZED`, schema.org's
 * `ReservationConfirmed`, FHIR's `checked-in`, restaurant systems' `Seated`, `Done`, `Paid`). Every
 * rule of the nodes tests a role, never one spelling.
 *
 * How a value is placed: it is cut into words (camelCase, PascalCase, `_`, `-`, spaces), each word
 * is matched by its stem (so `cancelled`, `canceled`, `Cancellation`, `autoCancelled` and
 * `CANCELED_BY_MERCHANT` share `cancel`), a few two-word phrases first (`no show`, `checked in`,
 * `left message`), a negation turns the next word (`not confirmed` is awaiting approval). When a
 * value names several roles, the one furthest along the booking's life wins (`PENDING_CANCELLATION`
 * is cancelled, `CONFIRMED_SEATED` arrived); words that only name the record (`reservation`,
 * `request`, `booking`) count only when nothing else does. A value none of this places is `unknown`:
 * never guessed, the user places it (./vocabulary).
 */

export const STATE_ROLES = [
	'awaitingApproval',
	'booked',
	'arrived',
	'finished',
	'noShow',
	'cancelled',
] as const;

export type KnownRole = (typeof STATE_ROLES)[number];
export type StateRole = KnownRole | 'unknown';

/** How each role reads in the editor and in messages. */
export const ROLE_NAMES: Record<StateRole, string> = {
	awaitingApproval: 'awaiting approval',
	booked: 'booked',
	arrived: 'arrived or seated',
	finished: 'finished',
	noShow: 'no-show',
	cancelled: 'cancelled or refused',
	unknown: 'unknown',
};

/** From least to furthest along a booking's life: of several roles named, the last one wins. */
const PRECEDENCE: readonly KnownRole[] = [
	'booked',
	'awaitingApproval',
	'arrived',
	'finished',
	'cancelled',
	'noShow',
];

/** Two-word phrases, read before single words. */
const PHRASES: Record<string, KnownRole> = {
	'no show': 'noShow',
	'didn show': 'noShow',
	'not show': 'noShow',
	'check in': 'arrived',
	'checked in': 'arrived',
	'walk in': 'arrived',
	'walked in': 'arrived',
	'in house': 'arrived',
	'check dropped': 'arrived',
	'check out': 'finished',
	'checked out': 'finished',
	'left message': 'booked',
	'no answer': 'booked',
	'wrong number': 'booked',
	'entered error': 'cancelled',
};

interface Stem {
	stem: string;
	role: KnownRole;
	/** Matched anywhere in a word (long, distinctive stems), else only at its start. */
	anywhere?: boolean;
}

/** Ordered: the first stem a word matches decides it (`unconfirm` before `confirm`). */
const STEMS: readonly Stem[] = [
	{ stem: 'noshow', role: 'noShow', anywhere: true },
	{ stem: 'unconfirm', role: 'awaitingApproval', anywhere: true },
	{ stem: 'unapprov', role: 'awaitingApproval', anywhere: true },
	{ stem: 'cancel', role: 'cancelled', anywhere: true },
	{ stem: 'cancl', role: 'cancelled', anywhere: true },
	{ stem: 'reject', role: 'cancelled', anywhere: true },
	{ stem: 'declin', role: 'cancelled', anywhere: true },
	{ stem: 'refus', role: 'cancelled', anywhere: true },
	{ stem: 'denied', role: 'cancelled' },
	{ stem: 'deny', role: 'cancelled' },
	{ stem: 'void', role: 'cancelled' },
	{ stem: 'revok', role: 'cancelled' },
	{ stem: 'expir', role: 'cancelled' },
	{ stem: 'abort', role: 'cancelled' },
	{ stem: 'annul', role: 'cancelled' },
	{ stem: 'withdr', role: 'cancelled' },
	{ stem: 'delet', role: 'cancelled' },
	{ stem: 'fail', role: 'cancelled' },
	{ stem: 'missed', role: 'noShow' },
	{ stem: 'absent', role: 'noShow' },
	{ stem: 'finish', role: 'finished', anywhere: true },
	{ stem: 'complet', role: 'finished', anywhere: true },
	{ stem: 'fulfil', role: 'finished', anywhere: true },
	{ stem: 'checkout', role: 'finished', anywhere: true },
	{ stem: 'checkedout', role: 'finished', anywhere: true },
	{ stem: 'depart', role: 'finished' },
	{ stem: 'done', role: 'finished' },
	{ stem: 'closed', role: 'finished' },
	{ stem: 'close', role: 'finished' },
	{ stem: 'left', role: 'finished' },
	{ stem: 'paid', role: 'finished' },
	{ stem: 'ended', role: 'finished' },
	{ stem: 'past', role: 'finished' },
	{ stem: 'checkin', role: 'arrived', anywhere: true },
	{ stem: 'checkedin', role: 'arrived', anywhere: true },
	{ stem: 'arriv', role: 'arrived', anywhere: true },
	{ stem: 'seat', role: 'arrived' },
	{ stem: 'present', role: 'arrived' },
	{ stem: 'dining', role: 'arrived' },
	{ stem: 'inhouse', role: 'arrived' },
	{ stem: 'walkin', role: 'arrived' },
	{ stem: 'appetizer', role: 'arrived' },
	{ stem: 'entree', role: 'arrived' },
	{ stem: 'dessert', role: 'arrived' },
	{ stem: 'pend', role: 'awaitingApproval', anywhere: true },
	{ stem: 'await', role: 'awaitingApproval', anywhere: true },
	{ stem: 'tentativ', role: 'awaitingApproval', anywhere: true },
	{ stem: 'provision', role: 'awaitingApproval', anywhere: true },
	{ stem: 'requested', role: 'awaitingApproval' },
	{ stem: 'wait', role: 'awaitingApproval' },
	{ stem: 'hold', role: 'awaitingApproval' },
	{ stem: 'held', role: 'awaitingApproval' },
	{ stem: 'proposed', role: 'awaitingApproval' },
	{ stem: 'enquir', role: 'awaitingApproval' },
	{ stem: 'inquir', role: 'awaitingApproval' },
	{ stem: 'recorded', role: 'awaitingApproval' },
	{ stem: 'unverified', role: 'awaitingApproval' },
	{ stem: 'confirmed', role: 'booked', anywhere: true },
	{ stem: 'confirm', role: 'booked' },
	{ stem: 'reconfirm', role: 'booked' },
	{ stem: 'preconfirm', role: 'booked' },
	{ stem: 'accepted', role: 'booked' },
	{ stem: 'approved', role: 'booked' },
	{ stem: 'booked', role: 'booked', anywhere: true },
	{ stem: 'reserved', role: 'booked' },
	{ stem: 'scheduled', role: 'booked' },
	{ stem: 'guaranteed', role: 'booked' },
	{ stem: 'expected', role: 'booked' },
	{ stem: 'upcoming', role: 'booked' },
	{ stem: 'active', role: 'booked' },
	{ stem: 'valid', role: 'booked' },
];

/**
 * Words that name the record or a step rather than a state: their role counts only when no other
 * word has one (`Request` is awaiting approval, `REQUEST_ACCEPTED` booked; `Reservation` booked,
 * `ReservationPending` awaiting approval).
 */
const WEAK: Record<string, KnownRole> = {
	request: 'awaitingApproval',
	requests: 'awaitingApproval',
	approval: 'awaitingApproval',
	new: 'awaitingApproval',
	created: 'booked',
	open: 'booked',
	booking: 'booked',
	book: 'booked',
	reservation: 'booked',
	reserve: 'booked',
	confirmation: 'booked',
	ok: 'booked',
};

const NEGATIONS = new Set(['not', 'non', 'un', 'never', 'didnt', 'didn']);

/** What a negated word means: `not confirmed` awaits approval, `not arrived` is still booked. */
const NEGATED: Partial<Record<KnownRole, KnownRole>> = {
	booked: 'awaitingApproval',
	arrived: 'booked',
};

/** The words of a value: camelCase and PascalCase split, accents and separators dropped, lower case. */
export function wordsOf(value: string): string[] {
	return value
		.normalize('NFD')
		.replace(/[\u0300-\u036f]/g, '')
		.replace(/([a-z0-9])([A-Z])/g, '$1 $2')
		.replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
		.toLowerCase()
		.split(/[^a-z0-9]+/)
		.filter(Boolean);
}

/**
 * The key two spellings of one state share: lower case, no separators, `cancelled` as `canceled`
 * (`NO_SHOW`, `noShow` and `No Show` are one state; so are `Canceled` and `cancelled`).
 */
export function stateKey(value: unknown): string {
	return wordsOf(String(value ?? ''))
		.join('')
		.replace(/cancell/g, 'cancel');
}

function roleOfWord(word: string): KnownRole | undefined {
	for (const { stem, role, anywhere } of STEMS)
		if (anywhere ? word.includes(stem) : word.startsWith(stem)) return role;
	return undefined;
}

function furthest(roles: readonly KnownRole[]): KnownRole | undefined {
	let best: KnownRole | undefined;
	for (const role of roles)
		if (best === undefined || PRECEDENCE.indexOf(role) > PRECEDENCE.indexOf(best)) best = role;
	return best;
}

/** The roles the words name, phrases first, negations applied; and the weak words' roles. */
function rolesOfWords(words: readonly string[]): { strong: KnownRole[]; weak: KnownRole[] } {
	const strong: KnownRole[] = [];
	const weak: KnownRole[] = [];
	for (let i = 0; i < words.length; i++) {
		const word = words[i];
		const next = words[i + 1];
		// A phrase's words may have a filler between them ("entered in error", "did not show").
		const phrase =
			(next !== undefined && PHRASES[`${word} ${next}`]) ||
			(words[i + 2] !== undefined && PHRASES[`${word} ${words[i + 2]}`]);
		if (phrase) {
			strong.push(phrase);
			i += PHRASES[`${word} ${next}`] ? 1 : 2;
			continue;
		}
		if (NEGATIONS.has(word) && next !== undefined) {
			const negated = roleOfWord(next);
			const meaning = negated && NEGATED[negated];
			if (meaning) strong.push(meaning);
			i++;
			continue;
		}
		if (WEAK[word]) {
			weak.push(WEAK[word]);
			continue;
		}
		const role = roleOfWord(word);
		if (role) strong.push(role);
	}
	return { strong, weak };
}

const recognised = new Map<string, StateRole>();
const RECOGNISED_KEPT = 1_000;

/** The role a state value names by its words; `unknown` when none. Cached per value. */
export function recogniseState(value: unknown): StateRole {
	if (typeof value !== 'string' || value.trim() === '') return 'unknown';
	let role = recognised.get(value);
	if (role === undefined) {
		const { strong, weak } = rolesOfWords(wordsOf(value));
		role = furthest(strong) ?? furthest(weak) ?? 'unknown';
		if (recognised.size >= RECOGNISED_KEPT) recognised.clear();
		recognised.set(value, role);
	}
	return role;
}

/** A role named by the user (`awaiting`, `Awaiting Approval`, `no-show`, `canceled`, ...). */
export function roleNamed(text: string): KnownRole | undefined {
	const key = stateKey(text);
	for (const role of STATE_ROLES) if (stateKey(role) === key) return role;
	const aliases: Record<string, KnownRole> = {
		awaiting: 'awaitingApproval',
		pending: 'awaitingApproval',
		confirmed: 'booked',
		seated: 'arrived',
		arrivedorseated: 'arrived',
		completed: 'finished',
		canceled: 'cancelled',
		canceledorrefused: 'cancelled',
		refused: 'cancelled',
	};
	return aliases[key];
}
