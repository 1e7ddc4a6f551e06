import { sql, type SQL } from 'drizzle-orm';
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
import type { z } from 'zod';
import { recordEvent } from '../../audit/record-event';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/tenant';
import { badRequest, conflict, notFound } from '../../http/errors';
import { importRows, parseCsv, rowRefusal } from '../../platform/csv';
import { sortedPage, toSortedPage, type SortSpec } from '../../platform/list';
import { clientNamed, insertClient, readClient } from './clients';
import { insertContact, readContact } from './contacts';
import { insertOpportunity } from './opportunities';
import { checkOwner, crmScope, mayOwn, inScope, isoText, lockForUpdate, ownerName, setClauses, type AuditContext, type ModuleScope } from './scope';

type LeadCreate = z.output<typeof leadCreateInput>;
type LeadUpdate = z.output<typeof leadUpdateInput>;
type Convert = z.output<typeof convertInput>;

const SELECT = (extra: SQL = sql``) => sql`
  select l.id, l.entity_id, en.name as entity_name, l.name, l.company_name, l.email, l.source, l.status, l.owner_id, ${ownerName('l')} as owner_name,
    ${isoText('l.converted_at')} as converted_at, l.converted_client_id, l.converted_contact_id, l.converted_opportunity_id,
    l.version, ${isoText('l.created_at')} as created_at, ${isoText('l.updated_at')} as updated_at ${extra}
  from crm_leads l join entities en on en.id = l.entity_id`;

interface LeadRow {
  id: string;
  entity_id: string;
  entity_name: string;
  name: string;
  company_name: string;
  email: string;
  source: Lead['source'];
  status: Lead['status'];
  owner_id: string | null;
  owner_name: string | null;
  converted_at: string | null;
  converted_client_id: string | null;
  converted_contact_id: string | null;
  converted_opportunity_id: string | null;
  version: number;
  created_at: string;
  updated_at: string;
  [key: string]: unknown;
}

