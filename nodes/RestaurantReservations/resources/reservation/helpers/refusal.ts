/**
 * The refusal a booking the restaurant's rules refuse gets, the same whether the node found it
 * before sending, after writing (a slot filled at the same moment) or from the server: the rule's
 * sentence as the message, and the rule's code, what happened and the nearest bookable times (none
 * for a party size outside the limits: no time helps) as the description.
 */
import type { IExecuteSingleFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import {
	nearestBookableTimes,
	PARTY_SIZE_RULES,
	type BookingRequest,
	type Verdict,
} from '../../../../shared/bookingRules';
import type { RestaurantBookingContext } from './bookingContext';

const shown = (time: string) => time.slice(0, 16).replace('T', ' ');

function alternatives(
	verdict: Verdict,
	context: RestaurantBookingContext,
	booking: BookingRequest,
): string {
	if (PARTY_SIZE_RULES.has(verdict.rule!)) return '';
	const nearest = nearestBookableTimes(context.rules, booking, context).map(shown);
	return nearest.length
		? ` Nearest bookable times (restaurant time, ${context.timeZone}): ${nearest.join(', ')}.`
		: ' No bookable time within a week of it.';
}

/** `outcome` continues the sentence after the rule's code: ", so nothing was sent". */
export function rulesRefusal(
	item: IExecuteSingleFunctions,
	verdict: Verdict,
	check: { context: RestaurantBookingContext; booking: BookingRequest },
	outcome: string,
): NodeOperationError {
	return new NodeOperationError(item.getNode(), verdict.reason!, {
		description: `The restaurant's published booking rules refuse it (rule ${verdict.rule})${outcome}.${alternatives(verdict, check.context, check.booking)}`,
		itemIndex: item.getItemIndex(),
	});
}
