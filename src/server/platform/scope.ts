import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { SessionUser } from '@/shared/auth';
import { MODULE_MESSAGES } from '@/shared/modules';
import type { ProductType } from '@/shared/products';
import { ACCESS_ROLES, roleAtLeast, type AccessRole } from '@/shared/roles';
import type { Db } from '../db/client';
import { pipelined, setLocal, start, withTenant, type Tx } from '../db/tenant';
import { hasErrorCode, requestDb, tenantConnectionOf } from '../db/tenant-pg';
import { forbidden, notFound } from '../http/errors';
import { arrayLiteral, uuidArray } from './sql';

/** What a module's work knows about who is asking, inside its transaction. */
export interface ModuleScope {
  companyId: string;
  userId: string;
  isSuperAdmin: boolean;
  /** The entities this transaction may see and write (app.entity_ids): role ≥ the route's minRole. */
  entityIds: string[];
  /** The caller's role at each entity where they hold the product (a super admin: App Admin everywhere). */
  roles: Map<string, AccessRole>;
  /** Throws 403 unless the caller holds at least `role` at `entityId` (404 when the entity is not theirs). */
  require(entityId: string, role: AccessRole): void;
  /** Whether the caller holds at least `role` at `entityId`. */
  has(entityId: string, role: AccessRole): boolean;
  /**
   * The caller as an employee, on a self-service route (`ScopeOptions.self`; empty on any other):
   * their own records and their reports'. Where the caller does not hold the route's role, the
   * service must narrow its rows to these ids (`staffAt` says where they do hold it).
   */
  self: SelfScope;
  /** Whether the caller holds the route's `minRole` at `entityId`: staff there, not only self-service. */
  staffAt(entityId: string): boolean;
}

/**
 * Self-service (issue 34): who the caller is as an employee, whatever their product grants.
 * `entityIds` are the entities of their own records, which the transaction's app.entity_ids adds
 * to the granted ones; reports and team mates are in the same entities (a manager is of the
 * employee's entity: hrms_employees_manager_fk), so row-level security still confines the work to
 * the entities of the caller's own records, and the service narrows the rows to these ids.
 */
export interface SelfScope {
  /** The caller's own current employee records (one per entity at most). */
  employeeIds: string[];
  /** The employees whose manager is one of those records. */
  reportIds: string[];
  /** The caller's managers and the employees who share a manager with them (who is away on the team). */
  teamIds: string[];
  entityIds: string[];
}

/**
 * How a module finds the caller's SelfScope: ONE select answering one row of four uuid arrays,
 * each sorted (its fingerprint must not depend on the plan): `employee_ids`, `report_ids`,
 * `team_ids`, `entity_ids`. It runs with app.entity_ids = every entity of the company that holds
 * the product, so it must select by the caller's user id (its rows are the caller's own records
 * and those linked to them by a manager). The kit runs it, caches its answer with the session and
 * has the database check it on every request (`selfOf`).
 */
export type SelfResolver = (user: SessionUser) => SQL;

export const NO_SELF: SelfScope = Object.freeze({ employeeIds: [], reportIds: [], teamIds: [], entityIds: [] }) as SelfScope;

export interface ScopeOptions {
  /** Narrow the scope to one entity (the entity switcher); 404 if it is not one of the caller's. */
  entityId?: string;
  /**
   * Also admit the caller as an employee (self-service): the scope then holds the entities where
   * they hold `minRole` and those of their own records (`SelfResolver`), and 403 only when both
   * are empty. Without a grant there, `scope.staffAt(entity)` is false and the service shows only
   * `scope.self`'s records.
   */
  self?: SelfResolver;
}

/**
 * The one door to a module's data. Opens the tenant transaction (withTenant: role `app`,
 * app.company_id) and, in the same transaction, sets app.entity_ids to the entities where the
 * caller holds `product` with at least `minRole` (every entity of the company that holds the
 * product, for a super admin). The module tables' row-level security checks company AND entity,
 * so a query in `work` cannot reach another entity's rows even if the service forgets a filter.
 *
 * 403 when the caller has the product nowhere (or nowhere with `minRole`); 404 when they name an
 * entity that is not in their scope.
 */
