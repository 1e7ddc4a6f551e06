import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZATION_MESSAGES } from '@/shared/organizations';
import { Client, createTestApp, signUpCompany, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('organizations', () => {
  it('creates with a trimmed name and lists newest first', async () => {
    const a = await signUpCompany(t);
    const first = await a.client.post('/organizations', { name: '  Northwind  ' });
    expect(first.status).toBe(201);
    expect(first.body.name).toBe('Northwind');
    await a.client.post('/organizations', { name: 'Southwind' });
    const list = await a.client.get('/organizations');
    expect(list.status).toBe(200);
    expect(list.body.items.map((o: { name: string }) => o.name)).toEqual(['Southwind', 'Northwind', a.organizationName]);
    expect(list.body.nextCursor).toBeNull();
    const options = await a.client.get('/organizations/options');
    expect(options.body.items.map((o: { name: string }) => o.name)).toEqual([a.organizationName, 'Northwind', 'Southwind'].sort());
  });

  it.each([
    ['', ORGANIZATION_MESSAGES.nameRequired],
    ['   ', ORGANIZATION_MESSAGES.nameRequired],
    ['A', ORGANIZATION_MESSAGES.nameTooShort],
    [' B ', ORGANIZATION_MESSAGES.nameTooShort],
  ])('refuses %j with the spec message', async (name, message) => {
    const a = await signUpCompany(t);
    const res = await a.client.post('/organizations', { name });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
  });

  it('keeps names unique per company, exactly and case-sensitively', async () => {
    const a = await signUpCompany(t);
    const b = await signUpCompany(t);
    expect((await a.client.post('/organizations', { name: 'Acme' })).status).toBe(201);
    const dup = await a.client.post('/organizations', { name: ' Acme ' });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe(ORGANIZATION_MESSAGES.duplicate);
    expect((await a.client.post('/organizations', { name: 'ACME' })).status).toBe(201);
    // Another company may use the same name.
    expect((await b.client.post('/organizations', { name: 'Acme' })).status).toBe(201);
  });

  it('gives one row and one duplicate error for two simultaneous creates', async () => {
    const a = await signUpCompany(t);
    const results = await Promise.all([a.client.post('/organizations', { name: 'Race' }), a.client.post('/organizations', { name: 'Race' })]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await t.sql('select id from organizations where company_id = $1 and name = $2', [a.companyId, 'Race']);
    expect(rows).toHaveLength(1);
  });

  it('renames, excluding itself from the duplicate check', async () => {
    const a = await signUpCompany(t);
    const org = (await a.client.post('/organizations', { name: 'Old Name' })).body;
    await a.client.post('/organizations', { name: 'Taken' });
    const same = await a.client.patch(`/organizations/${org.id}`, { name: 'Old Name' });
    expect(same.status).toBe(200);
    const renamed = await a.client.patch(`/organizations/${org.id}`, { name: ' New Name ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('New Name');
    expect(Date.parse(renamed.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(org.updatedAt));
    const dup = await a.client.patch(`/organizations/${org.id}`, { name: 'Taken' });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe(ORGANIZATION_MESSAGES.duplicate);
  });

  it("answers 404 and changes nothing when another company renames ours", async () => {
    const a = await signUpCompany(t);
    const b = await signUpCompany(t);
    const res = await b.client.patch(`/organizations/${a.organizationId}`, { name: 'Taken over' });
    expect(res.status).toBe(404);
    expect((await b.client.patch('/organizations/not-a-uuid', { name: 'Whatever' })).status).toBe(404);
    const list = await a.client.get('/organizations');
    expect(list.body.items).toMatchObject([{ name: a.organizationName }]);
    expect(JSON.stringify((await b.client.get('/organizations')).body)).not.toContain(a.organizationName);
  });

  it('ignores what the body may not set', async () => {
    const a = await signUpCompany(t);
    const b = await signUpCompany(t);
    const res = await a.client.post('/organizations', { name: 'Sneaky', companyId: b.companyId });
    expect(res.status).toBe(400);
    expect(await t.sql('select 1 from organizations where name = $1', ['Sneaky'])).toHaveLength(0);
  });

  it('pages through a long list with a capped page size', async () => {
    const a = await signUpCompany(t);
    for (let i = 0; i < 5; i++) await a.client.post('/organizations', { name: `Org ${i}` });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: { items: { name: string }[]; nextCursor: string | null } } = await a.client.get(
        `/organizations?limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...res.body.items.map((o) => o.name));
      cursor = res.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['Org 4', 'Org 3', 'Org 2', 'Org 1', 'Org 0', a.organizationName]);
    expect((await a.client.get('/organizations?limit=1000')).status).toBe(400);
    expect((await a.client.get('/organizations?cursor=garbage')).status).toBe(400);
  });

  it('is for super admins only', async () => {
    expect((await new Client(t).get('/organizations')).status).toBe(401);
    expect((await new Client(t).post('/organizations', { name: 'Anon' })).status).toBe(401);
  });
});
