/**
 * The reading settings of the credential, for the nodes that read bookings: the user's Booking
 * States (./vocabulary) and the Restaurant Time Zone used when the API's cannot be read.
 */
import { configurationError } from '../errors';
import type { ApiContext } from '../transport';
import { credentialField } from '../transport';
import { BOOKING_STATES_FIELD, TIME_ZONE_FIELD } from './credentialFields';
import type { StateVocabulary } from './vocabulary';
import { parseVocabulary } from './vocabulary';

const parsed = new Map<string, StateVocabulary>();

/** The credential's Booking States; a malformed entry stops the node with the entry named. */
export async function vocabularyOf(context: ApiContext): Promise<StateVocabulary> {
	const text = String((await credentialField(context, BOOKING_STATES_FIELD)) ?? '');
	let vocabulary = parsed.get(text);
	if (!vocabulary) {
		const result = parseVocabulary(text);
		if ('problem' in result)
			throw configurationError(context.getNode(), result.problem, {
				description:
					'Correct Booking States in the Restaurant Reservations credential: one "<state> = <role>" per entry, entries separated by commas.',
			});
		vocabulary = result.vocabulary;
		parsed.set(text, vocabulary);
	}
	return vocabulary;
}

/** The credential's Restaurant Time Zone, as the user wrote it ('' when not set). */
export async function timeZoneSettingOf(context: ApiContext): Promise<string> {
	return String((await credentialField(context, TIME_ZONE_FIELD)) ?? '').trim();
}
