/**
 * Tickets live in the event's floor layout (floors[].event.tickets[], spec 2.9); their amounts follow
 * the price rules (spec 8) and are checked before anything is sent.
 */
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { amountOf, checkPrice, describeViolation } from '../../../../shared/money';
import { onlySet } from '../../../operationHelpers/readParameters';

/** Name of the floor that tickets are placed on when the event has no floor yet. */
export const DEFAULT_FLOOR = 'Main room';

interface TicketParameter {
	title?: string;
	type?: string;
	description?: string;
	amount?: number | string;
}

/** EventTicketContract[] from the Tickets parameter; amounts checked, nothing sent on a violation. */
export function ticketsBody(
	context: IExecuteSingleFunctions,
	tickets: IDataObject | undefined,
): IDataObject[] | undefined {
	const list = (tickets?.ticket as TicketParameter[] | undefined) ?? [];
	if (list.length === 0) return undefined;
	return list.map((ticket, i) => {
		const amount = (amountOf(ticket.amount) ?? 0) as number | string;
		const field = `Tickets[${i}].amount`;
		const violation = checkPrice(field, amount);
		const problem = violation
			? describeViolation(violation)
			: Number.isInteger(amount)
				? undefined
				: `${field} is ${amount}: it must be a whole number`;
		if (problem) {
			throw new NodeOperationError(context.getNode(), `Event not sent: ${problem}`, {
				description:
					'Ticket amounts are whole numbers, 0 or more. Nothing was sent to the restaurant.',
				itemIndex: context.getItemIndex(),
			});
		}
		return onlySet({
			title: ticket.title,
			type: ticket.type,
			description: ticket.description,
			amount,
		});
	});
}

/** Places tickets on the event's first floor, or on a new "Main room" floor. */
export function withTickets(floors: unknown, tickets: IDataObject[]): IDataObject[] {
	const list = Array.isArray(floors) ? [...(floors as IDataObject[])] : [];
	if (list.length === 0) return [{ name: DEFAULT_FLOOR, event: { tickets } }];
	list[0] = { ...list[0], event: { ...((list[0].event as IDataObject | null) ?? {}), tickets } };
	return list;
}

/** The tickets placed by withTickets on a new floor layout. */
export function ticketsOf(floors: unknown): IDataObject[] {
	const first = (floors as IDataObject[])[0];
	return ((first?.event as IDataObject | undefined)?.tickets as IDataObject[] | undefined) ?? [];
}
