import { readFileSync, writeFileSync } from 'node:fs';
import { runProgram } from './proc';

export interface TracedStatement {
  at: number;
  text: string;
  /** Set for a named prepared statement (parsed and planned once per connection). */
  name?: string;
  values: (string | null)[];
  /** The pipeline it was sent in (src/server/db/pipeline.ts: statements sent together, one Sync). */
  pipeline?: number;
}

export function readTrace(path: string): TracedStatement[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return [];
  }
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as TracedStatement);
}

/**
 * A pgbench script running exactly the traced statements, in order, as one pgbench transaction.
 * Each distinct parameter value becomes a pgbench variable (passed with -D), and `$n` placeholders
 * become `:var`, which pgbench's extended protocol sends as bind parameters like node-postgres does.
 *
 * A statement the server sends as a named prepared statement is prepared the same way here: once
 * per pgbench connection (`PREPARE`, guarded by a per-client variable), then `EXECUTE`d with its
 * values as literals (EXECUTE takes no bind parameters).
 *
 * Statements the server sent in one pipeline go between `\startpipeline` and `\endpipeline`:
 * pgbench sends them together with one Sync, as the server does (one round trip, one implicit
 * transaction).
 */
export function pgbenchScript(statements: TracedStatement[]) {
  const vars = new Map<string, string>();
  const flags: string[] = [];
  const lines = statements.flatMap((st, i) => {
    const previous = statements[i - 1]?.pipeline;
    const next = statements[i + 1]?.pipeline;
    const opens = st.pipeline !== undefined && previous !== st.pipeline ? ['\\startpipeline'] : [];
    const closes = st.pipeline !== undefined && next !== st.pipeline ? ['\\endpipeline'] : [];
    return [...opens, ...statementLines(st), ...closes];
  });
  function statementLines(st: TracedStatement): string[] {
    const oneLine = st.text.replace(/\s+/g, ' ').trim().replace(/;$/, '');
    const valueOf = (n: string) => {
      const value = st.values[Number(n) - 1];
      if (value === null || value === undefined) throw new Error(`statement ${oneLine} has a null parameter $${n}`);
      return value;
    };
    if (st.name) {
      if (!/^\w+$/.test(st.name)) throw new Error(`unexpected statement name ${st.name}`);
      const flag = `prepared_${st.name}`;
      if (!flags.includes(flag)) flags.push(flag);
      const literals = st.values.map((_, i) => `'${valueOf(String(i + 1)).replace(/'/g, "''")}'`);
      return [`\\if :${flag} = 0`, `prepare ${st.name} as ${oneLine};`, `\\set ${flag} 1`, '\\endif', `execute ${st.name}${literals.length ? `(${literals.join(', ')})` : ''};`];
    }
    return [
      `${oneLine.replace(/\$(\d+)/g, (_, n: string) => {
        const value = valueOf(n);
        let name = vars.get(value);
        if (!name) {
          name = `v${vars.size + 1}`;
          vars.set(value, name);
        }
        return `:${name}`;
      })};`,
    ];
  }
  return { script: `${lines.join('\n')}\n`, defines: [...flags.map((f) => `${f}=0`), ...[...vars].map(([value, name]) => `${name}=${value}`)] };
}

/**
 * The traced statements as a server without pipelining sends them (figure 2's floor): one round
 * trip each. A pipeline that is not an explicit transaction is one implicit transaction on the
 * server (its `set_config(…, true)` settings hold for its later statements), so it is sent
 * between `begin` and `commit` here.
 */
export function oneByOne(statements: TracedStatement[]): TracedStatement[] {
  return statements.flatMap((st, i) => {
    const group = st.pipeline;
    if (group === undefined) return [st];
    const first = statements.findIndex((s) => s.pipeline === group);
    const last = statements.findLastIndex((s) => s.pipeline === group);
    if (first === last || /^\s*begin\b/i.test(statements[first]!.text)) return [st];
    const wrap = (text: string): TracedStatement => ({ at: st.at, text, values: [] });
    return [...(i === first ? [wrap('begin')] : []), st, ...(i === last ? [wrap('commit')] : [])];
  });
}

export interface PgbenchResult {
  tps: number;
  latencyMs: number | null;
  transactions: number | null;
  failed: number | null;
  raw: string;
}

export async function runPgbench(opts: {
  scriptPath: string;
  script: string;
  defines: string[];
  database: string;
  clients: number;
  threads: number;
  durationSec: number;
}): Promise<PgbenchResult> {
  writeFileSync(opts.scriptPath, opts.script);
  const args = [
    '-h', '127.0.0.1', '-p', '5432', '-U', 'postgres',
    '-n', '-M', 'extended',
    '-c', String(opts.clients), '-j', String(opts.threads), '-T', String(opts.durationSec),
    '-f', opts.scriptPath,
    ...opts.defines.flatMap((d) => ['-D', d]),
    opts.database,
  ];
  const { stdout } = await runProgram('/usr/bin/pgbench', args, { timeoutMs: (opts.durationSec + 30) * 1000 });
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
  if (!tps) throw new Error(`pgbench printed no tps: ${stdout}`);
  const latency = /latency average = ([\d.]+) ms/.exec(stdout);
  const txns = /number of transactions actually processed: (\d+)/.exec(stdout);
  const failed = /number of failed transactions: (\d+)/.exec(stdout);
  return {
    tps: Number(tps[1]),
    latencyMs: latency ? Number(latency[1]) : null,
    transactions: txns ? Number(txns[1]) : null,
    failed: failed ? Number(failed[1]) : null,
    raw: stdout,
  };
}