const toLead = (r: LeadRow): Lead => ({
  id: r.id,
  entityId: r.entity_id,
  entityName: r.entity_name,
  name: r.name,
  companyName: r.company_name,
  email: r.email,
  source: r.source,
  status: r.status,
  ownerId: r.owner_id,
  ownerName: r.owner_name,
  convertedAt: r.converted_at,
  convertedClientId: r.converted_client_id,
  convertedContactId: r.converted_contact_id,
  convertedOpportunityId: r.converted_opportunity_id,
  version: Number(r.version),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const SORTS: Record<LeadListQuery['sort'], SortSpec> = {
  name: { columns: [sql`l.name`], types: ['text'] },
  createdAt: { columns: [sql`l.created_at`], types: ['timestamptz'] },
};

function filters(scope: ModuleScope, query: Pick<LeadListQuery, 'q' | 'status' | 'source'>): SQL {
  const parts: SQL[] = [inScope('l', scope)];
  if (query.q) {
    const p = query.q.toLowerCase();
    parts.push(sql`(l.search_name ^@ ${p} or l.search_company_name ^@ ${p} or l.search_email ^@ ${p})`); // stored lower-cased columns (migration 0014)
  }
  if (query.status === 'converted') parts.push(sql`l.converted_at is not null`);
  else if (query.status) parts.push(sql`l.status = ${query.status} and l.converted_at is null`);
  if (query.source) parts.push(sql`l.source = ${query.source}`);
  return sql.join(parts, sql` and `);
}

async function pageOf(tx: Tx, scope: ModuleScope, query: LeadListQuery) {
  const page = sortedPage(SORTS[query.sort], sql`l.id`, query, { searched: Boolean(query.q) });
  const where = page.where ? sql`${filters(scope, query)} and ${page.where}` : filters(scope, query);
  const { rows } = await tx.execute<LeadRow & { cursorValues: string[] }>(
    sql`${SELECT(sql`, ${page.cursorValues} as "cursorValues"`)} where ${where} order by ${sql.join(page.orderBy, sql`, `)} limit ${page.limit}`,
  );
  return toSortedPage(rows, query.limit, toLead);
}

export function listLeads(db: Db, user: SessionUser, query: LeadListQuery) {
  return crmScope(db, user, 'viewer', (tx, scope) => pageOf(tx, scope, query), query.entityId);
}

export const LEAD_EXPORT_COLUMNS = [...LEAD_CSV_COLUMNS, 'Owner', 'Converted', 'Entity', 'Created'];

export async function* leadCsvPages(db: Db, user: SessionUser, query: Omit<LeadListQuery, 'limit' | 'cursor'>) {
  let cursor: string | undefined;
  do {
    const page = await crmScope(db, user, 'viewer', (tx, scope) => pageOf(tx, scope, { ...query, limit: 100, cursor }), query.entityId);
    yield page.items.map((l) => [
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
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

async function readLead(tx: Tx, id: string): Promise<Lead> {
  const { rows } = await tx.execute<LeadRow>(sql`${SELECT()} where l.id = ${id}`);
  if (!rows[0]) throw notFound(CRM_MESSAGES.leadNotFound);
  return toLead(rows[0]);
}

export function getLead(db: Db, user: SessionUser, id: string) {
  return crmScope(db, user, 'viewer', (tx) => readLead(tx, id));
}

const auditFields = (l: Lead) => ({ name: l.name, companyName: l.companyName, email: l.email, source: l.source, status: l.status, ownerId: l.ownerId });

async function insertLead(tx: Tx, scope: ModuleScope, input: LeadCreate, audit: AuditContext) {
  await checkOwner(tx, scope, input.entityId, input.ownerId);
  const { rows } = await tx.execute<{ id: string }>(sql`
    insert into crm_leads (company_id, entity_id, name, company_name, email, source, status, owner_id)
    values (${scope.companyId}, ${input.entityId}, ${input.name}, ${input.companyName}, ${input.email}, ${input.source}, ${input.status},
      ${input.ownerId === undefined ? scope.userId : input.ownerId})
    returning id`);
  const created = await readLead(tx, rows[0]!.id);
  await recordEvent(tx, {
    context: audit,
    companyId: scope.companyId,
    action: 'crm.lead.created',
    target: { type: 'crm_lead', id: created.id, label: created.name },
    after: auditFields(created),
  });
  return created;
}

export function createLead(db: Db, user: SessionUser, input: LeadCreate, audit: AuditContext) {
  return crmScope(db, user, 'member', (tx, scope) => insertLead(tx, scope, input, audit), input.entityId);
}

export function updateLead(db: Db, user: SessionUser, id: string, input: LeadUpdate, audit: AuditContext) {
  return crmScope(db, user, 'member', async (tx, scope) => {
    const row = await lockForUpdate<{ converted_at: unknown }>(tx, 'crm_leads', id, input.version, CRM_MESSAGES.leadNotFound);
    if (row.converted_at !== null && input.status !== undefined) throw conflict(CRM_MESSAGES.alreadyConverted);
    await checkOwner(tx, scope, row.entity_id, input.ownerId);
    const before = await readLead(tx, id);
    const set = setClauses(input, { name: 'name', companyName: 'company_name', email: 'email', source: 'source', status: 'status', ownerId: 'owner_id' });
    await tx.execute(sql`update crm_leads set ${sql.join(set, sql`, `)} where id = ${id}`);
    const after = await readLead(tx, id);
    await recordEvent(tx, {
      context: audit,
      companyId: scope.companyId,
      action: 'crm.lead.updated',
      target: { type: 'crm_lead', id, label: after.name },
      before: auditFields(before),
      after: auditFields(after),
    });
    return after;
  });
}

/** "Ada King Lovelace" → first "Ada King", last "Lovelace"; one word is both the first name and the last. */
function splitName(name: string) {
  const words = name.trim().split(/\s+/);
  if (words.length === 1) return { firstName: words[0]!, lastName: words[0]! };
  return { firstName: words.slice(0, -1).join(' '), lastName: words.at(-1)! };
}

/** The name of the client a conversion creates: the lead's company, or the lead itself without one. */
const newClientName = (lead: { company_name: string; name: string }) => lead.company_name || lead.name;

/** What the conversion dialog proposes: the entity's client with the new client's name, if there is one. */
export function leadConversion(db: Db, user: SessionUser, id: string): Promise<LeadConversion> {
  return crmScope(db, user, 'viewer', async (tx) => {
    const lead = await readLead(tx, id);
    const name = newClientName({ company_name: lead.companyName, name: lead.name });
    return { newClientName: name, existingClient: await clientNamed(tx, lead.entityId, name) };
  });
}

/**
 * Convert a qualified lead, in one transaction: the client (an existing one of the entity, or a
 * new one named after the lead's company, or the lead itself without one), the contact (an
 * existing one, or a new one from the lead's name and email), the opportunity, and the lead
 * marked converted with links to all three. Any failure, however late, leaves none of it. A new
 * client whose name the entity already has (ignoring case and spacing) is created only when
 * `newClient` asks for a second one; otherwise 409, so nobody gets a duplicate by not choosing.
 */
export function convertLead(db: Db, user: SessionUser, id: string, input: Convert, audit: AuditContext) {
  return crmScope(db, user, 'member', async (tx, scope) => {
    const row = await lockForUpdate<{ status: string; converted_at: unknown; name: string; company_name: string; email: string; owner_id: string | null }>(
      tx,
      'crm_leads',
      id,
      input.version,
      CRM_MESSAGES.leadNotFound,
    );
    if (row.converted_at !== null) throw conflict(CRM_MESSAGES.alreadyConverted);
    if (row.status !== 'qualified') throw conflict(CRM_MESSAGES.notQualified);
    const entityId = row.entity_id;
    // The lead's owner carries over while they still hold CRM here; otherwise whoever converts.
    const ownerId = row.owner_id && (await mayOwn(tx, scope, entityId, row.owner_id)) ? row.owner_id : scope.userId;

    if (!input.clientId && !input.newClient && (await clientNamed(tx, entityId, newClientName(row)))) throw conflict(CRM_MESSAGES.clientExists);
    const client = input.clientId
      ? await readClient(tx, input.clientId).then((c) => {
          if (c.entityId !== entityId) throw badRequest(CRM_MESSAGES.clientNotFound);
          return c;
        }, () => {
          throw badRequest(CRM_MESSAGES.clientNotFound);
        })
      : await insertClient(tx, scope, { entityId, name: newClientName(row), website: '', industry: '', ownerId, status: 'prospect' }, audit);

    const contact = input.contactId
      ? await readContact(tx, input.contactId).then((k) => {
          if (k.entityId !== entityId) throw badRequest(CRM_MESSAGES.contactNotFound);
          return k;
        }, () => {
          throw badRequest(CRM_MESSAGES.contactNotFound);
        })
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

    await tx.execute(sql`
      update crm_leads set converted_at = now(), converted_client_id = ${client.id}, converted_contact_id = ${contact.id},
        converted_opportunity_id = ${opportunity.id}, version = version + 1, updated_at = now()
      where id = ${id}`);
    const lead = await readLead(tx, id);
    await recordEvent(tx, {
      context: audit,
      companyId: scope.companyId,
      action: 'crm.lead.converted',
      target: { type: 'crm_lead', id, label: lead.name },
      after: { clientId: client.id, contactId: contact.id, opportunityId: opportunity.id },
    });
    return { lead, clientId: client.id, contactId: contact.id, opportunityId: opportunity.id };
  });
}

const SOURCE_BY_LABEL = new Map<string, string>(LEAD_SOURCES.flatMap((s) => [[s, s], [LEAD_SOURCE_LABELS[s].toLowerCase(), s]]));
const STATUS_BY_LABEL = new Map<string, string>(LEAD_STATUSES.flatMap((s) => [[s, s], [LEAD_STATUS_LABELS[s].toLowerCase(), s]]));
const CSV_COLUMN_OF: Record<string, string> = { name: 'Name', companyName: 'Company Name', email: 'Email', source: 'Source', status: 'Status' };

/** CSV import into one entity; each row its own savepoint. An empty Status is New; the owner is the importer. */
export function importLeads(db: Db, user: SessionUser, input: { entityId: string; csv: string }, audit: AuditContext) {
  const rows = parseCsv(input.csv, LEAD_CSV_COLUMNS);
  return crmScope(
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
          await insertLead(tx, scope, parsed.data, audit);
        },
        () => undefined,
      ),
    input.entityId,
  );
}
