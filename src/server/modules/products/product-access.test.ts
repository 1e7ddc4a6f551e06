/**
 * A company's products after sign-up (issue 31): a super admin adds and removes products for the
 * company (settings) and for each entity (entity edit). Removal ends the access rows, keeps the
 * module's data, and the data shows again when the product comes back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPANY_PRODUCT_MESSAGES } from '@/shared/company-products';
import { ENTITY_MESSAGES } from '@/shared/entities';
import { MODULE_MESSAGES } from '@/shared/modules';
import type { ProductType } from '@/shared/products';
import { Client, createTestApp, productId, signUpCompany, uniqueEmail, type TestApp } from '../../test/harness';

let t: TestApp;
const ids = {} as Record<ProductType, string>;
beforeAll(async () => {
  // Many companies from one client address.
  t = await createTestApp({ SIGN_UP_MAX_ATTEMPTS: '1000' });
  for (const type of ['crm', 'ats', 'hrms', 'projects'] as const) ids[type] = await productId(t, type);
});
afterAll(() => t.close());

type Company = Awaited<ReturnType<typeof signUpCompany>>;

/** A user of the company with the grants given, signed in (on another app instance when `peer`). */
async function addUser(a: Company, access: { productId: string; entityId: string }[], options: { role?: 'super_admin'; peer?: boolean } = {}) {
  const email = uniqueEmail('person');
  const created = await a.client.post('/users', {
    firstName: 'Alan',
    lastName: 'Turing',
    email,
    password: 'enigma1',
    confirmPassword: 'enigma1',
    access: access.map((x) => ({ ...x, roleType: 'app_admin' })),
  });
  expect(created.status).toBe(201);
  if (options.role) expect((await a.client.patch(`/users/${created.body.id}`, { role: options.role })).status).toBe(200);
  const client = new Client(options.peer ? { app: await t.peer() } : t);
  expect((await client.post('/auth/sign-in', { email, password: 'enigma1' })).status).toBe(200);
  return { id: created.body.id as string, email, client };
}

