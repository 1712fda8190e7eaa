/**
 * A resource's API fields, each declared once: its name (the API's, which is its parameter's too),
 * its parameter (display name, type, default, description), the collections that offer it (Create's
 * Additional Fields, Update's Update Fields), how its value is sent, and whether Simplify keeps it.
 * A resource lists its declarations in `resources/<resource>/helpers/apiFields.ts`; its options,
 * request bodies and Simplify list are read from them here. What the node shows is then merged over
 * the operations by ./declaredOnce, as every parameter is.
 */
import type { IDataObject, IExecuteSingleFunctions, INodeProperties } from 'n8n-workflow';
import { amountOf } from '../../shared/money';
import { wholeNumberInput } from './inputValues';
import { onlySet, restaurantLocalTime, splitList } from './readParameters';

/** The collections that offer a field: Create's Additional Fields, Update's Update Fields. */
export type FieldCollection = 'additionalFields' | 'updateFields';

/**
 * How a value the user set (not '', null or undefined) becomes the API's; `label` is the field's
 * display name, for an error that names it. May return a promise.
 */
export type Conversion = (item: IExecuteSingleFunctions, value: unknown, label: string) => unknown;

export interface ApiField {
	/** The field's name in the API's JSON, and the name of its parameter. */
	name: string;
	/** Its parameter, without the name; none for a field the node only reads (an ID, a timestamp). */
	parameter?: Omit<INodeProperties, 'name'>;
	/** The collections that offer it. */
	in?: readonly FieldCollection[];
	/** How its value is sent; without it, as the user gave it. */
	send?: Conversion;
	/** Whether Simplify keeps it: Simplify keeps these fields in the order they are declared. */
	simplify?: boolean;
}

/** A comma-separated text (or a list) as a list of trimmed texts: "vegan, halal" → ["vegan", "halal"]. */
export const asList: Conversion = (_item, value) => splitList(value);

/** A number: "5001" → 5001. */
export const asNumber: Conversion = (_item, value) => Number(value);

/** An amount of money: one given as text is read as a number ("3.50" → 3.5), the money rules check it. */
export const asAmount: Conversion = (_item, value) => amountOf(value);

/** A whole number; anything else stops the item with an error naming the field and `fix`. */
export function asWholeNumber(fix: string): Conversion {
	return (item, value, label) => wholeNumberInput(item, value, label, fix);
}

/** A date and time, sent restaurant-local (converted when it has an offset or 'Z'). */
export const asRestaurantLocalTime: Conversion = async (item, value, label) =>
	await restaurantLocalTime(item, label, value);

/** The parameters of the fields that `collection` offers (fieldsCollection orders them). */
export function fieldOptions(
	fields: readonly ApiField[],
	collection: FieldCollection,
): INodeProperties[] {
	return fields.flatMap(({ name, parameter, in: collections }) => {
		if (!parameter || !collections?.includes(collection)) return [];
		const { displayName, ...rest } = parameter;
		return [{ displayName, name, ...rest } as INodeProperties];
	});
}

/** The names of the fields Simplify keeps, in their order. */
export function simplifiedFields(fields: readonly ApiField[]): string[] {
	return fields.filter((field) => field.simplify).map((field) => field.name);
}

/**
 * A request body from parameter values: only what is set (onlySet), each declared field's value
 * converted as it declares, in the order of the declarations (the first wrong value is the one
 * reported); values of fields not declared are sent as given.
 */
export async function apiBody(
	item: IExecuteSingleFunctions,
	fields: readonly ApiField[],
	values: IDataObject,
): Promise<IDataObject> {
	const body = onlySet(values);
	for (const { name, parameter, send } of fields) {
		if (send && body[name] !== undefined)
			body[name] = (await send(
				item,
				body[name],
				parameter?.displayName ?? name,
			)) as IDataObject[string];
	}
	return body;
}
