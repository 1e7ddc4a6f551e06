import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { SessionUser } from '@/shared/auth';
import {
  CRM_MESSAGES,
  LEAD_CSV_COLUMNS,
  LEAD_SOURCE_LABELS,
  LEAD_SOURCES,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  leadCreateInput,
  type convertInput,
  type Lead,
  type LeadConversion,
  type LeadListQuery,
  type leadUpdateInput,
} from '@/shared/crm';
import type { AuditContext, AuditTarget } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { crmLeads, entities } from '../../db/schema';
import { commitWith, type Tx } from '../../db/tenant';
import { badRequest, conflict, notFound } from '../../http/errors';
import { importRows, parseCsv, rowRefusal } from '../../platform/csv';
import { pageItem, sortedPage, type SortSpec, toSortedPage } from '../../platform/list';
import { entityOf, scopeCondition, type ModuleScope } from '../../platform/scope';
import { clientNamed, insertClient, readClient } from './clients';
import { insertContact, readContact } from './contacts';
import { checkOwner, crm, mayOwn, ownerName, tellOwner } from './module';
import { insertOpportunity } from './opportunities';
import { isoText } from '../../platform/sql';

type LeadCreate = z.output<typeof leadCreateInput>;
type LeadUpdate = z.output<typeof leadUpdateInput>;
type Convert = z.output<typeof convertInput>;

const l = alias(crmLeads, 'l');
const en = alias(entities, 'en');

/** Leads `l` with their entity, as the API gives them (shared/crm.ts `lead`), and `extra` fields (a page's cursor). */
const selectLeads = <E extends Record<string, SQL>>(tx: Tx, extra?: E) =>
  tx
    .select({
      id: l.id,
      entityId: l.entityId,
      entityName: en.name,
      name: l.name,
      companyName: l.companyName,
      email: l.email,
      source: sql<Lead['source']>`${l.source}`,
      status: sql<Lead['status']>`${l.status}`,
      ownerId: l.ownerId,
      ownerName: ownerName(l.ownerId),
      convertedAt: isoText(l.convertedAt),
      convertedClientId: l.convertedClientId,
      convertedContactId: l.convertedContactId,
      convertedOpportunityId: l.convertedOpportunityId,
      version: l.version,
      createdAt: isoText(l.createdAt),
      updatedAt: isoText(l.updatedAt),
      ...(extra as E),
    })
    .from(l)
    .innerJoin(en, eq(en.id, l.entityId));

const SORTS: Record<LeadListQuery['sort'], SortSpec> = {
  name: { columns: [sql`${l.name}`], types: ['text'] },
  createdAt: { columns: [sql`${l.createdAt}`], types: ['timestamptz'] },
};

function filters(scope: ModuleScope, query: Pick<LeadListQuery, 'q' | 'status' | 'source'>) {
  const p = query.q?.toLowerCase();
  return and(
    scopeCondition('l', scope),
    // Stored lower-cased columns (migration 0014).
    p ? sql`(${l.searchName} ^@ ${p} or ${l.searchCompanyName} ^@ ${p} or ${l.searchEmail} ^@ ${p})` : undefined,
    query.status === 'converted' ? isNotNull(l.convertedAt) : query.status ? and(eq(l.status, query.status), isNull(l.convertedAt)) : undefined,
    query.source ? eq(l.source, query.source) : undefined,
  );
}