async function addEntity(a: Company, name: string, products: string[]) {
  const res = await a.client.post('/entities', { name, organizationId: a.organizationId, country: 'Other', productIds: products });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

const hub = async (client: Client) => ((await client.get('/me/products')).body.items as { type: string }[]).map((p) => p.type);
const held = async (a: Company) => ((await a.client.get('/company/products')).body.items as { type: string; held: boolean }[]).filter((p) => p.held).map((p) => p.type);
const entityProducts = async (entityId: string) =>
  (await t.sql<{ type: string }>('select p.type from entity_product_access a join products p on p.id = a.product_id where a.entity_id = $1 order by p.type', [entityId])).map((r) => r.type);
const grants = (companyId: string, product: string) =>
  t.sql<{ user_id: string; entity_id: string }>('select user_id, entity_id from user_product_access where company_id = $1 and product_id = $2 order by user_id, entity_id', [companyId, product]);
const events = (companyId: string, action: string) =>
  t.sql<{ target_id: string; target_label: string; changes: { field: string; before?: unknown; after?: unknown }[] }>(
    'select target_id, target_label, changes from audit_events where company_id = $1 and action = $2 order by created_at, id',
    [companyId, action],
  );
const clientNames = async (client: Client, entityId?: string) => {
  const res = await client.get(`/crm/clients${entityId ? `?entityId=${entityId}` : ''}`);
  return { status: res.status, names: res.status === 200 ? (res.body.items as { name: string }[]).map((c) => c.name) : [], message: res.body?.error?.message };
};

describe('GET and POST /api/company/products: adding a product after sign-up', () => {
  it('a company that chose only HRMS adds CRM: its hub shows it, its entities may hold it, and the change is audited once', async () => {
    const a = await signUpCompany(t, ['hrms']);
    const before = await a.client.get('/company/products');
    expect(before.status).toBe(200);
    expect(before.body.items.map((p: { name: string; held: boolean }) => [p.name, p.held])).toEqual([
      ['ATS', false],
      ['CRM', false],
      ['HRMS', true],
      ['Projects', false],
    ]);
    expect(before.body.items.find((p: { type: string }) => p.type === 'hrms')).toMatchObject({ entityCount: 1, userCount: 0 });
    expect((await a.client.patch(`/entities/${a.entityId}`, { name: 'HQ', country: 'Other', productIds: [ids.hrms, ids.crm] })).body.error.message).toBe(
      ENTITY_MESSAGES.productNotHeld,
    );

    const added = await a.client.post('/company/products', { productId: ids.crm });
    expect(added.status).toBe(200);
    expect(added.body.items.find((p: { type: string }) => p.type === 'crm')).toMatchObject({ held: true, entityCount: 0, userCount: 0 });
    expect(await hub(a.client)).toEqual(['crm', 'hrms']);
    // Again: nothing changes, and no second event.
    expect((await a.client.post('/company/products', { productId: ids.crm })).status).toBe(200);
    const [event, ...more] = await events(a.companyId, 'company.product_added');
    expect(more).toEqual([]);
    expect(event).toMatchObject({ target_id: a.companyId, changes: [{ field: 'products', before: ['HRMS'], after: ['CRM', 'HRMS'] }] });

    // Held by the company, but by no entity yet: nobody can work in it.
    expect((await a.client.get('/crm/context')).status).toBe(403);
    const given = await a.client.patch(`/entities/${a.entityId}`, { name: 'HQ', country: 'Other', productIds: [ids.hrms, ids.crm] });
    expect(given.status).toBe(200);
    expect([...given.body.productIds].sort()).toEqual([ids.crm, ids.hrms].sort());
    expect((await a.client.get('/crm/context')).body.entities.map((e: { id: string }) => e.id)).toEqual([a.entityId]);
    expect((await a.client.post('/crm/clients', { entityId: a.entityId, name: 'First Client' })).status).toBe(201);
  });

  it('answers 404 for a product that is not in the catalogue, and 400 for a malformed body', async () => {
    const a = await signUpCompany(t, ['hrms']);
    const unknown = await a.client.post('/company/products', { productId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(COMPANY_PRODUCT_MESSAGES.notFound);
    expect((await a.client.post('/company/products', { productId: 'crm' })).body.error.message).toBe(COMPANY_PRODUCT_MESSAGES.invalidProduct);
    expect((await a.client.post('/company/products', { productId: ids.crm, companyId: a.companyId })).status).toBe(400);
    expect(await held(a)).toEqual(['hrms']);
  });
});

describe("PATCH /api/entities/{id} with productIds: an entity's products", () => {
  it("taking a product from an entity ends its grants there only, keeps the data, and giving it back shows the data again (grants are not restored)", async () => {
    const a = await signUpCompany(t, ['crm', 'hrms']);
    const branch = await addEntity(a, 'Branch', [ids.crm]);
    const member = await addUser(a, [
      { productId: ids.crm, entityId: a.entityId },
      { productId: ids.crm, entityId: branch },
    ]);
    expect((await a.client.post('/crm/clients', { entityId: a.entityId, name: 'Kept Client' })).status).toBe(201);
    expect((await clientNames(member.client, a.entityId)).names).toEqual(['Kept Client']);
    const { name, country } = (await a.client.get('/entities')).body.items.find((e: { id: string }) => e.id === a.entityId);

    const taken = await a.client.patch(`/entities/${a.entityId}`, { name, country, productIds: [ids.hrms] });
    expect(taken.status).toBe(200);
    expect(taken.body.productIds).toEqual([ids.hrms]);
    expect(await entityProducts(a.entityId)).toEqual(['hrms']);
    expect(await grants(a.companyId, ids.crm)).toEqual([{ user_id: member.id, entity_id: branch }]);
    // Neither the member nor the super admin reaches the entity's CRM any more; the record is still there.
    expect(await clientNames(member.client, a.entityId)).toMatchObject({ status: 404, message: MODULE_MESSAGES.entityNotFound });
    expect(await clientNames(a.client, a.entityId)).toMatchObject({ status: 404 });
    expect((await clientNames(a.client)).names).toEqual([]);
    expect(await t.sql('select name from crm_clients where entity_id = $1', [a.entityId])).toEqual([{ name: 'Kept Client' }]);

    const [updated] = (await events(a.companyId, 'entity.updated')).filter((e) => e.target_id === a.entityId);
    expect(updated!.changes).toEqual([
      { field: 'products', before: ['CRM', 'HRMS'], after: ['HRMS'] },
      { field: 'userGrants', before: 1, after: 0 },
    ]);
    const revoked = (await events(a.companyId, 'user.access_revoked')).filter((e) => e.target_id === member.id);
    expect(revoked.map((e) => e.changes)).toEqual([[
      { field: 'product', before: 'CRM' },
      { field: 'entity', before: name },
      { field: 'entityId', before: a.entityId },
      { field: 'role', before: 'app_admin' },
    ]]);

    const back = await a.client.patch(`/entities/${a.entityId}`, { name, country, productIds: [ids.crm, ids.hrms] });
    expect(back.status).toBe(200);
    expect((await clientNames(a.client, a.entityId)).names).toEqual(['Kept Client']);
    expect((await clientNames(member.client, a.entityId)).status).toBe(404);
    expect(await grants(a.companyId, ids.crm)).toEqual([{ user_id: member.id, entity_id: branch }]);
  });

  it('keeps the products when productIds is left out, and refuses an empty list or a product the company does not hold', async () => {
    const a = await signUpCompany(t, ['crm', 'hrms']);
    const renamed = await a.client.patch(`/entities/${a.entityId}`, { name: 'Renamed', country: 'Other' });
    expect([...renamed.body.productIds].sort()).toEqual([ids.crm, ids.hrms].sort());
    const empty = await a.client.patch(`/entities/${a.entityId}`, { name: 'Renamed', country: 'Other', productIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(ENTITY_MESSAGES.createRequired);
    const notHeld = await a.client.patch(`/entities/${a.entityId}`, { name: 'Not Saved', country: 'Other', productIds: [ids.crm, ids.ats] });
    expect(notHeld.status).toBe(400);
    expect(notHeld.body.error.message).toBe(ENTITY_MESSAGES.productNotHeld);
    // Nothing of the refused save remains.
    expect(await entityProducts(a.entityId)).toEqual(['crm', 'hrms']);
    expect((await t.sql<{ name: string }>('select name from entities where id = $1', [a.entityId]))[0]!.name).toBe('Renamed');
    expect((await a.client.get('/entities')).body.items[0].productIds).toHaveLength(2);
  });
});

describe('DELETE /api/company/products/{id}: removing a product from the company', () => {
  it('ends it at every entity and every grant in one change with its events, keeps the data, and it comes back with the product', async () => {
    const a = await signUpCompany(t, ['crm', 'hrms']);
    const branch = await addEntity(a, 'Branch', [ids.crm, ids.hrms]);
    const member = await addUser(a, [
      { productId: ids.crm, entityId: a.entityId },
      { productId: ids.crm, entityId: branch },
      { productId: ids.hrms, entityId: branch },
    ]);
    expect((await a.client.post('/crm/clients', { entityId: branch, name: 'Branch Client' })).status).toBe(201);
    expect((await a.client.get('/company/products')).body.items.find((p: { type: string }) => p.type === 'crm')).toMatchObject({ entityCount: 2, userCount: 1 });

    const removed = await a.client.delete(`/company/products/${ids.crm}`);
    expect(removed.status).toBe(200);
    expect(removed.body.items.find((p: { type: string }) => p.type === 'crm')).toMatchObject({ held: false, entityCount: 0, userCount: 0 });
    expect(await hub(a.client)).toEqual(['hrms']);
    expect(await hub(member.client)).toEqual(['hrms']);
    expect((await a.client.get('/crm/context')).status).toBe(403);
    expect((await member.client.get('/crm/clients')).body.error.message).toBe(MODULE_MESSAGES.noAccess);
    expect(await entityProducts(branch)).toEqual(['hrms']);
    expect(await grants(a.companyId, ids.crm)).toEqual([]);
    expect(await grants(a.companyId, ids.hrms)).toHaveLength(1);
    expect(await t.sql('select name from crm_clients where entity_id = $1', [branch])).toEqual([{ name: 'Branch Client' }]);

    const [event] = await events(a.companyId, 'company.product_removed');
    expect(event!.changes).toEqual([
      { field: 'products', before: ['CRM', 'HRMS'], after: ['HRMS'] },
      { field: 'entities', before: ['Branch', expect.stringMatching(/^London /)], after: [] },
      { field: 'userGrants', before: 2, after: 0 },
    ]);
    expect((await events(a.companyId, 'user.access_revoked')).filter((e) => e.target_id === member.id)).toHaveLength(2);

    // Back on the company: on the hub at once, but at no entity until one is given it again.
    expect((await a.client.post('/company/products', { productId: ids.crm })).status).toBe(200);
    expect(await hub(a.client)).toEqual(['crm', 'hrms']);
    expect((await a.client.get('/crm/context')).status).toBe(403);
    expect((await a.client.patch(`/entities/${branch}`, { name: 'Branch', country: 'Other', productIds: [ids.crm, ids.hrms] })).status).toBe(200);
    expect((await clientNames(a.client, branch)).names).toEqual(['Branch Client']);
    expect(await hub(member.client)).toEqual(['hrms']);
  });

  it('refuses to remove the last product, and removing one the company does not hold changes nothing', async () => {
    const a = await signUpCompany(t, ['hrms']);
    const last = await a.client.delete(`/company/products/${ids.hrms}`);
    expect(last.status).toBe(400);
    expect(last.body.error.message).toBe(COMPANY_PRODUCT_MESSAGES.lastProduct);
    expect((await a.client.delete(`/company/products/${ids.crm}`)).status).toBe(200);
    expect((await a.client.delete('/company/products/not-a-product')).status).toBe(404);
    expect(await held(a)).toEqual(['hrms']);
    expect(await entityProducts(a.entityId)).toEqual(['hrms']);
    expect(await events(a.companyId, 'company.product_removed')).toEqual([]);
  });
});

describe('who may change products', () => {
  it('members get 403 from every product change and change nothing', async () => {
    const a = await signUpCompany(t, ['crm', 'hrms']);
    const member = await addUser(a, [{ productId: ids.crm, entityId: a.entityId }]);
    expect((await member.client.get('/company/products')).status).toBe(403);
    expect((await member.client.post('/company/products', { productId: ids.ats })).status).toBe(403);
    expect((await member.client.delete(`/company/products/${ids.crm}`)).status).toBe(403);
    expect((await member.client.patch(`/entities/${a.entityId}`, { name: 'Mine', country: 'Other', productIds: [ids.hrms] })).status).toBe(403);
    expect(await held(a)).toEqual(['crm', 'hrms']);
    expect(await entityProducts(a.entityId)).toEqual(['crm', 'hrms']);
    expect(await grants(a.companyId, ids.crm)).toHaveLength(1);
  });

  it("another company's entity answers 404 and keeps its products; a company's removal touches only its own", async () => {
    const a = await signUpCompany(t, ['crm', 'hrms']);
    const b = await signUpCompany(t, ['crm', 'hrms']);
    const res = await b.client.patch(`/entities/${a.entityId}`, { name: 'Hijacked', country: 'Other', productIds: [ids.hrms] });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(ENTITY_MESSAGES.notFound);
    expect((await b.client.delete(`/company/products/${ids.crm}`)).status).toBe(200);
    expect(await held(b)).toEqual(['hrms']);
    expect(await held(a)).toEqual(['crm', 'hrms']);
    expect(await entityProducts(a.entityId)).toEqual(['crm', 'hrms']);
  });
});

describe('two admins changing products at once', () => {
  /** The company's super admin and a second one, signed in on another app instance (another server process). */
  async function twoAdmins() {
    const a = await signUpCompany(t, ['crm', 'hrms']);
    const second = await addUser(a, [{ productId: ids.hrms, entityId: a.entityId }], { role: 'super_admin', peer: true });
    return { a, first: a.client, second: second.client };
  }

  it('removing the last two products at once: one succeeds, the other is refused, one product remains', async () => {
    const { a, first, second } = await twoAdmins();
    const results = await Promise.all([first.delete(`/company/products/${ids.crm}`), second.delete(`/company/products/${ids.hrms}`)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(results.find((r) => r.status === 400)!.body.error.message).toBe(COMPANY_PRODUCT_MESSAGES.lastProduct);
    expect(await held(a)).toHaveLength(1);
    expect(await entityProducts(a.entityId)).toEqual(await held(a));
  });

  it('two edits of one entity at once end in one of them, never in a mix', async () => {
    const { a, first, second } = await twoAdmins();
    const [one, two] = await Promise.all([
      first.patch(`/entities/${a.entityId}`, { name: 'HQ', country: 'Other', productIds: [ids.crm] }),
      second.patch(`/entities/${a.entityId}`, { name: 'HQ', country: 'Other', productIds: [ids.hrms] }),
    ]);
    expect([one!.status, two!.status]).toEqual([200, 200]);
    expect([['crm'], ['hrms']]).toContainEqual(await entityProducts(a.entityId));
    // Each save's "before" is what the other left: the edits ran one after the other.
    const changes = (await events(a.companyId, 'entity.updated')).map((e) => e.changes.find((c) => c.field === 'products'));
    expect(changes).toHaveLength(2);
    expect(changes[1]!.before).toEqual(changes[0]!.after);
  });

  it('a company removal racing an entity being given the product leaves no access row of it behind', async () => {
    const { a, first, second } = await twoAdmins();
    const branch = await addEntity(a, 'Branch', [ids.hrms]);
    const [removal, edit] = await Promise.all([
      first.delete(`/company/products/${ids.crm}`),
      second.patch(`/entities/${branch}`, { name: 'Branch', country: 'Other', productIds: [ids.hrms, ids.crm] }),
    ]);
    expect(removal.status).toBe(200);
    // The edit either came first (and its row was then ended) or was refused: the company no longer held CRM.
    expect([200, 400]).toContain(edit.status);
    expect(await held(a)).toEqual(['hrms']);
    expect(await t.sql('select 1 from entity_product_access where company_id = $1 and product_id = $2', [a.companyId, ids.crm])).toEqual([]);
    const [event] = await events(a.companyId, 'company.product_removed');
    const ended = event!.changes.find((c) => c.field === 'entities')!.before as string[];
    // The removal's event names every entity whose row it ended, the branch included when the edit came first.
    expect(ended.includes('Branch')).toBe(edit.status === 200);
  });
});
