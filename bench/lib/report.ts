import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { cleanupAll, installExitHandlers } from './cleanup';

export interface Figure {
  id: string;
  name: string;
  ours: string;
  baseline: string;
  /** ours ÷ baseline, when the figure is a ratio. */
  ratio: number | null;
  goal: string;
  pass: boolean | null;
  note?: string;
}

export const fmt = {
  rps: (n: number | null | undefined) => (n === null || n === undefined ? '—' : `${Math.round(n).toLocaleString('en-US')} req/s`),
  ms: (n: number | null | undefined) => (n === null || n === undefined ? '—' : `${n < 10 ? n.toFixed(2) : n < 100 ? n.toFixed(1) : Math.round(n)} ms`),
  kb: (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`,
  ratio: (r: number | null) => (r === null || !Number.isFinite(r) ? '—' : r.toFixed(2)),
};

const esc = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function markdownTable(figures: Figure[]) {
  const head = '| # | figure | ours | baseline | ratio | goal | result |\n|---|---|---|---|---|---|---|';
  const rows = figures.map(
    (f) => `| ${f.id} | ${esc(f.name)} | ${esc(f.ours)} | ${esc(f.baseline)} | ${fmt.ratio(f.ratio)} | ${esc(f.goal)} | ${f.pass === null ? 'n/a' : f.pass ? 'pass' : '**FAIL**'} |`,
  );
  return [head, ...rows].join('\n');
}

/** Writes `<base>.md` and `<base>.json` (latest.* for run.ts, modules.* for modules.ts). */
export function writeResults(dir: string, md: string, json: unknown, base = 'latest') {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${base}.md`), md);
  writeFileSync(join(dir, `${base}.json`), `${JSON.stringify(json, null, 2)}\n`);
}

/** What a results file says of the run itself. */
export type RunMeta = Record<string, unknown> & { finishedAt: string; durationSec: number; loadStart: string; loadEnd: string; node: string };

const loadAverage = () => loadavg().map((x) => x.toFixed(2)).join(' ');

/**
 * The frame of a bench program: runs `main` under the time budget, cleans up whatever it started,
 * writes `<base>.md` and `<base>.json` (also after a failure, saying so), logs each figure and
 * exits: 1 when the run failed, 2 under BENCH_STRICT when a figure failed, otherwise 0.
 */
export async function runBench<R extends { figures: Figure[] }>(o: {
  base: 'latest' | 'modules' | 'roundtrips';
  dir: string;
  deadlineMs: number;
  elapsed: () => number;
  log: (s: string) => void;
  results: R;
  meta: Record<string, unknown>;
  main: (results: R) => Promise<void>;
  render: (results: R, meta: RunMeta, error: string | null) => string;
}): Promise<never> {
  const loadStart = loadAverage();
  installExitHandlers(o.deadlineMs);
  let error: string | null = null;
  try {
    await o.main(o.results);
  } catch (e) {
    error = (e as Error).stack ?? String(e);
    o.log(`FAILED: ${error}`);
  } finally {
    o.log('cleaning up');
    await cleanupAll();
  }
  const meta: RunMeta = {
    finishedAt: new Date().toISOString(),
    durationSec: Math.round(o.elapsed() / 1000),
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    loadStart,
    loadEnd: loadAverage(),
    node: process.version,
    ...o.meta,
  };
  writeResults(o.dir, o.render(o.results, meta, error?.split('\n')[0] ?? null), { meta, error, ...o.results }, o.base);
  o.log(`wrote ${join(o.dir, `${o.base}.md`)} and ${o.base}.json (${meta.durationSec} s)`);
  for (const f of o.results.figures) o.log(`${f.pass === null ? 'n/a ' : f.pass ? 'pass' : 'FAIL'}  ${f.id}  ${f.ours}  vs ${f.baseline}  ratio ${fmt.ratio(f.ratio)}  goal ${f.goal}`);
  process.exit(error ? 1 : process.env.BENCH_STRICT && o.results.figures.some((f) => f.pass === false) ? 2 : 0);
}
