import { OpenAPIHono, z } from '@hono/zod-openapi';
import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Context } from 'hono';
import type { AuditAction } from '@/shared/audit';
import type { SessionUser } from '@/shared/auth';
import { importInput, importReport, MODULE_MESSAGES, type ImportReport } from '@/shared/modules';
import type { ProductType } from '@/shared/products';
import type { AccessRole } from '@/shared/roles';
import { auditContext } from '../audit/context';
import { recordEvent, type AuditContext, type AuditTarget } from '../audit/record-event';
import type { Db } from '../db/client';
import type { Tx } from '../db/tenant';
import type { AppEnv } from '../http/env';
import { conflict, notFound } from '../http/errors';
import type { ApiTag } from '../http/openapi';
import { idParams, isUuid } from '../http/params';
import { defineRoute, errorContent, jsonBody, jsonContent, type ErrorResponse } from '../http/route';
import { csvResponse } from './csv';
import { notify, type NotifyInput } from './notifications';
import { moduleContext } from './context';
import { withModuleScope, type ModuleScope, type SelfResolver } from './scope';

/**
 * The module kit (docs/modules.md): one declaration per business module gives it the plumbing
 * every module shares, so that a module's folder holds its records' rules and nothing else.
 *
 *   export const crm = defineModule('crm', { tag: 'CRM' });
 *
 * - `crm.scope(db, user, minRole, work, entityId?)`: the one door to the module's data
 *   (withModuleScope for the product: tenant transaction, entity scope, row-level security).
 * - `hrms.selfScope(db, user, minRole, work, entityId?)`: the same door for a self-service route,
 *   for a module declared with `self` (a SelfResolver): it also admits a caller without the role
 *   as an employee, on their own records and their reports' (`scope.self`, `scope.staffAt`).
 * - `crm.lock(tx, table, id, version, notFoundMessage)`: a record locked for an update, its
 *   version checked (404 outside the scope, 409 `version_conflict`), typed from schema.ts.
 * - `crm.save(tx, table, id, values)`: the update by id, version + 1, typed from schema.ts;
 *   `crm.asSaved(before, values)`: the record as that save leaves it (the audit event's "after").
 * - `crm.audit(tx, scope, context, action, target, before?, after?)`: the change's audit event.
 * - `crm.routes()`: the module's route table, with `records(...)` declaring a record's standard
 *   routes (list, CSV export and import, create, read, update, and actions on one record) and
 *   `context()` the entity switcher's route; every route is `defineRoute('user', …)` with the
 *   module's tag and its standard errors.
 */

/** A module table: the columns `moduleColumns()` gives it (schema.ts). */
type ModuleTable = PgTable & { id: PgColumn; version: PgColumn; updatedAt: PgColumn };

type Work<T> = (tx: Tx, scope: ModuleScope) => Promise<T>;
type Handler<A extends unknown[], R> = (db: Db, user: SessionUser, ...args: A) => Promise<R>;
type Schema = z.ZodType;
type Errors = Record<number, ErrorResponse>;

/** A record's standard routes; each part is optional. Paths are `/<module>/<records>[/{id}]`. */
export interface RecordRoutes {
  /** The record's name in summaries ("client"), and the 404 of an id that names none of the caller's. */
  noun: string;
  notFound: string;
  list?: { summary: string; query: z.ZodObject; page: Schema; errors?: Errors; run: Handler<[never], unknown> };
  /** CSV of the list under the same filters, streamed a page per short transaction. */
  export?: { filters: z.ZodObject; columns: readonly string[]; run: (db: Db, user: SessionUser, filters: never) => AsyncGenerator<(string | number | null)[][]> };
  /** CSV import into one entity, a report of the rows that did not go in. */
  import?: { columns: readonly string[]; run: Handler<[never, AuditContext], ImportReport> };
  create?: { summary: string; body: Schema; response: Schema; errors?: Errors; run: Handler<[never, AuditContext], unknown> };
  get?: { summary?: string; response: Schema; run: Handler<[string], unknown> };
  update?: { summary?: string; body: Schema; response: Schema; errors?: Errors; run: Handler<[string, never, AuditContext], unknown> };
  /** Actions on one record: `POST /<records>/{id}/<name>` (or GET for a read). */
  actions?: Record<
    string,
    {
      method?: 'get' | 'post' | 'put' | 'delete';
      summary: string;
      /** More, in Markdown, where the summary is not enough (the API reference). */
      description?: string;
      body?: Schema;
      /** A query the action reads (a GET action's options); the run gets it where a body would be. */
      query?: z.ZodObject;
      response: Schema;
      status?: 200 | 201;
      /** The action takes the version the client read (409 `version_conflict` when it changed since). */
      versioned?: boolean;
      errors?: Errors;
      run: Handler<[string, never, AuditContext], unknown>;
    }
  >;
}

