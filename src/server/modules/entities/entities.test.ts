import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENTITY_MESSAGES } from '@/shared/entities';
import { createTestApp, productId, signUpCompany, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('entities', () => {
  it('creates an entity with its product access and lists it newest first with its organization', async () => {
    const a = await signUpCompany(t, ['crm', 'hrms']);
    const res = await a.client.post('/entities', {
      name: '  Berlin ',
      organizationId: a.organizationId,
      country: 'Germany',
      productIds: [a.productIds.crm],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Berlin', country: 'Germany', organizationId: a.organizationId, organizationName: a.organizationName });
    const list = await a.client.get('/entities');
    expect(list.body.items.map((e: { name: string }) => e.name)[0]).toBe('Berlin');
    const options = await a.client.get('/entity-options');
    const berlin = options.body.items.find((e: { name: string }) => e.name === 'Berlin');
    expect(berlin).toMatchObject({ organizationName: a.organizationName, productIds: [a.productIds.crm] });
  });

  it.each([
    [{ name: '' }],
    [{ country: ' ' }],
    [{ productIds: [] }],
    [{ organizationId: '' }],
  ])('refuses %j with the spec message', async (overrides) => {
    const a = await signUpCompany(t, ['crm']);
    const res = await a.client.post('/entities', {
      name: 'Paris',
      organizationId: a.organizationId,
      country: 'France',
      productIds: [a.productIds.crm],
      ...overrides,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(ENTITY_MESSAGES.createRequired);
  });

  it('refuses a product the company does not hold, and writes nothing', async () => {
    const a = await signUpCompany(t, ['crm']);
    const ats = await productId(t, 'ats');
    const res = await a.client.post('/entities', { name: 'Rome', organizationId: a.organizationId, country: 'Italy', productIds: [a.productIds.crm, ats] });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(ENTITY_MESSAGES.productNotHeld);
    expect(await t.sql('select 1 from entities where name = $1', ['Rome'])).toHaveLength(0);
  });

  it('keeps names unique per organization', async () => {
    const a = await signUpCompany(t, ['crm']);
    const body = { name: 'Madrid', organizationId: a.organizationId, country: 'Spain', productIds: [a.productIds.crm] };
    expect((await a.client.post('/entities', body)).status).toBe(201);
    const dup = await a.client.post('/entities', body);
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe(ENTITY_MESSAGES.duplicateOnCreate);
    const other = (await a.client.post('/organizations', { name: 'Second Org' })).body;
    expect((await a.client.post('/entities', { ...body, organizationId: other.id })).status).toBe(201);
  });

  it('gives one row for two simultaneous creates of the same name', async () => {
    const a = await signUpCompany(t, ['crm']);
    const body = { name: 'Lisbon', organizationId: a.organizationId, country: 'Other', productIds: [a.productIds.crm] };
    const results = await Promise.all([a.client.post('/entities', body), a.client.post('/entities', body)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await t.sql('select 1 from entities where organization_id = $1 and name = $2', [a.organizationId, 'Lisbon'])).toHaveLength(1);
  });

  it('edits name and country only, excluding itself from the duplicate check', async () => {
    const a = await signUpCompany(t, ['crm']);
    const body = { organizationId: a.organizationId, country: 'Sweden', productIds: [a.productIds.crm] };
    const oslo = (await a.client.post('/entities', { ...body, name: 'Oslo' })).body;
    await a.client.post('/entities', { ...body, name: 'Stockholm' });
    expect((await a.client.patch(`/entities/${oslo.id}`, { name: 'Oslo', country: 'Sweden' })).status).toBe(200);
    const moved = await a.client.patch(`/entities/${oslo.id}`, { name: 'Oslo HQ', country: 'Other' });
    expect(moved.body).toMatchObject({ name: 'Oslo HQ', country: 'Other', organizationId: a.organizationId });
    const dup = await a.client.patch(`/entities/${oslo.id}`, { name: 'Stockholm', country: 'Sweden' });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe(ENTITY_MESSAGES.duplicateOnUpdate);
    const empty = await a.client.patch(`/entities/${oslo.id}`, { name: '', country: 'Sweden' });
    expect(empty.body.error.message).toBe(ENTITY_MESSAGES.updateRequired);
    const sneaky = await a.client.patch(`/entities/${oslo.id}`, { name: 'X1', country: 'Sweden', organizationId: a.organizationId });
    expect(sneaky.status).toBe(400);
  });

  it("answers 404 across companies and changes nothing", async () => {
    const a = await signUpCompany(t, ['crm']);
    const b = await signUpCompany(t, ['crm']);
    const inA = await b.client.post('/entities', { name: 'Into A', organizationId: a.organizationId, country: 'Other', productIds: [b.productIds.crm] });
    expect(inA.status).toBe(404);
    const edit = await b.client.patch(`/entities/${a.entityId}`, { name: 'Hijacked', country: 'Other' });
    expect(edit.status).toBe(404);
    const [row] = await t.sql<{ name: string }>('select name from entities where id = $1', [a.entityId]);
    expect(row!.name).not.toBe('Hijacked');
    const list = await b.client.get('/entities');
    expect(list.body.items.map((e: { id: string }) => e.id)).toEqual([b.entityId]);
  });
});
