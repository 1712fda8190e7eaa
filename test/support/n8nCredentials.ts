/**
 * Applies a credential the way the n8n server does (n8n-core alone does not): its expressions are
 * resolved by n8n-workflow's own expression engine with `$credentials` in scope, the generic
 * `authenticate` headers are added, and a failed `test` request is explained by the first
 * matching `responseCode` rule, as the server's credential tester does.
 */
import { Workflow, type ICredentialDataDecryptedObject, type ICredentialType, type INodeType, type INodeTypes } from 'n8n-workflow';

const HOST_NODE = 'Credential host';

/** A one-node workflow that only gives the expression engine a context to evaluate in. */
function hostWorkflow(): Workflow {
	const hostType = { description: { properties: [] } } as unknown as INodeType;
	const nodeTypes: INodeTypes = {
		getByName: () => hostType,
		getByNameAndVersion: () => hostType,
		getKnownTypes: () => ({}),
	};
	return new Workflow({
		nodes: [{ id: 'host', name: HOST_NODE, type: 'host', typeVersion: 1, position: [0, 0], parameters: {} }],
		connections: {},
		active: false,
		nodeTypes,
	});
}

export function resolveWithCredentials(value: string, credentials: ICredentialDataDecryptedObject): unknown {
	return hostWorkflow().expression.getParameterValue(value, null, 0, 0, HOST_NODE, [], 'internal', { $credentials: credentials });
}

/** The headers the credential's generic authenticate block adds. */
export function authenticationHeaders(type: ICredentialType, credentials: ICredentialDataDecryptedObject): Record<string, string> {
	const auth = type.authenticate as { type: string; properties: { headers?: Record<string, string> } };
	if (auth?.type !== 'generic') throw new Error(`${type.name} has no generic authenticate block`);
	return Object.fromEntries(
		Object.entries(auth.properties.headers ?? {}).map(([name, value]) => [name, String(resolveWithCredentials(value, credentials))]),
	);
}

export interface CredentialTestResult {
	status: 'OK' | 'Error';
	message: string;
	/** The URL that was requested, for assertions. */
	url: string;
}

/** Runs the credential's `test` request and judges it as n8n's "Test connection" does. */
export async function testCredential(type: ICredentialType, credentials: ICredentialDataDecryptedObject): Promise<CredentialTestResult> {
	const test = type.test!;
	const baseURL = String(resolveWithCredentials(test.request.baseURL!, credentials));
	const url = `${baseURL}${test.request.url}`;
	let response: Response;
	try {
		response = await fetch(url, { method: test.request.method ?? 'GET', headers: authenticationHeaders(type, credentials) });
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
