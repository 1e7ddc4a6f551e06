import { sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@/shared/auth';
import { CRM_MESSAGES } from '@/shared/crm';
import { MODULE_MESSAGES } from '@/shared/modules';
import type { AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/tenant';
import { badRequest, conflict, notFound } from '../../http/errors';
import { scopeCondition, withModuleScope, type ModuleScope } from '../../platform/scope';

/** CRM scope: every CRM route goes through here (docs/modules.md). */
export const crmScope = <T>(
  db: Db,
  user: SessionUser,
  minRole: Parameters<typeof withModuleScope>[3],
  work: (tx: Tx, scope: ModuleScope) => Promise<T>,
  entityId?: string,
) => withModuleScope(db, user, 'crm', minRole, work, { entityId });

/** The scope as a condition on a CRM table (platform/scope.ts, scopeCondition). */
export const inScope = scopeCondition;

/** The owner column's name for a list or detail, from the users table (null when unassigned). */
export const ownerName = (alias: string) => sql`(select u.first_name || ' ' || u.last_name from users u where u.id = ${sql.raw(alias)}.owner_id)`;

/** An ISO timestamp column as JSON text (the same form on both databases). */
export const isoText = (column: string) => sql.raw(`to_json(${column}) #>> '{}'`);

/**
 * The owner must be a user of the company holding CRM at the record's entity (or a super admin,
 * who holds every product). 400 otherwise, whoever the id names.
 */
export async function checkOwner(tx: Tx, scope: ModuleScope, entityId: string, ownerId: string | null | undefined) {
  if (ownerId === null || ownerId === undefined) return;
  if (!(await mayOwn(tx, scope, entityId, ownerId))) throw badRequest(CRM_MESSAGES.ownerInvalid);
}

export async function mayOwn(tx: Tx, scope: ModuleScope, entityId: string, ownerId: string) {
  const { rows } = await tx.execute(sql`
    select 1 from users u
    where u.id = ${ownerId} and u.company_id = ${scope.companyId} and (u.role = 'super_admin' or exists (
      select 1 from user_product_access a join products p on p.id = a.product_id
      where a.user_id = u.id and a.entity_id = ${entityId} and p.type = 'crm'))`);
  return rows.length > 0;
}

/** Users who may own CRM records at the entity: its CRM users and the company's super admins. */
export function ownerOptions(db: Db, user: SessionUser, entityId: string) {
  return crmScope(
    db,
    user,
    'viewer',
    async (tx, scope) => {
      const { rows } = await tx.execute<{ id: string; name: string; email: string }>(sql`
        select u.id, u.first_name || ' ' || u.last_name as name, u.email from users u
        where u.company_id = ${scope.companyId} and (u.role = 'super_admin' or exists (
          select 1 from user_product_access a join products p on p.id = a.product_id
          where a.user_id = u.id and a.entity_id = ${entityId} and p.type = 'crm'))
        order by u.last_name, u.first_name, u.id limit 500`);
      return { items: rows.map((r) => ({ id: r.id, name: r.name, email: r.email })) };
    },
    entityId,
  );
}

type CrmTable = 'crm_clients' | 'crm_contacts' | 'crm_leads' | 'crm_opportunities';

/**
 * Locks a record for an update and checks the version the client read: 404 outside the scope
 * (row-level security hides it), 409 when someone changed it since.
 */
export async function lockForUpdate<R extends Record<string, unknown>>(tx: Tx, table: CrmTable, id: string, version: number, notFoundMessage: string) {
  const { rows } = await tx.execute<R & { entity_id: string; version: number }>(sql`select * from ${sql.identifier(table)} where id = ${id} for update`);
  const row = rows[0];
  if (!row) throw notFound(notFoundMessage);
  if (Number(row.version) !== version) throw conflict(MODULE_MESSAGES.staleVersion);
  return row;
}

/** The client was just worked on: it moves up "recently active". */
export const touchClient = (tx: Tx, clientId: string | null | undefined) =>
  clientId ? tx.execute(sql`update crm_clients set last_activity_at = now() where id = ${clientId}`) : Promise.resolve();

/** Reads the client a record points to in the same entity, or 400 with `message`. */
export async function requireClient(tx: Tx, entityId: string, clientId: string, message: string = CRM_MESSAGES.clientNotFound) {
  const { rows } = await tx.execute<{ id: string; name: string }>(sql`select id, name from crm_clients where id = ${clientId} and entity_id = ${entityId}`);
  if (!rows[0]) throw badRequest(message);
  return rows[0];
}

/** The columns an update may set, by input key. */
export function setClauses(input: Record<string, unknown>, columns: Record<string, string>): SQL[] {
  const set: SQL[] = [sql`version = version + 1`, sql`updated_at = now()`];
  for (const [key, column] of Object.entries(columns)) {
    const value = input[key];
    if (value !== undefined) set.push(sql`${sql.identifier(column)} = ${value}`);
  }
  return set;
}

export type { AuditContext, ModuleScope };
