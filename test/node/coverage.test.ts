/**
 * The node covers the whole API: every operation of sandbox/openapi.yaml is a node operation, or
 * is named in docs/operations.md as deliberately left out. And the node offers nothing the API lacks.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { INodeProperties } from 'n8n-workflow';
import { operations } from '../support/openapi';
import { nodeType } from '../support/nodeRunner';

/** openapi operationId → the node's resource and operation that call it. */
const NODE_OPERATIONS: Record<string, [resource: string, operation: string]> = {
	createReservation: ['reservation', 'create'],
	listReservations: ['reservation', 'getAll'],
	getReservation: ['reservation', 'get'],
	updateReservation: ['reservation', 'update'],
	cancelReservation: ['reservation', 'cancel'],
	listProductGroups: ['productGroup', 'getAll'],
	createProductGroup: ['productGroup', 'create'],
	updateProductGroup: ['productGroup', 'update'],
	deleteProductGroup: ['productGroup', 'delete'],
	listProducts: ['product', 'getAll'],
	createProduct: ['product', 'create'],
	updateProduct: ['product', 'update'],
	deleteProduct: ['product', 'delete'],
	listMenus: ['menu', 'getAll'],
	createMenu: ['menu', 'create'],
	batchUpdateMenus: ['menu', 'reorder'],
	getMenu: ['menu', 'get'],
	updateMenu: ['menu', 'update'],
	deleteMenu: ['menu', 'delete'],
	listRestaurants: ['restaurant', 'getAll'],
	searchRestaurants: ['restaurant', 'search'],
	getRestaurant: ['restaurant', 'get'],
	getRestaurantSettings: ['restaurant', 'getSettings'],
	getRestaurantConfiguration: ['restaurant', 'getConfiguration'],
	getBookingAudit: ['restaurant', 'getBookingAudit'],
	getRestaurantAudit: ['restaurant', 'getAuditLog'],
	getOnboardingStatus: ['restaurant', 'getOnboardingStatus'],
	getRestaurantCompany: ['restaurant', 'getCompany'],
	getAccountMe: ['restaurant', 'getAccount'],
	listEvents: ['event', 'getAll'],
	listActiveEvents: ['event', 'getAll'],
	listPastEvents: ['event', 'getAll'],
	listDraftEvents: ['event', 'getAll'],
	getEvent: ['event', 'get'],
	createEvent: ['event', 'create'],
	updateEvent: ['event', 'update'],
	deleteEvent: ['event', 'delete'],
	copyEvent: ['event', 'copy'],
	setEventStatus: ['event', 'publish'],
	setEventStatusSystem: ['event', 'unpublish'],
};

/**
 * Node operations made of several API operations, which therefore map to none alone: Create or
 * Update reads the list, then creates or updates (or sends nothing); Find reads the restaurant's
 * time zone, then lists and keeps a guest's reservations; Get Guest History reads the restaurant's
 * time zone and country, then lists the period once per run and summarises each guest's bookings; Check Availability reads the published
 * rules (configuration, settings), the time zone and the bookings around the time; Check Booking
 * Data reads the restaurant's profile and its bookings of the last and next 30 days.
 */
const COMPOSITE_OPERATIONS: Record<string, string[]> = {
	'product:upsert': ['listProducts', 'createProduct', 'updateProduct'],
	'productGroup:upsert': ['listProductGroups', 'createProductGroup', 'updateProductGroup'],
	'reservation:find': ['getRestaurant', 'listReservations'],
	'reservation:getGuestHistory': ['getRestaurant', 'listReservations'],
	'reservation:checkAvailability': [
		'getRestaurantConfiguration',
		'getRestaurantSettings',
		'getRestaurant',
		'listReservations',
	],
	'restaurant:checkBookingData': ['getRestaurant', 'listReservations'],
};

