import { PGlite, types } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStatementCache, DRIZZLE_PARSERS, forDrizzle, type StatementCache } from './pglite-driver';

const events = pgTable('events', {
  name: text('name').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  // without a time zone drizzle appends +0000 to the text it expects: a Date here would break it
  local: timestamp('local').notNull(),
  count: integer('count').notNull().default(0),
});

describe('PGlite for drizzle', () => {
  let client: PGlite;
  let cache: StatementCache;
  let db: ReturnType<typeof drizzle>;
  beforeAll(async () => {
    client = await PGlite.create(undefined, { parsers: DRIZZLE_PARSERS });
    await client.exec('create table events (name text primary key, at timestamptz not null, local timestamp not null, count integer not null default 0)');
    cache = createStatementCache();
    db = drizzle({ client: forDrizzle(client, cache) });
  });
  afterAll(() => client.close());

  const preparedNames = async () => (await client.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map((r) => r.name);

  it('maps timestamps the way drizzle expects, inside and outside transactions, first run and prepared', async () => {
    const at = new Date('2026-11-22T03:04:05.678Z');
    await db.transaction(async (tx) => {
      await tx.insert(events).values({ name: 'launch', at, local: at });
      expect((await tx.select().from(events))[0]).toEqual({ name: 'launch', at, local: at, count: 0 });
    });
    for (let run = 0; run < 3; run++) {
      expect(await db.select().from(events).where(eq(events.name, 'launch'))).toEqual([{ name: 'launch', at, local: at, count: 0 }]);
    }
    // the instance itself hands timestamps over as text
    expect((await client.query<{ at: unknown }>('select at from events')).rows[0]!.at).toEqual(expect.any(String));
  });

  it('prepares a statement the second time it runs and executes it with its values from then on', async () => {
    const before = await preparedNames();
    const read = (name: string) => db.select({ name: events.name, count: events.count }).from(events).where(eq(events.name, name));
    expect(await read("o'brien \\ co")).toEqual([]);
    expect(await preparedNames()).toEqual(before);
    await db.insert(events).values({ name: "o'brien \\ co", at: new Date(), local: new Date(), count: 7 });
    expect(await read("o'brien \\ co")).toEqual([{ name: "o'brien \\ co", count: 7 }]);
    expect((await preparedNames()).length).toBe(before.length + 1);
    expect(await read('nobody')).toEqual([]);
  });

  it('gives the same errors and row counts through prepared writes', async () => {
    const add = (name: string) => db.insert(events).values({ name, at: new Date(), local: new Date() });
    await add('a');
    await add('b'); // second run: prepared
    const error = await add('a').catch((e: unknown) => e);
    const cause = (error as { cause?: { code?: string; constraint?: string } }).cause ?? (error as { code?: string; constraint?: string });
    expect(cause).toMatchObject({ code: '23505', constraint: 'events_pkey' });
    for (let i = 0; i < 2; i++) {
      const bumped = await db.update(events).set({ count: sql`${events.count} + 1` }).where(eq(events.name, 'b')).returning({ count: events.count });
      expect(bumped).toEqual([{ count: i + 1 }]);
    }
  });

  it('keeps working inside a transaction that fails, and after it', async () => {
    const read = () => db.select({ name: events.name }).from(events).where(eq(events.name, 'rolled-back'));
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(events).values({ name: 'rolled-back', at: new Date(), local: new Date() });
        await tx.select({ name: events.name }).from(events).where(eq(events.name, 'rolled-back'));
        await tx.select({ name: events.name }).from(events).where(eq(events.name, 'rolled-back'));
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await read()).toEqual([]);
  });

  it('still applies parsers the instance does not have', async () => {
    const wrapped = forDrizzle(client);
    const result = await wrapped.query<{ n: string }>('select 41 as n', [], { parsers: { [types.INT4]: (v: string) => `#${Number(v) + 1}` } });
    expect(result.rows[0]!.n).toBe('#42');
    expect((await db.execute(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
  });

  it('a NUL in a value of a prepared statement fails that query cleanly and breaks nothing after it (issue 17, finding 6)', async () => {
    const read = (name: string) => db.select({ name: events.name }).from(events).where(eq(events.name, name));
    await read('warm-up');
    await read('warm-up'); // now prepared
    const error = (await read('a\u0000b').catch((e: unknown) => e)) as { message?: string; cause?: { message?: string } };
    const message = error.cause?.message ?? error.message ?? '';
    // The database's own refusal of the value, not a broken protocol message.
    expect(message).not.toMatch(/invalid message format/);
    expect(message).toMatch(/0x00|null character|invalid byte sequence/i);
    // The cached statement and the connection keep working for everyone else.
    for (let run = 0; run < 3; run++) expect(await read('launch')).toEqual([{ name: 'launch' }]);
    expect(await db.transaction(async (tx) => (await tx.select({ n: sql<number>`1` }).from(events).limit(1)).length)).toBe(1);
  });
});
