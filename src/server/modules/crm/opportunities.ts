import { sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@/shared/auth';
import { currencyOf } from '@/shared/countries';
import {
  amountText,
  CRM_MESSAGES,
  isClosedStage,
  OPPORTUNITY_STAGE_LABELS,
  OPPORTUNITY_STAGES,
  type Money,
  type Opportunity,
  type OpportunityListQuery,
  type OpportunityStage,
  type opportunityCreateInput,
  type opportunityUpdateInput,
  type Pipeline,
  type pipelineQuery,
} from '@/shared/crm';
import type { z } from 'zod';
import { recordEvent } from '../../audit/record-event';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/tenant';
import { badRequest, notFound } from '../../http/errors';
import { sortedPage, toSortedPage, type SortSpec } from '../../platform/list';
import { checkOwner, crmScope, inScope, isoText, lockForUpdate, ownerName, requireClient, setClauses, touchClient, type AuditContext, type ModuleScope } from './scope';

export type OpportunityCreate = z.output<typeof opportunityCreateInput>;
type OpportunityUpdate = z.output<typeof opportunityUpdateInput>;

const SELECT = (extra: SQL = sql``) => sql`
  select o.id, o.entity_id, en.name as entity_name, o.name, o.client_id, cl.name as client_name, o.amount_minor, o.currency,
    o.expected_close_date::text as expected_close_date, o.owner_id, ${ownerName('o')} as owner_name, o.stage, o.lost_reason,
    ${isoText('o.closed_at')} as closed_at, o.version, ${isoText('o.created_at')} as created_at, ${isoText('o.updated_at')} as updated_at ${extra}
  from crm_opportunities o
  join entities en on en.id = o.entity_id
  join crm_clients cl on cl.id = o.client_id`;

interface OpportunityRow {
  id: string;
  entity_id: string;
  entity_name: string;
  name: string;
  client_id: string;
  client_name: string;
  amount_minor: string | number;
  currency: string;
  expected_close_date: string | null;
  owner_id: string | null;
  owner_name: string | null;
  stage: OpportunityStage;
  lost_reason: string;
  closed_at: string | null;
  version: number;
  created_at: string;
  updated_at: string;
  [key: string]: unknown;
}

const toOpportunity = (r: OpportunityRow): Opportunity => ({
  id: r.id,
  entityId: r.entity_id,
  entityName: r.entity_name,
  name: r.name,
  clientId: r.client_id,
  clientName: r.client_name,
  amountMinor: Number(r.amount_minor),
  currency: r.currency,
  expectedCloseDate: r.expected_close_date,
  ownerId: r.owner_id,
  ownerName: r.owner_name,
  stage: r.stage,
  lostReason: r.lost_reason,
  closedAt: r.closed_at,
  version: Number(r.version),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const SORTS: Record<OpportunityListQuery['sort'], SortSpec> = {
  createdAt: { columns: [sql`o.created_at`], types: ['timestamptz'] },
  name: { columns: [sql`o.name`], types: ['text'] },
  amount: { columns: [sql`o.amount_minor`], types: ['bigint'] },
};

type Filters = Pick<OpportunityListQuery, 'q' | 'stage' | 'clientId' | 'ownerId' | 'open'>;

function filters(scope: ModuleScope, query: Filters): SQL {
  const parts: SQL[] = [inScope('o', scope)];
  if (query.q) {
    const p = query.q.toLowerCase();
    parts.push(sql`(lower(o.name) ^@ ${p} or cl.search_name ^@ ${p})`);
  }
  if (query.stage) parts.push(sql`o.stage = ${query.stage}`);
  if (query.clientId) parts.push(sql`o.client_id = ${query.clientId}`);
  if (query.ownerId) parts.push(sql`o.owner_id = ${query.ownerId}`);
  if (query.open === 'true') parts.push(sql`o.closed_at is null`);
  if (query.open === 'false') parts.push(sql`o.closed_at is not null`);
  return sql.join(parts, sql` and `);
}

async function pageOf(tx: Tx, scope: ModuleScope, query: OpportunityListQuery) {
  const page = sortedPage(SORTS[query.sort], sql`o.id`, query);
  const where = page.where ? sql`${filters(scope, query)} and ${page.where}` : filters(scope, query);
  const { rows } = await tx.execute<OpportunityRow & { cursorValues: string[] }>(
    sql`${SELECT(sql`, ${page.cursorValues} as "cursorValues"`)} where ${where} order by ${sql.join(page.orderBy, sql`, `)} limit ${page.limit}`,
  );
  return toSortedPage(rows, query.limit, toOpportunity);
}

export function listOpportunities(db: Db, user: SessionUser, query: OpportunityListQuery) {
  return crmScope(db, user, 'viewer', (tx, scope) => pageOf(tx, scope, query), query.entityId);
}

/** Sums per currency, largest first. */
export const moneyList = (rows: { currency: string; amount: string | number }[]): Money[] =>
  rows.map((r) => ({ currency: r.currency, amountMinor: Number(r.amount) })).sort((x, y) => y.amountMinor - x.amountMinor || x.currency.localeCompare(y.currency));

/**
 * The board's data: for each stage, its count and totals (per currency) and the first cards in
 * the list's default order (newest first), with the cursor of the next page, which the list
 * route continues (`?stage=…&sort=createdAt&dir=desc&cursor=…`). The browser never holds a whole
 * large column.
 */
export function pipeline(db: Db, user: SessionUser, query: z.output<typeof pipelineQuery>): Promise<Pipeline> {
  return crmScope(
    db,
    user,
    'viewer',
    async (tx, scope) => {
      const where = filters(scope, query);
      // The client is joined only for a search (its name): otherwise the totals read the opportunities alone.
      const clients = query.q ? sql`join crm_clients cl on cl.id = o.client_id` : sql``;
      const { rows: totals } = await tx.execute<{ stage: OpportunityStage; currency: string; n: string | number; amount: string | number }>(
        sql`select o.stage, o.currency, count(*) as n, sum(o.amount_minor) as amount from crm_opportunities o ${clients}
            where ${where} group by o.stage, o.currency`,
      );
      const columns = [];
      for (const stage of OPPORTUNITY_STAGES) {
        const mine = totals.filter((t) => t.stage === stage);
        const page = await pageOf(tx, scope, { ...query, stage, open: undefined, clientId: undefined, sort: 'createdAt', dir: 'desc', cursor: undefined });
        columns.push({
          stage,
          count: mine.reduce((n, t) => n + Number(t.n), 0),
          totals: moneyList(mine),
          items: page.items,
          nextCursor: page.nextCursor,
        });
      }
      return { columns };
    },
    query.entityId,
  );
}

export const OPPORTUNITY_EXPORT_COLUMNS = ['Name', 'Client', 'Amount', 'Currency', 'Stage', 'Expected Close Date', 'Owner', 'Lost Reason', 'Entity', 'Created'];

export async function* opportunityCsvPages(db: Db, user: SessionUser, query: Omit<OpportunityListQuery, 'limit' | 'cursor'>) {
  let cursor: string | undefined;
  do {
    const page = await crmScope(db, user, 'viewer', (tx, scope) => pageOf(tx, scope, { ...query, limit: 100, cursor }), query.entityId);
    yield page.items.map((o) => [
      o.name,
      o.clientName,
      amountText(o.amountMinor, o.currency),
      o.currency,
      OPPORTUNITY_STAGE_LABELS[o.stage],
      o.expectedCloseDate ?? '',
      o.ownerName ?? '',
      o.lostReason,
      o.entityName,
      o.createdAt,
    ]);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

export async function readOpportunity(tx: Tx, id: string): Promise<Opportunity> {
  const { rows } = await tx.execute<OpportunityRow>(sql`${SELECT()} where o.id = ${id}`);
  if (!rows[0]) throw notFound(CRM_MESSAGES.opportunityNotFound);
  return toOpportunity(rows[0]);
}

export async function readOpportunitiesOfClient(tx: Tx, clientId: string): Promise<Opportunity[]> {
  const { rows } = await tx.execute<OpportunityRow>(sql`${SELECT()} where o.client_id = ${clientId} order by o.created_at desc, o.id desc limit 200`);
  return rows.map(toOpportunity);
}

export function getOpportunity(db: Db, user: SessionUser, id: string) {
  return crmScope(db, user, 'viewer', (tx) => readOpportunity(tx, id));
}

const auditFields = (o: Opportunity) => ({
  name: o.name,
  clientId: o.clientId,
  amountMinor: o.amountMinor,
  currency: o.currency,
  expectedCloseDate: o.expectedCloseDate,
  ownerId: o.ownerId,
  stage: o.stage,
  lostReason: o.lostReason,
});

/** The currency of the entity's country: an opportunity keeps the one it was created in. */
async function entityCurrency(tx: Tx, entityId: string) {
  const { rows } = await tx.execute<{ country: string }>(sql`select country from entities where id = ${entityId}`);
  return currencyOf(rows[0]?.country ?? 'Other');
}

/**
 * A won deal makes its client a customer: a Prospect or Inactive client becomes Active (the
 * dashboard's "Total Customers"), in the transaction of the deal's stage change and audited as a
 * change of the client. Only a deal that is just now won does it (see its callers), so a customer
 * later set Inactive by hand stays so while their old deal is edited.
 */
async function makeCustomer(tx: Tx, scope: ModuleScope, clientId: string, audit: AuditContext) {
  const { rows } = await tx.execute<{ name: string; status: string }>(sql`select name, status from crm_clients where id = ${clientId} for update`);
  const client = rows[0];
  if (!client || client.status === 'active') return;
  await tx.execute(sql`update crm_clients set status = 'active', version = version + 1, updated_at = now() where id = ${clientId}`);
  await recordEvent(tx, {
    context: audit,
    companyId: scope.companyId,
    action: 'crm.client.updated',
    target: { type: 'crm_client', id: clientId, label: client.name },
    before: { status: client.status },
    after: { status: 'active' },
  });
}

export async function insertOpportunity(tx: Tx, scope: ModuleScope, input: OpportunityCreate, audit: AuditContext): Promise<Opportunity> {
  await requireClient(tx, input.entityId, input.clientId, CRM_MESSAGES.clientRequired);
  await checkOwner(tx, scope, input.entityId, input.ownerId);
  const closed = isClosedStage(input.stage);
  const { rows } = await tx.execute<{ id: string }>(sql`
    insert into crm_opportunities (company_id, entity_id, name, client_id, amount_minor, currency, expected_close_date, owner_id, stage, lost_reason, closed_at)
    values (${scope.companyId}, ${input.entityId}, ${input.name}, ${input.clientId}, ${input.amountMinor}, ${await entityCurrency(tx, input.entityId)},
      ${input.expectedCloseDate}::date, ${input.ownerId === undefined ? scope.userId : input.ownerId}, ${input.stage},
      ${input.stage === 'closed_lost' ? input.lostReason : ''}, ${closed ? sql`now()` : null})
    returning id`);
  await touchClient(tx, input.clientId);
  const created = await readOpportunity(tx, rows[0]!.id);
  await recordEvent(tx, {
    context: audit,
    companyId: scope.companyId,
    action: 'crm.opportunity.created',
    target: { type: 'crm_opportunity', id: created.id, label: created.name },
    after: auditFields(created),
  });
  if (created.stage === 'closed_won') await makeCustomer(tx, scope, created.clientId, audit);
  return created;
}

export function createOpportunity(db: Db, user: SessionUser, input: OpportunityCreate, audit: AuditContext) {
  return crmScope(db, user, 'member', (tx, scope) => insertOpportunity(tx, scope, input, audit), input.entityId);
}

/**
 * An edit or a stage move (the board sends `stage` and `version`). Closing stamps `closed_at`
 * (the dashboard's "won this month" and revenue by month); reopening clears it; Closed Lost
 * needs a reason, and leaving it clears the reason; Closed Won makes the client a customer.
 */
export function updateOpportunity(db: Db, user: SessionUser, id: string, input: OpportunityUpdate, audit: AuditContext) {
  return crmScope(db, user, 'member', async (tx, scope) => {
    const row = await lockForUpdate<{ stage: OpportunityStage; lost_reason: string }>(tx, 'crm_opportunities', id, input.version, CRM_MESSAGES.opportunityNotFound);
    if (input.clientId) await requireClient(tx, row.entity_id, input.clientId, CRM_MESSAGES.clientRequired);
    await checkOwner(tx, scope, row.entity_id, input.ownerId);
    const stage = input.stage ?? row.stage;
    const lostReason = stage === 'closed_lost' ? (input.lostReason ?? row.lost_reason) : '';
    if (stage === 'closed_lost' && lostReason === '') throw badRequest(CRM_MESSAGES.lostReasonRequired);
    const before = await readOpportunity(tx, id);
    const set = setClauses(input, { name: 'name', clientId: 'client_id', amountMinor: 'amount_minor', ownerId: 'owner_id', stage: 'stage' });
    if (input.expectedCloseDate !== undefined) set.push(sql`expected_close_date = ${input.expectedCloseDate}::date`);
    set.push(sql`lost_reason = ${lostReason}`);
    if (stage !== row.stage) set.push(isClosedStage(stage) ? sql`closed_at = now()` : sql`closed_at = null`);
    await tx.execute(sql`update crm_opportunities set ${sql.join(set, sql`, `)} where id = ${id}`);
    const after = await readOpportunity(tx, id);
    await touchClient(tx, after.clientId);
    await recordEvent(tx, {
      context: audit,
      companyId: scope.companyId,
      action: 'crm.opportunity.updated',
      target: { type: 'crm_opportunity', id, label: after.name },
      before: auditFields(before),
      after: auditFields(after),
    });
    if (after.stage === 'closed_won' && (before.stage !== 'closed_won' || before.clientId !== after.clientId)) await makeCustomer(tx, scope, after.clientId, audit);
    return after;
  });
}