async function pageOf(tx: Tx, scope: ModuleScope, query: LeadListQuery) {
  const page = sortedPage(SORTS[query.sort], sql`${l.id}`, query, { searched: Boolean(query.q) });
  const rows = await selectLeads(tx, { cursorValues: page.cursorValues })
    .where(and(filters(scope, query), page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return toSortedPage(rows, query.limit, pageItem);
}

export function listLeads(db: Db, user: SessionUser, query: LeadListQuery) {
  return crm.scope(db, user, 'viewer', (tx, scope) => pageOf(tx, scope, query), query.entityId);
}

export const LEAD_EXPORT_COLUMNS = [...LEAD_CSV_COLUMNS, 'Owner', 'Converted', 'Entity', 'Created'];

export const leadCsvPages = (db: Db, user: SessionUser, query: Omit<LeadListQuery, 'limit' | 'cursor'>) =>
  crm.csvPages(db, user, query, pageOf, (l) => [
    l.name,
    l.companyName,
    l.email,
    LEAD_SOURCE_LABELS[l.source],
    LEAD_STATUS_LABELS[l.status],
    l.ownerName ?? '',
    l.convertedAt ?? '',
    l.entityName,
    l.createdAt,
  ]);

async function readLead(tx: Tx, id: string): Promise<Lead> {
  const [found] = await selectLeads(tx).where(eq(l.id, id));
  if (!found) throw notFound(CRM_MESSAGES.leadNotFound);
  return found;
}

export function getLead(db: Db, user: SessionUser, id: string) {
  return crm.scope(db, user, 'viewer', (tx) => readLead(tx, id));
}

const auditFields = (l: Pick<Lead, 'name' | 'companyName' | 'email' | 'source' | 'status' | 'ownerId'>) => ({ name: l.name, companyName: l.companyName, email: l.email, source: l.source, status: l.status, ownerId: l.ownerId });
const auditTarget = (l: Pick<Lead, 'id' | 'name'>): AuditTarget => ({ type: 'crm_lead', id: l.id, label: l.name });

/**
 * A new lead as it will be stored (its id made here), its owner checked, its audit event and its
 * owner's notification queued: what is left is to write `insert`. The audit event goes with the
 * commit; the notification reads its recipient now, only when the owner is someone else.
 */
async function newLead(tx: Tx, scope: ModuleScope, input: LeadCreate, audit: AuditContext) {
  await checkOwner(tx, scope, input.entityId, input.ownerId);
  const { entityId, name, companyName, email, source, status } = input;
  const lead = { id: randomUUID(), entityId, name, companyName, email, source, status, ownerId: input.ownerId === undefined ? scope.userId : input.ownerId };
  await crm.audit(tx, scope, audit, 'crm.lead.created', auditTarget(lead), undefined, auditFields(lead));
  await tellOwner(tx, scope, audit, 'lead', lead);
  // In an object: a query builder returned from an async function would be run by it.
  return { id: lead.id, insert: tx.insert(crmLeads).values({ companyId: scope.companyId, ...lead }) };
}

export function createLead(db: Db, user: SessionUser, input: LeadCreate, audit: AuditContext) {
  return crm.scope(
    db,
    user,
    'member',
    async (tx, scope) => {
      const { id, insert } = await newLead(tx, scope, input, audit);
      return commitWith(tx, [insert], () => readLead(tx, id));
    },
    input.entityId,
  );
}

export function updateLead(db: Db, user: SessionUser, id: string, input: LeadUpdate, audit: AuditContext) {
  return crm.scope(db, user, 'member', async (tx, scope) => {
    const [row, before] = await Promise.all([crm.lock(tx, crmLeads, id, input.version, CRM_MESSAGES.leadNotFound), readLead(tx, id)]);
    if (row.convertedAt !== null && input.status !== undefined) throw conflict(CRM_MESSAGES.alreadyConverted);
    await checkOwner(tx, scope, row.entityId, input.ownerId);
    const { name, companyName, email, source, status, ownerId } = input;
    const values = { name, companyName, email, source, status, ownerId };
    const after = crm.asSaved(before, values);
    await crm.audit(tx, scope, audit, 'crm.lead.updated', auditTarget(after), auditFields(before), auditFields(after));
    if (after.ownerId !== before.ownerId) await tellOwner(tx, scope, audit, 'lead', after);
    return commitWith(tx, [crm.save(tx, crmLeads, id, values)], () => readLead(tx, id));
  });
}

/** "Ada King Lovelace" → first "Ada King", last "Lovelace"; one word is both the first name and the last. */
function splitName(name: string) {
  const words = name.trim().split(/\s+/);
  if (words.length === 1) return { firstName: words[0]!, lastName: words[0]! };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1)! };
}

/** The name of the client a conversion creates: the lead's company, or the lead itself without one. */
const newClientName = (lead: { companyName: string; name: string }) => lead.companyName || lead.name;

/** What the conversion dialog proposes: the entity's client with the new client's name, if there is one. */
export function leadConversion(db: Db, user: SessionUser, id: string): Promise<LeadConversion> {
  return crm.scope(db, user, 'viewer', async (tx) => {
    // Read together (one round trip): the lead (404 when not found), and the client matched from
    // the lead's row in SQL, its name by the rule of newClientName.
    const [lead, existingClient] = await Promise.all([
      readLead(tx, id),
      clientNamed(
        tx,
        entityOf(crmLeads, id),
        sql`(select coalesce(nullif(l.company_name, ''), l.name) from crm_leads l where l.id = ${id})`,
      ),
    ]);
    return { newClientName: newClientName(lead), existingClient };
  });
}

/** A record the conversion was told to use: of the lead's entity, else 400 with `message`. */
const chosen = <T extends { entityId: string }>(read: Promise<T>, entityId: string, message: string) =>
  read.then(
    (found) => {
      if (found.entityId !== entityId) throw badRequest(message);
      return found;
    },
    () => {
      throw badRequest(message);
    },
  );

