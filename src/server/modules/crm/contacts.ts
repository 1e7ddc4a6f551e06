import { sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@/shared/auth';
import { CONTACT_CSV_COLUMNS, CRM_MESSAGES, contactCreateInput, type Contact, type ContactListQuery, type contactUpdateInput } from '@/shared/crm';
import type { z } from 'zod';
import { recordEvent } from '../../audit/record-event';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/tenant';
import { badRequest, notFound } from '../../http/errors';
import { importRows, parseCsv, rowRefusal } from '../../platform/csv';
import { sortedPage, toSortedPage, type SortSpec } from '../../platform/list';
import { crmScope, inScope, isoText, lockForUpdate, requireClient, setClauses, touchClient, type AuditContext, type ModuleScope } from './scope';

type ContactCreate = z.output<typeof contactCreateInput>;
type ContactUpdate = z.output<typeof contactUpdateInput>;

/**
 * A contact with its entity, client and duplicate: the first contact of the entity with the same
 * email (created before this one), found through the (entity_id, search_email, created_at) index.
 * `source` is the table or a subquery of it (a list's page, cut before these joins);
 * `duplicateScope` a condition on the duplicate `d` (a list names its scope: see pageOf).
 */
const SELECT = (extra: SQL = sql``, source: SQL = sql`crm_contacts`, duplicateScope: SQL = sql`true`) => sql`
  select k.id, k.entity_id, en.name as entity_name, k.first_name, k.last_name, k.email, k.phone, k.job_title, k.client_id, cl.name as client_name,
    dup.id as duplicate_id, dup.name as duplicate_name,
    k.version, ${isoText('k.created_at')} as created_at, ${isoText('k.updated_at')} as updated_at ${extra}
  from ${source} k
  join entities en on en.id = k.entity_id
  left join crm_clients cl on cl.id = k.client_id
  left join lateral (
    select d.id, d.first_name || ' ' || d.last_name as name from crm_contacts d
    where k.email <> '' and d.entity_id = k.entity_id and ${duplicateScope} and d.search_email = k.search_email and (d.created_at, d.id) < (k.created_at, k.id)
    order by d.created_at, d.id limit 1
  ) dup on true`;

interface ContactRow {
  id: string;
  entity_id: string;
  entity_name: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  job_title: string;
  client_id: string | null;
  client_name: string | null;
  duplicate_id: string | null;
  duplicate_name: string | null;
  version: number;
  created_at: string;
  updated_at: string;
  [key: string]: unknown;
}

const toContact = (r: ContactRow): Contact => ({
  id: r.id,
  entityId: r.entity_id,
  entityName: r.entity_name,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  phone: r.phone,
  jobTitle: r.job_title,
  clientId: r.client_id,
  clientName: r.client_name,
  duplicateOf: r.duplicate_id ? { id: r.duplicate_id, name: r.duplicate_name ?? '' } : null,
  version: Number(r.version),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

const SORTS: Record<ContactListQuery['sort'], SortSpec> = {
  name: { columns: [sql`k.last_name`, sql`k.first_name`], types: ['text', 'text'] },
  createdAt: { columns: [sql`k.created_at`], types: ['timestamptz'] },
};

function filters(scope: ModuleScope, query: Pick<ContactListQuery, 'q' | 'clientId'>): SQL {
  const parts: SQL[] = [inScope('k', scope)];
  if (query.q) {
    const p = query.q.toLowerCase();
    // Stored lower-cased columns (migration 0014); a first name matches through the full name.
    parts.push(sql`(k.search_name ^@ ${p} or k.search_last_name ^@ ${p} or k.search_email ^@ ${p})`);
  }
  if (query.clientId) parts.push(sql`k.client_id = ${query.clientId}`);
  return sql.join(parts, sql` and `);
}

async function pageOf(tx: Tx, scope: ModuleScope, query: ContactListQuery) {
  // A search has its own indexes (migration 0014): see PageOptions.searched.
  const page = sortedPage(SORTS[query.sort], sql`k.id`, query, { searched: Boolean(query.q) });
  const where = page.where ? sql`${filters(scope, query)} and ${page.where}` : filters(scope, query);
  const orderBy = sql.join(page.orderBy, sql`, `);
  // The page first, then its entity, client and duplicate: joins for 26 rows, not for every match.
  const pageRows = sql`(select k.* from crm_contacts k where ${where} order by ${orderBy} limit ${page.limit})`;
  const { rows } = await tx.execute<ContactRow & { cursorValues: string[] }>(
    // The duplicate lookup also names the scope: to the planner, `d.entity_id = k.entity_id` alone
    // is an entity of a few rows, and it walked a 200,000-contact entity in created order for each
    // row of the page instead of taking the email index (bench figure C1: 630 ms → 23 ms).
    sql`${SELECT(sql`, ${page.cursorValues} as "cursorValues"`, pageRows, inScope('d', scope))} order by ${orderBy}`,
  );
  return toSortedPage(rows, query.limit, toContact);
}

export function listContacts(db: Db, user: SessionUser, query: ContactListQuery) {
  return crmScope(db, user, 'viewer', (tx, scope) => pageOf(tx, scope, query), query.entityId);
}

export const CONTACT_EXPORT_COLUMNS = [...CONTACT_CSV_COLUMNS, 'Entity', 'Duplicate Of', 'Created'];

export async function* contactCsvPages(db: Db, user: SessionUser, query: Omit<ContactListQuery, 'limit' | 'cursor'>) {
  let cursor: string | undefined;
  do {
    const page = await crmScope(db, user, 'viewer', (tx, scope) => pageOf(tx, scope, { ...query, limit: 100, cursor }), query.entityId);
    yield page.items.map((k) => [k.firstName, k.lastName, k.email, k.phone, k.jobTitle, k.clientName ?? '', k.entityName, k.duplicateOf?.name ?? '', k.createdAt]);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

export async function readContact(tx: Tx, id: string): Promise<Contact> {
  const { rows } = await tx.execute<ContactRow>(sql`${SELECT()} where k.id = ${id}`);
  if (!rows[0]) throw notFound(CRM_MESSAGES.contactNotFound);
  return toContact(rows[0]);
}

export async function readContactsOfClient(tx: Tx, clientId: string): Promise<Contact[]> {
  const { rows } = await tx.execute<ContactRow>(sql`${SELECT()} where k.client_id = ${clientId} order by k.last_name, k.first_name, k.id limit 200`);
  return rows.map(toContact);
}

export function getContact(db: Db, user: SessionUser, id: string) {
  return crmScope(db, user, 'viewer', (tx) => readContact(tx, id));
}

const auditFields = (k: Contact) => ({ firstName: k.firstName, lastName: k.lastName, email: k.email, phone: k.phone, jobTitle: k.jobTitle, clientId: k.clientId });

export async function insertContact(tx: Tx, scope: ModuleScope, input: ContactCreate, audit: AuditContext): Promise<Contact> {
  if (input.clientId) await requireClient(tx, input.entityId, input.clientId);
  const { rows } = await tx.execute<{ id: string }>(sql`
    insert into crm_contacts (company_id, entity_id, first_name, last_name, email, phone, job_title, client_id, created_at)
    values (${scope.companyId}, ${input.entityId}, ${input.firstName}, ${input.lastName}, ${input.email}, ${input.phone}, ${input.jobTitle}, ${input.clientId},
      clock_timestamp())
    returning id`);
  await touchClient(tx, input.clientId);
  const created = await readContact(tx, rows[0]!.id);
  await recordEvent(tx, {
    context: audit,
    companyId: scope.companyId,
    action: 'crm.contact.created',
    target: { type: 'crm_contact', id: created.id, label: `${created.firstName} ${created.lastName}` },
    after: auditFields(created),
  });
  return created;
}

export function createContact(db: Db, user: SessionUser, input: ContactCreate, audit: AuditContext) {
  return crmScope(db, user, 'member', (tx, scope) => insertContact(tx, scope, input, audit), input.entityId);
}

export function updateContact(db: Db, user: SessionUser, id: string, input: ContactUpdate, audit: AuditContext) {
  return crmScope(db, user, 'member', async (tx, scope) => {
    const row = await lockForUpdate(tx, 'crm_contacts', id, input.version, CRM_MESSAGES.contactNotFound);
    if (input.clientId) await requireClient(tx, row.entity_id, input.clientId);
    const before = await readContact(tx, id);
    const set = setClauses(input, { firstName: 'first_name', lastName: 'last_name', email: 'email', phone: 'phone', jobTitle: 'job_title', clientId: 'client_id' });
    await tx.execute(sql`update crm_contacts set ${sql.join(set, sql`, `)} where id = ${id}`);
    const after = await readContact(tx, id);
    await touchClient(tx, after.clientId);
    await recordEvent(tx, {
      context: audit,
      companyId: scope.companyId,
      action: 'crm.contact.updated',
      target: { type: 'crm_contact', id, label: `${after.firstName} ${after.lastName}` },
      before: auditFields(before),
      after: auditFields(after),
    });
    return after;
  });
}

const CSV_COLUMN_OF: Record<string, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phone: 'Phone',
  jobTitle: 'Job Title',
};

/** CSV import into one entity (created_at is the clock, not the transaction's start: the first of two rows with one email is the original); each row its own savepoint. The Client column names an existing client of the entity (or is empty). */
export function importContacts(db: Db, user: SessionUser, input: { entityId: string; csv: string }, audit: AuditContext) {
  const rows = parseCsv(input.csv, CONTACT_CSV_COLUMNS);
  return crmScope(
    db,
    user,
    'member',
    (tx, scope) =>
      importRows(
        tx,
        rows,
        async ({ values }) => {
          let clientId: string | null = null;
          const clientName = values['Client']!;
          if (clientName) {
            const { rows: found } = await tx.execute<{ id: string }>(
              sql`select id from crm_clients where entity_id = ${input.entityId} and search_name = ${clientName.toLowerCase()} order by created_at, id limit 1`,
            );
            if (!found[0]) throw badRequest(`Client: no client named ${clientName} in this entity.`);
            clientId = found[0].id;
          }
          const parsed = contactCreateInput.safeParse({
            entityId: input.entityId,
            firstName: values['First Name'],
            lastName: values['Last Name'],
            email: values['Email'],
            phone: values['Phone'],
            jobTitle: values['Job Title'],
            clientId,
          });
          if (!parsed.success) throw rowRefusal(parsed.error, CSV_COLUMN_OF);
          await insertContact(tx, scope, parsed.data, audit);
        },
        () => undefined,
      ),
    input.entityId,
  );
}
