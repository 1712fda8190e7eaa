/**
 * n8n's AI workflow builder finds this package's nodes for what restaurant operators ask (issue
 * 44). The package is packed and installed as n8n installs a community package; ./catalog.js then
 * builds n8n's node catalog with n8n's own code from the project's n8n install (n8n's 632 node
 * descriptions, ours, every AI tool variant) and searches it as the builder does: the code builder
 * is shown the results of `searchNodeTypes(query, 5)`, the instance AI those of
 * `NodeSearchEngine.searchByName(query, 10)`. For each operator intent the test names which of our
 * nodes comes first and which one the intent means. The engine scores a query by its best matching
 * word, so the two differ where one word matches the other node better: "restaurant" and
 * "reservation" the action node's display name (shorter than the trigger's), "guest" the trigger's
 * alias "guests". The meant node must be among the five the builder is shown. The test also checks
 * that the builder's search result carries our builderHint and related nodes (real node types of
 * n8n's catalog), and that the type definition the builder reads of a node that is not built in
 * carries our parameters' propertyHints.
 *
 * Needs the n8n install: it runs in `npm run test:n8n-node` (jest.n8n-node.config.js), not in
 * `npm test`. The table of ranks is printed before the assertions.
 */
import path from 'node:path';
import {
	ACTION_NODE_TYPE,
	ensureN8nInstalled,
	installPackedPackage,
	packedForTests,
	REPO_ROOT,
	TRIGGER_NODE_TYPE,
} from '../../scripts/n8n';
import { lastLines, runCommand } from '../../scripts/n8n/processes';

const TOOL_NODE_TYPE = `${ACTION_NODE_TYPE}Tool`;
const ACTION = ACTION_NODE_TYPE;
const TRIGGER = TRIGGER_NODE_TYPE;
const OURS = [ACTION, TRIGGER, TOOL_NODE_TYPE];

interface Intent {
	query: string;
	/** Which of our nodes the builder lists first. */
	first: string;
	/** The node the intent means: among the five the builder is shown. */
	meant: string;
}

const INTENTS: Intent[] = [
	{ query: 'new table booking', first: TRIGGER, meant: TRIGGER },
	{ query: 'restaurant reservation cancelled', first: ACTION, meant: TRIGGER },
	{ query: 'booking cancelled', first: TRIGGER, meant: TRIGGER },
	{ query: 'guest no-show', first: TRIGGER, meant: TRIGGER },
	{ query: 'send booking reminder', first: TRIGGER, meant: TRIGGER },
	{ query: 'reservation reminder', first: ACTION, meant: TRIGGER },
	{ query: 'new guest', first: TRIGGER, meant: TRIGGER },
	{ query: 'guest birthday', first: TRIGGER, meant: TRIGGER },
	{ query: 'covers tonight', first: ACTION, meant: ACTION },
	{ query: 'guest list', first: TRIGGER, meant: ACTION },
	{ query: 'menu price update', first: ACTION, meant: ACTION },
	{ query: 'restaurant event tickets', first: ACTION, meant: ACTION },
	{ query: 'guest visit history', first: ACTION, meant: ACTION },
	{ query: 'check table availability', first: ACTION, meant: ACTION },
	{ query: 'table reservation', first: ACTION, meant: ACTION },
	{ query: 'find booking by phone', first: ACTION, meant: ACTION },
	{ query: 'cancel booking', first: ACTION, meant: ACTION },
	{ query: 'walk-in', first: ACTION, meant: ACTION },
	{ query: 'waitlist', first: ACTION, meant: ACTION },
];

interface Search {
	builder: string[];
	builderText: string;
	instanceAi: string[];
	longer: string[];
}

interface OurNode {
	alias: string[] | null;
	builderHint: {
		searchHint?: string;
		relatedNodes?: Array<{ nodeType: string; relationHint: string }>;
	} | null;
	typeDefinition: string | null;
}

interface Catalog {
	builtInEntries: number;
	nodeTypes: number;
	names: string[];
	searches: Record<string, Search>;
	ours: Record<string, OurNode>;
	seconds: number;
}

let catalog: Catalog;

const short = (type: string) =>
	({ [ACTION]: 'action', [TRIGGER]: 'trigger', [TOOL_NODE_TYPE]: 'tool' })[type] ??
	type.replace(/^n8n-nodes-base\./, '').replace(/^@n8n\/n8n-nodes-langchain\./, 'langchain.');

/** 1-based place of `type` in `list`, or '-' when it is not there. */
const place = (list: string[], type: string) => {
	const index = list.indexOf(type);
	return index < 0 ? '-' : String(index + 1);
};

/** The place of the first of our nodes in `list`, and which one it is. */
const oursIn = (list: string[]) => {
	const index = list.findIndex((type) => OURS.includes(type));
	return index < 0 ? '-' : `${index + 1} (${short(list[index])})`;
};

function rankTable(): string {
	const rows = INTENTS.map(({ query, meant }) => {
		const search = catalog.searches[query];
		return [
			`"${query}"`,
			short(meant),
			short(search.builder[0] ?? '(none)'),
			place(search.builder, meant),
			place(search.longer, meant),
			oursIn(search.longer),
			short(search.instanceAi[0] ?? '(none)'),
		];
	});
	const header = [
		'intent',
		'meant',
		'builder: first',
		'meant of 5',
		'of 50',
		'first of ours, of 50',
		'instance AI: first',
	];
	const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
	const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ');
	return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}

