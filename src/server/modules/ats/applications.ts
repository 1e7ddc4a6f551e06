import { sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@/shared/auth';
import {
  ACTIVE_STAGES,
  ATS_MESSAGES,
  STAGES,
  STAGE_LABELS,
  type Application,
  type ApplicationDetail,
  type Board,
  type BoardCard,
  type BoardColumn,
  type Stage,
  moveInput,
} from '@/shared/ats';
import { MODULE_MESSAGES } from '@/shared/modules';
import { roleAtLeast } from '@/shared/roles';
import type { z } from 'zod';
import { actorOf } from '../../audit/context';
import type { AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { isUniqueViolation, type Tx } from '../../db/tenant';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { columnPages, sortedPage, toSortedPage, type ListQuery, type SortSpec } from '../../platform/list';
import { scopeCondition, entityHasProduct, roleForProduct, type ModuleScope } from '../../platform/scope';
import { createEmployeeRecord, EMPLOYEE_EMAIL_TAKEN, explainNewEmployeeError } from '../hrms/public';
import { readJob } from './jobs';
import { atsScope, audit } from './scope';

type Move = z.output<typeof moveInput>;

/** An application's columns, from `source` (the table, or a page of it cut already) as `a`. */
const SELECT = (extra: SQL = sql``, source: SQL = sql`ats_applications`) => sql`
  select a.id, a.entity_id, a.job_id, j.title as job_title, a.candidate_id, c.first_name || ' ' || c.last_name as candidate_name,
    c.email as candidate_email, a.stage, a.rejection_reason, a.employee_id, to_json(a.applied_at) #>> '{}' as applied_at,
    to_json(a.stage_changed_at) #>> '{}' as stage_changed_at, a.version ${extra}
  from ${source} a
  join ats_jobs j on j.id = a.job_id
  join ats_candidates c on c.id = a.candidate_id`;

interface ApplicationRow {
  id: string;
  entity_id: string;
  job_id: string;
  job_title: string;
  candidate_id: string;
  candidate_name: string;
  candidate_email: string;
  stage: Stage;
  rejection_reason: string;
  employee_id: string | null;
  applied_at: string;
  stage_changed_at: string;
  version: number;
  [key: string]: unknown;
}

const toApplication = (r: ApplicationRow): Application => ({
  id: r.id,
  entityId: r.entity_id,
  jobId: r.job_id,
  jobTitle: r.job_title,
  candidateId: r.candidate_id,
  candidateName: r.candidate_name,
  candidateEmail: r.candidate_email,
  stage: r.stage,
  rejectionReason: r.rejection_reason,
  employeeId: r.employee_id,
  appliedAt: r.applied_at,
  stageChangedAt: r.stage_changed_at,
  version: Number(r.version),
});

const toCard = (r: ApplicationRow): BoardCard => ({
  id: r.id,
  candidateId: r.candidate_id,
  candidateName: r.candidate_name,
  candidateEmail: r.candidate_email,
  stage: r.stage,
  appliedAt: r.applied_at,
  rejectionReason: r.rejection_reason,
  employeeId: r.employee_id,
  version: Number(r.version),
});

export async function readApplication(tx: Tx, id: string): Promise<Application> {
  const { rows } = await tx.execute<ApplicationRow>(sql`${SELECT()} where a.id = ${id}`);
  if (!rows[0]) throw notFound(ATS_MESSAGES.applicationNotFound);
  return toApplication(rows[0]);
}

async function history(tx: Tx, applicationId: string) {
  const { rows } = await tx.execute<{ id: string; from_stage: Stage | null; to_stage: Stage; reason: string; changed_by_name: string | null; changed_at: string }>(sql`
    select id, from_stage, to_stage, reason, changed_by_name, to_json(changed_at) #>> '{}' as changed_at
    from ats_stage_history where application_id = ${applicationId} order by changed_at, id limit 500`);
  return rows.map((r) => ({ id: r.id, fromStage: r.from_stage, toStage: r.to_stage, reason: r.reason, changedByName: r.changed_by_name, changedAt: r.changed_at }));
}

export function getApplication(db: Db, user: SessionUser, id: string): Promise<ApplicationDetail> {
  return atsScope(db, user, 'viewer', async (tx) => ({ ...(await readApplication(tx, id)), history: await history(tx, id) }));
}

const LIST_SORT: SortSpec = { columns: [sql`a.applied_at`], types: ['timestamptz'] };

export function listApplications(
  db: Db,
  user: SessionUser,
  query: { entityId?: string; candidateId?: string; jobId?: string; stage?: Stage; limit: number; cursor?: string },
) {
  return atsScope(
    db,
    user,
    'viewer',
    async (tx, scope) => {
      const page = sortedPage(LIST_SORT, sql`a.id`, { limit: query.limit, cursor: query.cursor, dir: 'desc' });
      const parts: SQL[] = [scopeCondition('a', scope)];
      if (query.candidateId) parts.push(sql`a.candidate_id = ${query.candidateId}`);
      if (query.jobId) parts.push(sql`a.job_id = ${query.jobId}`);
      if (query.stage) parts.push(sql`a.stage = ${query.stage}`);
      if (page.where) parts.push(page.where);
      const { rows } = await tx.execute<ApplicationRow & { cursorValues: string[] }>(
        sql`${SELECT(sql`, ${page.cursorValues} as "cursorValues"`)} where ${sql.join(parts, sql` and `)} order by ${sql.join(page.orderBy, sql`, `)} limit ${page.limit}`,
      );
      return toSortedPage(rows, query.limit, toApplication);
    },
    query.entityId,
  );
}

async function recordStage(tx: Tx, scope: ModuleScope, user: SessionUser, application: { id: string; entityId: string }, from: Stage | null, to: Stage, reason: string) {
  await tx.execute(sql`
    insert into ats_stage_history (company_id, entity_id, application_id, from_stage, to_stage, reason, changed_by, changed_by_name)
    values (${scope.companyId}, ${application.entityId}, ${application.id}, ${from}, ${to}, ${reason}, ${user.id}, ${actorOf(user).name})`);
}

/**
 * A candidate applies to a job (of the candidate's entity, and Open): a card at the bottom of the
 * job's Applied column, and the first line of its stage history. Inside the caller's transaction.
 */
export async function insertApplication(tx: Tx, scope: ModuleScope, user: SessionUser, context: AuditContext, input: { candidateId: string; jobId: string }) {
  const { rows: jobs } = await tx.execute<{ entity_id: string; status: string; title: string }>(
    sql`select entity_id, status, title from ats_jobs where id = ${input.jobId} for share`,
  );
  const { rows: candidates } = await tx.execute<{ entity_id: string; name: string }>(
    sql`select entity_id, first_name || ' ' || last_name as name from ats_candidates where id = ${input.candidateId}`,
  );
  const job = jobs[0];
  const candidate = candidates[0];
  if (!job) throw notFound(ATS_MESSAGES.jobNotFound);
  if (!candidate) throw notFound(ATS_MESSAGES.candidateNotFound);
  if (job.entity_id !== candidate.entity_id) throw badRequest(ATS_MESSAGES.differentEntity);
  scope.require(job.entity_id, 'member');
  if (job.status !== 'open') throw badRequest(ATS_MESSAGES.jobNotOpen);
  let id: string;
  try {
    await tx.execute(sql`savepoint apply`);
    const { rows } = await tx.execute<{ id: string }>(sql`
      insert into ats_applications (company_id, entity_id, job_id, candidate_id, stage, rank)
      values (${scope.companyId}, ${job.entity_id}, ${input.jobId}, ${input.candidateId}, 'applied',
        coalesce((select max(rank) from ats_applications where job_id = ${input.jobId} and stage = 'applied'), 0) + 1)
      returning id`);
    await tx.execute(sql`release savepoint apply`);
    id = rows[0]!.id;
  } catch (e) {
    await tx.execute(sql`rollback to savepoint apply`);
    if (isUniqueViolation(e, 'ats_applications_job_candidate_key')) throw conflict(ATS_MESSAGES.alreadyApplied);
    throw e;
  }
  await recordStage(tx, scope, user, { id, entityId: job.entity_id }, null, 'applied', '');
  await audit(tx, scope, context, 'ats.application.created', { type: 'application', id, label: `${candidate.name} → ${job.title}` }, undefined, {
    candidate: candidate.name,
    job: job.title,
    stage: STAGE_LABELS.applied,
  });
  return id;
}

export function createApplication(db: Db, user: SessionUser, input: { candidateId: string; jobId: string }, context: AuditContext) {
  return atsScope(db, user, 'member', async (tx, scope) => readApplication(tx, await insertApplication(tx, scope, user, context, input)));
}

/** The rank that puts a card after `afterId` (or at the top) of a job's column. */
async function rankFor(tx: Tx, jobId: string, stage: Stage, self: string, afterId: string | null | undefined): Promise<number> {
  if (!afterId) {
    const { rows } = await tx.execute<{ r: number | null }>(
      sql`select min(rank) as r from ats_applications where job_id = ${jobId} and stage = ${stage} and id <> ${self}`,
    );
    return rows[0]?.r === null || rows[0]?.r === undefined ? 1 : Number(rows[0].r) - 1;
  }
  if (afterId === self) throw badRequest(ATS_MESSAGES.positionInvalid);
  const { rows } = await tx.execute<{ rank: number; job_id: string; stage: string }>(sql`select rank, job_id, stage from ats_applications where id = ${afterId}`);
  const after = rows[0];
  if (!after || after.job_id !== jobId || after.stage !== stage) throw badRequest(ATS_MESSAGES.positionInvalid);
  const { rows: next } = await tx.execute<{ rank: number }>(sql`
    select rank from ats_applications where job_id = ${jobId} and stage = ${stage} and id <> ${self}
      and (rank, id) > (${after.rank}::float8, ${afterId}::uuid)
    order by rank, id limit 1`);
  const a = Number(after.rank);
  return next[0] ? (a + Number(next[0].rank)) / 2 : a + 1;
}

/**
 * Moves an application to a stage (and a place in its column). Rejected needs a reason. With
 * `createEmployee` (only to Hired), the HRMS employee is created from the candidate and the job
 * in the same transaction: both happen or neither.
 */
export async function moveApplication(db: Db, user: SessionUser, id: string, input: Move, context: AuditContext): Promise<ApplicationDetail> {
  try {
    return await atsScope(db, user, 'member', async (tx, scope) => {
      const { rows } = await tx.execute<{ entity_id: string; job_id: string; stage: Stage; version: number; employee_id: string | null }>(
        sql`select entity_id, job_id, stage, version, employee_id from ats_applications where id = ${id} for update`,
      );
      const row = rows[0];
      if (!row) throw notFound(ATS_MESSAGES.applicationNotFound);
      if (Number(row.version) !== input.version) throw conflict(MODULE_MESSAGES.staleVersion);
      const rank = await rankFor(tx, row.job_id, input.stage, id, input.afterId);
      const changed = input.stage !== row.stage;
      const reason = input.stage === 'rejected' ? (input.reason ?? '') : '';
      await tx.execute(sql`
        update ats_applications set rank = ${rank}, version = version + 1, updated_at = now(),
          stage = ${input.stage},
          stage_changed_at = case when ${changed} then now() else stage_changed_at end,
          rejection_reason = ${reason},
          hired_at = case when ${input.stage} = 'hired' then coalesce(case when ${changed} then null else hired_at end, now()) else null end
        where id = ${id}`);
      if (input.createEmployee) {
        if (!(await entityHasProduct(tx, scope.companyId, 'hrms', row.entity_id))) throw badRequest(ATS_MESSAGES.hireNeedsHrms);
        const role = await roleForProduct(tx, user, 'hrms', row.entity_id);
        if (!role || !roleAtLeast(role, 'member')) throw forbidden(ATS_MESSAGES.hireNeedsHrmsRole);
        if (row.employee_id) throw conflict(ATS_MESSAGES.alreadyEmployee);
        const { rows: facts } = await tx.execute<{ first_name: string; last_name: string; email: string; title: string; department: string; employment_type: string }>(sql`
          select c.first_name, c.last_name, c.email, j.title, j.department, j.employment_type
          from ats_applications a join ats_candidates c on c.id = a.candidate_id join ats_jobs j on j.id = a.job_id where a.id = ${id}`);
        const f = facts[0]!;
        const employeeId = await createEmployeeRecord(tx, scope, {
          entityId: row.entity_id,
          firstName: f.first_name,
          lastName: f.last_name,
          workEmail: f.email,
          jobTitle: f.title,
          department: f.department,
          employmentType: f.employment_type as 'full_time',
          startDate: input.createEmployee.startDate,
        });
        await tx.execute(sql`update ats_applications set employee_id = ${employeeId} where id = ${id}`);
        await recordHire(tx, scope, context, employeeId, f, input.createEmployee.startDate);
      }
      if (changed) await recordStage(tx, scope, user, { id, entityId: row.entity_id }, row.stage, input.stage, reason);
      const after = await readApplication(tx, id);
      if (changed || input.createEmployee) {
        await audit(
          tx,
          scope,
          context,
          'ats.application.moved',
          { type: 'application', id, label: `${after.candidateName} → ${after.jobTitle}` },
          { stage: STAGE_LABELS[row.stage] },
          { stage: STAGE_LABELS[input.stage], ...(reason ? { reason } : {}), ...(after.employeeId ? { employeeId: after.employeeId } : {}) },
        );
      }
      return { ...after, history: await history(tx, id) };
    });
  } catch (e) {
    if (isUniqueViolation(e) && explainNewEmployeeError(e) === EMPLOYEE_EMAIL_TAKEN) throw conflict(EMPLOYEE_EMAIL_TAKEN);
    throw e;
  }
}

function recordHire(
  tx: Tx,
  scope: ModuleScope,
  context: AuditContext,
  employeeId: string,
  f: { first_name: string; last_name: string; email: string; title: string; department: string },
  startDate: string,
) {
  return audit(tx, scope, context, 'hrms.employee.created', { type: 'employee', id: employeeId, label: `${f.first_name} ${f.last_name}` }, undefined, {
    workEmail: f.email,
    jobTitle: f.title,
    department: f.department,
    startDate,
    from: 'ATS hire',
  });
}

// ---- The board --------------------------------------------------------------------------------

const COLUMN_SORT: SortSpec = { columns: [sql`a.rank`], types: ['float8'] };

type JobRef = { id: string; entityId: string };

/**
 * The job's applications as the board reads them: its company and entity named, so that they and
 * the job lead an index condition on ats_applications_scope_board_idx (company, entity, job, stage,
 * rank, id). Row-level security still applies; the names only give the planner the range.
 */
const ofJob = (scope: ModuleScope, job: JobRef) => sql`a.company_id = ${scope.companyId} and a.entity_id = ${job.entityId} and a.job_id = ${job.id}`;

/** One page of each of `stages` of the job's board, read through the board index. */
const stagePages = (tx: Tx, scope: ModuleScope, job: JobRef, stages: readonly Stage[], query: Pick<ListQuery, 'limit' | 'cursor'>) =>
  columnPages(
    tx,
    { table: 'ats_applications', alias: 'a', column: 'stage', range: ofJob(scope, job), sort: COLUMN_SORT, select: SELECT, columnOf: (row: ApplicationRow & { cursorValues: string[] }) => row.stage },
    stages,
    query,
    toCard,
  );

/** The job's applications counted by stage: an index-only read of its range. */
async function stageCounts(tx: Tx, scope: ModuleScope, job: JobRef, stage?: Stage) {
  const { rows } = await tx.execute<{ stage: Stage; n: number }>(
    sql`select a.stage, count(*)::int as n from ats_applications a where ${ofJob(scope, job)}${stage ? sql` and a.stage = ${stage}` : sql``} group by a.stage`,
  );
  return new Map(rows.map((c) => [c.stage, Number(c.n)]));
}

/**
 * A job's board: every stage's count and first page of cards, in rank order. The applications are
 * counted once, by stage, and the job's own counts come from those totals: reading the job with its
 * counts would read every application twice more (bench figure A1).
 */
export function jobBoard(db: Db, user: SessionUser, jobId: string, limit: number): Promise<Board> {
  return atsScope(db, user, 'viewer', async (tx, scope) => {
    const job = await readJob(tx, jobId, { counts: false });
    const totals = await stageCounts(tx, scope, job);
    const pages = await stagePages(tx, scope, job, STAGES.filter((stage) => totals.get(stage)), { limit });
    const columns: BoardColumn[] = STAGES.map((stage) => ({ stage, total: totals.get(stage) ?? 0, ...(pages.get(stage) ?? { items: [], nextCursor: null }) }));
    job.hired = totals.get('hired') ?? 0;
    job.activeApplications = ACTIVE_STAGES.reduce((sum, stage) => sum + (totals.get(stage) ?? 0), 0);
    return { job, hrmsAvailable: await entityHasProduct(tx, scope.companyId, 'hrms', job.entityId), columns };
  });
}

/** The next page of one column of a job's board. */
export function boardColumnPage(db: Db, user: SessionUser, jobId: string, stage: Stage, query: { limit: number; cursor?: string }): Promise<BoardColumn> {
  return atsScope(db, user, 'viewer', async (tx, scope) => {
    const job = await readJob(tx, jobId, { counts: false }); // 404 unless in scope; this page counts its own column only
    const total = (await stageCounts(tx, scope, job, stage)).get(stage) ?? 0;
    return { stage, total, ...(await stagePages(tx, scope, job, [stage], query)).get(stage)! };
  });
}