export function defineModule<P extends ProductType>(product: P, options: { tag: ApiTag; self?: SelfResolver }) {
  const tags: [ApiTag] = [options.tag];
  /** Every module route answers 403 without the product or the role and 404 outside the caller's scope. */
  const scoped: Errors = { 403: errorContent(MODULE_MESSAGES.noAccess, MODULE_MESSAGES.memberRequired, MODULE_MESSAGES.appAdminRequired), 404: errorContent(MODULE_MESSAGES.entityNotFound) };
  /** The standard errors with a route's own: for a status both have, the messages of both. */
  const merged = (errors: Errors = {}): Errors => ({
    ...scoped,
    ...errors,
    403: errorContent(MODULE_MESSAGES.noAccess, MODULE_MESSAGES.memberRequired, MODULE_MESSAGES.appAdminRequired, ...messagesOf(errors[403])),
    404: errorContent(MODULE_MESSAGES.entityNotFound, ...messagesOf(errors[404])),
  });
  const withVersion = (errors: Errors = {}): Errors => ({ ...merged(errors), 409: errorContent(MODULE_MESSAGES.staleVersion, ...messagesOf(errors[409])) });

  const kit = {
    product,
    tags,
    errors: { scoped, withVersion, merged },

    scope: <T>(db: Db, user: SessionUser, minRole: AccessRole, work: Work<T>, entityId?: string) => withModuleScope(db, user, product, minRole, work, { entityId }),

    /**
     * The one door for a self-service route: as `scope`, and the caller is also admitted as an
     * employee (the module's `self` resolver) where they lack `minRole`. The work must then show
     * or change only `scope.self`'s records wherever `scope.staffAt(entity)` is false.
     */
    selfScope: <T>(db: Db, user: SessionUser, minRole: AccessRole, work: Work<T>, entityId?: string) => {
      if (!options.self) throw new Error(`${product} declares no self-service (defineModule's self)`);
      return withModuleScope(db, user, product, minRole, work, { entityId, self: options.self });
    },

    /** A path id: lower-cased; one that is not a UUID names nothing, so 404 like another entity's record. */
    id: pathId,

    /**
     * Locks a record for an update and checks the version the client read: 404 when row-level
     * security hides it (outside the scope), 409 `version_conflict` when someone changed it since.
     */
    async lock<T extends ModuleTable>(tx: Tx, table: T, id: string, version: number, message: string): Promise<T['$inferSelect']> {
      const rows = (await tx
        .select()
        .from(table as PgTable)
        .where(eq(table.id, id))
        .for('update')) as T['$inferSelect'][];
      const row = rows[0];
      if (!row) throw notFound(message);
      if (Number((row as { version: number }).version) !== version) throw conflict(MODULE_MESSAGES.staleVersion);
      return row;
    },

    /** Writes `values` (a value may be SQL: `now()`) to the record (locked by `lock`), its version + 1: the row as it now is. */
    async save<T extends ModuleTable>(tx: Tx, table: T, id: string, values: { [K in keyof T['$inferInsert']]?: T['$inferInsert'][K] | SQL }): Promise<T['$inferSelect']> {
      const set = { ...definedOnly(values), version: sql`${table.version} + 1`, updatedAt: new Date() };
      const rows = (await tx
        .update(table as PgTable)
        .set(set as never)
        .where(eq(table.id, id))
        .returning()) as T['$inferSelect'][];
      return rows[0]!;
    },

    /**
     * A record as `save(tx, table, id, values)` leaves it, for the audit event's "after" without
     * reading it again (db/tenant.ts `commitWith`): `before` with `values` (undefined: left as it
     * was, as save leaves it; null: cleared).
     */
    asSaved: <R extends object>(before: R, values: { [K in keyof R]?: R[K] }): R => ({ ...before, ...definedOnly(values) }),

    /** The change's audit event, in its transaction (both commit or neither). */
    audit: (tx: Tx, scope: ModuleScope, context: AuditContext, action: AuditAction, target: AuditTarget, before?: Record<string, unknown>, after?: Record<string, unknown>) =>
      recordEvent(tx, { context, companyId: scope.companyId, action, target, before, after }),

    /**
     * A list's CSV rows for `records(…).export`: its pages of 100 in order, each read in a short
     * transaction of its own under the caller's scope, each row written by `row`.
     */
    async *csvPages<Q extends { entityId?: string }, T>(
      db: Db,
      user: SessionUser,
      query: Q,
      pageOf: (tx: Tx, scope: ModuleScope, query: Q & { limit: number; cursor: string | undefined }) => Promise<{ items: T[]; nextCursor: string | null }>,
      row: (item: T) => (string | number | null)[],
    ) {
      let cursor: string | undefined;
      do {
        const page = await withModuleScope(db, user, product, 'viewer', (tx, scope) => pageOf(tx, scope, { ...query, limit: 100, cursor }), { entityId: query.entityId });
        yield page.items.map(row);
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
    },

    /**
     * Tells people about a change, in its transaction (platform/notifications.ts): about a record of
     * this module at `entityId`, so only those who may read it there hear of it, never the caller.
     */
    notify: (tx: Tx, scope: ModuleScope, input: Omit<NotifyInput, 'companyId' | 'actorId' | 'product'> & { entityId: string }) =>
      notify(tx, { ...input, companyId: scope.companyId, actorId: scope.userId, product }),

    /** The module's route table. */
    routes: () => moduleRoutes(product, tags, { scoped, withVersion, merged }),
  };
  return kit;
}

export type ModuleKit = ReturnType<typeof defineModule>;

const messagesOf = (response: ErrorResponse | undefined) =>
  Object.values(response?.content['application/json'].examples ?? {}).map((e) => e.value.error.message);

/** `values` without its undefined keys: an update sets what the client sent, nothing else. */
function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

const db = (c: Context<AppEnv>) => c.get('database').db;

/** Streams a CSV whose first page is read before answering, so a refusal (403, 404) is a status, not a broken download. */
async function csvDownload(filename: string, header: readonly string[], pages: AsyncGenerator<(string | number | null)[][]>) {
  const first = await pages.next();
  return csvResponse(filename, [...header], async function* () {
    if (!first.done) yield first.value;
    yield* pages;
  });
}

type Standard = { scoped: Errors; withVersion: (errors?: Errors) => Errors; merged: (errors?: Errors) => Errors };

function moduleRoutes(product: ProductType, tags: [ApiTag], errors: Standard) {
  const app = new OpenAPIHono<AppEnv>();
  // The handlers below are typed by the declarations (RecordRoutes); hono's per-route inference
  // adds nothing a module's client uses, so each is registered through this one untyped door.
  const add = (route: ReturnType<typeof defineRoute>, handler: (c: Context<AppEnv>) => Promise<Response>) => app.openapi(route, handler as never);
  const valid = (c: Context<AppEnv>, part: 'json' | 'query' | 'param') => (c.req as unknown as { valid(p: string): never }).valid(part);

  const builder = {
    app,
    /** `GET /<module>/context`: the caller's entities for the product with their role (the entity switcher). */
    context(schema: Schema, summary: string) {
      add(
        defineRoute('user', { method: 'get', path: `/${product}/context`, tags, summary, responses: { 200: jsonContent(schema), ...errors.scoped } }),
        async (c) => c.json(await moduleContext(db(c), c.get('user'), product), 200),
      );
      return builder;
    },

    /**
     * `GET /<module>/<path>` with a query: a dashboard, a board, the options of a select. `own`: the
     * route's own error responses (a 400 its work throws), merged with the standard ones as
     * records' create, update and actions merge theirs, so the API reference lists them.
     */
    get<Q extends z.ZodObject>(path: string, summary: string, query: Q, response: Schema, run: Handler<[z.output<Q>], unknown>, own?: Errors) {
      add(
        defineRoute('user', { method: 'get', path: `/${product}${path}`, tags, summary, request: { query }, responses: { 200: jsonContent(response), ...errors.merged(own) } }),
        async (c) => c.json(await run(db(c), c.get('user'), valid(c, 'query')), 200),
      );
      return builder;
    },

    /** A route of the module's own (a live stream, a file): declared with defineRoute('user', …). */
    route(route: ReturnType<typeof defineRoute>, handler: (c: Context<AppEnv>) => Promise<Response>) {
      add(route, handler);
      return builder;
    },

    /** A record's standard routes, in the order that keeps `/export` and `/import` from being taken for ids. */
    records(name: string, spec: RecordRoutes) {
      const base = `/${product}/${name}`;
      const idOf = (c: Context<AppEnv>) => pathId(c.req.param('id') ?? '', spec.notFound);
      if (spec.list) {
        const { run } = spec.list;
        add(
          defineRoute('user', { method: 'get', path: base, tags, summary: spec.list.summary, request: { query: spec.list.query }, responses: { 200: jsonContent(spec.list.page), ...errors.merged(spec.list.errors) } }),
          async (c) => c.json(await run(db(c), c.get('user'), valid(c, 'query')), 200),
        );
      }
      if (spec.export) {
        const { run, columns } = spec.export;
        const what = spec.noun;
        add(
          defineRoute('user', {
            method: 'get',
            path: `${base}/export`,
            tags,
            summary: `The ${what} list under the same filters as CSV (streamed)`,
            request: { query: spec.export.filters },
            responses: {
              200: {
                content: { 'text/csv': { schema: z.string().meta({ description: `CSV: a header row (${columns.join(', ')}), then one ${what} per row` }) } },
                description: `CSV, one ${what} per row, with a header row`,
              },
              ...errors.scoped,
            },
          }),
          async (c) => csvDownload(`${name}.csv`, columns, run(db(c), c.get('user'), valid(c, 'query'))),
        );
      }
      if (spec.import) {
        const { run, columns } = spec.import;
        add(
          defineRoute('user', {
            method: 'post',
            path: `${base}/import`,
            tags,
            summary: `Import ${name} from CSV into one entity (columns ${columns.join(', ')}); a per-row report`,
            request: { body: jsonBody(importInput) },
            responses: { 200: jsonContent(importReport), ...errors.merged({ 400: errorContent(MODULE_MESSAGES.importTooManyRows, MODULE_MESSAGES.importEmpty) }) },
          }),
          async (c) => c.json(await run(db(c), c.get('user'), valid(c, 'json'), auditContext(c)), 200),
        );
      }
      if (spec.create) {
        const { run } = spec.create;
        add(
          defineRoute('user', {
            method: 'post',
            path: base,
            tags,
            summary: spec.create.summary,
            request: { body: jsonBody(spec.create.body) },
            responses: { 201: jsonContent(spec.create.response, 'Created'), ...errors.merged(spec.create.errors) },
          }),
          async (c) => c.json(await run(db(c), c.get('user'), valid(c, 'json'), auditContext(c)), 201),
        );
      }
      if (spec.get) {
        const { run } = spec.get;
        add(
          defineRoute('user', {
            method: 'get',
            path: `${base}/{id}`,
            tags,
            summary: spec.get.summary ?? `One ${spec.noun}`,
            request: { params: idParams },
            responses: { 200: jsonContent(spec.get.response), ...errors.merged({ 404: errorContent(spec.notFound) }) },
          }),
          async (c) => c.json(await run(db(c), c.get('user'), idOf(c)), 200),
        );
      }
      if (spec.update) {
        const { run } = spec.update;
        add(
          defineRoute('user', {
            method: 'patch',
            path: `${base}/{id}`,
            tags,
            summary: spec.update.summary ?? `Edit a ${spec.noun} (send the version you read; 409 when it changed since)`,
            request: { params: idParams, body: jsonBody(spec.update.body) },
            responses: { 200: jsonContent(spec.update.response), ...errors.withVersion({ 404: errorContent(spec.notFound), ...spec.update.errors }) },
          }),
          async (c) => c.json(await run(db(c), c.get('user'), idOf(c), valid(c, 'json'), auditContext(c)), 200),
        );
      }
      for (const [action, a] of Object.entries(spec.actions ?? {})) {
        const method = a.method ?? 'post';
        const status = a.status ?? 200;
        add(
          defineRoute('user', {
            method,
            path: `${base}/{id}/${action}`,
            tags,
            summary: a.summary,
            ...(a.description ? { description: a.description } : {}),
            request: { params: idParams, ...(a.body ? { body: jsonBody(a.body) } : {}), ...(a.query ? { query: a.query } : {}) },
            responses: { [status]: jsonContent(a.response), ...(a.versioned ? errors.withVersion : errors.merged)({ 404: errorContent(spec.notFound), ...a.errors }) },
          }),
          async (c) => c.json(await a.run(db(c), c.get('user'), idOf(c), (a.body ? valid(c, 'json') : a.query ? valid(c, 'query') : undefined) as never, auditContext(c)), status),
        );
      }
      return builder;
    },
  };
  return builder;
}

/** A path id, lower-cased; one that is not a UUID names nothing, so 404 like another entity's record. */
function pathId(raw: string, message: string): string {
  if (!isUuid(raw)) throw notFound(message);
  return raw.toLowerCase();
}
