import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

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

export function writeResults(dir: string, md: string, json: unknown) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'latest.md'), md);
  writeFileSync(join(dir, 'latest.json'), `${JSON.stringify(json, null, 2)}\n`);
}
