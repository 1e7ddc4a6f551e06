import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { SessionUser } from '@/shared/auth';
import { CLIENT_STATUS_LABELS, CRM_MESSAGES, type Client, type ClientDetail, type ClientListQuery, type clientCreateInput, type clientUpdateInput } from '@/shared/crm';
import type { AuditContext, AuditTarget } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { crmClients, entities } from '../../db/schema';
import { commitWith, type Tx } from '../../db/tenant';
import { notFound } from '../../http/errors';
import { pageItem, sortedPage, type SortSpec, toSortedPage } from '../../platform/list';
import { scopeCondition, type ModuleScope } from '../../platform/scope';
import { readContactsOfClient } from './contacts';
import { checkOwner, crm, ownerName } from './module';
import { readOpportunitiesOfClient } from './opportunities';
import { isoText } from '../../platform/sql';

type ClientCreate = z.output<typeof clientCreateInput>;
type ClientUpdate = z.output<typeof clientUpdateInput>;

const c = alias(crmClients, 'c');
const en = alias(entities, 'en');

/** A client as the API gives it (shared/crm.ts `client`), from `c` joined to its entity `en`. */
const CLIENT = {
  id: c.id,
  entityId: c.entityId,
  entityName: en.name,
  name: c.name,
  website: c.website,
  industry: c.industry,
  ownerId: c.ownerId,
  ownerName: ownerName(c.ownerId),
  status: sql<Client['status']>`${c.status}`,
  lastActivityAt: isoText(c.lastActivityAt),
  version: c.version,
  createdAt: isoText(c.createdAt),
  updatedAt: isoText(c.updatedAt),
};

/** Clients with `extra` fields (a page's cursor), for a where, order and limit. */
const selectClients = <E extends Record<string, SQL>>(tx: Tx, extra?: E) =>
  tx
    .select({ ...CLIENT, ...(extra as E) })
    .from(c)
    .innerJoin(en, eq(en.id, c.entityId));

const SORTS: Record<ClientListQuery['sort'], SortSpec> = {
  name: { columns: [sql`${c.name}`], types: ['text'] },
  createdAt: { columns: [sql`${c.createdAt}`], types: ['timestamptz'] },
  lastActivity: { columns: [sql`${c.lastActivityAt}`], types: ['timestamptz'] },
};

function filters(scope: ModuleScope, query: Pick<ClientListQuery, 'q' | 'status' | 'ownerId'>) {
  const p = query.q?.toLowerCase();
  return and(
    scopeCondition('c', scope),
    // Stored lower-cased columns (migration 0014).
    p ? sql`(${c.searchName} ^@ ${p} or ${c.searchIndustry} ^@ ${p})` : undefined,
    query.status ? eq(c.status, query.status) : undefined,
    query.ownerId ? eq(c.ownerId, query.ownerId) : undefined,
  );
}

