/**
 * What the compatibility test runs on the OAuth2 credential (client credentials): a credential whose
 * token has expired by the time the tests run, two with a wrong client secret, a manual workflow
 * with a declarative operation (Restaurant › Get Many) and one whose requests are made from code
 * (Reservation › Find), the same with a wrong secret, and a trigger polling every 5 seconds.
 */
import {
	ACTION_NODE_TYPE,
	SANDBOX_OAUTH2_CREDENTIAL,
	sandboxOAuth2Credential,
	TRIGGER_NODE_TYPE,
	type OtherCredentialSpec,
} from '../../scripts/n8n';
import { CLIENT_CREDENTIALS_TYPE } from '../../nodes/shared/transport';
import { CLIENTS } from '../support/tokens';

/** Seconds a token from the sandbox's POST /token is accepted in the compatibility test. */
export const TOKEN_LIFETIME_SECONDS = 3;

export const WRONG_SECRET = 'not-the-staff-secret';

/** Credentials with a wrong secret, sent as a Basic Auth header and in the body. */
export const WRONG_SECRET_CREDENTIALS = {
	header: {
		id: 'RrWrongSecretCred01',
		name: 'Restaurant Reservations (OAuth2, wrong secret in the header)',
		type: CLIENT_CREDENTIALS_TYPE,
	},
	body: {
		id: 'RrWrongSecretCred02',
		name: 'Restaurant Reservations (OAuth2, wrong secret in the body)',
		type: CLIENT_CREDENTIALS_TYPE,
	},
} as const;

/** The staff client's credential with the token endpoint of another platform (another sandbox). */
export const OTHER_PLATFORM_CREDENTIAL = {
	id: 'RrOtherPlatformCred01',
	name: 'Restaurant Reservations (OAuth2, token endpoint of another platform)',
	type: CLIENT_CREDENTIALS_TYPE,
} as const;

export const RUN_WORKFLOW = 'RrCompatOAuth2Run01';
export const WRONG_SECRET_WORKFLOW = 'RrCompatOAuth2Wrong01';
export const TRIGGER_WORKFLOW = 'RrCompatOAuth2Poll01';
export const TRIGGER_NODE = 'Reservation changes';

/**
 * The staff client's credential holding a token fetched now (expired after TOKEN_LIFETIME_SECONDS,
 * as a credential used the day before), the two with a wrong secret, and one whose tokens come
 * from another platform's token endpoint (`otherPlatformUrl`), which this API refuses.
 */
export async function oAuth2Credentials(
	sandboxUrl: string,
	token: Record<string, unknown>,
	otherPlatformUrl: string,
): Promise<OtherCredentialSpec[]> {
	const used = sandboxOAuth2Credential(sandboxUrl);
	used.data.oauthTokenData = token;
	const otherPlatform = sandboxOAuth2Credential(sandboxUrl, OTHER_PLATFORM_CREDENTIAL);
	otherPlatform.data.accessTokenUrl = `${otherPlatformUrl}/token`;
	return [
		used,
		otherPlatform,
		...(['header', 'body'] as const).map((authentication) => ({
			...WRONG_SECRET_CREDENTIALS[authentication],
			data: {
				baseUrl: sandboxUrl,
				clientId: CLIENTS.staff.clientId,
				clientSecret: WRONG_SECRET,
				authentication,
			},
		})),
	];
}

type Credential = { id: string; name: string; type: string };

function actionNode(
	name: string,
	position: [number, number],
	credential: Credential,
	parameters: Record<string, unknown>,
	extra: Record<string, unknown> = {},
) {
	return {
		id: `${name.replace(/\W+/g, '-').toLowerCase()}`,
		name,
		type: ACTION_NODE_TYPE,
		typeVersion: 1,
		position,
		parameters: { authentication: 'oAuth2', ...parameters },
		credentials: { [credential.type]: { id: credential.id, name: credential.name } },
		...extra,
	};
}

