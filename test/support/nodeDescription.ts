/**
 * The action node's description as a saved workflow depends on it, as JSON text: every parameter
 * with its name, type, default, options and display conditions, and every operation's routing
 * (its steps by function name). Two trees whose texts are equal read a saved workflow alike.
 */
import path from 'node:path';
import type { INodeType } from 'n8n-workflow';

/** The description of the action node in the tree at `root` (default: this one). */
export function actionNodeDescriptionText(root = path.join(__dirname, '..', '..')): string {
	const file = path.join(root, 'nodes', 'RestaurantReservations', 'RestaurantReservations.node.ts');
	const { RestaurantReservations } = require(file) as {
		RestaurantReservations: new () => INodeType;
	};
	return describedText(new RestaurantReservations().description);
}

/** A description as JSON text, a function as `[function <its name>]`. */
export function describedText(description: unknown): string {
	return `${JSON.stringify(
		description,
		(_key, value: unknown) =>
			typeof value === 'function' ? `[function ${(value as { name: string }).name}]` : value,
		'\t',
	)}\n`;
}
