/** The nodes of the package as a workflow holds them, for unit tests of code that reads its node. */
import type { INode } from 'n8n-workflow';

/** The Restaurant Reservations action node with these parameters (and anything else given). */
export function actionNode(parameters: INode['parameters'] = {}, more: Partial<INode> = {}): INode {
	return {
		id: 'n1',
		name: 'Restaurant Reservations',
		type: 'n8n-nodes-restaurant-reservations.restaurantReservations',
		typeVersion: 1,
		position: [0, 0],
		parameters,
		...more,
	};
}