/**
 * Convert a qualified lead, in one transaction: the client (an existing one of the entity, or a
 * new one named after the lead's company, or the lead itself without one), the contact (an
 * existing one, or a new one from the lead's name and email), the opportunity, and the lead
 * marked converted with links to all three. Any failure, however late, leaves none of it. A new
 * client whose name the entity already has (ignoring case and spacing) is created only when
 * `newClient` asks for a second one; otherwise 409, so nobody gets a duplicate by not choosing.
 */
export function convertLead(db: Db, user: SessionUser, id: string, input: Convert, audit: AuditContext) {
  return crm.scope(db, user, 'member', async (tx, scope) => {
    const row = await crm.lock(tx, crmLeads, id, input.version, CRM_MESSAGES.leadNotFound);
    if (row.convertedAt !== null) throw conflict(CRM_MESSAGES.alreadyConverted);
    if (row.status !== 'qualified') throw conflict(CRM_MESSAGES.notQualified);
    const entityId = row.entityId;
    // The lead's owner carries over while they still hold CRM here; otherwise whoever converts.
    const ownerId = row.ownerId && (await mayOwn(tx, scope, entityId, row.ownerId)) ? row.ownerId : scope.userId;

    if (!input.clientId && !input.newClient && (await clientNamed(tx, entityId, newClientName(row)))) throw conflict(CRM_MESSAGES.clientExists);
    const client = input.clientId
      ? await chosen(readClient(tx, input.clientId), entityId, CRM_MESSAGES.clientNotFound)
      : await insertClient(tx, scope, { entityId, name: newClientName(row), website: '', industry: '', ownerId, status: 'prospect' }, audit);

    const contact = input.contactId
      ? await chosen(readContact(tx, input.contactId), entityId, CRM_MESSAGES.contactNotFound)
      : await insertContact(tx, scope, { entityId, ...splitName(row.name), email: row.email, phone: '', jobTitle: '', clientId: client.id }, audit);

    const opportunity = await insertOpportunity(
      tx,
      scope,
      {
        entityId,
        name: input.opportunityName,
        clientId: client.id,
        amountMinor: input.amountMinor,
        expectedCloseDate: input.expectedCloseDate,
        ownerId,
        stage: 'prospecting',
        lostReason: '',
      },
      audit,
    );

    await crm.save(tx, crmLeads, id, { convertedAt: sql`now()`, convertedClientId: client.id, convertedContactId: contact.id, convertedOpportunityId: opportunity.id });
    const lead = await readLead(tx, id);
    await crm.audit(tx, scope, audit, 'crm.lead.converted', auditTarget(lead), undefined, { clientId: client.id, contactId: contact.id, opportunityId: opportunity.id });
    return { lead, clientId: client.id, contactId: contact.id, opportunityId: opportunity.id };
  });
}

const SOURCE_BY_LABEL = new Map<string, string>(LEAD_SOURCES.flatMap((s) => [[s, s], [LEAD_SOURCE_LABELS[s].toLowerCase(), s]]));
const STATUS_BY_LABEL = new Map<string, string>(LEAD_STATUSES.flatMap((s) => [[s, s], [LEAD_STATUS_LABELS[s].toLowerCase(), s]]));
const CSV_COLUMN_OF: Record<string, string> = { name: 'Name', companyName: 'Company Name', email: 'Email', source: 'Source', status: 'Status' };

/** CSV import into one entity; each row its own savepoint. An empty Status is New; the owner is the importer. */
export function importLeads(db: Db, user: SessionUser, input: { entityId: string; csv: string }, audit: AuditContext) {
  const rows = parseCsv(input.csv, LEAD_CSV_COLUMNS);
  return crm.scope(
    db,
    user,
    'member',
    (tx, scope) =>
      importRows(
        tx,
        rows,
        async ({ values }) => {
          const source = values['Source']!.toLowerCase();
          const status = values['Status']!.toLowerCase();
          const parsed = leadCreateInput.safeParse({
            entityId: input.entityId,
            name: values['Name'],
            companyName: values['Company Name'],
            email: values['Email'],
            source: SOURCE_BY_LABEL.get(source) ?? values['Source'],
            status: status === '' ? 'new' : (STATUS_BY_LABEL.get(status) ?? values['Status']),
          });
          if (!parsed.success) throw rowRefusal(parsed.error, CSV_COLUMN_OF);
          await (await newLead(tx, scope, parsed.data, audit)).insert;
        },
        () => undefined,
      ),
    input.entityId,
  );
}
