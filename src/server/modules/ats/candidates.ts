import { sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@/shared/auth';
import { ATS_MESSAGES, CANDIDATE_CSV_COLUMNS, candidateCreateInput, type Candidate, type CandidateListQuery } from '@/shared/ats';
import { MODULE_MESSAGES } from '@/shared/modules';
import type { z } from 'zod';
import type { AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { isUniqueViolation, type Tx } from '../../db/tenant';
import { conflict, notFound } from '../../http/errors';
import { importRows, parseCsv, rowRefusal } from '../../platform/csv';
import { readByteaSlice } from '../../platform/files';
import { sortedPage, toSortedPage, type SortSpec } from '../../platform/list';
import { scopeCondition, type ModuleScope } from '../../platform/scope';
import { insertApplication } from './applications';
import { atsScope, audit } from './scope';

type CandidateCreate = z.output<typeof candidateCreateInput>;
type CandidateUpdate = Partial<Omit<CandidateCreate, 'entityId' | 'jobId'>> & { version: number };

/** A candidate's columns, from `source` (the table, or a page of it cut already) as `c`. */
const SELECT = (extra: SQL = sql``, source: SQL = sql`ats_candidates`) => sql`
  select c.id, c.entity_id, en.name as entity_name, c.first_name, c.last_name, c.email, c.phone, c.source, c.version,
    to_json(c.created_at) #>> '{}' as created_at, r.file_name as resume_file_name, r.size as resume_size,
    to_json(r.created_at) #>> '{}' as resume_uploaded_at,
    (select count(*)::int from ats_applications a where a.candidate_id = c.id) as applications ${extra}
  from ${source} c
  join entities en on en.id = c.entity_id
  left join ats_resumes r on r.candidate_id = c.id`;

interface CandidateRow {
  id: string;
  entity_id: string;
  entity_name: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  source: string;
  version: number;
  created_at: string;
  resume_file_name: string | null;
  resume_size: number | null;
  resume_uploaded_at: string | null;
  applications: number;
  [key: string]: unknown;
}

const toCandidate = (r: CandidateRow): Candidate => ({
  id: r.id,
  entityId: r.entity_id,
  entityName: r.entity_name,
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  phone: r.phone,
  source: r.source,
  resume: r.resume_file_name === null ? null : { fileName: r.resume_file_name, size: Number(r.resume_size), uploadedAt: r.resume_uploaded_at! },
  applications: Number(r.applications),
  version: Number(r.version),
  createdAt: r.created_at,
});

const auditView = (c: Candidate) => ({ firstName: c.firstName, lastName: c.lastName, email: c.email, phone: c.phone, source: c.source });

const SORTS: Record<CandidateListQuery['sort'], SortSpec> = {
  createdAt: { columns: [sql`c.created_at`], types: ['timestamptz'] },
  name: { columns: [sql`c.last_name`, sql`c.first_name`], types: ['text', 'text'] },
};

function filters(scope: ModuleScope, query: Pick<CandidateListQuery, 'q'>): SQL {
  const parts: SQL[] = [scopeCondition('c', scope)];
  if (query.q) {
    // The start of the full name (so of the first name too), of the last name, or of the email.
    const p = query.q.toLowerCase();
    parts.push(sql`(c.search_name ^@ ${p} or c.search_last_name ^@ ${p} or c.search_email ^@ ${p})`);
  }
  return sql.join(parts, sql` and `);
}

async function pageOf(tx: Tx, scope: ModuleScope, query: CandidateListQuery) {
  // A search has its own indexes: see PageOptions.searched.
  const page = sortedPage(SORTS[query.sort], sql`c.id`, query, { searched: Boolean(query.q) });
  const where = page.where ? sql`${filters(scope, query)} and ${page.where}` : filters(scope, query);
  const orderBy = sql.join(page.orderBy, sql`, `);
  // The page first, then its entity, résumé and application count: joins for 26 rows, not for
  // every candidate of the entity. Joined first, the planner expected an entity's average share
  // of the candidates (the entity is a join parameter) and read all 50,000 of the big entity's
  // (bench figure A2), for a search or the plain list alike.
  const pageRows = sql`(select c.* from ats_candidates c where ${where} order by ${orderBy} limit ${page.limit})`;
  const { rows } = await tx.execute<CandidateRow & { cursorValues: string[] }>(sql`${SELECT(sql`, ${page.cursorValues} as "cursorValues"`, pageRows)} order by ${orderBy}`);
  return toSortedPage(rows, query.limit, toCandidate);
}

export function listCandidates(db: Db, user: SessionUser, query: CandidateListQuery) {
  return atsScope(db, user, 'viewer', (tx, scope) => pageOf(tx, scope, query), query.entityId);
}

export const CANDIDATE_EXPORT_COLUMNS = [...CANDIDATE_CSV_COLUMNS, 'Applications', 'Résumé', 'Entity', 'Added'];

export async function* candidateCsvPages(db: Db, user: SessionUser, query: Omit<CandidateListQuery, 'limit' | 'cursor'>) {
  let cursor: string | undefined;
  do {
    const page = await atsScope(db, user, 'viewer', (tx, scope) => pageOf(tx, scope, { ...query, limit: 100, cursor }), query.entityId);
    yield page.items.map((c) => [c.firstName, c.lastName, c.email, c.phone, c.source, c.applications, c.resume ? 'Yes' : 'No', c.entityName, c.createdAt.slice(0, 10)]);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

export async function readCandidate(tx: Tx, id: string): Promise<Candidate> {
  const { rows } = await tx.execute<CandidateRow>(sql`${SELECT()} where c.id = ${id}`);
  if (!rows[0]) throw notFound(ATS_MESSAGES.candidateNotFound);
  return toCandidate(rows[0]);
}

export function getCandidate(db: Db, user: SessionUser, id: string) {
  return atsScope(db, user, 'viewer', (tx) => readCandidate(tx, id));
}

export function explainCandidateError(error: unknown): string | undefined {
  if (isUniqueViolation(error, 'ats_candidates_entity_email_key')) return ATS_MESSAGES.candidateEmailTaken;
  return undefined;
}

function rethrow(error: unknown): never {
  const message = explainCandidateError(error);
  if (message) throw conflict(message);
  throw error;
}

async function insertCandidate(tx: Tx, scope: ModuleScope, entityId: string, input: Omit<CandidateCreate, 'entityId' | 'jobId'>) {
  const { rows } = await tx.execute<{ id: string }>(sql`
    insert into ats_candidates (company_id, entity_id, first_name, last_name, email, phone, source)
    values (${scope.companyId}, ${entityId}, ${input.firstName}, ${input.lastName}, ${input.email}, ${input.phone}, ${input.source})
    returning id`);
  return rows[0]!.id;
}

/** Adds a candidate, and with `jobId` their application to that job, in one transaction. */
export async function createCandidate(db: Db, user: SessionUser, input: CandidateCreate, context: AuditContext): Promise<Candidate> {
  try {
    return await atsScope(
      db,
      user,
      'member',
      async (tx, scope) => {
        const id = await insertCandidate(tx, scope, input.entityId, input);
        const created = await readCandidate(tx, id);
        await audit(tx, scope, context, 'ats.candidate.created', { type: 'candidate', id, label: `${created.firstName} ${created.lastName}` }, undefined, auditView(created));
        if (input.jobId) await insertApplication(tx, scope, user, context, { candidateId: id, jobId: input.jobId });
        return input.jobId ? readCandidate(tx, id) : created;
      },
      input.entityId,
    );
  } catch (e) {
    rethrow(e);
  }
}

export async function updateCandidate(db: Db, user: SessionUser, id: string, input: CandidateUpdate, context: AuditContext): Promise<Candidate> {
  try {
    return await atsScope(db, user, 'member', async (tx, scope) => {
      const { rows } = await tx.execute<{ version: number }>(sql`select version from ats_candidates where id = ${id} for update`);
      if (!rows[0]) throw notFound(ATS_MESSAGES.candidateNotFound);
      if (Number(rows[0].version) !== input.version) throw conflict(MODULE_MESSAGES.staleVersion);
      const before = await readCandidate(tx, id);
      const set: SQL[] = [sql`version = version + 1`, sql`updated_at = now()`];
      const columns = { firstName: 'first_name', lastName: 'last_name', email: 'email', phone: 'phone', source: 'source' } as const;
      for (const [key, column] of Object.entries(columns)) {
        const value = input[key as keyof typeof columns];
        if (value !== undefined) set.push(sql`${sql.identifier(column)} = ${value}`);
      }
      await tx.execute(sql`update ats_candidates set ${sql.join(set, sql`, `)} where id = ${id}`);
      const after = await readCandidate(tx, id);
      await audit(tx, scope, context, 'ats.candidate.updated', { type: 'candidate', id, label: `${after.firstName} ${after.lastName}` }, auditView(before), auditView(after));
      return after;
    });
  } catch (e) {
    rethrow(e);
  }
}

/**
 * Stores a candidate's résumé (already checked to be a PDF of at most 5 MB), replacing the one
 * before. A new row each time: a download in progress of the old one ends with an error rather
 * than mixing two files.
 */
export function saveResume(db: Db, user: SessionUser, id: string, file: { fileName: string; content: Uint8Array }, context: AuditContext) {
  return atsScope(db, user, 'member', async (tx, scope) => {
    const { rows } = await tx.execute<{ entity_id: string; first_name: string; last_name: string }>(
      sql`select entity_id, first_name, last_name from ats_candidates where id = ${id} for update`,
    );
    const row = rows[0];
    if (!row) throw notFound(ATS_MESSAGES.candidateNotFound);
    scope.require(row.entity_id, 'member');
    await tx.execute(sql`delete from ats_resumes where candidate_id = ${id}`);
    await tx.execute(sql`
      insert into ats_resumes (company_id, entity_id, candidate_id, file_name, size, content, uploaded_by)
      values (${scope.companyId}, ${row.entity_id}, ${id}, ${file.fileName}, ${file.content.byteLength}, ${file.content}, ${scope.userId})`);
    await tx.execute(sql`update ats_candidates set version = version + 1, updated_at = now() where id = ${id}`);
    await audit(
      tx,
      scope,
      context,
      'ats.resume.uploaded',
      { type: 'candidate', id, label: `${row.first_name} ${row.last_name}` },
      undefined,
      { fileName: file.fileName, size: file.content.byteLength },
    );
    return readCandidate(tx, id);
  });
}

/** The résumé's name and size, if the caller may see the candidate (404 otherwise). */
export function resumeInfo(db: Db, user: SessionUser, candidateId: string) {
  return atsScope(db, user, 'viewer', async (tx) => {
    const { rows } = await tx.execute<{ id: string; file_name: string; size: number; candidate: string | null }>(sql`
      select r.id, r.file_name, r.size, c.id as candidate from ats_candidates c left join ats_resumes r on r.candidate_id = c.id where c.id = ${candidateId}`);
    if (!rows[0]) throw notFound(ATS_MESSAGES.candidateNotFound);
    if (!rows[0].id) throw notFound(ATS_MESSAGES.resumeNotFound);
    return { id: rows[0].id, fileName: rows[0].file_name, size: Number(rows[0].size) };
  });
}

/** One slice of a résumé, read under the caller's scope again (access may have ended meanwhile). */
export function resumeSlice(db: Db, user: SessionUser, resumeId: string, offset: number, length: number) {
  return atsScope(db, user, 'viewer', async (tx) => {
    const slice = await readByteaSlice(tx, { table: 'ats_resumes', column: 'content', where: sql`id = ${resumeId}` }, offset, length);
    if (!slice) throw notFound(ATS_MESSAGES.resumeNotFound);
    return slice;
  });
}

/** CSV import into one entity; each row its own savepoint (see importRows). */
export function importCandidates(db: Db, user: SessionUser, input: { entityId: string; csv: string }, context: AuditContext) {
  const rows = parseCsv(input.csv, CANDIDATE_CSV_COLUMNS);
  return atsScope(
    db,
    user,
    'member',
    async (tx, scope) => {
      const report = await importRows(
        tx,
        rows,
        async ({ values }) => {
          const parsed = candidateCreateInput.safeParse({
            entityId: input.entityId,
            firstName: values['First Name'],
            lastName: values['Last Name'],
            email: values['Email'],
            phone: values['Phone'],
            source: values['Source'],
          });
          if (!parsed.success) throw rowRefusal(parsed.error, CSV_COLUMN_OF);
          await insertCandidate(tx, scope, input.entityId, parsed.data);
        },
        explainCandidateError,
      );
      if (report.created > 0) {
        await audit(tx, scope, context, 'ats.candidates.imported', { type: 'entity', id: input.entityId, label: null }, undefined, {
          created: report.created,
          notImported: report.errors.length,
        });
      }
      return report;
    },
    input.entityId,
  );
}

const CSV_COLUMN_OF: Record<string, string> = { firstName: 'First Name', lastName: 'Last Name', email: 'Email', phone: 'Phone', source: 'Source' };
