/** The Reservation ID of Get, Update and Cancel: checked before it goes into the request's path. */
import type { IExecuteSingleFunctions, IHttpRequestOptions } from 'n8n-workflow';
import { requiredText } from '../../../operationHelpers/inputValues';

const FIX =
	'Give the ID of the reservation, e.g. rsv-101-000042, as Create, Get Many or Find return it.';

export function reservationIdOf(item: IExecuteSingleFunctions): string {
	// Any other text is the server's to look up (the path encodes it): it answers "not found".
	return requiredText(item, item.getNodeParameter('reservationId'), 'Reservation ID', FIX);
}

/** Step before the request: a missing or malformed ID stops the item, sending nothing. */
export async function checkReservationId(
	this: IExecuteSingleFunctions,
	requestOptions: IHttpRequestOptions,
): Promise<IHttpRequestOptions> {
	reservationIdOf(this);
	return requestOptions;
}
