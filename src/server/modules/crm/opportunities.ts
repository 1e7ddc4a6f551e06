import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
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
import type { AuditContext, AuditTarget } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { crmClients, crmOpportunities, entities } from '../../db/schema';
import { pipelined, type Tx } from '../../db/tenant';
import { badRequest, notFound } from '../../http/errors';
import { pageItem, sortedPage, type SortSpec, toSortedPage } from '../../platform/list';
import { scopeCondition, type ModuleScope } from '../../platform/scope';
import { makeCustomer } from './clients';
import { checkOwner, crm, ownerName, requireClient, tellOwner, touchClient } from './module';
import { isoText } from '../../platform/sql';

export type OpportunityCreate = z.output<typeof opportunityCreateInput>;
type OpportunityUpdate = z.output<typeof opportunityUpdateInput>;

export const o = alias(crmOpportunities, 'o');
const en = alias(entities, 'en');
const cl = alias(crmClients, 'cl');

/** Opportunities `o` with their entity and client, as the API gives them (shared/crm.ts `opportunity`), and `extra` fields (a page's cursor). */
const selectOpportunities = <E extends Record<string, SQL>>(tx: Tx, extra?: E) =>
  tx
    .select({
      id: o.id,
      entityId: o.entityId,
      entityName: en.name,
      name: o.name,
      clientId: o.clientId,
      clientName: cl.name,
      amountMinor: o.amountMinor,
      currency: o.currency,
      expectedCloseDate: sql<string | null>`${o.expectedCloseDate}::text`,
      ownerId: o.ownerId,
      ownerName: ownerName(o.ownerId),
      stage: sql<OpportunityStage>`${o.stage}`,
      lostReason: o.lostReason,
      closedAt: isoText(o.closedAt),
      version: o.version,
      createdAt: isoText(o.createdAt),
      updatedAt: isoText(o.updatedAt),
      ...(extra as E),
    })
    .from(o)
    .innerJoin(en, eq(en.id, o.entityId))
    .innerJoin(cl, eq(cl.id, o.clientId));

const SORTS: Record<OpportunityListQuery['sort'], SortSpec> = {
  createdAt: { columns: [sql`${o.createdAt}`], types: ['timestamptz'] },
  name: { columns: [sql`${o.name}`], types: ['text'] },
  amount: { columns: [sql`${o.amountMinor}`], types: ['bigint'] },
};

type Filters = Pick<OpportunityListQuery, 'q' | 'stage' | 'clientId' | 'ownerId' | 'open'>;

/** The list's conditions; a search also reads the client's name (`cl`). */
function filters(scope: ModuleScope, query: Filters) {
  const p = query.q?.toLowerCase();
  return and(
    scopeCondition('o', scope),
    p ? sql`(lower(${o.name}) ^@ ${p} or ${cl.searchName} ^@ ${p})` : undefined,
    query.stage ? eq(o.stage, query.stage) : undefined,
    query.clientId ? eq(o.clientId, query.clientId) : undefined,
    query.ownerId ? eq(o.ownerId, query.ownerId) : undefined,
    query.open === 'true' ? isNull(o.closedAt) : query.open === 'false' ? isNotNull(o.closedAt) : undefined,
  );
}

