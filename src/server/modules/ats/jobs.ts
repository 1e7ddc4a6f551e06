import { randomUUID } from 'node:crypto';
import { eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { SessionUser } from '@/shared/auth';
import { ATS_MESSAGES, JOB_EMPLOYMENT_TYPE_LABELS, JOB_STATUS_LABELS, type Job, type JobListQuery, jobCreateInput } from '@/shared/ats';
import type { z } from 'zod';
import type { AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { atsApplications, atsJobs, entities, users } from '../../db/schema';
import { commitWith, isForeignKeyViolation, type Tx } from '../../db/tenant';
import { badRequest, notFound } from '../../http/errors';
import { sortedPage, toSortedPage, type SortSpec } from '../../platform/list';
import { scopeCondition, type ModuleScope } from '../../platform/scope';
import { ats, atsPeople } from './module';
import { isoText } from '../../platform/sql';

type JobCreate = z.output<typeof jobCreateInput>;
type JobUpdate = Partial<Omit<JobCreate, 'entityId'>> & { version: number };

const j = alias(atsJobs, 'j');
const en = alias(entities, 'en');
const manager = alias(users, 'u');
const a = alias(atsApplications, 'a');

/**
 * A job's columns. Its two counts read every application of the job; without `counts` they are 0,
 * for a caller that counts the applications itself (the board) or only checks the job exists.
 */
const jobFields = (counts = true) => ({
  id: j.id,
  entityId: j.entityId,
  entityName: en.name,
  title: j.title,
  department: j.department,
  location: j.location,
  employmentType: j.employmentType,
  openings: j.openings,
  hiringManagerId: j.hiringManagerId,
  hiringManagerName: sql<string | null>`case when ${manager.id} is null then null else ${manager.firstName} || ' ' || ${manager.lastName} end`,
  description: j.description,
  status: j.status,
  version: j.version,
  createdAt: isoText(j.createdAt),
  /** In the pipeline, hired. */
  counts: counts
    ? // One read of the job's applications for both counts (the scope-led index, index-only):
      // counted apart, the hired count was planned on the board index with the row-level
      // security conditions checked per row, 200 ms for a job with 50,000 applications.
      sql<number[]>`(select array[count(*) filter (where ${a.stage} not in ('hired', 'rejected')), count(*) filter (where ${a.stage} = 'hired')]::int[]
      from ${atsApplications} ${a} where ${a.jobId} = ${j.id})`
    : sql<number[]>`array[0, 0]`,
});

const toJob = (r: SelectResultFields<ReturnType<typeof jobFields>>): Job => ({
  id: r.id,
  entityId: r.entityId,
  entityName: r.entityName,
  title: r.title,
  department: r.department,
  location: r.location,
  employmentType: r.employmentType as Job['employmentType'],
  openings: Number(r.openings),
  hiringManagerId: r.hiringManagerId,
  hiringManagerName: r.hiringManagerName,
  description: r.description,
  status: r.status as Job['status'],
  activeApplications: Number(r.counts[0]),
  hired: Number(r.counts[1]),
  version: Number(r.version),
  createdAt: r.createdAt,
});

/** What the audit log keeps of a job. */
export const auditView = (job: Pick<Job, 'title' | 'department' | 'location' | 'employmentType' | 'openings' | 'hiringManagerName' | 'status'>) => ({
  title: job.title,
  department: job.department,
  location: job.location,
  employmentType: JOB_EMPLOYMENT_TYPE_LABELS[job.employmentType],
  openings: job.openings,
  hiringManager: job.hiringManagerName,
  status: JOB_STATUS_LABELS[job.status],
});

const SORTS: Record<JobListQuery['sort'], SortSpec> = {
  createdAt: { columns: [sql`${j.createdAt}`], types: ['timestamptz'] },
  title: { columns: [sql`${j.title}`], types: ['text'] },
};

function filters(scope: ModuleScope, query: Pick<JobListQuery, 'q' | 'status'>): SQL {
  const parts: SQL[] = [scopeCondition('j', scope)];
  if (query.q) {
    // The start of the title, department or location (an entity has few jobs: no index of its own).
    const p = query.q.toLowerCase();
    parts.push(sql`(lower(${j.title}) ^@ ${p} or lower(${j.department}) ^@ ${p} or lower(${j.location}) ^@ ${p})`);
  }
  if (query.status) parts.push(sql`${j.status} = ${query.status}`);
  return sql.join(parts, sql` and `);
}

async function pageOf(tx: Tx, scope: ModuleScope, query: JobListQuery) {
  const page = sortedPage(SORTS[query.sort], sql`${j.id}`, query);
  const rows = await tx
    .select({ ...jobFields(), cursorValues: page.cursorValues })
    .from(j)
    .innerJoin(en, eq(en.id, j.entityId))
    .leftJoin(manager, eq(manager.id, j.hiringManagerId))
    .where(page.where ? sql`${filters(scope, query)} and ${page.where}` : filters(scope, query))
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return toSortedPage(rows, query.limit, toJob);
}

export function listJobs(db: Db, user: SessionUser, query: JobListQuery) {
  return ats.scope(db, user, 'viewer', (tx, scope) => pageOf(tx, scope, query), query.entityId);
}

export const JOB_EXPORT_COLUMNS = ['Title', 'Department', 'Location', 'Employment Type', 'Openings', 'Hiring Manager', 'Status', 'In Pipeline', 'Hired', 'Entity', 'Created'];

export const jobCsvPages = (db: Db, user: SessionUser, query: Omit<JobListQuery, 'limit' | 'cursor'>) =>
  ats.csvPages(db, user, query, pageOf, (job) => [
    job.title,
    job.department,
    job.location,
    JOB_EMPLOYMENT_TYPE_LABELS[job.employmentType],
    job.openings,
    job.hiringManagerName ?? '',
    JOB_STATUS_LABELS[job.status],
    job.activeApplications,
    job.hired,
    job.entityName,
    job.createdAt.slice(0, 10),
  ]);

/** One job (404 if not in scope); `counts: false` leaves activeApplications and hired at 0 (see jobFields). */
export async function readJob(tx: Tx, id: string, { counts = true } = {}): Promise<Job> {
  const [row] = await tx
    .select(jobFields(counts))
    .from(j)
    .innerJoin(en, eq(en.id, j.entityId))
    .leftJoin(manager, eq(manager.id, j.hiringManagerId))
    .where(eq(j.id, id));
  if (!row) throw notFound(ATS_MESSAGES.jobNotFound);
  return toJob(row);
}

export function getJob(db: Db, user: SessionUser, id: string) {
  return ats.scope(db, user, 'viewer', (tx) => readJob(tx, id));
}

/**
 * The hiring manager must hold ATS at the job's entity (or be a super admin of the company): their
 * name, as a job shows it (none: null; not given: undefined).
 */
async function checkHiringManager(tx: Tx, scope: ModuleScope, entityId: string, userId: string | null | undefined) {
  if (userId === undefined || userId === null) return userId;
  const [found] = await atsPeople(tx, scope, entityId, [userId]);
  if (!found) throw badRequest(ATS_MESSAGES.hiringManagerInvalid);
  return found.name;
}

function rethrow(error: unknown): never {
  if (isForeignKeyViolation(error, 'ats_jobs_hiring_manager_fk')) throw badRequest(ATS_MESSAGES.hiringManagerInvalid);
  throw error;
}

const auditTarget = (job: Pick<Job, 'id' | 'title'>) => ({ type: 'job' as const, id: job.id, label: job.title });

export async function createJob(db: Db, user: SessionUser, input: JobCreate, context: AuditContext): Promise<Job> {
  try {
    return await ats.scope(
      db,
      user,
      'member',
      async (tx, scope) => {
        const hiringManagerName = (await checkHiringManager(tx, scope, input.entityId, input.hiringManagerId)) ?? null;
        // The id made here: the insert, the read that answers and the audit event go with the commit.
        const id = randomUUID();
        const { entityId, title, department, location, employmentType, openings, hiringManagerId, description, status } = input;
        const job = { id, title, department, location, employmentType, openings, hiringManagerName, status };
        await ats.audit(tx, scope, context, 'ats.job.created', auditTarget(job), undefined, auditView(job));
        const insert = tx
          .insert(atsJobs)
          .values({ id, companyId: scope.companyId, entityId, title, department, location, employmentType, openings, hiringManagerId, description, status });
        return commitWith(tx, [insert], () => readJob(tx, id));
      },
      input.entityId,
    );
  } catch (e) {
    rethrow(e);
  }
}

export async function updateJob(db: Db, user: SessionUser, id: string, input: JobUpdate, context: AuditContext): Promise<Job> {
  try {
    return await ats.scope(db, user, 'member', async (tx, scope) => {
      const { version, ...changes } = input;
      const [row, before] = await Promise.all([ats.lock(tx, atsJobs, id, version, ATS_MESSAGES.jobNotFound), readJob(tx, id)]);
      const hiringManagerName = await checkHiringManager(tx, scope, row.entityId, changes.hiringManagerId);
      const after = ats.asSaved(before, { ...changes, hiringManagerName });
      await ats.audit(tx, scope, context, 'ats.job.updated', auditTarget(after), auditView(before), auditView(after));
      return commitWith(tx, [ats.save(tx, atsJobs, id, changes)], () => readJob(tx, id));
    });
  } catch (e) {
    rethrow(e);
  }
}

/** Who may be a hiring manager or an interviewer at the entity: users with ATS there. */
export function atsUsers(db: Db, user: SessionUser, entityId: string) {
  return ats.scope(db, user, 'viewer', async (tx, scope) => ({ items: await atsPeople(tx, scope, entityId) }), entityId);
}
