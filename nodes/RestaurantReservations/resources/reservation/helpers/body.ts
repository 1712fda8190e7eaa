/** The body of CreateReservationContract (spec 2.1) from the node's parameters: only what is set, checked first. */
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { checkOrderInput, describeViolation } from '../../../../shared/money';
import { wholeNumberInput } from '../../../operationHelpers/inputValues';
import { onlySet, restaurantLocalTime, splitList } from '../../../operationHelpers/readParameters';

// A size the restaurant does not take (0, -2, 40) is its rules' or its server's to refuse.
export const GROUP_SIZE_FIX = 'Give the number of guests as a whole number, such as 4.';

interface OrderLineParameter {
	productId: string;
	amount: number;
	modifiers?: string[];
}

export async function reservationBody(
	context: IExecuteSingleFunctions,
	fields: IDataObject,
): Promise<IDataObject> {
	const body = onlySet(fields);
	if (body.reservationTime !== undefined)
		body.reservationTime = await restaurantLocalTime(
			context,
			'Reservation Time',
			body.reservationTime,
		);
	if (body.groupSize !== undefined)
		body.groupSize = wholeNumberInput(context, body.groupSize, 'Group Size', GROUP_SIZE_FIX);
	if (body.eventId !== undefined) body.eventId = Number(body.eventId);

	const profile = onlySet(context.getNodeParameter('customerProfile', {}) as IDataObject);
	if (typeof profile.allergy === 'string') profile.allergy = splitList(profile.allergy);
	if (typeof profile.birthdate === 'string') profile.birthdate = profile.birthdate.slice(0, 10);
	if (Object.keys(profile).length) body.customerProfile = profile;

	const additionals = context.getNodeParameter('additionals', {}) as IDataObject;
	if (Object.keys(additionals).length) body.additionals = additionals;

	const lines = (context.getNodeParameter('orderLines.line', []) as OrderLineParameter[]) ?? [];
	const orderOptions = onlySet(context.getNodeParameter('orderOptions', {}) as IDataObject);
	if (lines.length || Object.keys(orderOptions).length) {
		const order = {
			orderItems: lines.map((line) => ({
				productId: line.productId,
				amount: line.amount,
				modifiers: (line.modifiers ?? []).map((productId) => ({ productId, amount: 1 })),
			})),
			...orderOptions,
		};
		// Spec 7 and 8: negative amounts and tips are refused before anything is sent.
		const violation = checkOrderInput(order)[0];
		if (violation) {
			throw new NodeOperationError(
				context.getNode(),
				`Order not sent: ${describeViolation(violation)}`,
				{
					description:
						'Amounts of order lines and modifiers, and tips, must be 0 or more. Nothing was sent to the restaurant.',
					itemIndex: context.getItemIndex(),
				},
			);
		}
		body.order = order;
	}
	return body;
}
