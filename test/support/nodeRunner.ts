/**
 * Runs the Restaurant Reservations action node through the in-process engine against a test file's
 * sandbox: every request it sends is checked against openapi.yaml.
 */
import type { ICredentialDataDecryptedObject, IDataObject, INodeParameters } from 'n8n-workflow';
import { RestaurantReservations } from '../../nodes/RestaurantReservations/RestaurantReservations.node';
import { sandboxCredentials } from './credentials';
import {
	listSearch,
	loadOptions,
	runNode,
	type RecordedRequest,
	type RunNodeResult,
} from './engine';
import { expectRequestsMatchOpenApi } from './openapi';
import type { SandboxContext } from './sandbox';
import { TOKENS } from './tokens';

export const nodeType = new RestaurantReservations();

export interface NodeRunOptions {
	/** Default the staff token. */
	token?: string;
	inputItems?: IDataObject[];
	continueOnFail?: boolean;
	/** Another API than the sandbox; its requests are not checked against openapi.yaml. */
	baseUrl?: string;
	/** The credential's other fields (e.g. `restaurantTimeZone`). */
	credentialFields?: ICredentialDataDecryptedObject;
	/** The node's type name; n8n names a node's AI-tool variant `<type>Tool`. */
	type?: string;
}

/** A restaurant picked "From list", as the editor stores it. */
export const restaurant = (id: number | string) => ({
	__rl: true,
	mode: 'list',
	value: String(id),
});

/** The node's error as n8n records it: a plain copy of the NodeApiError or NodeOperationError. */
interface NodeError {
	name?: string;
	message: string;
	description?: string | null;
	httpCode?: string | null;
	/** Why the operation failed, as the node declared it (nodes/shared/errors.ts FailureCause). */
	failure?: { cause: string; retryAfterMs?: number; resetsAtEpochMs?: number };
}

export type NodeRunResult = Omit<RunNodeResult, 'error'> & { error?: NodeError };

type SandboxRequest = { method: string; url: string; status: number };

/**
 * The node on this file's sandbox. `defaults` are parameters every run and dropdown gets unless
 * it names them itself (e.g. the restaurant).
 */
export function nodeRunner(ctx: SandboxContext, defaults: Record<string, unknown> = {}) {
	const credentials = (options: NodeRunOptions) =>
		sandboxCredentials(
			options.baseUrl ?? ctx.sandbox.url,
			options.token ?? TOKENS.staff,
			options.credentialFields,
		);
	const withDefaults = (parameters: Record<string, unknown>) =>
		({ ...defaults, ...parameters }) as INodeParameters;
	return {
		run: async (
			parameters: Record<string, unknown>,
			options: NodeRunOptions = {},
		): Promise<NodeRunResult> => {
			const result = await runNode({
				nodeType,
				parameters: withDefaults(parameters),
				credentials: credentials(options),
				inputItems: options.inputItems,
				continueOnFail: options.continueOnFail,
				type: options.type,
			});
			if (!options.baseUrl) expectRequestsMatchOpenApi(result.requests);
			return result as NodeRunResult;
		},
		loadOptions: (
			method: string,
			parameters: Record<string, unknown> = {},
			options: NodeRunOptions = {},
		) =>
			loadOptions({
				nodeType,
				method,
				parameters: withDefaults(parameters),
				credentials: credentials(options),
			}),
		listSearch: (method: string, filter?: string, options: NodeRunOptions = {}) =>
			listSearch({
				nodeType,
				method,
				parameters: withDefaults({}),
				filter,
				credentials: credentials(options),
			}),
		/** The API requests the sandbox saw since the last call; clears its log. */
		async sandboxRequests(): Promise<SandboxRequest[]> {
			const log = (await (await ctx.sandbox.control('GET', '/requests')).json()) as {
				requests: SandboxRequest[];
			};
			await ctx.sandbox.control('DELETE', '/requests');
			return log.requests;
		},
		/** Requests as n8n sent them, with the sandbox's address cut off. */
		sent(requests: RecordedRequest[]) {
			return requests.map(({ method, url, body, status }) => ({
				method,
				url: url.replace(ctx.sandbox.url, ''),
				...(body === undefined ? {} : { body }),
				status,
			}));
		},
	};
}
