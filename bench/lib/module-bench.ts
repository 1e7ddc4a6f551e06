/**
 * What a module brings to `bench/modules.ts`: its bulk data and its figures. Each module has one
 * file under bench/modules/ exporting a `ModuleBench`, listed in bench/modules.ts; a new module's
 * figures are a new file there, following the others.
 */
import type { ApiClient, Product, SignedUp } from './api';
import type { LoadRequest, LoadResult } from './load';
import type { Figure } from './report';
import type { Exec } from './seed';
import type { ServerHandle } from './proc';

export interface ModuleSeedContext {
  /** The measured companies, signed up through the API with every product: big and small. */
  big: SignedUp;
  small: SignedUp;
  products: Product[];
  /** Seed of the data generator (BENCH_SEED): the same seed gives the same rows. */
  seed: number;
  log: (s: string) => void;
}

export interface ModuleSeedResult {
  /** Rows of the module's tables after seeding. */
  counts: Record<string, number>;
  /** Anything the module's figures need from seeding (ids of the measured records, say). */
  data?: Record<string, unknown>;
}

export interface ModuleMeasureContext extends ModuleSeedContext {
  /** The server under test (PostgreSQL, started after seeding). */
  server: ServerHandle;
  /** The owner's connection to the measured database (bypasses row-level security). */
  exec: Exec;
  /** What this module's seed returned. */
  seeded: ModuleSeedResult;
  settings: { seconds: number; latencyRounds: number; latencyConnections: number };
  /** A temp folder for files (removed at the end unless BENCH_KEEP_TMP). */
  tmp: string;
  figures: Figure[];
  /** Raw measurements, written to modules.json under the module's name. */
  measurements: Record<string, unknown>;
  notes: string[];
  /** Starts another server process on the same database (e.g. to show events cross processes). */
  startServer: (name: string, env?: Record<string, string>) => Promise<ServerHandle>;
  cookie: (c: ApiClient) => Record<string, string>;
  /**
   * p95 of `big` against p95 of `small` in alternating rounds at `latencyConnections`; pushes a
   * figure judged on the median of the rounds' ratios, goal ≤ `bound` (1.5 unless given; 2.0 for a
   * search that returns its total), whose note gives each side's CPU per request (bench/lib/cpu.ts).
   * A side may be several requests (a page's): each connection cycles through them, and the p95 is
   * over all of their responses.
   */
  latencyRatio: (
    id: string,
    name: string,
    big: LoadRequest | LoadRequest[],
    small: LoadRequest | LoadRequest[],
    bound?: number,
  ) => Promise<{ big: LoadResult[]; small: LoadResult[] }>;
  /** p95 of `request` over `latencyRounds` rounds at `latencyConnections`; pushes a figure with the goal p95 ≤ `goalMs`. */
  latencyGoal: (id: string, name: string, request: LoadRequest, goalMs: number) => Promise<LoadResult[]>;
}

export interface ModuleBench {
  /** The product type ('crm', 'ats', 'projects'): BENCH_MODULES picks modules by it. */
  name: string;
  /**
   * Bulk-inserts the module's data as the table owner (set-based SQL, md5-derived ids so the same
   * seed gives the same rows), spread across the seeded companies that hold the product, with the
   * measured records placed in `big` and `small`. Checks its own constraints and analyzes its tables.
   */
  seed: (exec: Exec, ctx: ModuleSeedContext) => Promise<ModuleSeedResult>;
  measure: (ctx: ModuleMeasureContext) => Promise<void>;
}
