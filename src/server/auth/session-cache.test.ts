/**
 * The session cache (issue 36) on PostgreSQL: a session revoked anywhere is refused at once by a
 * process that has it cached, because the request's first pipeline checks it
 * (app_check_session, migration 0043). PGlite has no cache.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, signUpCompany, type TestApp } from '../test/harness';

const databaseUrl = process.env.DATABASE_URL;

describe.runIf(databaseUrl)('session cache across processes (PostgreSQL)', () => {
  let t: TestApp;
  /** Another server process on the same database: its own pool and its own cache. */
  let b: TestApp['app'];

  beforeAll(async () => {
    t = await createTestApp();
    b = await t.peer();
  });
  afterAll(async () => {
    await t.close();
  });

  /** A company whose admin's session process A has cached (two reads). */
  async function cachedOnA() {
    const company = await signUpCompany(t, ['crm']);
    const a = company.client;
    for (let i = 0; i < 2; i++) expect((await a.get('/me/products')).status).toBe(200);
    const onB = new Client({ app: b });
    onB.cookie = a.cookie;
    return { company, a, onB };
  }

  it('a session signed out on process B is refused by process A at once, on a tenant read and on a route without one', async () => {
    const { a, onB } = await cachedOnA();
    expect((await a.get('/me/sessions')).status).toBe(200);
    expect((await onB.post('/auth/sign-out')).status).toBeLessThan(300);
    const cookie = a.cookie;
    expect((await a.get('/me/products')).status).toBe(401);
    a.cookie = cookie;
    expect((await a.get('/me/sessions')).status).toBe(401);
  });

  it('a session ended behind every server’s back (expired in the database, no event sent) is refused at once', async () => {
    const { company, a } = await cachedOnA();
    await t.sql("update sessions set expires_at = now() - interval '1 second' where user_id = $1", [company.userId]);
    expect((await a.get('/me/products')).status).toBe(401);
  });

  it('a write with a session ended behind the server’s back is refused at once and writes nothing', async () => {
    const { company, a } = await cachedOnA();
    await t.sql("update sessions set expires_at = now() - interval '1 second' where user_id = $1", [company.userId]);
    const res = await a.post('/crm/leads', { entityId: company.entityId, name: 'Lead', companyName: 'Co', email: 'lead@example.com', source: 'website' });
    expect(res.status).toBe(401);
    const [{ n }] = (await t.sql<{ n: number }>('select count(*)::int as n from crm_leads where entity_id = $1', [company.entityId])) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('a write on a route without a tenant transaction (end my other sessions) with a session ended behind the server’s back is refused and ends nothing', async () => {
    const { company, a } = await cachedOnA();
    const other = new Client(t);
    expect((await other.post('/auth/sign-in', { email: company.email, password: company.password })).status).toBe(200);
    // A's session (the first of the two) expired in the database, no event sent: only A's cache knows it.
    await t.sql(
      "update sessions set expires_at = now() - interval '1 second' where id = (select id from sessions where user_id = $1 order by created_at limit 1)",
      [company.userId],
    );
    expect((await a.post('/me/sessions/sign-out-others')).status).toBe(401);
    // The session that stayed signed in is still in force: the ended one changed nothing.
    expect((await other.get('/me/sessions')).status).toBe(200);
  });

  it('grants cached with the session follow a change made elsewhere at once: the entity loses CRM, the list is refused; given back, it answers', async () => {
    const { company, a } = await cachedOnA();
    expect((await a.get(`/crm/leads?entityId=${company.entityId}`)).status).toBe(200);
    expect((await a.get(`/crm/leads?entityId=${company.entityId}`)).status).toBe(200);
    // Straight in the database, as a second process or psql would.
    const [access] = await t.sql('delete from entity_product_access where entity_id = $1 returning *', [company.entityId]);
    expect((await a.get(`/crm/leads?entityId=${company.entityId}`)).status).toBe(403);
    expect((await a.get(`/crm/leads?entityId=${company.entityId}`)).status).toBe(403);
    // Given back: a refusal judged on the cached (empty) grants is not given before the check.
    const row = access as Record<string, unknown>;
    const columns = Object.keys(row);
    // Its access event lost (as while a process's LISTEN connection is down): only the check can tell.
    await t.sql('alter table entity_product_access disable trigger entity_product_access_change');
    try {
      await t.sql(
        `insert into entity_product_access (${columns.join(', ')}) values (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
        columns.map((c) => row[c]),
      );
    } finally {
      await t.sql('alter table entity_product_access enable trigger entity_product_access_change');
    }
    expect((await a.get(`/crm/leads?entityId=${company.entityId}`)).status).toBe(200);
    // The session itself still holds: other reads go on.
    expect((await a.get('/me/products')).status).toBe(200);
  });

  it('a write after its access ended elsewhere, its event lost: the cached session and grants are not trusted, 403 and nothing written', async () => {
    const { company, a } = await cachedOnA();
    const lead = (n: number) => ({ entityId: company.entityId, name: `Lead ${n}`, companyName: 'Co', email: `lead${n}@example.com`, source: 'website' });
    expect((await a.post('/crm/leads', lead(1))).status).toBe(201);
    // The entity loses CRM straight in the database with its access event lost (as while a
    // process's LISTEN connection is down): the access version still moves, only the check can tell.
    await t.sql('alter table entity_product_access disable trigger entity_product_access_change');
    try {
      await t.sql('delete from entity_product_access where entity_id = $1', [company.entityId]);
    } finally {
      await t.sql('alter table entity_product_access enable trigger entity_product_access_change');
    }
    expect((await a.post('/crm/leads', lead(2))).status).toBe(403);
    const [{ n }] = (await t.sql<{ n: number }>('select count(*)::int as n from crm_leads where entity_id = $1', [company.entityId])) as [{ n: number }];
    expect(n).toBe(1);
  });

  it('a moved version with the session still in force: the request is answered, read again under the fresh session', async () => {
    const { company, a } = await cachedOnA();
    await t.sql('update users set access_version = access_version + 1 where id = $1', [company.userId]);
    expect((await a.get(`/crm/leads?entityId=${company.entityId}`)).status).toBe(200);
    expect((await a.get('/me/products')).status).toBe(200);
  });
});