/** The operations docs/operations.md names under "Left out on purpose". */
function leftOutInDocs(): string[] {
	const page = readFileSync(path.resolve(__dirname, '../../docs/operations.md'), 'utf8');
	const section = page.split('\n## Left out on purpose')[1]?.split(/\n#{1,2} /)[0] ?? '';
	return [...section.matchAll(/`(\w+)`/g)].map((m) => m[1]);
}

function nodeOperations(): Array<[string, string]> {
	const properties = nodeType.description.properties as INodeProperties[];
	return properties
		.filter((p) => p.name === 'operation')
		.flatMap((p) =>
			(p.displayOptions?.show?.resource as string[]).flatMap((resource) =>
				(p.options ?? []).map(
					(o) => [resource, String((o as { value: string }).value)] as [string, string],
				),
			),
		);
}

describe('API coverage', () => {
	it('maps every operation of openapi.yaml to a node operation or to the list of omissions in docs/operations.md', () => {
		const leftOut = leftOutInDocs();
		expect(leftOut.length).toBeGreaterThan(0);
		const unaccounted = operations
			.map((o) => o.operationId)
			.filter((id) => !NODE_OPERATIONS[id] && !leftOut.includes(id));
		expect(unaccounted).toEqual([]);
		// What the docs leave out really is an operation of the API.
		for (const id of leftOut) expect(operations.map((o) => o.operationId)).toContain(id);
	});

	it('offers each mapped operation in the node, and nothing the API lacks', () => {
		const offered = nodeOperations().map(([r, o]) => `${r}:${o}`);
		const mapped = Object.values(NODE_OPERATIONS).map(([r, o]) => `${r}:${o}`);
		expect([...new Set(mapped)].filter((op) => !offered.includes(op))).toEqual([]);
		const composite = Object.keys(COMPOSITE_OPERATIONS);
		expect(offered.filter((op) => !mapped.includes(op) && !composite.includes(op))).toEqual([]);
		for (const op of composite) expect(offered).toContain(op);
		// What a composite operation is made of is an operation of the API.
		const ids = operations.map((o) => o.operationId);
		for (const id of Object.values(COMPOSITE_OPERATIONS).flat()) expect(ids).toContain(id);
	});

	it('lists the resources alphabetically and describes every operation', () => {
		const resource = (nodeType.description.properties as INodeProperties[]).find(
			(p) => p.name === 'resource',
		)!;
		expect(resource.options!.map((o) => (o as { name: string }).name)).toEqual([
			'Event',
			'Menu',
			'Product',
			'Product Group',
			'Reservation',
			'Restaurant',
		]);
		for (const p of (nodeType.description.properties as INodeProperties[]).filter(
			(q) => q.name === 'operation',
		)) {
			for (const o of p.options as Array<{ action?: string; description?: string }>) {
				expect(o.action).toBeTruthy();
				expect(o.description).toBeTruthy();
			}
		}
	});

	it('shows every operation the parameters its request reads, and no field outside an operation', () => {
		const properties = nodeType.description.properties as INodeProperties[];
		const shownFor = (resource: string, operation: string) =>
			properties.filter(
				(p) =>
					(p.displayOptions?.show?.resource as string[] | undefined)?.includes(resource) &&
					(p.displayOptions?.show?.operation as string[] | undefined)?.includes(operation),
			);
		for (const [resource, operation] of nodeOperations()) {
			const selector = properties.find(
				(p) =>
					p.name === 'operation' &&
					(p.displayOptions?.show?.resource as string[]).includes(resource),
			)!;
			const option = (
				selector.options as Array<{ value: string; routing?: { request?: object } }>
			).find((o) => o.value === operation)!;
			const request = JSON.stringify(option.routing?.request ?? {});
			// Parameters an expression reads, and the `{placeholders}` of a path filled from them.
			const read = [...request.matchAll(/\$parameter(?:\.(\w+)|\[\\"(\w+)\\"\])|\{(\w+)\}/g)].map(
				(m) => m[1] ?? m[2] ?? m[3],
			);
			const declared = shownFor(resource, operation).map((p) => p.name);
			expect({
				operation: `${resource}:${operation}`,
				missing: read.filter((name) => !declared.includes(name)),
			}).toEqual({ operation: `${resource}:${operation}`, missing: [] });
		}
		const stray = properties.filter(
			// Authentication is the node's, not an operation's.
			(p) =>
				!['authentication', 'resource', 'operation'].includes(p.name) &&
				!p.displayOptions?.show?.operation,
		);
		expect(stray.map((p) => p.name)).toEqual([]);
	});
});
