import type { ILoadOptionsFunctions } from 'n8n-workflow';
import { configurationError } from '../../shared/errors';

/** The restaurant chosen in the node, for dropdowns that depend on it. */
export function currentRestaurantId(context: ILoadOptionsFunctions): string {
	const value = context.getCurrentNodeParameter('restaurantId', { extractValue: true }) as
		string | undefined;
	if (!value)
		throw configurationError(
			context.getNode(),
			'Choose a restaurant first: this list depends on it.',
		);
	return value;
}
