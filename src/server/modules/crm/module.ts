import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { SessionUser } from '@/shared/auth';
import { CRM_MESSAGES } from '@/shared/crm';
import type { AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { crmClients } from '../../db/schema';
import type { Tx } from '../../db/tenant';
import { badRequest } from '../../http/errors';
import { defineModule } from '../../platform/module';
import { productUsers, type ModuleScope } from '../../platform/scope';

/** The CRM: clients, contacts, leads, opportunities and their activities (docs/modules.md). */
export const crm = defineModule('crm', { tag: 'CRM' });

/**
 * A record as crm.save(tx, table, id, values) leaves it, for the audit event's "after" without
 * reading it again: `before` with `values` (undefined: left as it was, as save leaves it; null: cleared).
 */
export const asSaved = <T extends object>(before: T, values: { [K in keyof T]?: T[K] }): T => ({
  ...before,
  ...Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)),
});

/**
 * A timestamp column as the API writes it: its JSON text, the same form on both databases
 * (null stays null). Drizzle would map it to a Date, which JSON writes in another form.
 */
export const isoText = <C extends PgColumn>(column: C) => sql<C['_']['notNull'] extends true ? string : string | null>`to_json(${column}) #>> '{}'`;

/** The owner's name for a list or detail, from the users table (null when unassigned). */
export const ownerName = (ownerId: PgColumn) => sql<string | null>`(select u.first_name || ' ' || u.last_name from users u where u.id = ${ownerId})`;

/**
 * The owner must be a user of the company holding CRM at the record's entity (or a super admin,
 * who holds every product). 400 otherwise, whoever the id names.
 */
export async function checkOwner(tx: Tx, scope: ModuleScope, entityId: string, ownerId: string | null | undefined) {
  if (ownerId === null || ownerId === undefined) return;
  if (!(await mayOwn(tx, scope, entityId, ownerId))) throw badRequest(CRM_MESSAGES.ownerInvalid);
}

/** Whether the user may own CRM records at the entity (one of ownerOptions). */
export async function mayOwn(tx: Tx, scope: ModuleScope, entityId: string, ownerId: string) {
  return (await productUsers(tx, scope.companyId, 'crm', entityId, [ownerId])).length > 0;
}

/** Users who may own CRM records at the entity: its CRM users and the company's super admins. */
export function ownerOptions(db: Db, user: SessionUser, entityId: string) {
  return crm.scope(db, user, 'viewer', async (tx, scope) => ({ items: await productUsers(tx, scope.companyId, 'crm', entityId) }), entityId);
}

/** Where a record of each kind is shown in the web app: a notification's link. */
export const RECORD_PAGES = { client: '/crm/clients', contact: '/crm/contacts', lead: '/crm/leads', opportunity: '/crm/opportunities' } as const;

/**
 * A lead or opportunity was given to an owner (created with them, or its owner changed): the
 * owner hears of it, unless they gave it to themselves (the kit's notify never tells the actor).
 */
export async function tellOwner(tx: Tx, scope: ModuleScope, audit: AuditContext, kind: 'lead' | 'opportunity', record: { id: string; entityId: string; name: string; ownerId: string | null }) {
  if (!record.ownerId) return;
  await crm.notify(tx, scope, {
    recipients: [record.ownerId],
    category: 'crm_assignments',
    title: `${audit.actor?.name || 'Someone'} assigned you the ${kind} ${record.name}`,
    url: `${RECORD_PAGES[kind]}/${record.id}`,
    entityId: record.entityId,
    record: { type: `crm_${kind}`, id: record.id },
  });
}

/** The client was just worked on: it moves up "recently active". */
export async function touchClient(tx: Tx, clientId: string | null | undefined) {
  if (clientId) await tx.update(crmClients).set({ lastActivityAt: sql`now()` }).where(eq(crmClients.id, clientId));
}

/** Reads the client a record points to in the same entity, or 400 with `message`. */
export async function requireClient(tx: Tx, entityId: string, clientId: string, message: string = CRM_MESSAGES.clientNotFound) {
  const [found] = await tx
    .select({ id: crmClients.id, name: crmClients.name })
    .from(crmClients)
    .where(and(eq(crmClients.id, clientId), eq(crmClients.entityId, entityId)));
  if (!found) throw badRequest(message);
  return found;
}
