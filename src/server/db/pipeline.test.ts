import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRoundTripProxy, type RoundTripProxy } from '../test/round-trip-proxy';
import { PipelineSkipped, runPipeline, Pipeline } from './pipeline';

const databaseUrl = process.env.DATABASE_URL;

describe.runIf(databaseUrl)('pipeline (PostgreSQL)', () => {
  let proxy: RoundTripProxy;
  let client: pg.Client;

  beforeAll(async () => {
    const target = new URL(databaseUrl!);
    proxy = await startRoundTripProxy({ target: { host: target.hostname, port: Number(target.port || 5432) } });
    client = new pg.Client({ connectionString: proxy.url(databaseUrl!) });
    await client.connect();
  });

  afterAll(async () => {
    await client.end();
    await proxy.close();
  });

  it('sends several statements with their parameters in one round trip and returns each one’s rows, typed', async () => {
    proxy.reset();
    const [a, b, c] = await runPipeline(client, [
      { text: 'select $1::int as n, $2::text as t', values: [41, 'x'] },
      { text: 'select $1::int + 1 as n, true as yes, null::text as nothing', values: [41] },
      { text: 'select g from generate_series(1, 3) g', rowMode: 'array' },
    ]);
    expect(proxy.roundTrips()).toBe(1);
    expect(a!.rows).toEqual([{ n: 41, t: 'x' }]);
    expect(b!.rows).toEqual([{ n: 42, yes: true, nothing: null }]);
    expect(c!.rows).toEqual([[1], [2], [3]]);
    expect(c!.rowCount).toBe(3);
  });

  it('runs the statements before one Sync in one implicit transaction: a local setting lasts until the Sync, then is gone', async () => {
    const [, seen] = await runPipeline(client, [
      { text: "select set_config('app.company_id', $1, true)", values: ['c-1'] },
      { text: "select current_setting('app.company_id', true) as v" },
    ]);
    expect(seen!.rows).toEqual([{ v: 'c-1' }]);
    const [after] = await runPipeline(client, [{ text: "select current_setting('app.company_id', true) as v" }]);
    expect(after!.rows[0]).toMatchObject({ v: '' });
  });

  it('fails the statement that errs, skips the rest, rolls back the implicit transaction and leaves the connection usable', async () => {
    await client.query('create temp table if not exists pipeline_t (n int primary key)');
    const pipeline = new Pipeline();
    const first = pipeline.add({ text: 'insert into pipeline_t values (1) returning n' });
    const bad = pipeline.add({ text: 'select 1 / $1::int', values: [0] });
    const skipped = pipeline.add({ text: 'insert into pipeline_t values (2)' });
    for (const p of [first, bad, skipped]) p.catch(() => {});
    void client.query(pipeline as unknown as pg.QueryConfig);
    await pipeline.done;
    await expect(first).resolves.toMatchObject({ rows: [{ n: 1 }], command: 'INSERT' });
    await expect(bad).rejects.toMatchObject({ code: '22012' });
    await expect(skipped).rejects.toBeInstanceOf(PipelineSkipped);
    // The insert that succeeded was in the same implicit transaction: rolled back with it.
    const { rows } = await client.query('select count(*)::int as n from pipeline_t');
    expect(rows).toEqual([{ n: 0 }]);
  });

  it('queues behind the connection’s other queries and keeps their order', async () => {
    const plain = client.query('select 1 as one');
    const piped = runPipeline(client, [{ text: 'select 2 as two' }, { text: 'select 3 as three' }]);
    const after = client.query('select 4 as four');
    expect((await plain).rows).toEqual([{ one: 1 }]);
    expect((await piped).map((r) => r.rows)).toEqual([[{ two: 2 }], [{ three: 3 }]]);
    expect((await after).rows).toEqual([{ four: 4 }]);
  });

  it('an error in a pipeline inside an explicit transaction leaves it failed until rolled back', async () => {
    await client.query('begin');
    await expect(runPipeline(client, [{ text: 'select 1' }, { text: 'select nope' }])).rejects.toMatchObject({ code: '42703' });
    await expect(client.query('select 1')).rejects.toMatchObject({ code: '25P02' });
    await client.query('rollback');
    expect((await client.query('select 1 as ok')).rows).toEqual([{ ok: 1 }]);
  });
});
