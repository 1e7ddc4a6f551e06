// CPU time from /proc, read around a load: what each response cost the server and PostgreSQL.
// Clock ticks are 10 ms here, so a round of a few seconds at hundreds of requests per second
// reads to a few percent.
import { readdirSync, readFileSync } from 'node:fs';
import { mean, median } from './common';
import type { LoadResult } from './load';
import { fmt, type Figure } from './report';

/** CPU time (user + system) of a process in milliseconds; 0 once it is gone. */
export function cpuMs(pid: number | string): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** CPU time of every PostgreSQL process (postmaster, backends, background workers). */
export function postgresCpuMs(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/stat`, 'utf8').includes(' (postgres) ')) total += cpuMs(entry);
    } catch {
      // gone
    }
  }
  return total;
}

export interface CpuPerResponse {
  serverUs: number;
  postgresUs: number;
}

/**
 * Runs a load and divides the CPU that the server `pid` and PostgreSQL spent meanwhile by its
 * responses, warm-up included (the CPU is read around the whole load).
 */
export async function withCpu(pid: number, work: () => Promise<LoadResult>): Promise<LoadResult & { cpu: CpuPerResponse }> {
  const server0 = cpuMs(pid);
  const postgres0 = postgresCpuMs();
  const result = await work();
  const responses = result.completed + result.warmupResponses;
  return {
    ...result,
    cpu: { serverUs: ((cpuMs(pid) - server0) * 1000) / responses, postgresUs: ((postgresCpuMs() - postgres0) * 1000) / responses },
  };
}

const us = (x: number) => Math.round(x).toLocaleString('en-US');

/**
 * Where a ratio figure's difference lives: CPU per request on each side (means of the rounds), and
 * how much of what a ratio of `bound` leaves the big side ((bound − 1) × the small side's server
 * and PostgreSQL time) PostgreSQL's extra alone takes. Over 100 %, the big side's CPU per request
 * is over `bound` times the small side's before the server has handled a row of it; at these
 * loads both cores are busy, and the p95 ratio moves with the CPU ratio.
 */
export function cpuNote(big: CpuPerResponse[], small: CpuPerResponse[], bound = 1.5): string {
  const b = { server: mean(big.map((c) => c.serverUs)), postgres: mean(big.map((c) => c.postgresUs)) };
  const s = { server: mean(small.map((c) => c.serverUs)), postgres: mean(small.map((c) => c.postgresUs)) };
  const allowed = (bound - 1) * (s.server + s.postgres);
  const share = ((b.postgres - s.postgres) / allowed) * 100;
  return (
    `CPU per request, big / small: server ${us(b.server)} / ${us(s.server)} µs, PostgreSQL ${us(b.postgres)} / ${us(s.postgres)} µs; ` +
    `PostgreSQL's extra is ${share.toFixed(0)} % of the ${us(allowed)} µs a ratio of ${bound} leaves`
  );
}

/**
 * A latency (scale) ratio's figure from its alternating rounds: each round's p95 at the big side
 * against the small side's p95 of the same round, and the figure passes on the median of those
 * ratios (issue 36: one slow round out of three does not decide it). The p95s shown are each
 * side's median. `bound` is the goal: 1.5, or 2.0 for a search page that also returns its total.
 * The note gives each round's ratio and the CPU note above.
 */
export function latencyRatioFigure(
  id: string,
  name: string,
  rounds: { big: (LoadResult & { cpu: CpuPerResponse })[]; small: (LoadResult & { cpu: CpuPerResponse })[] },
  note: string,
  bound = 1.5,
): Figure {
  const ratios = roundRatios(rounds.big, rounds.small);
  const ratio = median(ratios);
  return {
    id,
    name,
    ours: fmt.ms(median(rounds.big.map((x) => x.latency.p95!))),
    baseline: fmt.ms(median(rounds.small.map((x) => x.latency.p95!))),
    ratio,
    goal: `≤ ${bound.toFixed(1)}`,
    pass: ratio <= bound,
    note: `${note}; median of the rounds' ratios ${ratios.map((r) => r.toFixed(2)).join(', ')}; ${cpuNote(rounds.big.map((x) => x.cpu), rounds.small.map((x) => x.cpu), bound)}`,
  };
}

/** Each alternating round's p95 ratio, big side over small side. */
export function roundRatios(big: LoadResult[], small: LoadResult[]) {
  return big.map((b, i) => b.latency.p95! / small[i]!.latency.p95!);
}
