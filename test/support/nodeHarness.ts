/** Runs the Restaurant Reservations node through n8n's engine against this file's sandbox. */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { RestaurantReservations } from '../../nodes/RestaurantReservations/RestaurantReservations.node';
import { listSearch, loadOptions, runNode, type RecordedRequest, type RunNodeResult } from './engine';
import { requestErrors } from './openapi';
import type { SandboxContext } from './harness';

export const nodeType = new RestaurantReservations();

export interface NodeRunOptions {
	token?: string;
	inputItems?: IDataObject[];
	continueOnFail?: boolean;
	baseUrl?: string;
}

/** A restaurant picked "From list", as the editor stores it. */
export const restaurant = (id: number | string) => ({ __rl: true, mode: 'list', value: String(id) });

/** The node's error as n8n records it: a plain copy of the NodeApiError or NodeOperationError. */
export interface NodeError {
	name?: string;
	message: string;
	description?: string | null;
	httpCode?: string | null;
}

export type NodeRunResult = Omit<RunNodeResult, 'error'> & { error?: NodeError };

/** Every request the node sent must be an operation of openapi.yaml with a valid body. */
export function expectRequestsMatchOpenApi(requests: RecordedRequest[]): void {
	const errors = requests.flatMap((r) => requestErrors(r.method, r.url, r.body));
	if (errors.length) throw new Error(`The node sent requests that openapi.yaml does not allow:\n${errors.join('\n')}`);
}

export function nodeRunner(ctx: SandboxContext) {
	const credentials = (options: NodeRunOptions) => ({
		restaurantReservationsApi: { baseUrl: options.baseUrl ?? ctx.sandbox.url, accessToken: options.token ?? 'sandbox-staff-token' },
	});
	return {
		run: async (parameters: Record<string, unknown>, options: NodeRunOptions = {}): Promise<NodeRunResult> => {
			const result = await runNode({
				nodeType,
				parameters: parameters as INodeParameters,
				credentials: credentials(options),
				inputItems: options.inputItems,
				continueOnFail: options.continueOnFail,
			});
			if (!options.baseUrl) expectRequestsMatchOpenApi(result.requests);
			return result as NodeRunResult;
		},
		loadOptions: (method: string, parameters: Record<string, unknown>, options: NodeRunOptions = {}) =>
			loadOptions({ nodeType, method, parameters: parameters as INodeParameters, credentials: credentials(options) }),
		listSearch: (method: string, filter?: string, options: NodeRunOptions = {}) =>
			listSearch({ nodeType, method, parameters: {}, filter, credentials: credentials(options) }),
	};
}

/** The JSON of every output item. */
export const json = (result: Pick<RunNodeResult, 'items'>) => result.items.map((item) => item.json as Record<string, any>);