async function pageOf(tx: Tx, scope: ModuleScope, query: ClientListQuery) {
  const page = sortedPage(SORTS[query.sort], sql`${c.id}`, query, { searched: Boolean(query.q) });
  const rows = await selectClients(tx, { cursorValues: page.cursorValues })
    .where(and(filters(scope, query), page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return toSortedPage(rows, query.limit, pageItem);
}

export function listClients(db: Db, user: SessionUser, query: ClientListQuery) {
  return crm.scope(db, user, 'viewer', (tx, scope) => pageOf(tx, scope, query), query.entityId);
}

export const CLIENT_EXPORT_COLUMNS = ['Name', 'Website', 'Industry', 'Status', 'Owner', 'Entity', 'Last Activity', 'Created'];

export const clientCsvPages = (db: Db, user: SessionUser, query: Omit<ClientListQuery, 'limit' | 'cursor'>) =>
  crm.csvPages(db, user, query, pageOf, (c) => [c.name, c.website, c.industry, CLIENT_STATUS_LABELS[c.status], c.ownerName ?? '', c.entityName, c.lastActivityAt, c.createdAt]);

/** The scope's clients most recently worked on (the dashboard). */
export const recentClients = (tx: Tx, scope: ModuleScope, limit: number): Promise<Client[]> =>
  selectClients(tx)
    .where(scopeCondition('c', scope))
    .orderBy(desc(c.lastActivityAt), desc(c.id))
    .limit(limit);

export async function readClient(tx: Tx, id: string): Promise<Client> {
  const [found] = await selectClients(tx).where(eq(c.id, id));
  if (!found) throw notFound(CRM_MESSAGES.clientNotFound);
  return found;
}

/** A client with its contacts and opportunities (the detail page; its activity comes from the timeline route). */
export function getClient(db: Db, user: SessionUser, id: string): Promise<ClientDetail> {
  return crm.scope(db, user, 'viewer', async (tx) => {
    // Read together (one round trip): a client not found is still a 404.
    const [found, contacts, opportunities] = await Promise.all([readClient(tx, id), readContactsOfClient(tx, id), readOpportunitiesOfClient(tx, id)]);
    return { ...found, contacts, opportunities };
  });
}

type Audited = Pick<Client, 'id' | 'name' | 'website' | 'industry' | 'ownerId' | 'status'>;
const auditFields = (c: Audited) => ({ name: c.name, website: c.website, industry: c.industry, ownerId: c.ownerId, status: c.status });
const auditTarget = (c: Audited): AuditTarget => ({ type: 'crm_client', id: c.id, label: c.name });

/**
 * A new client as it will be stored (its id made here), its owner checked and its audit event
 * queued (it goes with the commit): what is left is to write `insert`.
 */
async function newClient(tx: Tx, scope: ModuleScope, input: ClientCreate, audit: AuditContext) {
  await checkOwner(tx, scope, input.entityId, input.ownerId);
  const { entityId, name, website, industry, status } = input;
  const client = { id: randomUUID(), entityId, name, website, industry, ownerId: input.ownerId === undefined ? scope.userId : input.ownerId, status };
  await crm.audit(tx, scope, audit, 'crm.client.created', auditTarget(client), undefined, auditFields(client));
  // In an object: a query builder returned from an async function would be run by it.
  return { id: client.id, insert: tx.insert(crmClients).values({ companyId: scope.companyId, ...client }) };
}

/** A client created within a larger write (a lead's conversion), which goes on after it. */
export async function insertClient(tx: Tx, scope: ModuleScope, input: ClientCreate, audit: AuditContext): Promise<{ id: string }> {
  const { id, insert } = await newClient(tx, scope, input, audit);
  await insert;
  return { id };
}

export function createClient(db: Db, user: SessionUser, input: ClientCreate, audit: AuditContext) {
  return crm.scope(
    db,
    user,
    'member',
    async (tx, scope) => {
      const { id, insert } = await newClient(tx, scope, input, audit);
      return commitWith(tx, [insert], () => readClient(tx, id));
    },
    input.entityId,
  );
}

export function updateClient(db: Db, user: SessionUser, id: string, input: ClientUpdate, audit: AuditContext) {
  return crm.scope(db, user, 'member', async (tx, scope) => {
    const [row, before] = await Promise.all([crm.lock(tx, crmClients, id, input.version, CRM_MESSAGES.clientNotFound), readClient(tx, id)]);
    await checkOwner(tx, scope, row.entityId, input.ownerId);
    const { name, website, industry, ownerId, status } = input;
    const values = { name, website, industry, ownerId, status };
    const after = crm.asSaved(before, values);
    await crm.audit(tx, scope, audit, 'crm.client.updated', auditTarget(after), auditFields(before), auditFields(after));
    return commitWith(tx, [crm.save(tx, crmClients, id, { ...values, lastActivityAt: sql`now()` })], () => readClient(tx, id));
  });
}

/**
 * A won deal makes its client a customer: a Prospect or Inactive client becomes Active (the
 * dashboard's "Total Customers"), in the transaction of the deal's stage change and audited as a
 * change of the client. Only a deal that is just now won does it (see its callers), so a customer
 * later set Inactive by hand stays so while their old deal is edited.
 */
export async function makeCustomer(tx: Tx, scope: ModuleScope, clientId: string, audit: AuditContext) {
  const [client] = await tx.select({ name: crmClients.name, status: crmClients.status }).from(crmClients).where(eq(crmClients.id, clientId)).for('update');
  if (!client || client.status === 'active') return;
  await crm.save(tx, crmClients, clientId, { status: 'active' });
  await crm.audit(tx, scope, audit, 'crm.client.updated', { type: 'crm_client', id: clientId, label: client.name }, { status: client.status }, { status: 'active' });
}

/**
 * The entity's client named `name` ignoring case and spacing ("contoso  ltd" is "Contoso Ltd"),
 * the oldest when several are: what a lead's conversion proposes instead of a second client.
 * Both sides are lowered by PostgreSQL (`search_name` is `lower(name)`), so they fold alike in
 * any locale; the first word's prefix keeps the search on the (entity_id, search_name) index
 * (migration 0014) rather than on every client of the entity. Either may be SQL (a subquery), to
 * be read with what it comes from.
 */
export async function clientNamed(tx: Tx, entityId: string | SQL, name: string | SQL): Promise<{ id: string; name: string } | null> {
  const key = sql`regexp_replace(btrim(lower(${name}::text)), '\\s+', ' ', 'g')`;
  const [found] = await tx
    .select({ id: c.id, name: c.name })
    .from(c)
    .where(and(eq(c.entityId, entityId), sql`${c.searchName} ^@ split_part(${key}, ' ', 1)`, sql`regexp_replace(btrim(${c.searchName}), '\\s+', ' ', 'g') = ${key}`))
    .orderBy(asc(c.createdAt), asc(c.id))
    .limit(1);
  return found ?? null;
}

/** Clients of one entity by name, for the selects of contacts, opportunities and lead conversion. */
export function clientOptions(db: Db, user: SessionUser, entityId: string, q: string | undefined) {
  return crm.scope(
    db,
    user,
    'viewer',
    async (tx, scope) => ({
      items: await tx
        .select({ id: c.id, name: c.name })
        .from(c)
        .where(and(scopeCondition('c', scope), eq(c.entityId, entityId), q ? sql`${c.searchName} ^@ ${q.toLowerCase()}` : undefined))
        .orderBy(asc(c.name), asc(c.id))
        .limit(100),
    }),
    entityId,
  );
}