beforeAll(async () => {
	const started = Date.now();
	const rt = await ensureN8nInstalled();
	const folder = path.join(REPO_ROOT, '.tmp', 'builder');
	const tarball = await packedForTests(path.join(folder, 'pack'));
	const packageDir = await installPackedPackage(tarball, path.join(folder, 'n8n'));
	const input = {
		install: rt.dir,
		packageDir,
		queries: INTENTS.map((intent) => intent.query),
		ours: OURS,
	};
	const run = await runCommand(
		rt.node,
		[path.join(__dirname, 'catalog.js'), JSON.stringify(input)],
		{
			timeoutMs: 5 * 60_000,
		},
	);
	if (run.code !== 0)
		throw new Error(`test/builder/catalog.js failed (${run.code}):\n${lastLines(run.stderr)}`);
	catalog = JSON.parse(run.stdout) as Catalog;
	console.log(
		`n8n's AI builder over ${catalog.nodeTypes} node types (${catalog.builtInEntries} descriptions of n8n's own catalogs, ours, the AI tool variants); catalog built and searched in ${catalog.seconds} s, ${((Date.now() - started) / 1000).toFixed(1)} s with packing and installing\n\n${rankTable()}`,
	);
}, 15 * 60_000);

test("the catalog is n8n's, with our nodes installed as a community package", () => {
	expect(catalog.builtInEntries).toBeGreaterThan(600);
	for (const type of OURS) expect(catalog.names).toContain(type);
	expect(catalog.names).toContain('n8n-nodes-base.scheduleTrigger');
	expect(catalog.names).toContain('@n8n/n8n-nodes-langchain.agent');
});

describe.each(INTENTS)('"$query"', ({ query, first, meant }) => {
	test(`the builder lists ${short(first)} first and shows ${short(meant)}`, () => {
		const { builder } = catalog.searches[query];
		expect(builder[0]).toBe(first);
		expect(builder).toContain(meant);
	});

	test(`the instance AI lists ${short(first)} first`, () => {
		expect(catalog.searches[query].instanceAi[0]).toBe(first);
	});
});

test('the codex aliases reach the catalog', () => {
	expect(catalog.ours[ACTION].alias).toEqual(
		expect.arrayContaining(['covers', 'availability', 'walk-in', 'waitlist', 'guest history']),
	);
	expect(catalog.ours[TOOL_NODE_TYPE].alias).toEqual(catalog.ours[ACTION].alias);
	expect(catalog.ours[TRIGGER].alias).toEqual(
		expect.arrayContaining(['no-show', 'reminder', 'cancelled booking', 'new guest', 'birthday']),
	);
});

test("the builder's search result carries our builderHint and related nodes", () => {
	const trigger = catalog.searches['guest no-show'].builderText;
	expect(trigger).toContain(
		'@builderHint Use to start a workflow when something happens at a restaurant',
	);
	expect(trigger).toContain("Watch 'guests' for a new or returning guest, a no-show");
	expect(trigger).toContain('use the Restaurant Reservations node instead');
	expect(trigger).toContain(
		`- ${ACTION}: "Act on the booking that fired: the guest's history, update or cancel it, check availability"`,
	);
	expect(trigger).toContain('- n8n-nodes-base.slack: "Tell the team about cancellations');

	const action = catalog.searches['covers tonight'].builderText;
	expect(action).toContain("@builderHint Use to read or change a restaurant's data");
	expect(action).toContain('covers are the sum of groupSize');
	expect(action).toContain('use Restaurant Reservations Trigger instead');
	expect(action).toContain('- n8n-nodes-base.scheduleTrigger: "Runs it daily for a digest');
	expect(action).toContain('- @n8n/n8n-nodes-langchain.mcpTrigger: ');
});

test("every related node is a node type of n8n's catalog", () => {
	for (const type of [ACTION, TRIGGER]) {
		const related = catalog.ours[type].builderHint?.relatedNodes ?? [];
		expect(related.length).toBeGreaterThanOrEqual(4);
		for (const { nodeType } of related) expect(catalog.names).toContain(nodeType);
	}
});

test("the type definitions the builder reads carry the parameters' hints", () => {
	const action = catalog.ours[ACTION].typeDefinition ?? '';
	for (const hint of [
		"@builderHint A resource locator of one restaurant. Leave mode 'list'", // Restaurant
		'never loop over days or weeks', // From
		'for the bookings of 2026-11-22 give From 2026-11-22 and To 2026-11-23', // Get Many's To
		'A date alone includes that whole day.', // Find's and Get Guest History's To
		'it is compared as a phone number, not as text', // Phone
		'Do not convert it to UTC.', // the visit's time
	])
		expect(action).toContain(hint);

	const trigger = catalog.ours[TRIGGER].typeDefinition ?? '';
	for (const hint of [
		"@builderHint A resource locator of one restaurant. Leave mode 'list'",
		"'guests' (its Events parameter is guestEvents: ", // Watch
		'Off by default, so name them in the Events parameter when wanted: ',
		"'all' watches every restaurant the credential reaches", // Restaurants
		'Whole days, not hours', // Look Ahead
		'Not the polling interval: that is Poll Times.',
		'Keep it at least as long as the staff take to mark a no-show', // Look Back
	])
		expect(trigger).toContain(hint);
});
