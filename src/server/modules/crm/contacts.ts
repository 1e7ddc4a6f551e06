import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { SessionUser } from '@/shared/auth';
import { CONTACT_CSV_COLUMNS, CRM_MESSAGES, contactCreateInput, type Contact, type ContactListQuery, type contactUpdateInput } from '@/shared/crm';
import type { AuditContext, AuditTarget } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { crmClients, crmContacts, entities } from '../../db/schema';
import { commitWith, type Tx } from '../../db/tenant';
import { badRequest, notFound } from '../../http/errors';
import { importRows, parseCsv, rowRefusal } from '../../platform/csv';
import { sortedPage, toSortedPage, type SortSpec } from '../../platform/list';
import { scopeCondition, type ModuleScope } from '../../platform/scope';
import { crm, requireClient, touchClient } from './module';
import { isoText } from '../../platform/sql';

type ContactCreate = z.output<typeof contactCreateInput>;
type ContactUpdate = z.output<typeof contactUpdateInput>;

const k = alias(crmContacts, 'k');
const d = alias(crmContacts, 'd');
const en = alias(entities, 'en');
const cl = alias(crmClients, 'cl');

/**
 * The contact's duplicate: the first contact of the entity with the same email (created before
 * this one), found through the (entity_id, search_email, created_at) index. `scope`, a condition on
 * the duplicate `d`: a list names its scope (see pageOf).
 */
const duplicateOf = (tx: Tx, scope?: SQL) =>
  tx
    // A name of its own: drizzle writes a subquery's computed column unqualified, and `name` is also the entity's and the client's.
    .select({ id: d.id, name: sql<string>`${d.firstName} || ' ' || ${d.lastName}`.as('duplicate_name') })
    .from(d)
    .where(and(sql`${k.email} <> ''`, eq(d.entityId, k.entityId), scope, eq(d.searchEmail, k.searchEmail), sql`(${d.createdAt}, ${d.id}) < (${k.createdAt}, ${k.id})`))
    .orderBy(asc(d.createdAt), asc(d.id))
    .limit(1)
    .as('dup');

/**
 * Contacts `k` with their entity, client and duplicate, and `extra` fields (a page's cursor).
 * `source` is the table, or a list's page of it cut before these joins (see pageOf).
 */
function selectContacts<E extends Record<string, SQL>>(tx: Tx, options: { source?: typeof k; duplicateScope?: SQL; extra?: E } = {}) {
  const dup = duplicateOf(tx, options.duplicateScope);
  return tx
    .select({
      id: k.id,
      entityId: k.entityId,
      entityName: en.name,
      firstName: k.firstName,
      lastName: k.lastName,
      email: k.email,
      phone: k.phone,
      jobTitle: k.jobTitle,
      clientId: k.clientId,
      clientName: cl.name,
      duplicateId: dup.id,
      duplicateName: dup.name,
      version: k.version,
      createdAt: isoText(k.createdAt),
      updatedAt: isoText(k.updatedAt),
      ...(options.extra as E),
    })
    .from(options.source ?? k)
    .innerJoin(en, eq(en.id, k.entityId))
    .leftJoin(cl, eq(cl.id, k.clientId))
    .leftJoinLateral(dup, sql`true`);
}

type ContactRow = Awaited<ReturnType<typeof selectContacts>>[number];

