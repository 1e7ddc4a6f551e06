/** Defence in depth in the database, and atomic multi-step writes. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../db/tenant';
import { Client, createTestApp, productId, signUpBody, signUpCompany, uniqueEmail, type TestApp } from '../test/harness';

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
let b: Awaited<ReturnType<typeof signUpCompany>>;
beforeAll(async () => {
  t = await createTestApp();
  a = await signUpCompany(t, ['crm', 'hrms']);
  b = await signUpCompany(t, ['crm', 'hrms']);
});
afterAll(() => t.close());

const TENANT_TABLES = ['companies', 'organizations', 'entities', 'company_product_access', 'entity_product_access', 'user_product_access'];

describe('row-level security', () => {
  it('the app role is neither superuser nor owner of the tenant tables', async () => {
    const [role] = await t.sql<{ rolsuper: boolean; rolbypassrls: boolean }>("select rolsuper, rolbypassrls from pg_roles where rolname = 'app'");
    expect(role).toEqual({ rolsuper: false, rolbypassrls: false });
    const owners = await t.sql<{ tableowner: string }>(`select tableowner from pg_tables where tablename = any($1)`, [TENANT_TABLES]);
    expect(owners.map((o) => o.tableowner)).not.toContain('app');
    const rls = await t.sql<{ relname: string; relrowsecurity: boolean }>('select relname, relrowsecurity from pg_class where relname = any($1)', [TENANT_TABLES]);
    expect(rls).toHaveLength(TENANT_TABLES.length);
    for (const r of rls) expect(r.relrowsecurity, r.relname).toBe(true);
  });

  it('a query without the company setting sees no rows', async () => {
    const counts = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local role app`);
      const out: Record<string, number> = {};
      for (const table of TENANT_TABLES) {
        const res = await tx.execute(sql.raw(`select count(*)::int as n from ${table}`));
        out[table] = Number((res.rows[0] as { n: number }).n);
      }
      return out;
    });
    for (const table of TENANT_TABLES) expect(counts[table], table).toBe(0);
  });

  it("with company A's setting, only A's rows are visible and B's cannot be written", async () => {
    const seen = await withTenant(t.database.db, a.companyId, async (tx) => {
      const res = await tx.execute(sql`select distinct company_id from organizations`);
      return res.rows.map((r) => (r as { company_id: string }).company_id);
    });
    expect(seen).toEqual([a.companyId]);
    await expect(
      withTenant(t.database.db, a.companyId, (tx) =>
        tx.execute(sql`insert into organizations (name, company_id) values ('Smuggled', ${b.companyId})`),
      ),
    ).rejects.toThrow();
    const updated = await withTenant(t.database.db, a.companyId, async (tx) => {
      const res = await tx.execute(sql`update organizations set name = 'Renamed by A' where company_id = ${b.companyId} returning id`);
      return res.rows.length;
    });
    expect(updated).toBe(0);
  });

  it('the company setting does not outlive its transaction', async () => {
    await withTenant(t.database.db, a.companyId, async () => {});
    const [row] = await t.sql<{ v: string | null }>("select current_setting('app.company_id', true) as v");
    expect(row!.v ?? '').toBe('');
  });
});

describe('atomic writes: a failure injected at each step leaves no partial rows', () => {
  const tableCounts = async () => {
    const tables = ['companies', 'organizations', 'entities', 'users', 'accounts', ...TENANT_TABLES.slice(3)];
    const out: Record<string, number> = {};
    for (const table of tables) out[table] = Number((await t.sql<{ n: string }>(`select count(*) as n from ${table}`))[0]!.n);
    return out;
  };

  async function withFailureOn<T>(table: string, run: () => Promise<T>) {
    await t.sql(`create or replace function inject_failure() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`);
    await t.sql(`create trigger inject_failure before insert on ${table} for each row execute function inject_failure()`);
    try {
      return await run();
    } finally {
      await t.sql(`drop trigger inject_failure on ${table}`);
    }
  }

  it.each(['companies', 'organizations', 'entities', 'users', 'accounts', 'company_product_access', 'entity_product_access'])(
    'sign-up failing at %s',
    async (table) => {
      const before = await tableCounts();
      const res = await withFailureOn(table, async () => new Client(t).post('/auth/sign-up', signUpBody({}, [await productId(t, 'crm')])));
      expect(res.status).toBe(500);
      expect(await tableCounts()).toEqual(before);
    },
  );

  it.each(['entities', 'entity_product_access'])('entity creation failing at %s', async (table) => {
    const before = await tableCounts();
    const res = await withFailureOn(table, () =>
      a.client.post('/entities', { name: `Atomic ${table}`, organizationId: a.organizationId, country: 'Other', productIds: [a.productIds.crm, a.productIds.hrms] }),
    );
    expect(res.status).toBe(500);
    expect(await tableCounts()).toEqual(before);
  });

  it.each(['users', 'accounts', 'user_product_access'])('user creation failing at %s', async (table) => {
    const before = await tableCounts();
    const res = await withFailureOn(table, () =>
      a.client.post('/users', {
        firstName: 'Atomic',
        lastName: 'User',
        email: uniqueEmail('atomic'),
        password: 'secret123',
        confirmPassword: 'secret123',
        access: [{ productId: a.productIds.crm, entityId: a.entityId, roleType: 'app_admin' }],
      }),
    );
    expect(res.status).toBe(500);
    expect(res.body.error).toMatchObject({ code: 'internal_error', message: 'An unexpected error occurred' });
    expect(JSON.stringify(res.body)).not.toMatch(/injected|trigger|stack|at /);
    expect(await tableCounts()).toEqual(before);
  });
});
