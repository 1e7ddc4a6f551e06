import { PGlite, types } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIZZLE_PARSERS, withInstanceParsers } from './pglite-parsers';

const events = pgTable('events', {
  name: text('name').primaryKey(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  // without a time zone drizzle appends +0000 to the text it expects: a Date here would break it
  local: timestamp('local').notNull(),
});

describe('PGlite with drizzle parsers set once on the instance', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create(undefined, { parsers: DRIZZLE_PARSERS });
    await client.exec('create table events (name text primary key, at timestamptz not null, local timestamp not null)');
  });
  afterAll(() => client.close());

  it('maps timestamps the way drizzle expects, inside and outside transactions', async () => {
    const db = drizzle({ client: withInstanceParsers(client) });
    const at = new Date('2026-11-22T03:04:05.678Z');
    await db.transaction(async (tx) => {
      await tx.insert(events).values({ name: 'launch', at, local: at });
      expect((await tx.select().from(events))[0]).toEqual({ name: 'launch', at, local: at });
    });
    const [row] = await db.select().from(events);
    expect(row).toEqual({ name: 'launch', at, local: at });
    // the instance itself hands timestamps over as text
    expect((await client.query<{ at: unknown }>('select at from events')).rows[0]!.at).toEqual(expect.any(String));
  });

  it('still applies parsers the instance does not have', async () => {
    const wrapped = withInstanceParsers(client);
    const result = await wrapped.query<{ n: string }>('select 41 as n', [], { parsers: { [types.INT4]: (v: string) => `#${Number(v) + 1}` } });
    expect(result.rows[0]!.n).toBe('#42');
    const db = drizzle({ client: wrapped });
    expect((await db.execute(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
  });
});
