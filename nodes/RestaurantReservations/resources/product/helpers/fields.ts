/**
 * The product parameters that several operations share: the ID, what Simplify keeps (read from the
 * declarations of ./apiFields), and the body the fields build: only what the user set, with the
 * price rules of spec 7 and 8 checked before anything is sent.
 */
import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { checkProductPrices, describeViolation } from '../../../../shared/money';
import { apiBody, simplifiedFields } from '../../../operationHelpers/apiFields';
import { productPicker } from '../../../operationHelpers/descriptions';
import { PRICE_LABELS, PRICE_RULE, PRODUCT_API_FIELDS } from './apiFields';

/** What Simplify keeps of a product (VendorProduct has 17 fields). */
export const PRODUCT_FIELDS: readonly string[] = simplifiedFields(PRODUCT_API_FIELDS);

/**
 * The VendorProduct body from the node's parameters, only what is set. The price rules are checked
 * first: a violation throws an error naming the field, the value and the rule, and nothing is sent.
 */
export async function productBody(
	context: IExecuteSingleFunctions,
	fields: IDataObject,
): Promise<IDataObject> {
	const body = await apiBody(context, PRODUCT_API_FIELDS, fields);
	const violations = checkProductPrices(body as Record<string, number | string | undefined>);
	if (violations.length > 0) {
		const said = violations
			.map((v) => describeViolation({ ...v, field: `${PRICE_LABELS[v.field]} (${v.field})` }))
			.join('; ');
		throw new NodeOperationError(context.getNode(), `Product not sent: ${said}`, {
			description: `${PRICE_RULE}. Correct the value and run again. Nothing was sent to the restaurant.`,
			itemIndex: context.getItemIndex(),
		});
	}
	return body;
}

export const productIdField: INodeProperties = {
	displayName: 'Product Name or ID',
	name: 'productId',
	...productPicker(true),
};
