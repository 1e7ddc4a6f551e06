import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { startRoundTripProxy, type RoundTripProxy } from './round-trip-proxy';

const databaseUrl = process.env.DATABASE_URL;

describe.runIf(databaseUrl)('round-trip proxy (PostgreSQL)', () => {
  const opened: { proxy: RoundTripProxy; client: pg.Client }[] = [];

  async function connect(delayMs?: number) {
    const target = new URL(databaseUrl!);
    const proxy = await startRoundTripProxy({
      target: { host: target.hostname, port: Number(target.port || 5432) },
      delayMs,
    });
    const client = new pg.Client({ connectionString: proxy.url(databaseUrl!) });
    opened.push({ proxy, client });
    await client.connect();
    return { proxy, client };
  }

  afterEach(async () => {
    for (const { proxy, client } of opened.splice(0)) {
      await client.end().catch(() => {});
      await proxy.close();
    }
  });

  it('does not count the startup; select 1 three times counts 3', async () => {
    const { proxy, client } = await connect();
    expect(proxy.roundTrips()).toBe(0);
    for (let i = 0; i < 3; i++) await client.query('select 1');
    expect(proxy.roundTrips()).toBe(3);
    proxy.reset();
    expect(proxy.roundTrips()).toBe(0);
    await client.query('select $1::int as n', [1]); // extended protocol: one write, one answer
    expect(proxy.roundTrips()).toBe(1);
  });

  it('begin, select, commit counts 3', async () => {
    const { proxy, client } = await connect();
    await client.query('begin');
    await client.query('select 1');
    await client.query('commit');
    expect(proxy.roundTrips()).toBe(3);
  });

  it('a multi-statement simple query counts 1', async () => {
    const { proxy, client } = await connect();
    await client.query("begin; set local statement_timeout = '5s'; select 1; select 2; commit");
    expect(proxy.roundTrips()).toBe(1);
  });

  it('a connection closed (its Terminate: what a pool sends to an idle connection) is not a round trip', async () => {
    const { proxy, client } = await connect();
    await client.query('select 1');
    await client.end();
    await new Promise((r) => setTimeout(r, 50));
    expect(proxy.roundTrips()).toBe(1);
  });

  it('counts per connection', async () => {
    const { proxy, client } = await connect();
    const other = new pg.Client({ connectionString: proxy.url(databaseUrl!) });
    await other.connect();
    try {
      await client.query('select 1');
      await other.query('select 1');
      await other.query('select 2');
      expect(proxy.roundTrips()).toBe(3);
      expect([...proxy.perConnection().values()].sort()).toEqual([1, 2]);
      expect(proxy.openConnections()).toBe(2);
    } finally {
      await other.end();
    }
  });

  it('with delayMs 5 a query takes at least 10 ms (5 each way)', async () => {
    const { proxy, client } = await connect(5);
    await client.query('select 1'); // warm
    const started = performance.now();
    await client.query('select 1');
    expect(performance.now() - started).toBeGreaterThanOrEqual(10);
    expect(proxy.roundTrips()).toBe(2);
  });

  it('keeps the order of chunks when delayed (a many-chunk answer arrives whole and in order)', async () => {
    const { client } = await connect(1);
    const result = await client.query('select n from generate_series(1, 50000) as n');
    expect(result.rows.length).toBe(50000);
    expect(result.rows.every((row: { n: number }, i: number) => row.n === i + 1)).toBe(true);
  });
});
