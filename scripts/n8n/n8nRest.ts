/** The n8n REST API as the editor uses it (a session cookie), and the owner account set up through it. */
import { UserFacingError } from './output';

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
		const response = await fetch(`${this.baseUrl}/rest${route}`, {
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
