/**
 * A database connection lost in the middle of a request (issue 17, finding 1): that request
 * fails with the generic 500 and its request id, the pool replaces the connection, and the
 * process keeps serving. On PostgreSQL only: the embedded database has no connection to lose.
 * The process-level run (all backends terminated under load) is in src/server/process.test.ts.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isConnectionLost, pgTenantTransaction, requestDb } from '../db/tenant-pg';
import { Client, createTestApp, productId, signUpBody, signUpCompany, type TestApp } from '../test/harness';

describe.runIf(process.env.DATABASE_URL)('a backend terminated while its request waits', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof signUpCompany>>;
  let databaseName: string;
  const connect = async () => {
    const c = new pg.Client({ connectionString: (t.database.db.$client as pg.Pool).options.connectionString });
    await c.connect();
    return c;
  };

  beforeAll(async () => {
    t = await createTestApp();
    a = await signUpCompany(t);
    [{ name: databaseName }] = (await t.sql<{ name: string }>('select current_database() as name')) as [{ name: string }];
  });
  afterAll(() => t?.close());

  /** Holds `table` locked in another connection while `send` runs, and terminates the backend that waits for it. */
  async function terminateWhileWaiting<T>(table: string, send: () => Promise<T>) {
    const locker = await connect();
    try {
      await locker.query('begin');
      await locker.query(`lock table ${table} in access exclusive mode`);
      const pending = send();
      let waiting: number | undefined;
      for (let i = 0; i < 100 && waiting === undefined; i++) {
        const { rows } = await locker.query<{ pid: number }>(
          "select pid from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and pid <> pg_backend_pid()",
          [databaseName],
        );
        waiting = rows[0]?.pid;
        if (waiting === undefined) await new Promise((r) => setTimeout(r, 50));
      }
      expect(waiting, 'a backend waiting on the lock').toBeDefined();
      await locker.query('select pg_terminate_backend($1)', [waiting]);
      const res = await pending;
      await locker.query('rollback');
      return res;
    } finally {
      await locker.end();
    }
  }

  it('a tenant transaction (GET /me/products): the request gets 500 with a request id, the next ones succeed', async () => {
    const res = await terminateWhileWaiting('company_product_access', () => a.client.get('/me/products'));
    expect(res.status).toBe(500);
    expect(res.body.error.requestId).toEqual(expect.any(String));
    // More requests than the pool has connections: every one of them works again.
    const after = await Promise.all(Array.from({ length: 8 }, () => a.client.get('/me/products')));
    expect(after.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect((await new Client(t).get('/ready')).status).toBe(200);
  });

  it('a read whose backend ends: the pool drops that connection at once, so the statement right after gets a live one', async () => {
    const pool = t.database.db.$client as pg.Pool;
    const read = () =>
      requestDb.run({ mode: 'read' }, () =>
        pgTenantTransaction(pool, a.companyId, (tx) => tx.execute(sql`select count(*) from company_product_access`)),
      );
    const outcome = await terminateWhileWaiting('company_product_access', () =>
      read().then(
        () => ({ lost: false, next: 'not run' }),
        // In the same turn as the failure, before node-postgres has seen the socket close: a
        // connection handed back as healthy would be the one this statement gets.
        async (error: unknown) => ({
          lost: isConnectionLost(error),
          next: await pool.query('select 1').then(
            () => 'answered',
            (e: Error) => e.message,
          ),
        }),
      ),
    );
    expect(outcome).toEqual({ lost: true, next: 'answered' });
  });

  it('a sign-up (several inserts in one transaction): 500, nothing half-written, the same sign-up then succeeds', async () => {
    const body = signUpBody({}, [await productId(t, 'crm')]);
    const res = await terminateWhileWaiting('companies', () => new Client(t).post('/auth/sign-up', body));
    expect(res.status).toBe(500);
    expect(res.body.error.requestId).toEqual(expect.any(String));
    expect(await t.sql('select 1 from users where email = $1', [body.email])).toHaveLength(0);
    expect((await new Client(t).post('/auth/sign-up', body)).status).toBe(201);
  });

  it('a write in a tenant transaction (POST /organizations): 500, then the same write succeeds', async () => {
    const res = await terminateWhileWaiting('organizations', () => a.client.post('/organizations', { name: 'Lost Connection Org' }));
    expect(res.status).toBe(500);
    expect((await a.client.post('/organizations', { name: 'Lost Connection Org' })).status).toBe(201);
  });
});
