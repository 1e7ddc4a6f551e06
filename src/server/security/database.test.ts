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

  it("users are under row-level security: with company A's setting only A's users exist (issue 17, finding 13)", async () => {
    const [rls] = await t.sql<{ relrowsecurity: boolean }>("select relrowsecurity from pg_class where relname = 'users'");
    expect(rls!.relrowsecurity).toBe(true);
    const seen = await withTenant(t.database.db, a.companyId, async (tx) => {
      const res = await tx.execute(sql`select id, company_id from users`);
      return res.rows as { id: string; company_id: string }[];
    });
    expect(seen.map((r) => r.company_id)).toEqual([a.companyId]);
    expect(seen.map((r) => r.id)).toContain(a.userId);
    // B's user cannot be read by id, changed or deleted.
    const reach = await withTenant(t.database.db, a.companyId, async (tx) => ({
      read: (await tx.execute(sql`select 1 from users where id = ${b.userId}`)).rows.length,
      updated: (await tx.execute(sql`update users set first_name = 'Taken' where id = ${b.userId} returning id`)).rows.length,
      deleted: (await tx.execute(sql`delete from users where id = ${b.userId} returning id`)).rows.length,
    }));
    expect(reach).toEqual({ read: 0, updated: 0, deleted: 0 });
    expect(await t.sql("select 1 from users where id = $1 and first_name <> 'Taken'", [b.userId])).toHaveLength(1);
    // Nor can a user be written into B.
    await expect(
      withTenant(t.database.db, a.companyId, (tx) =>
        tx.execute(sql`insert into users (name, email, first_name, last_name, company_id) values ('x', ${uniqueEmail('smuggled')}, 'x', 'x', ${b.companyId})`),
      ),
    ).rejects.toThrow();
    // Without the setting, no user at all.
    const none = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local role app`);
      return (await tx.execute(sql`select count(*)::int as n from users`)).rows[0] as { n: number };
    });
    expect(Number(none.n)).toBe(0);
  });

  it.each(['accounts', 'sessions', 'verifications', 'two_factors'])('the app role cannot read or write %s at all', async (table) => {
    const attempt = (statement: string) =>
      withTenant(t.database.db, a.companyId, (tx) => tx.execute(sql.raw(statement))).then(
        () => 'allowed',
        (e: { cause?: { code?: string }; code?: string }) => e.cause?.code ?? e.code,
      );
    expect(await attempt(`select * from ${table} limit 1`)).toBe('42501');
    expect(await attempt(`update ${table} set updated_at = now()`)).toBe('42501');
    expect(await attempt(`delete from ${table}`)).toBe('42501');
    expect(Number((await t.sql<{ n: string }>(`select count(*) as n from ${table}`))[0]!.n)).toBeGreaterThanOrEqual(['verifications', 'two_factors'].includes(table) ? 0 : 2);
  });

  it('the app role reads the product catalogue but cannot change it for every company', async () => {
    const attempt = (statement: string) =>
      withTenant(t.database.db, a.companyId, (tx) => tx.execute(sql.raw(statement))).then(
        () => 'allowed',
        (e: { cause?: { code?: string }; code?: string }) => e.cause?.code ?? e.code,
      );
    expect(await attempt('select * from products limit 1')).toBe('allowed');
    expect(await attempt("update products set name = 'Renamed'")).toBe('42501');
    expect(await attempt("insert into products (name, type, description) values ('X', 'crm', 'x')")).toBe('42501');
    expect(await attempt('delete from products')).toBe('42501');
    expect((await t.sql<{ name: string }>("select name from products where type = 'crm'"))[0]!.name).toBe('CRM');
  });

  it("the credential function adds only a first credential, only for the transaction's own company", async () => {
    const call = (companyId: string, userId: string) =>
      withTenant(t.database.db, companyId, (tx) => tx.execute(sql`select app_add_credential_account(${userId}::uuid, 'x:y')`)).then(
        () => 'allowed',
        (e: { cause?: { code?: string }; code?: string }) => e.cause?.code ?? e.code,
      );
    const before = await t.sql<{ password: string }>('select password from accounts where user_id = $1', [b.userId]);
    expect(await call(a.companyId, b.userId)).toBe('42501'); // another company's user
    expect(await call(b.companyId, b.userId)).toBe('42501'); // a second password for an existing user
    expect(await t.sql('select password from accounts where user_id = $1', [b.userId])).toEqual(before);
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