const toContact = (r: ContactRow): Contact => ({
  id: r.id,
  entityId: r.entityId,
  entityName: r.entityName,
  firstName: r.firstName,
  lastName: r.lastName,
  email: r.email,
  phone: r.phone,
  jobTitle: r.jobTitle,
  clientId: r.clientId,
  clientName: r.clientName,
  duplicateOf: r.duplicateId ? { id: r.duplicateId, name: r.duplicateName ?? '' } : null,
  version: r.version,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

const SORTS: Record<ContactListQuery['sort'], SortSpec> = {
  name: { columns: [sql`${k.lastName}`, sql`${k.firstName}`], types: ['text', 'text'] },
  createdAt: { columns: [sql`${k.createdAt}`], types: ['timestamptz'] },
};

function filters(scope: ModuleScope, query: Pick<ContactListQuery, 'q' | 'clientId'>) {
  const p = query.q?.toLowerCase();
  return and(
    scopeCondition('k', scope),
    // Stored lower-cased columns (migration 0014); a first name matches through the full name.
    p ? sql`(${k.searchName} ^@ ${p} or ${k.searchLastName} ^@ ${p} or ${k.searchEmail} ^@ ${p})` : undefined,
    query.clientId ? eq(k.clientId, query.clientId) : undefined,
  );
}

async function pageOf(tx: Tx, scope: ModuleScope, query: ContactListQuery) {
  // A search has its own indexes (migration 0014): see PageOptions.searched.
  const page = sortedPage(SORTS[query.sort], sql`${k.id}`, query, { searched: Boolean(query.q) });
  // The page first, then its entity, client and duplicate: joins for 26 rows, not for every match.
  // The page's rows keep the table's alias and columns (`k.*`), so the joins read them as `k`.
  const pageRows = tx
    .select()
    .from(k)
    .where(and(filters(scope, query), page.where))
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .as('k') as unknown as typeof k;
  const rows = await selectContacts(tx, {
    source: pageRows,
    // The duplicate lookup also names the scope: to the planner, `d.entity_id = k.entity_id` alone
    // is an entity of a few rows, and it walked a 200,000-contact entity in created order for each
    // row of the page instead of taking the email index (bench figure C1: 630 ms → 23 ms).
    duplicateScope: scopeCondition('d', scope),
    extra: { cursorValues: page.cursorValues },
  }).orderBy(...page.orderBy);
  return toSortedPage(rows, query.limit, toContact);
}

export function listContacts(db: Db, user: SessionUser, query: ContactListQuery) {
  return crm.scope(db, user, 'viewer', (tx, scope) => pageOf(tx, scope, query), query.entityId);
}

export const CONTACT_EXPORT_COLUMNS = [...CONTACT_CSV_COLUMNS, 'Entity', 'Duplicate Of', 'Created'];

export const contactCsvPages = (db: Db, user: SessionUser, query: Omit<ContactListQuery, 'limit' | 'cursor'>) =>
  crm.csvPages(db, user, query, pageOf, (k) => [k.firstName, k.lastName, k.email, k.phone, k.jobTitle, k.clientName ?? '', k.entityName, k.duplicateOf?.name ?? '', k.createdAt]);

export async function readContact(tx: Tx, id: string): Promise<Contact> {
  const [found] = await selectContacts(tx).where(eq(k.id, id));
  if (!found) throw notFound(CRM_MESSAGES.contactNotFound);
  return toContact(found);
}

export async function readContactsOfClient(tx: Tx, clientId: string): Promise<Contact[]> {
  const rows = await selectContacts(tx)
    .where(eq(k.clientId, clientId))
    .orderBy(asc(k.lastName), asc(k.firstName), asc(k.id))
    .limit(200);
  return rows.map(toContact);
}

export function getContact(db: Db, user: SessionUser, id: string) {
  return crm.scope(db, user, 'viewer', (tx) => readContact(tx, id));
}

type Audited = Pick<Contact, 'id' | 'firstName' | 'lastName' | 'email' | 'phone' | 'jobTitle' | 'clientId'>;
const auditFields = (k: Audited) => ({ firstName: k.firstName, lastName: k.lastName, email: k.email, phone: k.phone, jobTitle: k.jobTitle, clientId: k.clientId });
const auditTarget = (k: Audited): AuditTarget => ({ type: 'crm_contact', id: k.id, label: `${k.firstName} ${k.lastName}` });

/**
 * A new contact as it will be stored (its id made here), its client checked and its audit event
 * queued (it goes with the commit): what is left is to write `insert`, then `touch` its client.
 */
async function newContact(tx: Tx, scope: ModuleScope, input: ContactCreate, audit: AuditContext) {
  if (input.clientId) await requireClient(tx, input.entityId, input.clientId);
  const { entityId, firstName, lastName, email, phone, jobTitle, clientId } = input;
  const contact = { id: randomUUID(), entityId, firstName, lastName, email, phone, jobTitle, clientId };
  await crm.audit(tx, scope, audit, 'crm.contact.created', auditTarget(contact), undefined, auditFields(contact));
  return {
    id: contact.id,
    // The clock, not the transaction's start: of two rows with one email imported together, the first is the original.
    insert: tx.insert(crmContacts).values({ companyId: scope.companyId, ...contact, createdAt: sql`clock_timestamp()` }),
    touch: () => touchClient(tx, clientId),
  };
}

/** A contact created within a larger write (a lead's conversion, an import), which goes on after it. */
export async function insertContact(tx: Tx, scope: ModuleScope, input: ContactCreate, audit: AuditContext): Promise<{ id: string }> {
  const { id, insert, touch } = await newContact(tx, scope, input, audit);
  await insert;
  await touch();
  return { id };
}

export function createContact(db: Db, user: SessionUser, input: ContactCreate, audit: AuditContext) {
  return crm.scope(
    db,
    user,
    'member',
    async (tx, scope) => {
      const { id, insert, touch } = await newContact(tx, scope, input, audit);
      return commitWith(tx, [insert, touch()], () => readContact(tx, id));
    },
    input.entityId,
  );
}

export function updateContact(db: Db, user: SessionUser, id: string, input: ContactUpdate, audit: AuditContext) {
  return crm.scope(db, user, 'member', async (tx, scope) => {
    const [row, before] = await Promise.all([crm.lock(tx, crmContacts, id, input.version, CRM_MESSAGES.contactNotFound), readContact(tx, id)]);
    if (input.clientId) await requireClient(tx, row.entityId, input.clientId);
    const { firstName, lastName, email, phone, jobTitle, clientId } = input;
    const values = { firstName, lastName, email, phone, jobTitle, clientId };
    const after = crm.asSaved(before, values);
    await crm.audit(tx, scope, audit, 'crm.contact.updated', auditTarget(after), auditFields(before), auditFields(after));
    return commitWith(tx, [crm.save(tx, crmContacts, id, values), touchClient(tx, after.clientId)], () => readContact(tx, id));
  });
}

const CSV_COLUMN_OF: Record<string, string> = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phone: 'Phone',
  jobTitle: 'Job Title',
};

/** The entity's client named exactly `name` (ignoring case), the oldest when several are. */
async function clientByName(tx: Tx, entityId: string, name: string) {
  const [found] = await tx
    .select({ id: crmClients.id })
    .from(crmClients)
    .where(and(eq(crmClients.entityId, entityId), eq(crmClients.searchName, name.toLowerCase())))
    .orderBy(asc(crmClients.createdAt), asc(crmClients.id))
    .limit(1);
  return found;
}

/** CSV import into one entity (created_at is the clock, not the transaction's start: the first of two rows with one email is the original); each row its own savepoint. The Client column names an existing client of the entity (or is empty). */
export function importContacts(db: Db, user: SessionUser, input: { entityId: string; csv: string }, audit: AuditContext) {
  const rows = parseCsv(input.csv, CONTACT_CSV_COLUMNS);
  return crm.scope(
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
            const found = await clientByName(tx, input.entityId, clientName);
            if (!found) throw badRequest(`Client: no client named ${clientName} in this entity.`);
            clientId = found.id;
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
