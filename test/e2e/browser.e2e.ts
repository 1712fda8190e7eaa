/**
 * The package in n8n's editor, in a real browser: Debian's chromium driven by playwright-core.
 * Signs in, finds both nodes in the node creator, configures the action node (resource, operation,
 * a restaurant picked from the list loaded from the sandbox), executes the step and reads the output
 * table, tests the credential with the right and a wrong token, and opens and runs the examples.
 * A screenshot of every step is kept in test-artifacts/e2e/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { RESERVATION_TRIGGER_EVENTS } from '../../nodes/RestaurantReservationsTrigger/targets/reservations/triggerEvents';
import { DEV_OWNER, REPO_ROOT, SANDBOX_CREDENTIAL } from '../../scripts/n8n';
import { startEnvironment, WRONG_CREDENTIAL, type E2eEnvironment } from './support/environment';

export const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts', 'e2e');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

let env: E2eEnvironment;
let browser: Browser;
let page: Page;
let shot = 0;

async function screenshot(name: string): Promise<void> {
	shot += 1;
	await page.screenshot({
		path: path.join(ARTIFACTS, `${String(shot).padStart(2, '0')}-${name}.png`),
	});
}

beforeAll(async () => {
	if (!fs.existsSync(CHROMIUM))
		throw new Error(
			`no browser at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`,
		);
	fs.rmSync(ARTIFACTS, { recursive: true, force: true });
	fs.mkdirSync(ARTIFACTS, { recursive: true });
	env = await startEnvironment('browser');
	await env.startServer();
	browser = await chromium.launch({
		executablePath: CHROMIUM,
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
			'--disable-dev-shm-usage',
		],
	});
	const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
	page = await context.newPage();
	page.setDefaultTimeout(20_000);
}, 300_000);

afterAll(async () => {
	await browser?.close();
	await env?.stop();
});

/** Picks an option of an n8n dropdown parameter by the start of its label. */
async function pick(parameter: string, option: string): Promise<void> {
	await page.locator(`[data-test-id="parameter-input-${parameter}"]`).click();
	await page
		.locator('.el-select-dropdown__item:visible, [role="option"]:visible')
		.filter({ hasText: new RegExp(`^${option}`) })
		.first()
		.click();
}

/** Types into the node creator's search and waits for `expected` among the results; returns every result's name and icon. */
async function searchNodeCreator(
	text: string,
	expected: string | RegExp,
): Promise<Array<{ name: string; icon: string; loaded: boolean }>> {
	const search = page
		.locator('[data-test-id="node-creator-search-bar"] input, [data-test-id="search-bar"] input')
		.first();
	await search.fill(text);
	await page
		.locator('[data-test-id="node-creator-item-name"]', { hasText: expected })
		.first()
		.waitFor();
	await page.waitForTimeout(500); // the list settles and the icons load
	return page.locator('[data-test-id="item-iterator-item"]').evaluateAll((items) =>
		items.map((item) => {
			const img = item.querySelector('img');
			return {
				name:
					item.querySelector('[data-test-id="node-creator-item-name"]')?.textContent?.trim() ?? '',
				icon: img?.getAttribute('src') ?? '',
				loaded: !!img && img.complete && img.naturalWidth > 0,
			};
		}),
	);
}

/** Closes n8n's toasts, so that they do not cover the screenshots. */
async function closeToasts(): Promise<void> {
	for (const button of await page.locator('.el-notification__closeBtn:visible').all())
		await button.click().catch(() => undefined);
	await page.waitForTimeout(300);
}

