/** The n8n REST API as the editor uses it (a session cookie), and the owner account set up through it. */
import path from 'node:path';
import { fetchRetryingClosedConnection } from './keptAlive';
import { credentialTypeAndData, type CredentialSpec, type OtherCredentialSpec } from './n8nCli';
import { UserFacingError } from './output';
import { runtime } from './runtime';

/** The owner account `npm run dev` creates; printed with the editor URL and written in the README. */
export const DEV_OWNER = {
	email: 'dev@example.com',
	password: 'Restaurant-Dev-2026',
	firstName: 'Dev',
	lastName: 'Owner',
};

export class N8nRest {
	private cookie = '';

	constructor(readonly baseUrl: string) {}

	async request<T = unknown>(method: string, route: string, body?: unknown): Promise<T> {
		const response = await fetchRetryingClosedConnection(`${this.baseUrl}/rest${route}`, {
			method,
			headers: {
				'content-type': 'application/json',
				...(this.cookie ? { cookie: this.cookie } : {}),
				'browser-id': 'restaurant-reservations-scripts',
			},
			body: body === undefined ? undefined : JSON.stringify(body),
		});
		this.keepAuthCookie(response);
		const text = await response.text();
		if (!response.ok)
			throw new UserFacingError(
				`${method} /rest${route}: HTTP ${response.status} ${text.slice(0, 500)}`,
			);
		const parsed = text ? (JSON.parse(text) as { data?: T }) : {};
		return (parsed.data ?? parsed) as T;
	}

	/** POST /rest/owner/setup on a fresh instance (then signed in as the owner). */
	async setupOwner(owner = DEV_OWNER): Promise<void> {
		await this.request('POST', '/owner/setup', owner);
	}

	async login(owner = DEV_OWNER): Promise<void> {
		await this.request('POST', '/login', {
			emailOrLdapLoginId: owner.email,
			password: owner.password,
		});
	}

	/**
	 * Creates `credentials`, then `workflows` that use them, as the editor does: on a running
	 * instance, signed in, without the two boots of the CLI's imports. n8n gives a credential made
	 * this way an id of its own, so the workflows' nodes are pointed from each credential's given id
	 * to n8n's; the workflows keep theirs (n8n 2.x takes a given id).
	 */
	async createCredentialsAndWorkflows(
		credentials: Array<CredentialSpec | OtherCredentialSpec>,
		workflows: Array<Record<string, unknown>>,
	): Promise<void> {
		const idOf = new Map<string, string>();
		for (const credential of credentials) {
			const created = await this.request<{ id: string }>('POST', '/credentials', {
				name: credential.name,
				...credentialTypeAndData(credential),
			});
			idOf.set(credential.id, created.id);
		}
		for (const workflow of workflows) {
			const nodes = (workflow.nodes as Array<Record<string, unknown>>).map((node) => {
				const named = node.credentials as Record<string, { id: string; name: string }> | undefined;
				if (!named) return node;
				const credentialsOfNode = Object.fromEntries(
					Object.entries(named).map(([type, { id, name }]) => [
						type,
						{ id: idOf.get(id) ?? id, name },
					]),
				);
				return { ...node, credentials: credentialsOfNode };
			});
			const created = await this.request<{ id: string }>('POST', '/workflows', {
				...workflow,
				nodes,
			});
			// n8n 1.x drops a given id (the tests on that line import with the CLI instead).
			if (workflow.id !== undefined && created.id !== workflow.id)
				throw new UserFacingError(
					`n8n gave workflow ${String(workflow.id)} the id ${created.id}: this n8n keeps no given ids, import it with the CLI`,
				);
		}
	}

	/** Publishes a workflow's current version, as the editor's Activate does; returns n8n's answer. */
	async activate(workflowId: string): Promise<{ active: boolean }> {
		const { versionId } = await this.request<{ versionId: string }>(
			'GET',
			`/workflows/${workflowId}`,
		);
		return await this.request('POST', `/workflows/${workflowId}/activate`, { versionId });
	}

	/** Runs a workflow as the editor's "Execute workflow" does, from its trigger node; returns the execution id. */
	async runManually(workflowId: string, triggerName: string): Promise<string> {
		const started = await this.request<{ executionId?: string }>(
			'POST',
			`/workflows/${workflowId}/run`,
			{ triggerToStartFrom: { name: triggerName } },
		);
		if (!started.executionId)
			throw new UserFacingError(`workflow ${workflowId} did not start: ${JSON.stringify(started)}`);
		return started.executionId;
	}

	/** The stored execution once it has finished (its `data` is serialised with flatted). */
	async finishedExecution(
		executionId: string,
		timeoutMs = 120_000,
	): Promise<{ status: string; data: string }> {
		const deadline = Date.now() + timeoutMs;
		for (;;) {
			const execution = await this.request<{ status: string; stoppedAt?: string; data: string }>(
				'GET',
				`/executions/${executionId}`,
			);
			if (execution.stoppedAt && !['new', 'running'].includes(execution.status)) return execution;
			if (Date.now() > deadline)
				throw new UserFacingError(`execution ${executionId} still ${execution.status}`);
			await new Promise((resolve) => setTimeout(resolve, 500));
		}
	}

	/** The executions of a workflow, newest first (at most 100, n8n's page limit: the scenarios make far fewer). */
	async workflowExecutions(workflowId: string): Promise<Array<{ id: string; status: string }>> {
		const filter = encodeURIComponent(JSON.stringify({ workflowId }));
		const page = await this.request<{ results: Array<{ id: string; status: string }> }>(
			'GET',
			`/executions?filter=${filter}&limit=100`,
		);
		return page.results;
	}

	private keepAuthCookie(response: Response): void {
		const setCookie = response.headers.getSetCookie?.() ?? [];
		const auth = setCookie.map((c) => c.split(';')[0]).find((c) => c.startsWith('n8n-auth='));
		if (auth) this.cookie = auth;
	}
}

/** Creates the owner unless the instance already has one (a kept user folder); either way, signs in. */
export async function ensureOwner(
	rest: N8nRest,
	owner = DEV_OWNER,
): Promise<'created' | 'existing'> {
	try {
		await rest.setupOwner(owner);
		return 'created';
	} catch (error) {
		if (!/already setup/i.test((error as Error).message)) throw error;
		await rest.login(owner);
		return 'existing';
	}
}

/** An execution's `data` as n8n stores and serves it: serialised with flatted, read with the copy n8n itself ships. */
export function parseExecutionData<T>(text: string): T {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const flatted = require(path.join(runtime().dir, 'node_modules', 'flatted')) as {
		parse(text: string): T;
	};
	return flatted.parse(text);
}
