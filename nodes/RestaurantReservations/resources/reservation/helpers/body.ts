/** The body of CreateReservationContract (spec 2.1) from the node's parameters: only what is set, checked first. */
import type { IDataObject, IExecuteSingleFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { checkOrderInput, describeViolation } from '../../../../shared/money';
import { apiBody } from '../../../operationHelpers/apiFields';
import { onlySet, splitList } from '../../../operationHelpers/readParameters';
import { RESERVATION_API_FIELDS } from './apiFields';

interface OrderLineParameter {
	productId: string;
	amount: number;
	modifiers?: string[];
}

export async function reservationBody(
	context: IExecuteSingleFunctions,
	fields: IDataObject,
): Promise<IDataObject> {
	const body = await apiBody(context, RESERVATION_API_FIELDS, fields);

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