export async function withModuleScope<T>(
  db: Db,
  user: SessionUser,
  product: ProductType,
  minRole: AccessRole,
  work: (tx: Tx, scope: ModuleScope) => Promise<T>,
  options: ScopeOptions = {},
): Promise<T> {
  const { self: resolver } = options;
  const attempt = (fresh: boolean) =>
    withTenant(db, user.companyId, async (tx) => {
      const roles = await grantsOf(tx, user, product);
      if (!resolver) return scoped(tx, user, minRole, roles, NO_SELF, work, options.entityId);
      const self = await selfOf(tx, user, product, resolver, fresh);
      // A scope from the cache is checked in the work's first pipeline: whatever was judged on it
      // (an answer, a 403 or a 404) stands only once the check has passed.
      let result: T;
      try {
        result = await scoped(tx, user, minRole, roles, self.scope, work, options.entityId);
      } catch (error) {
        await self.checked;
        throw error;
      }
      await self.checked;
      return result;
    });
  if (!resolver) return attempt(true);
  try {
    return await attempt(false);
  } catch (error) {
    if (!isSelfScopeChanged(error)) throw error;
    // Who the caller is as an employee changed since it was cached: nothing of that run was
    // committed (the check failed in its first pipeline); resolved afresh, the work runs again.
    return attempt(true);
  }
}

/** The work in the module scope, once the caller's grants and self-service scope are known. */
async function scoped<T>(
  tx: Tx,
  user: SessionUser,
  minRole: AccessRole,
  roles: Map<string, AccessRole>,
  self: SelfScope,
  work: (tx: Tx, scope: ModuleScope) => Promise<T>,
  entityId: string | undefined,
): Promise<T> {
  if (roles.size === 0 && self.entityIds.length === 0) throw forbidden(MODULE_MESSAGES.noAccess);
  const has = (entityId: string, role: AccessRole) => {
    const held = roles.get(entityId);
    return held !== undefined && roleAtLeast(held, role);
  };
  const staffAt = (entityId: string) => has(entityId, minRole);
  let entityIds = [...new Set([...[...roles.keys()].filter(staffAt), ...self.entityIds])];
  if (entityId !== undefined) {
    const mine = self.entityIds.includes(entityId);
    if (!roles.has(entityId) && !mine) throw notFound(MODULE_MESSAGES.entityNotFound);
    if (!staffAt(entityId) && !mine) throw forbidden(roleMessage(minRole));
    entityIds = [entityId];
  }
  if (entityIds.length === 0) throw forbidden(roleMessage(minRole));
  await setLocal(tx, 'app.entity_ids', arrayLiteral(entityIds));
  const scope: ModuleScope = {
    companyId: user.companyId,
    userId: user.id,
    isSuperAdmin: user.role === 'super_admin',
    entityIds,
    roles,
    has,
    self,
    staffAt,
    require(entityId, role) {
      if (!roles.has(entityId)) throw notFound(MODULE_MESSAGES.entityNotFound);
      if (!has(entityId, role)) throw forbidden(roleMessage(role));
    },
  };
  return work(tx, scope);
}

/** SQLSTATE raised by app_check_self_scope() (migration 0044) when a cached SelfScope no longer holds. */
export const SELF_SCOPE_CHANGED_CODE = 'WS409';

export const isSelfScopeChanged = (error: unknown) => hasErrorCode(error, SELF_SCOPE_CHANGED_CODE);

interface SelfAnswer {
  scope: SelfScope;
  /** Resolves once the database has confirmed a cached scope (at once for a scope read just now); rejects with WS409 when it changed. */
  checked: Promise<void>;
}

type SelfRow = { employee_ids: string[]; report_ids: string[]; team_ids: string[]; entity_ids: string[] };

/**
 * The caller's SelfScope, resolved (SelfResolver) with app.entity_ids = the company's entities that
 * hold the product (an employee of an entity without it is no one there), before the
 * transaction's own scope is set.
 *
 * On PostgreSQL it is cached with the session and its fingerprint (an md5 of the resolution's
 * row, computed by the database). From the cache, nothing is awaited: the widening of
 * app.entity_ids and the check that the resolution still gives that fingerprint go in the work's
 * first pipeline, so a self-service read costs one round trip; when the check fails (WS409) the
 * pipeline's later statements are not run and `withModuleScope` resolves the scope again. Without
 * the cache (`fresh`, PGlite, the session's first use), the resolution is read first.
 */
