import { randomUUID } from 'node:crypto';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { SessionUser } from '@/shared/auth';
import {
  ACTIVITY_TARGETS,
  ACTIVITY_TYPE_LABELS,
  CRM_MESSAGES,
  type Activity,
  type ActivityListQuery,
  type ActivityMentionableQuery,
  type ActivityTarget,
  type activityInput,
} from '@/shared/crm';
import type { AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { crmActivities, crmClients, crmContacts, crmLeads, crmOpportunities } from '../../db/schema';
import { pipelined, type Tx } from '../../db/tenant';
import { notFound } from '../../http/errors';
import { pageItem, sortedPage, toSortedPage } from '../../platform/list';
import { checkMentions, mentionableUsers } from '../../platform/mentions';
import { entityOf, scopeCondition } from '../../platform/scope';
import { crm, RECORD_PAGES, touchClient } from './module';
import { isoText } from '../../platform/sql';

type ActivityCreate = z.output<typeof activityInput>;

const a = alias(crmActivities, 'a');
const k = alias(crmContacts, 'k');
const l = alias(crmLeads, 'l');
const o = alias(crmOpportunities, 'o');

/** Activities `a` as the API gives them (shared/crm.ts `activity`), with `extra` fields (a page's cursor). */
const selectActivities = <E extends Record<string, SQL>>(tx: Tx, extra?: E) =>
  tx
    .select({
      id: a.id,
      entityId: a.entityId,
      type: sql<Activity['type']>`${a.type}`,
      body: a.body,
      occurredAt: isoText(a.occurredAt),
      authorId: a.authorId,
      authorName: a.authorName,
      clientId: a.clientId,
      contactId: a.contactId,
      leadId: a.leadId,
      opportunityId: a.opportunityId,
      /** What it was logged on. (`a.` written out: drizzle writes a one-table select's columns unqualified.) */
      subject: sql<string>`coalesce(
        (select c.name from crm_clients c where c.id = a.client_id),
        (select k.first_name || ' ' || k.last_name from crm_contacts k where k.id = a.contact_id),
        (select l.name from crm_leads l where l.id = a.lead_id),
        (select o.name from crm_opportunities o where o.id = a.opportunity_id),
        ''
      )`,
      ...(extra as E),
    })
    .from(a);

/** The table of the record an activity is logged on (or listed for), by kind. */
const TARGET_TABLES = { clientId: crmClients, contactId: crmContacts, leadId: crmLeads, opportunityId: crmOpportunities } as const;

/** The record an activity is logged on (or listed for), by kind: its entity and client. */
const TARGETS: Record<ActivityTarget, (tx: Tx, id: string) => Promise<{ entityId: string; clientId: string | null }[]>> = {
  clientId: (tx, id) => tx.select({ entityId: crmClients.entityId, clientId: crmClients.id }).from(crmClients).where(eq(crmClients.id, id)),
  contactId: (tx, id) => tx.select({ entityId: crmContacts.entityId, clientId: crmContacts.clientId }).from(crmContacts).where(eq(crmContacts.id, id)),
  leadId: (tx, id) => tx.select({ entityId: crmLeads.entityId, clientId: sql<string | null>`null::uuid` }).from(crmLeads).where(eq(crmLeads.id, id)),
  opportunityId: (tx, id) =>
    tx.select({ entityId: crmOpportunities.entityId, clientId: crmOpportunities.clientId }).from(crmOpportunities).where(eq(crmOpportunities.id, id)),
};

/** The record an activity is logged on (or listed for): its entity and client, or 404 outside the scope. */
async function targetOf(tx: Tx, key: ActivityTarget, id: string) {
  const [found] = await TARGETS[key](tx, id);
  if (!found) throw notFound(CRM_MESSAGES.activityNotFound);
  return found;
}

/**
 * The column of crm_leads that links a converted lead to what it became, by timeline.
 *
 * A lead's activities move with it by link, not by copy: each keeps its lead (`lead_id`), and the
 * timelines of the client, contact and opportunity the lead was converted into also read the
 * activities of the leads converted into them (the conversion sets these columns in its own
 * transaction). So one call is one row: it is not repeated three times on the client's timeline
 * (which already gathers its contacts' and opportunities'), no copy can drift from its original,
 * and the lead's own page keeps its history. Moving the rows instead could not work: an activity
 * has exactly one target (crm_activities_one_target_check), and the lead would lose its history.
 */
const CONVERTED_INTO = { clientId: 'convertedClientId', contactId: 'convertedContactId', opportunityId: 'convertedOpportunityId' } as const;

/** The activities of one record's timeline (see CONVERTED_INTO); a client's gathers its contacts' and opportunities'. */
function timeline(tx: Tx, key: ActivityTarget, id: string): SQL | undefined {
  // The record's entity bounds the search for converted leads (crm_leads has no index on converted_*).
  const entityId = entityOf(TARGET_TABLES[key], id);
  const fromLeads = key === 'leadId' ? undefined : inArray(a.leadId, tx.select({ id: l.id }).from(l).where(and(eq(l.entityId, entityId), eq(l[CONVERTED_INTO[key]], id))));
  if (key !== 'clientId') return or(eq(a[key], id), fromLeads);
  return or(
    eq(a.clientId, id),
    inArray(a.contactId, tx.select({ id: k.id }).from(k).where(eq(k.clientId, id))),
    inArray(a.opportunityId, tx.select({ id: o.id }).from(o).where(eq(o.clientId, id))),
    fromLeads,
  );
}

/**
 * A record's timeline, newest first. A client's includes what was logged on its contacts and
 * opportunities, each with what it was logged on; a converted record's includes its lead's.
 */
export function listActivities(db: Db, user: SessionUser, query: ActivityListQuery) {
  return crm.scope(db, user, 'viewer', async (tx, scope) => {
    const key = targetKey(query);
    const id = query[key]!;
    const page = sortedPage({ columns: [sql`${a.occurredAt}`], types: ['timestamptz'] }, sql`${a.id}`, { ...query, dir: 'desc' });
    // The record (404 when not found) and its timeline, read together: one round trip.
    const [, rows] = await Promise.all([
      targetOf(tx, key, id),
      selectActivities(tx, { cursorValues: page.cursorValues })
        .where(and(scopeCondition('a', scope), timeline(tx, key, id), page.where))
        .orderBy(...page.orderBy)
        .limit(page.limit),
    ]);
    return toSortedPage(rows, query.limit, pageItem);
  });
}

/** The page of the record an activity is logged on, by its kind. */
const PAGE_OF: Record<ActivityTarget, string> = {
  clientId: RECORD_PAGES.client,
  contactId: RECORD_PAGES.contact,
  leadId: RECORD_PAGES.lead,
  opportunityId: RECORD_PAGES.opportunity,
};

/** The one record a query or an input names, as its kind and id. */
const targetKey = (named: Partial<Record<ActivityTarget, string>>) => ACTIVITY_TARGETS.find((k) => named[k] !== undefined)!;

/** Who a note on the record may mention: the active users who may read it. Asked by those who may log one. */
export function activityMentionable(db: Db, user: SessionUser, query: ActivityMentionableQuery) {
  return crm.scope(db, user, 'member', async (tx, scope) => {
    const key = targetKey(query);
    const id = query[key]!;
    // The record (404 when not found) and the people, read together: one round trip.
    const [, items] = await Promise.all([
      targetOf(tx, key, id),
      mentionableUsers(tx, { companyId: scope.companyId, product: 'crm', entityId: entityOf(TARGET_TABLES[key], id) }, { q: query.q }),
    ]);
    return { items };
  });
}

/**
 * Logs a note, call or meeting. Its mentions are checked (only people who may read the record
 * stay mentions) and the people mentioned hear of it.
 */
export function logActivity(db: Db, user: SessionUser, input: ActivityCreate, audit: AuditContext) {
  return crm.scope(db, user, 'member', async (tx, scope) => {
    const key = targetKey(input);
    const target = await targetOf(tx, key, input[key]!);
    const { text: body, mentioned } = await checkMentions(tx, { companyId: scope.companyId, product: 'crm', entityId: target.entityId }, input.body);
    const id = randomUUID();
    // The insert, the client's touch and the read-back: one round trip.
    const [, , [read]] = await pipelined(
      tx,
      () =>
        tx.insert(crmActivities).values({
          id,
          companyId: scope.companyId,
          entityId: target.entityId,
          type: input.type,
          body,
          // Without a time, the column's default: now.
          occurredAt: input.occurredAt === undefined ? undefined : sql`${input.occurredAt}::timestamptz`,
          authorId: user.id,
          authorName: `${user.firstName} ${user.lastName}`.trim(),
          [key]: input[key]!,
        }),
      () => touchClient(tx, target.clientId),
      () => selectActivities(tx).where(eq(a.id, id)),
    );
    const activity = read as Activity;
    await crm.audit(
      tx,
      scope,
      audit,
      'crm.activity.logged',
      { type: 'crm_activity', id: activity.id, label: activity.subject },
      undefined,
      { type: activity.type, [key]: input[key], occurredAt: activity.occurredAt },
    );
    await crm.notify(tx, scope, {
      recipients: mentioned,
      category: 'mentions',
      title: `${audit.actor?.name || 'Someone'} mentioned you in a ${ACTIVITY_TYPE_LABELS[activity.type].toLowerCase()} on ${activity.subject}`,
      url: `${PAGE_OF[key]}/${input[key]}`,
      entityId: target.entityId,
      record: { type: 'crm_activity', id: activity.id },
    });
    return activity;
  });
}