const getMany = { resource: 'restaurant', operation: 'getAll', returnAll: true };
const find = {
	resource: 'reservation',
	operation: 'find',
	restaurantId: { __rl: true, mode: 'id', value: '101' },
	customerName: 'a',
	returnAll: true,
};

const START = {
	id: 'start',
	name: 'Start',
	type: 'n8n-nodes-base.manualTrigger',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};
const next = (to: string) => ({ main: [[{ node: to, type: 'main', index: 0 }]] });

/**
 * Get Many (declarative) and Find (requests made from code) with the credential, then Find with
 * the wrong secret in the body: its error handed on as an item, so that the workflow runs on.
 */
export function runWorkflow(): Record<string, unknown> {
	const oAuth2: Credential = SANDBOX_OAUTH2_CREDENTIAL;
	return {
		id: RUN_WORKFLOW,
		name: 'Compat: OAuth2 after an expiry',
		active: false,
		nodes: [
			START,
			actionNode('Get Many', [220, 0], oAuth2, getMany),
			actionNode('Find', [440, 0], oAuth2, find, { executeOnce: true }),
			actionNode('Wrong secret: Find', [660, 0], WRONG_SECRET_CREDENTIALS.body, find, {
				executeOnce: true,
				onError: 'continueRegularOutput',
			}),
		],
		connections: {
			Start: next('Get Many'),
			'Get Many': next('Find'),
			Find: next('Wrong secret: Find'),
		},
		settings: { executionOrder: 'v1' },
		pinData: {},
	};
}

/**
 * Get Many with another platform's tokens (its error handed on as an item), then Get Many with the
 * wrong secret in a Basic Auth header: the execution fails with its error.
 */
export function wrongSecretWorkflow(): Record<string, unknown> {
	return {
		id: WRONG_SECRET_WORKFLOW,
		name: 'Compat: OAuth2 with a wrong secret',
		active: false,
		nodes: [
			START,
			actionNode('Other platform: Get Many', [220, 0], OTHER_PLATFORM_CREDENTIAL, getMany, {
				onError: 'continueRegularOutput',
			}),
			actionNode('Wrong secret: Get Many', [440, 0], WRONG_SECRET_CREDENTIALS.header, getMany),
		],
		connections: {
			Start: next('Other platform: Get Many'),
			'Other platform: Get Many': next('Wrong secret: Get Many'),
		},
		settings: { executionOrder: 'v1' },
		pinData: {},
	};
}

/**
 * Poll Times of a poll every 5 seconds (an entry per 5-second mark: n8n refuses a sub-minute cron,
 * not several minute crons), so that the trigger meets a token expiry (TOKEN_LIFETIME_SECONDS) at
 * every poll in half the time of the tests' usual 10 seconds.
 */
const FIVE_SECOND_POLL_TIMES = {
	item: Array.from({ length: 12 }, (_, i) => ({
		mode: 'custom',
		cronExpression: `${i * 5} * * * * *`,
	})),
};

/** The trigger on the OAuth2 credential, restaurant 101, every 5 seconds. */
export function triggerWorkflow(): Record<string, unknown> {
	return {
		id: TRIGGER_WORKFLOW,
		name: 'Compat: OAuth2 trigger across token expiries',
		active: false,
		nodes: [
			{
				id: 'trigger',
				name: TRIGGER_NODE,
				type: TRIGGER_NODE_TYPE,
				typeVersion: 1,
				position: [0, 0],
				parameters: {
					authentication: 'oAuth2',
					pollTimes: FIVE_SECOND_POLL_TIMES,
					restaurants: 'one',
					restaurantId: { __rl: true, mode: 'id', value: '101' },
					// 301 days, fetched in parts of at most 60 days, several at once.
					lookBackDays: 1,
					lookAheadDays: 300,
				},
				credentials: {
					[CLIENT_CREDENTIALS_TYPE]: {
						id: SANDBOX_OAUTH2_CREDENTIAL.id,
						name: SANDBOX_OAUTH2_CREDENTIAL.name,
					},
				},
			},
		],
		connections: {},
		settings: { executionOrder: 'v1' },
		pinData: {},
	};
}
