/**
 * Pipelining over PostgreSQL's extended query protocol (issue 36): N statements sent together,
 * each as Parse/Bind/Describe/Execute, followed by ONE Sync. PostgreSQL runs the statements before
 * a Sync in one implicit transaction (unless they are inside an explicit `begin`), stops at the
 * first error (skipping the rest up to the Sync) and answers ReadyForQuery once. The client pays
 * one round trip for the lot.
 *
 * A `Pipeline` is a node-postgres Submittable: `client.query(pipeline)` queues it behind the
 * connection's other queries like any query; `pipeline.done` resolves when PostgreSQL has answered
 * it. Each statement's own promise resolves with its result (rows, fields, rowCount, command) or
 * rejects with its error; a statement after the failing one rejects with `PipelineSkipped`.
 *
 * Statements are always unnamed (no server-side prepared statement to keep track of per
 * connection): the unnamed statement and portal are replaced by each Parse/Bind in turn.
 */
import type pg from 'pg';
import Result from 'pg/lib/result.js';
import utils from 'pg/lib/utils.js';

export interface PipelineStatement {
  text: string;
  values?: readonly unknown[];
  /** 'array' for rows as arrays (drizzle's selects), objects otherwise. */
  rowMode?: 'array';
  /** Type parsers for this statement's columns (drizzle passes its own). */
  types?: unknown;
}

export interface StatementResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  rowCount: number | null;
  command: string;
}

/** The error of a statement that PostgreSQL did not run because an earlier one in its pipeline failed. */
export class PipelineSkipped extends Error {
  constructor(override readonly cause: unknown) {
    super('Not run: an earlier statement of the same pipeline failed.');
    this.name = 'PipelineSkipped';
  }
}

interface Entry {
  statement: PipelineStatement;
  resolve: (r: StatementResult) => void;
  reject: (e: unknown) => void;
  result: InstanceType<typeof Result>;
  parseError?: unknown;
}

interface Connection {
  parse(q: { text: string; name?: string; types?: unknown[] }): void;
  bind(c: { portal: string; statement: string; values: readonly unknown[]; valueMapper: unknown }): void;
  describe(m: { type: 'P'; name: string }): void;
  execute(c: { portal: string; rows: number }): void;
  sync(): void;
  stream: { cork?: () => void; uncork?: () => void };
}

export class Pipeline {
  private readonly entries: Entry[] = [];
  /** Index of the statement whose answers are arriving. */
  private current = 0;
  private failed: unknown = undefined;
  private settle!: () => void;
  /** Resolves when PostgreSQL has answered the whole pipeline (whatever its statements' outcome). */
  readonly done: Promise<void>;
  /** node-postgres sets this when the pipeline is queued without a callback of its own. */
  callback?: (err: unknown, res?: unknown) => void;

  constructor() {
    this.done = new Promise((resolve) => (this.settle = resolve));
  }

  get size() {
    return this.entries.length;
  }

  /** Its statements, in the order they are sent (the bench's SQL trace records them). */
  get statements(): readonly PipelineStatement[] {
    return this.entries.map((e) => e.statement);
  }

  /** Adds a statement; its promise settles when PostgreSQL has answered it (or skipped it). */
  add(statement: PipelineStatement): Promise<StatementResult> {
    return new Promise<StatementResult>((resolve, reject) => {
      this.entries.push({ statement, resolve, reject, result: new Result(statement.rowMode, statement.types) });
    });
  }

  /** Called by node-postgres when it is this pipeline's turn on the connection. */
  submit(connection: Connection): Error | null {
    connection.stream.cork?.();
    try {
      for (const entry of this.entries) {
        const { text, values = [] } = entry.statement;
        // Parameter types are left to PostgreSQL to infer, as node-postgres does.
        connection.parse({ text, name: '', types: [] });
        try {
          connection.bind({ portal: '', statement: '', values, valueMapper: utils.prepareValue });
        } catch (error) {
          // A value node-postgres cannot send: send nothing of this statement's execution. The
          // Bind was not written (serialize throws first), so PostgreSQL will answer "unnamed
          // portal does not exist" to the Execute below: the pipeline fails at this statement.
          entry.parseError = error;
        }
        connection.describe({ type: 'P', name: '' });
        connection.execute({ portal: '', rows: 0 });
      }
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  private entry() {
    return this.entries[this.current];
  }

  handleRowDescription(msg: { fields: unknown[] }) {
    this.entry()?.result.addFields(msg.fields);
  }

  handleDataRow(msg: { fields: unknown[] }) {
    const entry = this.entry();
    if (!entry || this.failed) return;
    try {
      entry.result.addRow(entry.result.parseRow(msg.fields));
    } catch (error) {
      entry.parseError ??= error;
    }
  }

  handleCommandComplete(msg: unknown) {
    const entry = this.entry();
    if (!entry) return;
    entry.result.addCommandComplete(msg);
    this.finish(entry);
  }

  handleEmptyQuery() {
    const entry = this.entry();
    if (entry) this.finish(entry);
  }

  private finish(entry: Entry) {
    this.current++;
    if (entry.parseError) entry.reject(entry.parseError);
    else {
      const r = entry.result as unknown as StatementResult;
      entry.resolve({ rows: r.rows, fields: r.fields, rowCount: r.rowCount, command: r.command });
    }
  }

  /**
   * PostgreSQL's error for the current statement. node-postgres stops routing this pipeline's
   * messages after an error (the ReadyForQuery that follows goes to no one), so everything is
   * settled here: the statement fails, the ones after it are skipped.
   */
  handleError(error: unknown) {
    this.failed = error;
    const failing = this.entry();
    if (failing) {
      this.current++;
      failing.reject(failing.parseError ?? error);
    }
    for (const rest of this.entries.slice(this.current)) rest.reject(new PipelineSkipped(error));
    this.current = this.entries.length;
    this.callback?.(error);
    this.settle();
  }

  handleReadyForQuery() {
    // Statements PostgreSQL answered with neither a completion nor an error (none expected).
    for (const rest of this.entries.slice(this.current)) rest.reject(new Error('PostgreSQL did not answer this statement.'));
    this.current = this.entries.length;
    this.callback?.(null);
    this.settle();
  }

  handlePortalSuspended() {}
  handleCopyInResponse() {}
  handleCopyData() {}
}

/** Sends the statements in one pipeline on `client`; the results in order, or the first error. */
export async function runPipeline(client: pg.ClientBase, statements: PipelineStatement[]): Promise<StatementResult[]> {
  const pipeline = new Pipeline();
  const results = statements.map((s) => pipeline.add(s));
  // Swallow on the side: each result is awaited below; the rejections of skipped ones are expected.
  for (const r of results) r.catch(() => {});
  void client.query(pipeline as unknown as pg.QueryConfig);
  await pipeline.done;
  return Promise.all(results);
}