async function pageOf(tx: Tx, scope: ModuleScope, query: OpportunityListQuery) {
  const page = sortedPage(SORTS[query.sort], sql`${o.id}`, query);
  const rows = await selectOpportunities(tx, { cursorValues: page.cursorValues })
    .where(and(filters(scope, query), page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return toSortedPage(rows, query.limit, pageItem);
}

export function listOpportunities(db: Db, user: SessionUser, query: OpportunityListQuery) {
  return crm.scope(db, user, 'viewer', (tx, scope) => pageOf(tx, scope, query), query.entityId);
}

/** Sums per currency, largest first. */
export const moneyList = (rows: { currency: string; amount: string | number | null }[]): Money[] =>
  rows.map((r) => ({ currency: r.currency, amountMinor: Number(r.amount) })).sort((x, y) => y.amountMinor - x.amountMinor || x.currency.localeCompare(y.currency));

/** The sum of the amounts of a group (bigint: the driver's text), for moneyList. */
export const amountSum = sql<string>`sum(${o.amountMinor})`;

/**
 * The board's data: for each stage, its count and totals (per currency) and the first cards in
 * the list's default order (newest first), with the cursor of the next page, which the list
 * route continues (`?stage=…&sort=createdAt&dir=desc&cursor=…`). The browser never holds a whole
 * large column.
 */
export function pipeline(db: Db, user: SessionUser, query: z.output<typeof pipelineQuery>): Promise<Pipeline> {
  return crm.scope(
    db,
    user,
    'viewer',
    async (tx, scope) => {
      let totalsQuery = tx.select({ stage: o.stage, currency: o.currency, n: count(), amount: amountSum }).from(o).$dynamic();
      // The client is joined only for a search (its name): otherwise the totals read the opportunities alone.
      if (query.q) totalsQuery = totalsQuery.innerJoin(cl, eq(cl.id, o.clientId));
      // The totals and every column's first cards, read together: one round trip.
      const [totals, ...pages] = await Promise.all([
        totalsQuery.where(filters(scope, query)).groupBy(o.stage, o.currency),
        ...OPPORTUNITY_STAGES.map((stage) => pageOf(tx, scope, { ...query, stage, open: undefined, clientId: undefined, sort: 'createdAt', dir: 'desc', cursor: undefined })),
      ]);
      const columns = OPPORTUNITY_STAGES.map((stage, i) => {
        const mine = totals.filter((t) => t.stage === stage);
        return { stage, count: mine.reduce((n, t) => n + t.n, 0), totals: moneyList(mine), items: pages[i]!.items, nextCursor: pages[i]!.nextCursor };
      });
      return { columns };
    },
    query.entityId,
  );
}

export const OPPORTUNITY_EXPORT_COLUMNS = ['Name', 'Client', 'Amount', 'Currency', 'Stage', 'Expected Close Date', 'Owner', 'Lost Reason', 'Entity', 'Created'];

export const opportunityCsvPages = (db: Db, user: SessionUser, query: Omit<OpportunityListQuery, 'limit' | 'cursor'>) =>
  crm.csvPages(db, user, query, pageOf, (o) => [
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

export async function readOpportunity(tx: Tx, id: string): Promise<Opportunity> {
  const [found] = await selectOpportunities(tx).where(eq(o.id, id));
  if (!found) throw notFound(CRM_MESSAGES.opportunityNotFound);
  return found;
}

export function readOpportunitiesOfClient(tx: Tx, clientId: string): Promise<Opportunity[]> {
  return selectOpportunities(tx)
    .where(eq(o.clientId, clientId))
    .orderBy(desc(o.createdAt), desc(o.id))
    .limit(200);
}

export function getOpportunity(db: Db, user: SessionUser, id: string) {
  return crm.scope(db, user, 'viewer', (tx) => readOpportunity(tx, id));
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
const auditTarget = (o: Opportunity): AuditTarget => ({ type: 'crm_opportunity', id: o.id, label: o.name });

/** The currency of the entity's country: an opportunity keeps the one it was created in. */
async function entityCurrency(tx: Tx, entityId: string) {
  const [entity] = await tx.select({ country: entities.country }).from(entities).where(eq(entities.id, entityId));
  return currencyOf(entity?.country ?? 'Other');
}

export async function insertOpportunity(tx: Tx, scope: ModuleScope, input: OpportunityCreate, audit: AuditContext): Promise<Opportunity> {
  // The checks and the currency read together (one round trip), a refusal in this order.
  const [, , currency] = await pipelined(
    tx,
    () => requireClient(tx, input.entityId, input.clientId, CRM_MESSAGES.clientRequired),
    () => checkOwner(tx, scope, input.entityId, input.ownerId),
    () => entityCurrency(tx, input.entityId),
  );
  const id = randomUUID();
  // The insert, the client's touch and the read-back: one round trip.
  const [, , created] = await pipelined(
    tx,
    () =>
      tx.insert(crmOpportunities).values({
        id,
        companyId: scope.companyId,
        entityId: input.entityId,
        name: input.name,
        clientId: input.clientId,
        amountMinor: input.amountMinor,
        currency,
        expectedCloseDate: input.expectedCloseDate,
        ownerId: input.ownerId === undefined ? scope.userId : input.ownerId,
        stage: input.stage,
        lostReason: input.stage === 'closed_lost' ? input.lostReason : '',
        closedAt: isClosedStage(input.stage) ? sql`now()` : null,
      }),
    () => touchClient(tx, input.clientId),
    () => readOpportunity(tx, id),
  );
  await crm.audit(tx, scope, audit, 'crm.opportunity.created', auditTarget(created), undefined, auditFields(created));
  await tellOwner(tx, scope, audit, 'opportunity', created);
  if (created.stage === 'closed_won') await makeCustomer(tx, scope, created.clientId, audit);
  return created;
}

export function createOpportunity(db: Db, user: SessionUser, input: OpportunityCreate, audit: AuditContext) {
  return crm.scope(db, user, 'member', (tx, scope) => insertOpportunity(tx, scope, input, audit), input.entityId);
}

/**
 * An edit or a stage move (the board sends `stage` and `version`). Closing stamps `closed_at`
 * (the dashboard's "won this month" and revenue by month); reopening clears it; Closed Lost
 * needs a reason, and leaving it clears the reason; Closed Won makes the client a customer.
 */
export function updateOpportunity(db: Db, user: SessionUser, id: string, input: OpportunityUpdate, audit: AuditContext) {
  return crm.scope(db, user, 'member', async (tx, scope) => {
    const [row, before] = await Promise.all([crm.lock(tx, crmOpportunities, id, input.version, CRM_MESSAGES.opportunityNotFound), readOpportunity(tx, id)]);
    // Read together (one round trip), a refusal in this order.
    await pipelined(
      tx,
      () => (input.clientId ? requireClient(tx, row.entityId, input.clientId, CRM_MESSAGES.clientRequired) : undefined),
      () => checkOwner(tx, scope, row.entityId, input.ownerId),
    );
    const stage = input.stage ?? (row.stage as OpportunityStage);
    const lostReason = stage === 'closed_lost' ? (input.lostReason ?? row.lostReason) : '';
    if (stage === 'closed_lost' && lostReason === '') throw badRequest(CRM_MESSAGES.lostReasonRequired);
    const { name, clientId, amountMinor, ownerId, expectedCloseDate } = input;
    const closedAt = stage === row.stage ? undefined : isClosedStage(stage) ? sql`now()` : null;
    // The save, the client's touch and the read-back: one round trip.
    const [, , after] = await pipelined(
      tx,
      () => crm.save(tx, crmOpportunities, id, { name, clientId, amountMinor, ownerId, stage: input.stage, expectedCloseDate, lostReason, closedAt }),
      () => touchClient(tx, clientId ?? row.clientId),
      () => readOpportunity(tx, id),
    );
    await crm.audit(tx, scope, audit, 'crm.opportunity.updated', auditTarget(after), auditFields(before), auditFields(after));
    if (after.ownerId !== before.ownerId) await tellOwner(tx, scope, audit, 'opportunity', after);
    if (after.stage === 'closed_won' && (before.stage !== 'closed_won' || before.clientId !== after.clientId)) await makeCustomer(tx, scope, after.clientId, audit);
    return after;
  });
}
