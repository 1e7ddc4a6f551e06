import { sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@/shared/auth';
import { CLIENT_STATUS_LABELS, CRM_MESSAGES, type Client, type ClientDetail, type ClientListQuery } from '@/shared/crm';
import type { z } from 'zod';
import type { clientCreateInput, clientUpdateInput } from '@/shared/crm';
import { recordEvent } from '../../audit/record-event';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/tenant';
import { notFound } from '../../http/errors';
import { sortedPage, toSortedPage, type SortSpec } from '../../platform/list';
import { readContactsOfClient } from './contacts';
import { readOpportunitiesOfClient } from './opportunities';
import { checkOwner, crmScope, inScope, isoText, lockForUpdate, ownerName, setClauses, type AuditContext, type ModuleScope } from './scope';

type ClientCreate = z.output<typeof clientCreateInput>;
type ClientUpdate = z.output<typeof clientUpdateInput>;

const SELECT = (extra: SQL = sql``) => sql`
  select c.id, c.entity_id, en.name as entity_name, c.name, c.website, c.industry, c.owner_id, ${ownerName('c')} as owner_name, c.status,
    ${isoText('c.last_activity_at')} as last_activity_at, c.version, ${isoText('c.created_at')} as created_at, ${isoText('c.updated_at')} as updated_at ${extra}
  from crm_clients c join entities en on en.id = c.entity_id`;

export interface ClientRow {
  id: string;
  entity_id: string;
  entity_name: string;
  name: string;
  website: string;
  industry: string;
  owner_id: string | null;
  owner_name: string | null;
  status: Client['status'];
  last_activity_at: string;
  version: number;
  created_at: string;
  updated_at: string;
  [key: string]: unknown;
}

export const toClient = (r: ClientRow): Client => ({
  id: r.id,
  entityId: r.entity_id,
  entityName: r.entity_name,
  name: r.name,
  website: r.website,
  industry: r.industry,
  ownerId: r.owner_id,
  ownerName: r.owner_name,
  status: r.status,
  lastActivityAt: r.last_activity_at,
  version: Number(r.version),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const SORTS: Record<ClientListQuery['sort'], SortSpec> = {
  name: { columns: [sql`c.name`], types: ['text'] },
  createdAt: { columns: [sql`c.created_at`], types: ['timestamptz'] },
  lastActivity: { columns: [sql`c.last_activity_at`], types: ['timestamptz'] },
};

function filters(scope: ModuleScope, query: Pick<ClientListQuery, 'q' | 'status' | 'ownerId'>): SQL {
  const parts: SQL[] = [inScope('c', scope)];
  if (query.q) {
    const p = query.q.toLowerCase();
    parts.push(sql`(c.search_name ^@ ${p} or c.search_industry ^@ ${p})`); // stored lower-cased columns (migration 0014)
  }
  if (query.status) parts.push(sql`c.status = ${query.status}`);
  if (query.ownerId) parts.push(sql`c.owner_id = ${query.ownerId}`);
  return sql.join(parts, sql` and `);
}

async function pageOf(tx: Tx, scope: ModuleScope, query: ClientListQuery) {
  const page = sortedPage(SORTS[query.sort], sql`c.id`, query, { searched: Boolean(query.q) });
  const where = page.where ? sql`${filters(scope, query)} and ${page.where}` : filters(scope, query);
  const { rows } = await tx.execute<ClientRow & { cursorValues: string[] }>(
    sql`${SELECT(sql`, ${page.cursorValues} as "cursorValues"`)} where ${where} order by ${sql.join(page.orderBy, sql`, `)} limit ${page.limit}`,
  );
  return toSortedPage(rows, query.limit, toClient);
}

export function listClients(db: Db, user: SessionUser, query: ClientListQuery) {
  return crmScope(db, user, 'viewer', (tx, scope) => pageOf(tx, scope, query), query.entityId);
}

export const CLIENT_EXPORT_COLUMNS = ['Name', 'Website', 'Industry', 'Status', 'Owner', 'Entity', 'Last Activity', 'Created'];

export async function* clientCsvPages(db: Db, user: SessionUser, query: Omit<ClientListQuery, 'limit' | 'cursor'>) {
  let cursor: string | undefined;
  do {
    const page = await crmScope(db, user, 'viewer', (tx, scope) => pageOf(tx, scope, { ...query, limit: 100, cursor }), query.entityId);
    yield page.items.map((c) => [c.name, c.website, c.industry, CLIENT_STATUS_LABELS[c.status], c.ownerName ?? '', c.entityName, c.lastActivityAt, c.createdAt]);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

export async function readClient(tx: Tx, id: string): Promise<Client> {
  const { rows } = await tx.execute<ClientRow>(sql`${SELECT()} where c.id = ${id}`);
  if (!rows[0]) throw notFound(CRM_MESSAGES.clientNotFound);
  return toClient(rows[0]);
}

/** A client with its contacts and opportunities (the detail page; its activity comes from the timeline route). */
export function getClient(db: Db, user: SessionUser, id: string): Promise<ClientDetail> {
  return crmScope(db, user, 'viewer', async (tx) => {
    const found = await readClient(tx, id);
    return { ...found, contacts: await readContactsOfClient(tx, id), opportunities: await readOpportunitiesOfClient(tx, id) };
  });
}

export async function insertClient(tx: Tx, scope: ModuleScope, input: ClientCreate, audit: AuditContext): Promise<Client> {
  await checkOwner(tx, scope, input.entityId, input.ownerId);
  const { rows } = await tx.execute<{ id: string }>(sql`
    insert into crm_clients (company_id, entity_id, name, website, industry, owner_id, status)
    values (${scope.companyId}, ${input.entityId}, ${input.name}, ${input.website}, ${input.industry}, ${input.ownerId === undefined ? scope.userId : input.ownerId}, ${input.status})
    returning id`);
  const created = await readClient(tx, rows[0]!.id);
  await recordEvent(tx, {
    context: audit,
    companyId: scope.companyId,
    action: 'crm.client.created',
    target: { type: 'crm_client', id: created.id, label: created.name },
    after: auditFields(created),
  });
  return created;
}

export function createClient(db: Db, user: SessionUser, input: ClientCreate, audit: AuditContext) {
  return crmScope(db, user, 'member', (tx, scope) => insertClient(tx, scope, input, audit), input.entityId);
}

const auditFields = (c: Client) => ({ name: c.name, website: c.website, industry: c.industry, ownerId: c.ownerId, status: c.status });

export function updateClient(db: Db, user: SessionUser, id: string, input: ClientUpdate, audit: AuditContext) {
  return crmScope(db, user, 'member', async (tx, scope) => {
    const row = await lockForUpdate(tx, 'crm_clients', id, input.version, CRM_MESSAGES.clientNotFound);
    await checkOwner(tx, scope, row.entity_id, input.ownerId);
    const before = await readClient(tx, id);
    const set = setClauses(input, { name: 'name', website: 'website', industry: 'industry', ownerId: 'owner_id', status: 'status' });
    set.push(sql`last_activity_at = now()`);
    await tx.execute(sql`update crm_clients set ${sql.join(set, sql`, `)} where id = ${id}`);
    const after = await readClient(tx, id);
    await recordEvent(tx, {
      context: audit,
      companyId: scope.companyId,
      action: 'crm.client.updated',
      target: { type: 'crm_client', id, label: after.name },
      before: auditFields(before),
      after: auditFields(after),
    });
    return after;
  });
}

/**
 * The entity's client named `name` ignoring case and spacing ("contoso  ltd" is "Contoso Ltd"),
 * the oldest when several are: what a lead's conversion proposes instead of a second client.
 * Both sides are lowered by PostgreSQL (`search_name` is `lower(name)`), so they fold alike in
 * any locale; the first word's prefix keeps the search on the (entity_id, search_name) index
 * (migration 0014) rather than on every client of the entity.
 */
export async function clientNamed(tx: Tx, entityId: string, name: string): Promise<{ id: string; name: string } | null> {
  const key = sql`regexp_replace(btrim(lower(${name}::text)), '\\s+', ' ', 'g')`;
  const { rows } = await tx.execute<{ id: string; name: string }>(sql`
    select c.id, c.name from crm_clients c
    where c.entity_id = ${entityId} and c.search_name ^@ split_part(${key}, ' ', 1)
      and regexp_replace(btrim(c.search_name), '\\s+', ' ', 'g') = ${key}
    order by c.created_at, c.id limit 1`);
  return rows[0] ?? null;
}

/** Clients of one entity by name, for the selects of contacts, opportunities and lead conversion. */
export function clientOptions(db: Db, user: SessionUser, entityId: string, q: string | undefined) {
  return crmScope(
    db,
    user,
    'viewer',
    async (tx, scope) => {
      const search = q ? sql`and c.search_name ^@ ${q.toLowerCase()}` : sql``;
      const { rows } = await tx.execute<{ id: string; name: string }>(
        sql`select c.id, c.name from crm_clients c where ${inScope('c', scope)} and c.entity_id = ${entityId} ${search} order by c.name, c.id limit 100`,
      );
      return { items: rows };
    },
    entityId,
  );
}
