/**
 * The credentials helper the n8n server gives n8n-core, with the decrypted data in memory: it
 * applies a credential type's `authenticate` block, runs pre-authentication, and resolves the
 * stored data's expressions.
 */
import './environment';
import { Credentials } from 'n8n-core';
import {
	ICredentialsHelper,
	NodeHelpers,
	type ICredentialDataDecryptedObject,
	type ICredentialsExpressionResolveValues,
	type ICredentialType,
	type IExecuteData,
	type IHttpRequestHelper,
	type IHttpRequestOptions,
	type INode,
	type INodeCredentialsDetails,
	type INodeParameters,
	type INodeProperties,
	type IRequestOptionsSimplified,
	type IWorkflowExecuteAdditionalData,
	type Workflow,
	type WorkflowExecuteMode,
} from 'n8n-workflow';
import {
	applyGenericAuthentication,
	CREDENTIAL_HOST_NODE,
	hostWorkflow,
	isExpression,
} from '../credentials';

export class HarnessCredentialsHelper extends ICredentialsHelper {
	private readonly types = new Map<string, ICredentialType>();

	private readonly store = new Map<string, ICredentialDataDecryptedObject>();

	/**
	 * `credentials` plays the server's database: a token n8n's OAuth2 helper fetched or renewed is
	 * written back into it (updateCredentialsOauthTokenData), so the next run of the same test uses it.
	 */
	constructor(
		credentialTypes: ICredentialType[],
		private readonly credentials: Record<string, ICredentialDataDecryptedObject>,
	) {
		super();
		for (const type of credentialTypes) this.types.set(type.name, type);
		for (const [type, data] of Object.entries(credentials)) this.store.set(type, { ...data });
	}

	private type(name: string): ICredentialType {
		const type = this.types.get(name);
		if (!type)
			throw new Error(`Unknown credential type "${name}": pass its class in credentialTypes`);
		return type;
	}

	getParentTypes(name: string): string[] {
		const parents = this.types.get(name)?.extends ?? [];
		return parents.flatMap((parent) => [parent, ...this.getParentTypes(parent)]);
	}

	isCredentialUsableByNode(credentialType: string, nodeType: string): boolean {
		const type = this.types.get(credentialType);
		if (!type?.restrictToSupportedNodes) return true;
		return (type.supportedNodes ?? []).some(
			(supported) => nodeType === supported || nodeType.endsWith(`.${supported}`),
		);
	}

	/** As the server: a function is called; a generic block's headers/qs/body/auth entries are resolved with `$credentials` and set. */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const { authenticate } = this.type(typeName);
		if (typeof authenticate === 'function')
			return await authenticate(credentials, requestOptions as IHttpRequestOptions);
		if (typeof authenticate === 'object') {
			requestOptions.headers ??= {};
			if (authenticate.type === 'generic') {
				applyGenericAuthentication(authenticate, requestOptions, credentials, {
					workflow: workflow ?? hostWorkflow(),
					node: node ?? CREDENTIAL_HOST_NODE,
				});
			}
		}
		return requestOptions as IHttpRequestOptions;
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		_node: INode,
		credentialsExpired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.type(typeName);
		const expirable = type.properties.find(
			(p) => p.type === 'hidden' && p.typeOptions?.expirable === true,
		);
		if (expirable === undefined || typeof type.preAuthentication !== 'function') return undefined;
		if (credentials[expirable.name] !== '' && !credentialsExpired) return undefined;
		const output = (await type.preAuthentication.call(
			helpers,
			credentials,
		)) as ICredentialDataDecryptedObject;
		if (output[expirable.name] === undefined) return undefined;
		this.store.set(typeName, { ...this.store.get(typeName), ...output });
		return Object.assign(credentials, output);
	}

	async runPreAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.type(typeName);
		if (typeof type.preAuthentication !== 'function') return undefined;
		return (
			((await type.preAuthentication.call(
				helpers,
				credentials,
			)) as ICredentialDataDecryptedObject) ?? undefined
		);
	}

	async getCredentials(
		nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<Credentials> {
		const credentials = new Credentials(
			{ id: nodeCredentials.id ?? type, name: nodeCredentials.name },
			type,
		);
		await credentials.setData(this.stored(type));
		return credentials;
	}

	private stored(type: string): ICredentialDataDecryptedObject {
		const data = this.store.get(type);
		if (!data)
			throw new Error(
				`Credential of type "${type}" does not exist: pass it in the credentials option`,
			);
		return data;
	}

	/** As the server: stored data with the type's defaults applied, expressions resolved unless raw. */
	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		mode: WorkflowExecuteMode,
		_executeData?: IExecuteData,
		raw?: boolean,
		expressionResolveValues?: ICredentialsExpressionResolveValues,
	): Promise<ICredentialDataDecryptedObject> {
		const properties = this.getCredentialsProperties(type);
		const data = {
			...((NodeHelpers.getNodeParameters(
				properties,
				this.stored(type) as INodeParameters,
				true,
				false,
				null,
				null,
			) ?? {}) as ICredentialDataDecryptedObject),
			...this.stored(type),
		};
		if (raw || !Object.values(data).some(isExpression)) return data;
		if (expressionResolveValues) return resolvedInWorkflow(data, expressionResolveValues);
		return hostWorkflow().expression.getComplexParameterValue(
			CREDENTIAL_HOST_NODE,
			data as INodeParameters,
			mode,
			{},
			undefined,
			undefined,
			data,
		) as ICredentialDataDecryptedObject;
	}

	async updateCredentials(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.store.set(type, { ...data });
	}

	async updateCredentialsOauthTokenData(
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
		data: ICredentialDataDecryptedObject,
	): Promise<void> {
		this.store.set(type, { ...this.store.get(type), ...data });
		if (this.credentials[type]) this.credentials[type].oauthTokenData = data.oauthTokenData;
	}

	getCredentialsProperties(type: string): INodeProperties[] {
		const credentialType = this.type(type);
		if (!credentialType.extends) return credentialType.properties;
		const combined: INodeProperties[] = [];
		for (const parent of credentialType.extends)
			NodeHelpers.mergeNodeProperties(combined, this.getCredentialsProperties(parent));
		NodeHelpers.mergeNodeProperties(combined, credentialType.properties);
		return combined;
	}
}

/** The credential data's expressions resolved at the running node, as the server does during an execution. */
function resolvedInWorkflow(
	data: ICredentialDataDecryptedObject,
	values: ICredentialsExpressionResolveValues,
): ICredentialDataDecryptedObject {
	const { workflow, runExecutionData, runIndex, itemIndex, node, connectionInputData } = values;
	return workflow.expression.getParameterValue(
		data as INodeParameters,
		runExecutionData,
		runIndex,
		itemIndex,
		node.name,
		connectionInputData,
		'internal',
		{},
		undefined,
		false,
		data,
	) as ICredentialDataDecryptedObject;
}
