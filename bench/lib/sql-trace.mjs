// Preload (`node --import tsx --import ./bench/lib/sql-trace.mjs src/server/main.ts`) that records
// every statement the server sends through node-postgres, with its parameters, one JSON line each,
// to the file named by BENCH_SQL_TRACE. Used once, on a separate server process, to find the exact
// SQL of one request for the pgbench baseline; the measured servers do not load it.
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const out = process.env.BENCH_SQL_TRACE;
const require = createRequire(import.meta.url);
const pg = require('pg');
const original = pg.Client.prototype.query;

const serialize = (v) => (v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : Buffer.isBuffer(v) ? v.toString('hex') : String(v));

pg.Client.prototype.query = function query(config, values, callback) {
  if (out) {
    try {
      const text = typeof config === 'string' ? config : config && config.text;
      const name = config && typeof config === 'object' && typeof config.name === 'string' ? config.name : undefined;
      const params = config && typeof config === 'object' && Array.isArray(config.values) ? config.values : Array.isArray(values) ? values : [];
      if (text) appendFileSync(out, `${JSON.stringify({ at: Date.now(), text, name, values: params.map(serialize) })}\n`);
    } catch {
      // tracing must never break a query
    }
  }
  return original.call(this, config, values, callback);
};
