import { sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@/shared/auth';
import { ATS_MESSAGES, JOB_EMPLOYMENT_TYPE_LABELS, JOB_STATUS_LABELS, type Job, type JobListQuery, jobCreateInput } from '@/shared/ats';
import { MODULE_MESSAGES } from '@/shared/modules';
import type { z } from 'zod';
import type { AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { isForeignKeyViolation, type Tx } from '../../db/tenant';
import { badRequest, conflict, notFound } from '../../http/errors';
import { sortedPage, toSortedPage, type SortSpec } from '../../platform/list';
import { scopeCondition, productUsers, type ModuleScope } from '../../platform/scope';
import { atsScope, audit } from './scope';

type JobCreate = z.output<typeof jobCreateInput>;
type JobUpdate = Partial<Omit<JobCreate, 'entityId'>> & { version: number };

/**
 * A job's columns. Its two counts read every application of the job; without `counts` they are 0,
 * for a caller that counts the applications itself (the board) or only checks the job exists.
 */
const SELECT = (extra: SQL = sql``, counts = true) => sql`
  select j.id, j.entity_id, en.name as entity_name, j.title, j.department, j.location, j.employment_type, j.openings,
    j.hiring_manager_id, case when u.id is null then null else u.first_name || ' ' || u.last_name end as hiring_manager_name,
    j.description, j.status, j.version, to_json(j.created_at) #>> '{}' as created_at,
    ${
      counts
        ? // One read of the job's applications for both counts (the scope-led index, index-only):
          // counted apart, the hired count was planned on the board index with the row-level
          // security conditions checked per row, 200 ms for a job with 50,000 applications.
          sql`(select array[count(*) filter (where a.stage not in ('hired', 'rejected')), count(*) filter (where a.stage = 'hired')]::int[]
      from ats_applications a where a.job_id = j.id) as counts`
        : sql`array[0, 0] as counts`
    } ${extra}
  from ats_jobs j
  join entities en on en.id = j.entity_id
  left join users u on u.id = j.hiring_manager_id`;

interface JobRow {
  id: string;
  entity_id: string;
  entity_name: string;
  title: string;
  department: string;
  location: string;
  employment_type: Job['employmentType'];
  openings: number;
  hiring_manager_id: string | null;
  hiring_manager_name: string | null;
  description: string;
  status: Job['status'];
  version: number;
  created_at: string;
  /** In the pipeline, hired. */
  counts: number[];
  [key: string]: unknown;
}

const toJob = (r: JobRow): Job => ({
  id: r.id,
  entityId: r.entity_id,
  entityName: r.entity_name,
  title: r.title,
  department: r.department,
  location: r.location,
  employmentType: r.employment_type,
  openings: Number(r.openings),
  hiringManagerId: r.hiring_manager_id,
  hiringManagerName: r.hiring_manager_name,
  description: r.description,
  status: r.status,
  activeApplications: Number(r.counts[0]),
  hired: Number(r.counts[1]),
  version: Number(r.version),
  createdAt: r.created_at,
});

/** What the audit log keeps of a job. */
const auditView = (j: Job) => ({
  title: j.title,
  department: j.department,
  location: j.location,
  employmentType: JOB_EMPLOYMENT_TYPE_LABELS[j.employmentType],
  openings: j.openings,
  hiringManager: j.hiringManagerName,
  status: JOB_STATUS_LABELS[j.status],
});

const SORTS: Record<JobListQuery['sort'], SortSpec> = {
  createdAt: { columns: [sql`j.created_at`], types: ['timestamptz'] },
  title: { columns: [sql`j.title`], types: ['text'] },
};

function filters(scope: ModuleScope, query: Pick<JobListQuery, 'q' | 'status'>): SQL {
  const parts: SQL[] = [scopeCondition('j', scope)];
  if (query.q) {
    // The start of the title, department or location (an entity has few jobs: no index of its own).
    const p = query.q.toLowerCase();
    parts.push(sql`(lower(j.title) ^@ ${p} or lower(j.department) ^@ ${p} or lower(j.location) ^@ ${p})`);
  }
  if (query.status) parts.push(sql`j.status = ${query.status}`);
  return sql.join(parts, sql` and `);
}

async function pageOf(tx: Tx, scope: ModuleScope, query: JobListQuery) {
  const page = sortedPage(SORTS[query.sort], sql`j.id`, query);
  const where = page.where ? sql`${filters(scope, query)} and ${page.where}` : filters(scope, query);
  const { rows } = await tx.execute<JobRow & { cursorValues: string[] }>(
    sql`${SELECT(sql`, ${page.cursorValues} as "cursorValues"`)} where ${where} order by ${sql.join(page.orderBy, sql`, `)} limit ${page.limit}`,
  );
  return toSortedPage(rows, query.limit, toJob);
}

export function listJobs(db: Db, user: SessionUser, query: JobListQuery) {
  return atsScope(db, user, 'viewer', (tx, scope) => pageOf(tx, scope, query), query.entityId);
}

export const JOB_EXPORT_COLUMNS = ['Title', 'Department', 'Location', 'Employment Type', 'Openings', 'Hiring Manager', 'Status', 'In Pipeline', 'Hired', 'Entity', 'Created'];

export async function* jobCsvPages(db: Db, user: SessionUser, query: Omit<JobListQuery, 'limit' | 'cursor'>) {
  let cursor: string | undefined;
  do {
    const page = await atsScope(db, user, 'viewer', (tx, scope) => pageOf(tx, scope, { ...query, limit: 100, cursor }), query.entityId);
    yield page.items.map((j) => [
      j.title,
      j.department,
      j.location,
      JOB_EMPLOYMENT_TYPE_LABELS[j.employmentType],
      j.openings,
      j.hiringManagerName ?? '',
      JOB_STATUS_LABELS[j.status],
      j.activeApplications,
      j.hired,
      j.entityName,
      j.createdAt.slice(0, 10),
    ]);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/** One job (404 if not in scope); `counts: false` leaves activeApplications and hired at 0 (see SELECT). */
export async function readJob(tx: Tx, id: string, { counts = true } = {}): Promise<Job> {
  const { rows } = await tx.execute<JobRow>(sql`${SELECT(sql``, counts)} where j.id = ${id}`);
  if (!rows[0]) throw notFound(ATS_MESSAGES.jobNotFound);
  return toJob(rows[0]);
}

export function getJob(db: Db, user: SessionUser, id: string) {
  return atsScope(db, user, 'viewer', (tx) => readJob(tx, id));
}

/** The hiring manager must hold ATS at the job's entity (or be a super admin of the company). */
async function checkHiringManager(tx: Tx, scope: ModuleScope, entityId: string, userId: string | null | undefined) {
  if (!userId) return;
  const found = await productUsers(tx, scope.companyId, 'ats', entityId, [userId]);
  if (found.length === 0) throw badRequest(ATS_MESSAGES.hiringManagerInvalid);
}

function rethrow(error: unknown): never {
  if (isForeignKeyViolation(error, 'ats_jobs_hiring_manager_fk')) throw badRequest(ATS_MESSAGES.hiringManagerInvalid);
  throw error;
}

export async function createJob(db: Db, user: SessionUser, input: JobCreate, context: AuditContext): Promise<Job> {
  try {
    return await atsScope(
      db,
      user,
      'member',
      async (tx, scope) => {
        await checkHiringManager(tx, scope, input.entityId, input.hiringManagerId);
        const { rows } = await tx.execute<{ id: string }>(sql`
          insert into ats_jobs (company_id, entity_id, title, department, location, employment_type, openings, hiring_manager_id, description, status)
          values (${scope.companyId}, ${input.entityId}, ${input.title}, ${input.department}, ${input.location}, ${input.employmentType},
            ${input.openings}, ${input.hiringManagerId}, ${input.description}, ${input.status})
          returning id`);
        const job = await readJob(tx, rows[0]!.id);
        await audit(tx, scope, context, 'ats.job.created', { type: 'job', id: job.id, label: job.title }, undefined, auditView(job));
        return job;
      },
      input.entityId,
    );
  } catch (e) {
    rethrow(e);
  }
}

/** Locks the row and checks the version the client saw; 404 outside the scope, 409 when stale. */
async function lockJob(tx: Tx, id: string, version: number) {
  const { rows } = await tx.execute<{ entity_id: string; version: number }>(sql`select entity_id, version from ats_jobs where id = ${id} for update`);
  const row = rows[0];
  if (!row) throw notFound(ATS_MESSAGES.jobNotFound);
  if (Number(row.version) !== version) throw conflict(MODULE_MESSAGES.staleVersion);
  return row;
}

export async function updateJob(db: Db, user: SessionUser, id: string, input: JobUpdate, context: AuditContext): Promise<Job> {
  try {
    return await atsScope(db, user, 'member', async (tx, scope) => {
      const row = await lockJob(tx, id, input.version);
      const before = await readJob(tx, id);
      await checkHiringManager(tx, scope, row.entity_id, input.hiringManagerId);
      const set: SQL[] = [sql`version = version + 1`, sql`updated_at = now()`];
      const columns = {
        title: 'title',
        department: 'department',
        location: 'location',
        employmentType: 'employment_type',
        openings: 'openings',
        hiringManagerId: 'hiring_manager_id',
        description: 'description',
        status: 'status',
      } as const;
      for (const [key, column] of Object.entries(columns)) {
        const value = input[key as keyof typeof columns];
        if (value !== undefined) set.push(sql`${sql.identifier(column)} = ${value}`);
      }
      await tx.execute(sql`update ats_jobs set ${sql.join(set, sql`, `)} where id = ${id}`);
      const job = await readJob(tx, id);
      await audit(tx, scope, context, 'ats.job.updated', { type: 'job', id: job.id, label: job.title }, auditView(before), auditView(job));
      return job;
    });
  } catch (e) {
    rethrow(e);
  }
}

/** Who may be a hiring manager or an interviewer at the entity: users with ATS there. */
export function atsUsers(db: Db, user: SessionUser, entityId: string) {
  return atsScope(db, user, 'viewer', async (tx, scope) => ({ items: await productUsers(tx, scope.companyId, 'ats', entityId) }), entityId);
}