async function selfOf(tx: Tx, user: SessionUser, product: ProductType, resolve: SelfResolver, fresh: boolean): Promise<SelfAnswer> {
  const widen = sql`select set_config('app.entity_ids', coalesce((
      select array_agg(a.entity_id order by a.entity_id)::text from entity_product_access a join products p on p.id = a.product_id
      where a.company_id = ${user.companyId} and p.type = ${product}), '{}'), true)`;
  const resolution = resolve(user);
  const cache = tenantConnectionOf(tx) ? cachedSelves(user) : undefined;
  const cached = fresh ? undefined : cache?.get(product);
  if (cached) {
    const check = sql`select app_check_self_scope(coalesce((select md5(to_jsonb(s)::text) from (${resolution}) s), '') = ${cached.fingerprint})`;
    // Started now, in this order, without waiting: they join the work's first statements.
    const checked = Promise.all([start(tx.execute(widen)), start(tx.execute(check))]).then(() => undefined);
    checked.catch(() => {});
    return { scope: cached.scope, checked };
  }
  const [, { rows }] = await pipelined(
    tx,
    () => tx.execute(widen),
    () => tx.execute<{ scope: SelfRow; fingerprint: string }>(sql`select to_jsonb(s) as scope, md5(to_jsonb(s)::text) as fingerprint from (${resolution}) s`),
  );
  const row = rows[0];
  const scope: SelfScope = row
    ? Object.freeze({
        employeeIds: Object.freeze(row.scope.employee_ids) as string[],
        reportIds: Object.freeze(row.scope.report_ids) as string[],
        teamIds: Object.freeze(row.scope.team_ids) as string[],
        entityIds: Object.freeze(row.scope.entity_ids) as string[],
      })
    : NO_SELF;
  cache?.set(product, { scope, fingerprint: row?.fingerprint ?? '' });
  return { scope, checked: Promise.resolve() };
}

/** The caller's self-service scopes cached with their session (PostgreSQL: auth/session-cache.ts). */
function cachedSelves(user: SessionUser) {
  const cached = requestDb.getStore()?.session?.grants;
  return cached?.userId === user.id ? cached.selves : undefined;
}

/**
 * The scope as a condition on a module table (`alias`.company_id and .entity_id): what every
 * module's queries filter by, besides row-level security. One entity is written as an equality:
 * the planner then takes it as a constant, so a list's (company_id, entity_id, sort…, id) index
 * gives a page its order and the page reads its own rows; with `= any(array)`, even of one
 * element, a CRM board column read and sorted every card of its stage (bench figure C2).
 * HRMS's directory indexes lead with the company and the entity (migration 0022) so that this
 * condition and the policy's are all index conditions: the row-level security conditions make the
 * planner expect a handful of rows, and with the company left as a filter it read a whole
 * 100,000-employee entity and sorted it (bench figure 7c, PGlite) rather than walk the index.
 */
export function scopeCondition(alias: string, scope: Pick<ModuleScope, 'companyId' | 'entityIds'>): SQL {
  const a = sql.raw(alias);
  const entity =
    scope.entityIds.length === 1 ? sql`${a}.entity_id = ${scope.entityIds[0]}::uuid` : sql`${a}.entity_id = any(${uuidArray(scope.entityIds)})`;
  return sql`${a}.company_id = ${scope.companyId} and ${entity}`;
}

/**
 * The entity of a module record as a subquery, for a read that needs it to go in the same round
 * trip as the record's own read: row-level security applies to it as to any read, so a record the
 * caller may not read names no entity (null) and the statement that uses it reads nothing.
 * PostgreSQL runs it once per statement (an InitPlan), whose value then bounds an index scan as a
 * constant would.
 */
export const entityOf = (table: PgTable & { id: PgColumn; entityId: PgColumn }, id: string): SQL =>
  sql`(select ${table.entityId} from ${table} where ${table.id} = ${id})`;