it('signs in as the owner', async () => {
	await page.goto(`${env.instance.url}/signin`);
	await page.fill('input[name="emailOrLdapLoginId"]', DEV_OWNER.email);
	await page.fill('input[name="password"]', DEV_OWNER.password);
	await page.click('[data-test-id="form-submit-button"]');
	await page.waitForURL(/\/home\//);
	for (const example of env.examples)
		await page.getByText(example.name, { exact: true }).first().waitFor();
	await screenshot('signed-in');
});

it('the node creator finds the trigger when searching "reservation" and both nodes when searching "restaurant", with their icons', async () => {
	await page.goto(`${env.instance.url}/workflow/new`);
	await page.click('[data-test-id="canvas-plus-button"]');
	// First step of an empty workflow: the triggers.
	const triggers = await searchNodeCreator('reservation', 'Restaurant Reservations');
	expect(triggers).toEqual([
		expect.objectContaining({ name: 'Restaurant Reservations', loaded: true }),
	]);
	expect(triggers[0].icon).toContain(
		'/icons/n8n-nodes-restaurant-reservations/dist/icons/restaurantReservations.svg',
	);
	await expect(page.locator('[data-test-id="node-creator"]').innerText()).resolves.toContain(
		"Starts the workflow when a restaurant's reservations, events or products are created, changed or removed",
	);
	await screenshot('node-creator-trigger-reservation');

	// Then a manual trigger, and the next step: n8n shows the action node and the trigger as one app.
	await searchNodeCreator('manual', /manual/i);
	await page.keyboard.press('Enter');
	await page.keyboard.press('Escape');
	await page.click('[data-test-id="node-creator-plus-button"]');
	for (const term of ['restaurant', 'reservation']) {
		const found = await searchNodeCreator(term, 'Restaurant Reservations');
		expect(found).toContainEqual(
			expect.objectContaining({ name: 'Restaurant Reservations', loaded: true }),
		);
		await screenshot(`node-creator-search-${term}`);
	}
	await page
		.locator('[data-test-id="node-creator-item-name"]', { hasText: 'Restaurant Reservations' })
		.first()
		.click();
	const creator = page.locator('[data-test-id="node-creator"]');
	// n8n lists the trigger's reservation events (its `events` parameter) as the app's triggers.
	const triggerCount = new RegExp(`Triggers \\(${RESERVATION_TRIGGER_EVENTS.values.length}\\)`);
	await creator.getByText(triggerCount).waitFor();
	await creator.getByText('Get many reservations', { exact: true }).waitFor();
	const panel = await creator.innerText();
	expect(panel).toMatch(/Actions \(\d+\)/); // the action node's operations
	expect(panel).toMatch(triggerCount);
	expect(panel).toContain('Get many reservations');
	const icons = await page
		.locator('[data-test-id="node-creator"] img')
		.evaluateAll((imgs) =>
			imgs.map((img) => (img as unknown as { naturalWidth: number }).naturalWidth > 0),
		);
	expect(icons.length).toBeGreaterThan(0);
	expect(icons.every(Boolean)).toBe(true);
	await screenshot('node-creator-actions-and-triggers');
});

it('the action node: resource and operation chosen, restaurant picked from the list, step executed, output table read', async () => {
	await page.getByText('Get many restaurants', { exact: true }).click();
	await page.locator('[data-test-id="ndv"]').waitFor();
	// The only credential of the type is selected by itself.
	await expect(
		page.locator('[data-test-id="node-credentials-select"] input').inputValue(),
	).resolves.toBe(SANDBOX_CREDENTIAL.name);
	await pick('resource', 'Event');
	await pick('operation', 'Get Many');
	await page
		.locator('[data-test-id="parameter-input-restaurantId"] [data-test-id="rlc-input"]')
		.click();
	await page.locator('[data-test-id="rlc-item"]').first().waitFor();
	const restaurants = await page.locator('[data-test-id="rlc-item"]').allTextContents();
	const fromSandbox = (await env.api('listRestaurants')).body as Array<{ name: string }>;
	expect(restaurants).toHaveLength(fromSandbox.length);
	for (const r of fromSandbox) expect(restaurants.join('\n')).toContain(r.name);
	await screenshot('restaurant-list-from-sandbox');
	await page.locator('[data-test-id="rlc-item"]', { hasText: 'Harbour & Vine' }).click();
	await page.locator('[data-test-id="node-execute-button"]').click();
	const table = page.locator('[data-test-id="output-panel"] table').first();
	await table.waitFor();
	const text = await table.innerText();
	const events = (await env.api('listEvents', { path: { restaurantId: 102 } })).body as Array<{
		id: number;
		name: string;
	}>;
	for (const event of events) {
		expect(text).toContain(event.name);
		expect(text).toContain(String(event.id));
	}
	await expect(page.locator('[data-test-id="output-panel"]').innerText()).resolves.toContain(
		`${events.length} items`,
	);
	await closeToasts();
	await screenshot('action-node-output-table');
	await page.locator('[data-test-id="ndv-close-button"]').click();
});

async function openCredential(id: string): Promise<void> {
	await page.goto(`${env.instance.url}/home/credentials/${id}`);
	await page.locator('[data-test-id="editCredential-modal"]').waitFor();
}

async function saveWithToken(token: string): Promise<void> {
	await page.locator('[data-test-id="editCredential-modal"] input[type="password"]').fill(token);
	await page.locator('[data-test-id="credential-save-button"]').click();
}

it('the credential dialog: the connection test fails with our message for a wrong token, succeeds with the right one', async () => {
	await openCredential(WRONG_CREDENTIAL.id);
	await saveWithToken('still-not-a-sandbox-token');
	const modal = page.locator('[data-test-id="editCredential-modal"]');
	await modal.getByText('Couldn’t connect with these settings').waitFor();
	const message = modal.getByText(
		'The API rejected the access token (HTTP 401). Check the Access Token.',
	);
	// "More details" opens the details. A click the editor took before it was ready leaves them
	// closed (seen once in a CI run here), and the link can be missing for a moment while the
	// dialog redraws (seen in another), so the link is clicked whenever it shows until the message
	// does; a dialog that never shows it fails with what it shows instead.
	const deadline = Date.now() + 40_000;
	while (!(await message.isVisible())) {
		if (Date.now() > deadline) {
			await screenshot('credential-wrong-token-details-closed');
			throw new Error(`The dialog never showed our message. It shows: ${await modal.innerText()}`);
		}
		const moreDetails = modal.getByText('More details');
		if (await moreDetails.isVisible())
			await moreDetails.click({ timeout: 2000 }).catch(() => undefined);
		await page.waitForTimeout(500);
	}
	await screenshot('credential-wrong-token');

	await openCredential(SANDBOX_CREDENTIAL.id);
	await saveWithToken('sandbox-staff-token');
	const success = modal.locator('[data-test-id="credentials-config-container-test-success"]');
	await success.getByText('Connection tested successfully').waitFor();
	// "Retry" runs the connection test again: the success banner's own button. Right after saving,
	// the dialog can still show a failed test's banner with a Retry of its own, which took the click
	// and then vanished (seen once in a CI run).
	await success.getByRole('button', { name: 'Retry' }).click();
	await success.getByText('Connection tested successfully').waitFor();
	await screenshot('credential-right-token');
	await page.keyboard.press('Escape');
});

/** The card of the workflow named `name` in the workflow list (its name alone, not a longer one). */
function workflowCard(name: string) {
	const exactly = new RegExp(`^\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
	return page.locator('[data-test-id="workflow-card-name"]').filter({ hasText: exactly }).first();
}

it('every example opens on the canvas with all its nodes, and the manual ones run from the editor', async () => {
	// Each one opened from the workflow list as a user opens it: a click on its card, then Back to
	// the list. The editor stays loaded; a page load per example cost the browser about 12 s of CPU
	// against about 4 s (measured on 2 cores, where the browser's CPU is most of this file's time).
	await page.goto(`${env.instance.url}/home/workflows`);
	for (const example of env.examples) {
		await workflowCard(example.name).click();
		await page.waitForURL(new RegExp(`/workflow/${example.id}`));
		await page.locator('[data-test-id="canvas-node"]').first().waitFor();
		const names = example.json.nodes
			.filter((n) => !String(n.type).endsWith('stickyNote'))
			.map((n) => String(n.name));
		for (const name of names)
			await page.locator(`[data-test-id="canvas-node"][data-node-name="${name}"]`).waitFor();
		const manual = example.json.nodes.some((n) => n.type === 'n8n-nodes-base.manualTrigger');
		if (manual) {
			await page.locator('[data-test-id="execute-workflow-button"]').click();
			await page.getByText('Workflow executed successfully').first().waitFor({ timeout: 60_000 });
			await page.waitForTimeout(500);
		}
		await closeToasts();
		await page.locator('[data-test-id="zoom-to-fit"]').click();
		await page.waitForTimeout(600);
		await screenshot(`example-${example.file.replace(/\.json$/, '')}`);
		await page.goBack();
		await workflowCard(example.name).waitFor();
	}
	// A hang guard for thirteen examples opened and five run one after another, on a busy machine.
}, 360_000);
