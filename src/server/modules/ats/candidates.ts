import { randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { SessionUser } from '@/shared/auth';
import { ATS_MESSAGES, CANDIDATE_CSV_COLUMNS, candidateCreateInput, type Candidate, type CandidateListQuery } from '@/shared/ats';
import type { z } from 'zod';
import type { AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { atsApplications, atsCandidates, atsResumes, entities } from '../../db/schema';
import { commitWith, isUniqueViolation, type Tx } from '../../db/tenant';
import { conflict, notFound } from '../../http/errors';
import { importRows, parseCsv, rowRefusal } from '../../platform/csv';
import { readByteaSlice } from '../../platform/files';
import { sortedPage, toSortedPage, type SortSpec } from '../../platform/list';
import { scopeCondition, type ModuleScope } from '../../platform/scope';
import { insertApplication } from './applications';
import { ats } from './module';
import { isoText, isoTextOrNull } from '../../platform/sql';

type CandidateCreate = z.output<typeof candidateCreateInput>;
type CandidateUpdate = Partial<Omit<CandidateCreate, 'entityId' | 'jobId'>> & { version: number };

const c = alias(atsCandidates, 'c');
const en = alias(entities, 'en');
const r = alias(atsResumes, 'r');
const a = alias(atsApplications, 'a');

/** A candidate's columns, from `source` (the table, or a page of it cut already) as `c`. */
const candidateFields = (source: Pick<typeof c, 'id' | 'entityId' | 'firstName' | 'lastName' | 'email' | 'phone' | 'source' | 'version' | 'createdAt'>) => ({
  id: source.id,
  entityId: source.entityId,
  entityName: en.name,
  firstName: source.firstName,
  lastName: source.lastName,
  email: source.email,
  phone: source.phone,
  source: source.source,
  version: source.version,
  createdAt: isoText(source.createdAt),
  resumeFileName: sql<string | null>`${r.fileName}`,
  resumeSize: sql<number | null>`${r.size}`,
  resumeUploadedAt: isoTextOrNull(r.createdAt),
  applications: sql<number>`(select count(*)::int from ${atsApplications} ${a} where ${a.candidateId} = ${source.id})`,
});

const toCandidate = (row: SelectResultFields<ReturnType<typeof candidateFields>>): Candidate => ({
  id: row.id,
  entityId: row.entityId,
  entityName: row.entityName,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phone: row.phone,
  source: row.source,
  resume: row.resumeFileName === null ? null : { fileName: row.resumeFileName, size: Number(row.resumeSize), uploadedAt: row.resumeUploadedAt! },
  applications: Number(row.applications),
  version: Number(row.version),
  createdAt: row.createdAt,
});

const auditView = (x: Pick<Candidate, 'firstName' | 'lastName' | 'email' | 'phone' | 'source'>) => ({ firstName: x.firstName, lastName: x.lastName, email: x.email, phone: x.phone, source: x.source });

const SORTS: Record<CandidateListQuery['sort'], SortSpec> = {
  createdAt: { columns: [sql`${c.createdAt}`], types: ['timestamptz'] },
  name: { columns: [sql`${c.lastName}`, sql`${c.firstName}`], types: ['text', 'text'] },
};

function filters(scope: ModuleScope, query: Pick<CandidateListQuery, 'q'>): SQL {
  const parts: SQL[] = [scopeCondition('c', scope)];
  if (query.q) {
    // The start of the full name (so of the first name too), of the last name, or of the email.
    const p = query.q.toLowerCase();
    parts.push(sql`(${c.searchName} ^@ ${p} or ${c.searchLastName} ^@ ${p} or ${c.searchEmail} ^@ ${p})`);
  }
  return sql.join(parts, sql` and `);
}

async function pageOf(tx: Tx, scope: ModuleScope, query: CandidateListQuery) {
  // A search has its own indexes: see PageOptions.searched.
  const page = sortedPage(SORTS[query.sort], sql`${c.id}`, query, { searched: Boolean(query.q) });
  // The page first, then its entity, résumé and application count: joins for 26 rows, not for
  // every candidate of the entity. Joined first, the planner expected an entity's average share
  // of the candidates (the entity is a join parameter) and read all 50,000 of the big entity's
  // (bench figure A2), for a search or the plain list alike.
  const pageRows = tx
    .select()
    .from(c)
    .where(page.where ? sql`${filters(scope, query)} and ${page.where}` : filters(scope, query))
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .as('c');
  const rows = await tx
    .select({ ...candidateFields(pageRows), cursorValues: page.cursorValues })
    .from(pageRows)
    .innerJoin(en, eq(en.id, pageRows.entityId))
    .leftJoin(r, eq(r.candidateId, pageRows.id))
    .orderBy(...page.orderBy);
  return toSortedPage(rows, query.limit, toCandidate);
}

export function listCandidates(db: Db, user: SessionUser, query: CandidateListQuery) {
  return ats.scope(db, user, 'viewer', (tx, scope) => pageOf(tx, scope, query), query.entityId);
}

export const CANDIDATE_EXPORT_COLUMNS = [...CANDIDATE_CSV_COLUMNS, 'Applications', 'Résumé', 'Entity', 'Added'];

export const candidateCsvPages = (db: Db, user: SessionUser, query: Omit<CandidateListQuery, 'limit' | 'cursor'>) =>
  ats.csvPages(db, user, query, pageOf, (x) => [x.firstName, x.lastName, x.email, x.phone, x.source, x.applications, x.resume ? 'Yes' : 'No', x.entityName, x.createdAt.slice(0, 10)]);

export async function readCandidate(tx: Tx, id: string): Promise<Candidate> {
  const [row] = await tx
    .select(candidateFields(c))
    .from(c)
    .innerJoin(en, eq(en.id, c.entityId))
    .leftJoin(r, eq(r.candidateId, c.id))
    .where(eq(c.id, id));
  if (!row) throw notFound(ATS_MESSAGES.candidateNotFound);
  return toCandidate(row);
}

export function getCandidate(db: Db, user: SessionUser, id: string) {
  return ats.scope(db, user, 'viewer', (tx) => readCandidate(tx, id));
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

/** A candidate's insert (a query builder: it runs when awaited), with `id` when the caller made it. */
function insertCandidate(tx: Tx, scope: ModuleScope, entityId: string, input: Omit<CandidateCreate, 'entityId' | 'jobId'>, id?: string) {
  return tx
    .insert(atsCandidates)
    .values({ id, companyId: scope.companyId, entityId, firstName: input.firstName, lastName: input.lastName, email: input.email, phone: input.phone, source: input.source });
}

const targetOf = (x: { id: string; firstName: string; lastName: string }) => ({ type: 'candidate' as const, id: x.id, label: `${x.firstName} ${x.lastName}` });

/** Adds a candidate, and with `jobId` their application to that job, in one transaction. */
export async function createCandidate(db: Db, user: SessionUser, input: CandidateCreate, context: AuditContext): Promise<Candidate> {
  try {
    return await ats.scope(
      db,
      user,
      'member',
      async (tx, scope) => {
        // The id made here: without a job, the insert, the read that answers and the audit event go with the commit.
        const id = randomUUID();
        const insert = insertCandidate(tx, scope, input.entityId, input, id);
        await ats.audit(tx, scope, context, 'ats.candidate.created', targetOf({ id, ...input }), undefined, auditView(input));
        if (!input.jobId) return commitWith(tx, [insert], () => readCandidate(tx, id));
        await insert;
        await insertApplication(tx, scope, user, context, { candidateId: id, jobId: input.jobId });
        return readCandidate(tx, id);
      },
      input.entityId,
    );
  } catch (e) {
    rethrow(e);
  }
}

export async function updateCandidate(db: Db, user: SessionUser, id: string, input: CandidateUpdate, context: AuditContext): Promise<Candidate> {
  try {
    return await ats.scope(db, user, 'member', async (tx, scope) => {
      const { version, ...changes } = input;
      const [, before] = await Promise.all([ats.lock(tx, atsCandidates, id, version, ATS_MESSAGES.candidateNotFound), readCandidate(tx, id)]);
      const after = ats.asSaved(before, changes);
      await ats.audit(tx, scope, context, 'ats.candidate.updated', targetOf(after), auditView(before), auditView(after));
      return commitWith(tx, [ats.save(tx, atsCandidates, id, changes)], () => readCandidate(tx, id));
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
  return ats.scope(db, user, 'member', async (tx, scope) => {
    const [row] = await tx
      .select({ id: atsCandidates.id, entityId: atsCandidates.entityId, firstName: atsCandidates.firstName, lastName: atsCandidates.lastName })
      .from(atsCandidates)
      .where(eq(atsCandidates.id, id))
      .for('update');
    if (!row) throw notFound(ATS_MESSAGES.candidateNotFound);
    scope.require(row.entityId, 'member');
    await tx.delete(atsResumes).where(eq(atsResumes.candidateId, id));
    await tx.insert(atsResumes).values({
      companyId: scope.companyId,
      entityId: row.entityId,
      candidateId: id,
      fileName: file.fileName,
      size: file.content.byteLength,
      content: file.content,
      uploadedBy: scope.userId,
    });
    await ats.save(tx, atsCandidates, id, {});
    await ats.audit(tx, scope, context, 'ats.resume.uploaded', targetOf(row), undefined, { fileName: file.fileName, size: file.content.byteLength });
    return readCandidate(tx, id);
  });
}

/** The résumé's name and size, if the caller may see the candidate (404 otherwise). */
export function resumeInfo(db: Db, user: SessionUser, candidateId: string) {
  return ats.scope(db, user, 'viewer', async (tx) => {
    const [row] = await tx
      .select({ id: r.id, fileName: r.fileName, size: r.size })
      .from(c)
      .leftJoin(r, eq(r.candidateId, c.id))
      .where(eq(c.id, candidateId));
    if (!row) throw notFound(ATS_MESSAGES.candidateNotFound);
    if (!row.id || row.fileName === null) throw notFound(ATS_MESSAGES.resumeNotFound);
    return { id: row.id, fileName: row.fileName, size: Number(row.size) };
  });
}

/** One slice of a résumé, read under the caller's scope again (access may have ended meanwhile). */
export function resumeSlice(db: Db, user: SessionUser, resumeId: string, offset: number, length: number) {
  return ats.scope(db, user, 'viewer', async (tx) => {
    const slice = await readByteaSlice(tx, { table: 'ats_resumes', column: 'content', where: sql`${atsResumes.id} = ${resumeId}` }, offset, length);
    if (!slice) throw notFound(ATS_MESSAGES.resumeNotFound);
    return slice;
  });
}

const CSV_COLUMN_OF: Record<string, string> = { firstName: 'First Name', lastName: 'Last Name', email: 'Email', phone: 'Phone', source: 'Source' };

/** CSV import into one entity; each row its own savepoint (see importRows). */
export function importCandidates(db: Db, user: SessionUser, input: { entityId: string; csv: string }, context: AuditContext) {
  const rows = parseCsv(input.csv, CANDIDATE_CSV_COLUMNS);
  return ats.scope(
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
        await ats.audit(tx, scope, context, 'ats.candidates.imported', { type: 'entity', id: input.entityId, label: null }, undefined, {
          created: report.created,
          notImported: report.errors.length,
        });
      }
      return report;
    },
    input.entityId,
  );
}
