/** The built action node run through n8n's engine (the test harness), against a sandbox. */
import path from 'node:path';
import type { IDataObject, INodeParameters, INodeType } from 'n8n-workflow';
import { sandboxCredentials } from '../../test/support/credentials';
import { runNode } from '../../test/support/engine';
import { TOKENS } from '../../test/support/tokens';

const ROOT = path.resolve(__dirname, '../..');

/** An export of a file as published: dist/, built by `npm run build`. */
export function builtExport<T>(file: string, exportName: string): T {
	return (require(path.join(ROOT, 'dist', file)) as Record<string, T>)[exportName];
}

/** The node as published. */
export function builtNode(file: string, exportName: string): INodeType {
	return new (builtExport<new () => INodeType>(file, exportName))();
}

export function nodeRun(nodeType: INodeType, baseUrl: string) {
	return async (parameters: IDataObject, inputItems?: IDataObject[]) => {
		const result = await runNode({
			nodeType,
			parameters: parameters as INodeParameters,
			inputItems,
			credentials: sandboxCredentials(baseUrl, TOKENS.staff),
		});
		if (result.error) throw new Error(`node failed: ${result.error.message}`);
		return result.items;
	};
}

/** The built Restaurant Reservations node's Get Guest History, for the phones of `inputItems`. */
export function guestHistoryRun(baseUrl: string, parameters: IDataObject) {
	const node = nodeRun(
		builtNode(
			'nodes/RestaurantReservations/RestaurantReservations.node.js',
			'RestaurantReservations',
		),
		baseUrl,
	);
	return async (inputItems: IDataObject[]) =>
		await node(
			{
				resource: 'reservation',
				operation: 'getGuestHistory',
				...parameters,
				phone: '={{ $json.phone }}',
			},
			inputItems,
		);
}
