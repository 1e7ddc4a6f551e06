import { sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@/shared/auth';
import { ACTIVITY_TARGETS, CRM_MESSAGES, type Activity, type ActivityListQuery, type activityInput } from '@/shared/crm';
import type { z } from 'zod';
import { recordEvent } from '../../audit/record-event';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/tenant';
import { notFound } from '../../http/errors';
import { sortedPage, toSortedPage } from '../../platform/list';
import { crmScope, inScope, isoText, touchClient, type AuditContext } from './scope';

type ActivityCreate = z.output<typeof activityInput>;

const SELECT = (extra: SQL = sql``) => sql`
  select a.id, a.entity_id, a.type, a.body, ${isoText('a.occurred_at')} as occurred_at, a.author_id, a.author_name,
    a.client_id, a.contact_id, a.lead_id, a.opportunity_id,
    coalesce(
      (select c.name from crm_clients c where c.id = a.client_id),
      (select k.first_name || ' ' || k.last_name from crm_contacts k where k.id = a.contact_id),
      (select l.name from crm_leads l where l.id = a.lead_id),
      (select o.name from crm_opportunities o where o.id = a.opportunity_id),
      ''
    ) as subject ${extra}
  from crm_activities a`;

interface ActivityRow {
  id: string;
  entity_id: string;
  type: Activity['type'];
  body: string;
  occurred_at: string;
  author_id: string | null;
  author_name: string;
  client_id: string | null;
  contact_id: string | null;
  lead_id: string | null;
  opportunity_id: string | null;
  subject: string;
  [key: string]: unknown;
}

const toActivity = (r: ActivityRow): Activity => ({
  id: r.id,
  entityId: r.entity_id,
  type: r.type,
  body: r.body,
  occurredAt: r.occurred_at,
  authorId: r.author_id,
  authorName: r.author_name,
  clientId: r.client_id,
  contactId: r.contact_id,
  leadId: r.lead_id,
  opportunityId: r.opportunity_id,
  subject: r.subject,
});

const TABLE_OF = { clientId: 'crm_clients', contactId: 'crm_contacts', leadId: 'crm_leads', opportunityId: 'crm_opportunities' } as const;

/** The record an activity is logged on (or listed for): its entity and client, or 404 outside the scope. */
async function targetOf(tx: Tx, key: (typeof ACTIVITY_TARGETS)[number], id: string) {
  const clientColumn = key === 'clientId' ? sql`id` : key === 'leadId' ? sql`null::uuid` : sql`client_id`;
  const { rows } = await tx.execute<{ entity_id: string; client_id: string | null }>(
    sql`select entity_id, ${clientColumn} as client_id from ${sql.identifier(TABLE_OF[key])} where id = ${id}`,
  );
  if (!rows[0]) throw notFound(CRM_MESSAGES.activityNotFound);
  return rows[0];
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
const CONVERTED_INTO = { clientId: 'converted_client_id', contactId: 'converted_contact_id', opportunityId: 'converted_opportunity_id' } as const;

/**
 * A record's timeline, newest first. A client's includes what was logged on its contacts and
 * opportunities, each with what it was logged on; a converted record's includes its lead's.
 */
export function listActivities(db: Db, user: SessionUser, query: ActivityListQuery) {
  return crmScope(db, user, 'viewer', async (tx, scope) => {
    const key = ACTIVITY_TARGETS.find((k) => query[k] !== undefined)!;
    const id = query[key]!;
    const target = await targetOf(tx, key, id);
    // The entity bounds the search for converted leads (crm_leads has no index on converted_*).
    const fromLeads =
      key === 'leadId'
        ? sql``
        : sql` or a.lead_id in (select l.id from crm_leads l where l.entity_id = ${target.entity_id} and l.${sql.identifier(CONVERTED_INTO[key])} = ${id})`;
    const match =
      key === 'clientId'
        ? sql`(a.client_id = ${id} or a.contact_id in (select k.id from crm_contacts k where k.client_id = ${id})
              or a.opportunity_id in (select o.id from crm_opportunities o where o.client_id = ${id})${fromLeads})`
        : sql`(${sql.identifier(key === 'contactId' ? 'contact_id' : key === 'leadId' ? 'lead_id' : 'opportunity_id')} = ${id}${fromLeads})`;
    const page = sortedPage({ columns: [sql`a.occurred_at`], types: ['timestamptz'] }, sql`a.id`, { ...query, dir: 'desc' });
    const where = sql.join([inScope('a', scope), match, ...(page.where ? [page.where] : [])], sql` and `);
    const { rows } = await tx.execute<ActivityRow & { cursorValues: string[] }>(
      sql`${SELECT(sql`, ${page.cursorValues} as "cursorValues"`)} where ${where} order by ${sql.join(page.orderBy, sql`, `)} limit ${page.limit}`,
    );
    return toSortedPage(rows, query.limit, toActivity);
  });
}

export function logActivity(db: Db, user: SessionUser, input: ActivityCreate, audit: AuditContext) {
  return crmScope(db, user, 'member', async (tx, scope) => {
    const key = ACTIVITY_TARGETS.find((k) => input[k] !== undefined)!;
    const target = await targetOf(tx, key, input[key]!);
    const column = { clientId: 'client_id', contactId: 'contact_id', leadId: 'lead_id', opportunityId: 'opportunity_id' }[key];
    const { rows } = await tx.execute<{ id: string }>(sql`
      insert into crm_activities (company_id, entity_id, type, body, occurred_at, author_id, author_name, ${sql.identifier(column)})
      values (${scope.companyId}, ${target.entity_id}, ${input.type}, ${input.body}, coalesce(${input.occurredAt ?? null}::timestamptz, now()),
        ${user.id}, ${`${user.firstName} ${user.lastName}`.trim()}, ${input[key]!})
      returning id`);
    await touchClient(tx, target.client_id);
    const { rows: created } = await tx.execute<ActivityRow>(sql`${SELECT()} where a.id = ${rows[0]!.id}`);
    const activity = toActivity(created[0]!);
    await recordEvent(tx, {
      context: audit,
      companyId: scope.companyId,
      action: 'crm.activity.logged',
      target: { type: 'crm_activity', id: activity.id, label: activity.subject },
      after: { type: activity.type, [key]: input[key], occurredAt: activity.occurredAt },
    });
    return activity;
  });
}
