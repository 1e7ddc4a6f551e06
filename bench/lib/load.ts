import { runNode } from './proc';

export type LoadRequest =
  | { method?: string; path: string; headers?: Record<string, string>; body?: unknown }
  | { kind: 'signup'; productIds: string[]; tag: string }
  | { kind: 'organization'; headers: Record<string, string>; tag: string };

export interface LoadGroup {
  name: string;
  connections: number;
  /** Requests per second over the group's connections (autocannon overallRate); unset = as fast as possible. */
  overallRate?: number;
  /** Each connection cycles through these in order. */
  requests: LoadRequest[];
}

export type LoadConfig = {
  origin: string;
  durationSec: number;
  /** Seconds of load before the measured window (same connections, not counted). */
  warmupSec?: number;
  timeoutSec?: number;
} & ({ connections: number; overallRate?: number; requests: LoadRequest[] } | { groups: LoadGroup[] });

export interface LoadStats {
  completed: number;
  ok: number;
  rps: number;
  okRps: number;
  warmupResponses: number;
  statuses: Record<string, number>;
  latency: { p50: number | null; p90: number | null; p95: number | null; p99: number | null; max: number | null; mean: number | null };
  /** Responses in each whole second of the measured window. */
  perSecond: number[];
  minPerSecond: number;
}

export interface LoadResult extends LoadStats {
  durationSec: number;
  warmupSec: number;
  elapsedSec: number;
  connections: number;
  /** Over the whole run, warm-up included (autocannon's counters). */
  non2xx: number;
  errors: number;
  timeouts: number;
  autocannonLatencyMax: number;
  groups?: Record<string, LoadStats & { connections: number }>;
}

/** Runs autocannon in its own process (bench/lib/load-worker.mjs) and returns its summary. */
export async function load(config: LoadConfig): Promise<LoadResult> {
  const budget = (config.durationSec + (config.warmupSec ?? 0) + (config.timeoutSec ?? 20) + 30) * 1000;
  const { stdout } = await runNode('bench/lib/load-worker.mjs', [JSON.stringify(config)], { timeoutMs: budget, tsx: false });
  const line = stdout.trim().split('\n').at(-1);
  if (!line) throw new Error('load worker printed nothing');
  return JSON.parse(line) as LoadResult;
}

/** Throws unless every response was 2xx and nothing failed: a figure on errors would be meaningless. */
export function assertClean(what: string, r: LoadResult) {
  if (r.non2xx || r.errors || r.timeouts || r.completed === 0 || r.ok !== r.completed) {
    throw new Error(`${what}: ${r.completed} responses, ${r.non2xx} non-2xx ${JSON.stringify(r.statuses)}, ${r.errors} errors, ${r.timeouts} timeouts`);
  }
  return r;
}
