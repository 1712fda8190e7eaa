import { useSandbox } from '../support/sandbox';

const ctx = useSandbox();

describe('restaurant information (spec 4.5)', () => {
	it('serves restaurants in three time zones, one of them the child of a chain', async () => {
		const list = (await ctx.call('listRestaurants')).body;
		expect(new Set(list.map((r: { timeZone: string }) => r.timeZone)).size).toBe(3);
		expect(list.find((r: { id: number }) => r.id === 103).parentRestaurantId).toBe(101);
		const one = await ctx.call('getRestaurant', { path: { restaurantId: 102 } });
		expect(one.body).toMatchObject({
			id: 102,
			timeZone: 'America/New_York',
			settings: { areas: expect.any(Array) },
		});
	});

	it("serves settings (the same object as the profile's) and the configuration with cancellation reasons", async () => {
		const settings = (await ctx.call('getRestaurantSettings')).body;
		expect(settings).toEqual((await ctx.call('getRestaurant')).body.settings);
		expect(settings.openingHours).toHaveLength(7);
		const config = (await ctx.call('getRestaurantConfiguration')).body;
		expect(config.settings).toEqual(settings);
		expect(
			config.reservationSettings.cancellationOptions.map((o: { name: string }) => o.name),
		).toContain('Guest request');
		expect(config.reservationSettings).toMatchObject({
			approvalSize: 8,
			currency: 'EUR',
			maxAdvanceBookingDays: 90,
		});
		expect(config.guestTags.length).toBeGreaterThan(0);
	});
});

describe('administrative reads', () => {
	it('searches accessible restaurants by name or city', async () => {
		expect(
			(await ctx.call('searchRestaurants', { query: { query: 'sydney' } })).body.map(
				(r: { id: number }) => r.id,
			),
		).toEqual([103]);
		expect(
			(await ctx.call('searchRestaurants', { token: 'vendor', query: { query: 'sydney' } })).body,
		).toEqual([]);
	});

	it('shows the chain a venue belongs to', async () => {
		const company = (await ctx.call('getRestaurantCompany', { path: { restaurantId: 103 } })).body;
		expect(company.restaurants.map((r: { id: number }) => r.id)).toEqual([101, 103]);
	});

	it('shows onboarding status and a change log, newest first, paged', async () => {
		expect(
			(await ctx.call('getOnboardingStatus', { path: { restaurantId: 102 } })).body,
		).toMatchObject({ restaurantId: 102, completed: false });
		await ctx.call('createProductGroup', { body: { name: 'Audited' } });
		const audit = (await ctx.call('getRestaurantAudit', { query: { take: 1 } })).body;
		expect(audit).toMatchObject({
			take: 1,
			skip: 0,
			items: [{ action: 'created', entity: 'productGroup', actor: { id: 'user-staff-1' } }],
		});
	});

	it('answers 404 for the audit of an unknown booking', async () => {
		expect(
			(await ctx.call('getBookingAudit', { path: { bookingId: 'rsv-101-nope' } })).status,
		).toBe(404);
	});
});

describe('administrative writes (staff only)', () => {
	it('creates a restaurant from multipart form data, updates it, its settings, and deletes it', async () => {
		const form = new FormData();
		form.set('name', 'Aurora Pop-up');
		form.set('timeZone', 'Europe/Lisbon');
		form.set('city', 'Lisbon');
		form.set('parentRestaurantId', '101');
		form.set('logo', new Blob(['<svg/>'], { type: 'image/svg+xml' }), 'logo.svg');
		const created = await ctx.call('createRestaurant', { rawBody: form });
		expect(created.status).toBe(201);
		expect(created.body).toMatchObject({
			name: 'Aurora Pop-up',
			timeZone: 'Europe/Lisbon',
			parentRestaurantId: 101,
		});
		const id = created.body.id;
		const updated = await ctx.call('updateRestaurant', {
			path: { restaurantId: id },
			body: { phone: '+351 21 000 0000' },
		});
		expect(updated.body.phone).toBe('+351 21 000 0000');
		const settings = await ctx.call('updateRestaurantSettings', {
			path: { restaurantId: id },
			body: { areas: ['Patio'] },
		});
		expect(settings.body).toMatchObject({ areas: ['Patio'], tableSizes: [2, 4, 6, 8] });
		const deleted = await ctx.call('deleteRestaurant', { path: { restaurantId: id } });
		expect([deleted.status, deleted.text]).toEqual([200, '']);
		expect((await ctx.call('getRestaurant', { path: { restaurantId: id } })).status).toBe(404);
	});

	it('refuses partner and vendor tokens, and an unknown time zone', async () => {
		const partner = await ctx.call('updateRestaurantSettings', {
			token: 'partner',
			body: { areas: [] },
		});
		expect(partner.status).toBe(403);
		expect((await ctx.call('getRestaurantSettings')).body.areas).toEqual([
			'Main room',
			'Terrace',
			'Bar',
		]);
		expect((await ctx.call('deleteRestaurant', { token: 'vendor' })).status).toBe(403);
		const zone = await ctx.call('updateRestaurant', { body: { timeZone: 'Mars/Base' } });
		expect(zone.body.code).toBe('invalid_time_zone');
	});
});