export const roleMessage = (role: AccessRole) =>
  role === 'viewer' ? MODULE_MESSAGES.noAccess : role === 'member' ? MODULE_MESSAGES.memberRequired : MODULE_MESSAGES.appAdminRequired;

/** The caller's role per entity for the product, read in the tenant transaction. */
async function grantsOf(tx: Tx, user: SessionUser, product: ProductType): Promise<Map<string, AccessRole>> {
  // Cached with the session (auth/session-cache.ts, PostgreSQL): valid while the session check
  // that goes with this transaction's first statements passes (any grant change moves the version).
  const cached = requestDb.getStore()?.session?.grants;
  const mine = cached?.userId === user.id ? cached.byProduct : undefined;
  const hit = mine?.get(product);
  if (hit) return hit;
  const query =
    user.role === 'super_admin'
      ? sql`select a.entity_id, 'app_admin' as role_type from entity_product_access a join products p on p.id = a.product_id
            where a.company_id = ${user.companyId} and p.type = ${product}`
      : sql`select a.entity_id, a.role_type from user_product_access a join products p on p.id = a.product_id
            where a.company_id = ${user.companyId} and a.user_id = ${user.id} and p.type = ${product}`;
  const { rows } = await tx.execute<{ entity_id: string; role_type: string }>(query);
  const roles = new Map<string, AccessRole>();
  for (const r of rows) if ((ACCESS_ROLES as readonly string[]).includes(r.role_type)) roles.set(r.entity_id, r.role_type as AccessRole);
  mine?.set(product, roles);
  return roles;
}

/**
 * The caller's role for another product at one entity, read in the caller's own transaction:
 * for a module action that also writes another module's records (an ATS hire creates an HRMS
 * employee), which must be allowed by both products. null when the caller does not hold it there.
 */
export async function roleForProduct(tx: Tx, user: SessionUser, product: ProductType, entityId: string): Promise<AccessRole | null> {
  return (await grantsOf(tx, user, product)).get(entityId) ?? null;
}

/** Whether the entity holds the product (its company enabled it there); the entity may be a subquery, to go with other reads. */
export async function entityHasProduct(tx: Tx, companyId: string, product: ProductType, entityId: string | SQL): Promise<boolean> {
  const { rows } = await tx.execute(sql`
    select 1 from entity_product_access a join products p on p.id = a.product_id
    where a.company_id = ${companyId} and a.entity_id = ${entityId} and p.type = ${product}`);
  return rows.length > 0;
}

/**
 * The users who hold the product at the entity (any role), and the company's super admins (who
 * hold every product of every entity): who may be named on a module record (a hiring manager,
 * an interviewer). `ids` narrows the answer to those users (to check a choice).
 */
export async function productUsers(tx: Tx, companyId: string, product: ProductType, entityId: string, ids?: string[]) {
  const only = ids ? sql`and u.id = any(${uuidArray(ids)})` : sql``;
  const { rows } = await tx.execute<{ id: string; name: string; email: string }>(sql`
    select u.id, u.first_name || ' ' || u.last_name as name, u.email from users u
    where u.company_id = ${companyId} ${only} and (
      (u.role = 'super_admin' and exists (
        select 1 from entity_product_access a join products p on p.id = a.product_id
        where a.entity_id = ${entityId} and a.company_id = ${companyId} and p.type = ${product}))
      or exists (
        select 1 from user_product_access a join products p on p.id = a.product_id
        where a.user_id = u.id and a.entity_id = ${entityId} and p.type = ${product}))
    order by u.last_name, u.first_name, u.id limit 500`);
  return rows;
}

/** The users who hold the product at the entity as App Admin (explicit grants; not the super admins). */
export async function productAdmins(tx: Tx, companyId: string, product: ProductType, entityId: string): Promise<string[]> {
  const { rows } = await tx.execute(sql`
    select a.user_id from user_product_access a join products p on p.id = a.product_id
    where a.company_id = ${companyId} and a.entity_id = ${entityId} and p.type = ${product} and a.role_type = 'app_admin'`);
  return rows.map((r) => String((r as { user_id: string }).user_id));
}
