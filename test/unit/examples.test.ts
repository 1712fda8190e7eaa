/**
 * The example workflows as shipped (examples/*.json) name no credential of ours, so that n8n asks a
 * user who imports one for their own; `prepareExample` gives every node of this package's types
 * the sandbox credential for `npm run dev` and the tests.
 */
import { CREDENTIAL_TYPE } from '../../nodes/shared/transport';
import {
	CREDENTIAL_NODE_TYPES,
	prepareExample,
	readExamples,
	SANDBOX_CREDENTIAL,
} from '../../scripts/n8n/examples';

const examples = readExamples();
const ours = (node: Record<string, unknown>) => CREDENTIAL_NODE_TYPES.includes(String(node.type));

describe('the shipped examples', () => {
	it('are all there, and use each of the node types that take the credential', () => {
		expect(examples).toHaveLength(13);
		const types = new Set(examples.flatMap((e) => e.json.nodes.map((n) => String(n.type))));
		for (const type of CREDENTIAL_NODE_TYPES) expect(types).toContain(type);
	});

	it.each(examples.map((e) => [e.file, e] as const))(
		'%s names no credential ID and does not mark the credential set-up as done',
		(_file, example) => {
			for (const node of example.json.nodes) {
				const credentials = (node.credentials ?? {}) as Record<string, unknown>;
				for (const credential of Object.values(credentials))
					expect(credential).not.toHaveProperty('id');
				if (ours(node)) expect(node.credentials).toBeUndefined();
			}
			expect(JSON.stringify(example.json)).not.toContain(SANDBOX_CREDENTIAL.id);
			expect(JSON.stringify(example.json)).not.toContain('templateCredsSetupCompleted');
		},
	);
});

describe('prepareExample', () => {
	it.each(examples.map((e) => [e.file, e] as const))(
		'gives every node of our types in %s the sandbox credential, and leaves the other nodes as they were',
		(_file, example) => {
			const json = prepareExample(example, { filesFolder: '/tmp/files' });
			const nodes = json.nodes.filter(ours);
			for (const node of nodes)
				expect(node.credentials).toEqual({
					[CREDENTIAL_TYPE]: { id: SANDBOX_CREDENTIAL.id, name: SANDBOX_CREDENTIAL.name },
				});
			for (const node of json.nodes.filter((n) => !ours(n)))
				expect(node.credentials).toEqual(
					example.json.nodes.find((n) => n.name === node.name)!.credentials,
				);
			// The shipped example is left as it was.
			expect(example.json.nodes.filter(ours).every((n) => n.credentials === undefined)).toBe(true);
		},
	);

	it('gives the credential asked for instead, and points Settings at the files folder', () => {
		const example = examples.find((e) => e.id === 'RrExPriceUpdate03')!;
		const other = { id: 'RrOtherCred000001', name: 'Another' };
		const json = prepareExample(example, { filesFolder: '/srv/files', credential: other });
		expect(json.nodes.filter(ours).map((n) => n.credentials)).toEqual([
			{ [CREDENTIAL_TYPE]: other },
		]);
		const settings = json.nodes.find((n) => n.name === 'Settings')!;
		expect(JSON.stringify(settings.parameters)).toContain('"value":"/srv/files"');
	});

	it('sets the Settings fields asked for, and refuses one that Settings does not have', () => {
		const example = examples.find((e) => e.id === 'RrExCopyEvent04')!;
		const json = prepareExample(example, {
			filesFolder: '/tmp/files',
			settings: { newName: 'Jazz Fridays' },
		});
		const settings = json.nodes.find((n) => n.name === 'Settings')!;
		expect(JSON.stringify(settings.parameters)).toContain('"value":"Jazz Fridays"');
		expect(() =>
			prepareExample(example, { filesFolder: '/tmp/files', settings: { colour: 'red' } }),
		).toThrow('its Settings node has no field colour');
	});

	it('sets the parameters asked for in the nodes named, and refuses a node the example does not have', () => {
		const example = examples.find((e) => e.id === 'RrExReviewAsk11')!;
		const json = prepareExample(example, {
			filesFolder: '/tmp/files',
			parameters: { 'Visit ended': { visitEndedAt: 'delay' } },
		});
		expect(json.nodes.find((n) => n.name === 'Visit ended')!.parameters).toMatchObject({
			visitEndedAt: 'delay',
			visitEndedTimeOfDay: '10:00',
			events: ['visitEnded'],
		});
		expect(example.json.nodes.find((n) => n.name === 'Visit ended')!.parameters).toMatchObject({
			visitEndedAt: 'nextDay',
		});
		expect(() =>
			prepareExample(example, { filesFolder: '/tmp/files', parameters: { Trigger: {} } }),
		).toThrow('11-next-morning-review-request.json has no node named Trigger');
	});
});

describe('example 05, Cancel a batch of reservations, as shipped', () => {
	const example = examples.find((e) => e.id === 'RrExCancelBatch05')!;
	const node = (name: string) => example.json.nodes.find((n) => n.name === name)!;

	it('has no closed days: it cancels nothing until the user sets them', () => {
		const settings = node('Settings').parameters as {
			assignments: { assignments: Array<{ name: string; value: string }> };
		};
		const values = Object.fromEntries(
			settings.assignments.assignments.map((a) => [a.name, a.value]),
		);
		expect(values).toMatchObject({ closedFrom: '', closedUntil: '', reason: 'Restaurant closed' });
		expect(node('Stop: closed days not set').type).toBe('n8n-nodes-base.stopAndError');
	});

	it("takes the cancellation reason from the restaurant's configuration, not a fixed name", () => {
		const cancel = node('Cancel with the reason').parameters as { cancelOptionName: string };
		expect(cancel.cancelOptionName).toBe(
			"={{ $('Reason from the configuration').first().json.reason }}",
		);
		expect(node('Restaurant configuration').parameters).toMatchObject({
			resource: 'restaurant',
			operation: 'getConfiguration',
		});
	});
});
