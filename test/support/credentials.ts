/**
 * What the n8n server does with a credential and n8n-core leaves to it: resolve its expressions with
 * `$credentials` in scope, apply its generic `authenticate` block, and judge its "Test connection"
 * by the first matching `responseCode` rule, as the server's credential tester does.
 */
import {
	Workflow,
	type IAuthenticateGeneric,
	type ICredentialDataDecryptedObject,
	type ICredentialType,
	type INode,
	type INodeType,
} from 'n8n-workflow';
import { CREDENTIAL_TYPE } from '../../nodes/shared/transport';

/** The node a credential's expressions are evaluated at when no workflow of the caller's is at hand. */
export const CREDENTIAL_HOST_NODE: INode = {
	id: 'credential-host',
	name: 'Credential host',
	type: 'harness.credentialHost',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** A one-node workflow that only gives the expression engine a context to evaluate in. */
export function hostWorkflow(): Workflow {
	const hostType = { description: { properties: [] } } as unknown as INodeType;
	return new Workflow({
		nodes: [CREDENTIAL_HOST_NODE],
		connections: {},
		active: false,
		nodeTypes: {
			getByName: () => hostType,
			getByNameAndVersion: () => hostType,
			getKnownTypes: () => ({}),
		},
	});
}

export const isExpression = (value: unknown): value is string =>
	typeof value === 'string' && value.startsWith('=');

/** Where an expression is evaluated: a running workflow's node, or the credential host. */
export interface ExpressionSite {
	workflow: Workflow;
	node: INode;
}

/** Evaluates `value` (an expression when it starts with `=`) by n8n-workflow's expression engine, with `$credentials` in scope. */
export function resolveWithCredentials(
	value: string,
	credentials: ICredentialDataDecryptedObject,
	site?: ExpressionSite,
): unknown {
	const { workflow, node } = site ?? { workflow: hostWorkflow(), node: CREDENTIAL_HOST_NODE };
	return workflow.expression.getSimpleParameterValue(
		node,
		value,
		'internal',
		{ $credentials: credentials },
		undefined,
		'',
	);
}

/** A string's resolved text: itself when it is no expression, '' when the expression gives nothing. */
function resolvedText(
	value: string,
	credentials: ICredentialDataDecryptedObject,
	site?: ExpressionSite,
): string {
	if (!isExpression(value)) return value;
	const resolved = resolveWithCredentials(value, credentials, site);
	return resolved ? String(resolved) : '';
}

/** As the server: a generic block's headers/qs/body/auth entries, keys and values resolved, set on the request. */
export function applyGenericAuthentication(
	authenticate: IAuthenticateGeneric,
	request: object,
	credentials: ICredentialDataDecryptedObject,
	site?: ExpressionSite,
): void {
	const target = request as Record<string, Record<string, unknown> | undefined>;
	for (const [outerKey, entries] of Object.entries(authenticate.properties)) {
		for (const [key, value] of Object.entries(entries as Record<string, string>)) {
			target[outerKey] ??= {};
			target[outerKey]![resolvedText(key, credentials, site)] = resolvedText(
				value,
				credentials,
				site,
			);
		}
	}
}

/** The headers the credential's generic authenticate block adds. */
export function authenticationHeaders(
	type: ICredentialType,
	credentials: ICredentialDataDecryptedObject,
): Record<string, string> {
	const auth = type.authenticate;
	if (typeof auth !== 'object' || auth.type !== 'generic')
		throw new Error(`${type.name} has no generic authenticate block`);
	const request: { headers?: Record<string, string> } = {};
	applyGenericAuthentication(
		{ ...auth, properties: { headers: auth.properties.headers ?? {} } },
		request,
		credentials,
	);
	return request.headers ?? {};
}

interface CredentialTestResult {
	status: 'OK' | 'Error';
	message: string;
	/** The URL that was requested, for assertions. */
	url: string;
}

/** Runs the credential's `test` request and judges it as n8n's "Test connection" does. */
export async function testCredential(
	type: ICredentialType,
	credentials: ICredentialDataDecryptedObject,
): Promise<CredentialTestResult> {
	const test = type.test!;
	const baseURL = String(resolveWithCredentials(test.request.baseURL!, credentials));
	const url = `${baseURL}${test.request.url}`;
	let response: Response;
	try {
		response = await fetch(url, {
			method: test.request.method ?? 'GET',
			headers: authenticationHeaders(type, credentials),
		});
	} catch (error) {
		return { status: 'Error', message: `Connection failed: ${(error as Error).message}`, url };
	}
	if (response.ok) return { status: 'OK', message: 'Connection tested successfully', url };
	for (const rule of test.rules ?? []) {
		if (rule.type === 'responseCode' && rule.properties.value === response.status) {
			return { status: 'Error', message: rule.properties.message, url };
		}
	}
	return { status: 'Error', message: `Request failed with status code ${response.status}`, url };
}

/**
 * The engine's `credentials` option for this package's credential: the sandbox's URL and a token,
 * and `fields` the credential's other fields (e.g. `restaurantTimeZone`).
 */
export function sandboxCredentials(
	baseUrl: string,
	accessToken: string,
	fields: ICredentialDataDecryptedObject = {},
): Record<string, ICredentialDataDecryptedObject> {
	return { [CREDENTIAL_TYPE]: { ...fields, baseUrl, accessToken } };
}
