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

const { prepareValue } = require('pg/lib/utils.js');
// As node-postgres sends a value (an array as a PostgreSQL array literal, a Buffer as hex).
const serialize = (v) => (v === null || v === undefined ? null : Buffer.isBuffer(v) ? v.toString('hex') : String(prepareValue(v)));
let pipelines = 0;

const record = (entry) => appendFileSync(out, `${JSON.stringify({ at: Date.now(), ...entry })}\n`);

pg.Client.prototype.query = function query(config, values, callback) {
  if (out) {
    try {
      if (config && typeof config === 'object' && typeof config.submit === 'function' && Array.isArray(config.statements)) {
        // A pipeline (src/server/db/pipeline.ts): its statements, sent together with one Sync.
        const pipeline = ++pipelines;
        for (const st of config.statements) record({ text: st.text, pipeline, values: (st.values ?? []).map(serialize) });
      } else {
        const text = typeof config === 'string' ? config : config && config.text;
        const name = config && typeof config === 'object' && typeof config.name === 'string' ? config.name : undefined;
        const params = config && typeof config === 'object' && Array.isArray(config.values) ? config.values : Array.isArray(values) ? values : [];
        if (text) record({ text, name, values: params.map(serialize) });
      }
    } catch {
      // tracing must never break a query
    }
  }
  return original.call(this, config, values, callback);
};
