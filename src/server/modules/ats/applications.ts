import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { SessionUser } from '@/shared/auth';
import { ACTIVE_STAGES, ATS_MESSAGES, STAGES, STAGE_LABELS, boardCard, type Application, type ApplicationDetail, type Board, type BoardColumn, type Stage, moveInput } from '@/shared/ats';
import { roleAtLeast } from '@/shared/roles';
import { z } from 'zod';
import { actorOf } from '../../audit/context';
import type { AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { atsApplications, atsCandidates, atsJobs, atsStageHistory } from '../../db/schema';
import { isUniqueViolation, type Tx } from '../../db/tenant';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { columnPages, sortedPage, toSortedPage, type ListQuery, type SortSpec } from '../../platform/list';
import { entityOf, scopeCondition, entityHasProduct, roleForProduct, type ModuleScope } from '../../platform/scope';
import { createEmployeeRecord, EMPLOYEE_EMAIL_TAKEN, explainNewEmployeeError } from '../hrms/public';
import { readJob } from './jobs';
import { ats } from './module';
import { isoText } from '../../platform/sql';

type Move = z.output<typeof moveInput>;

const a = alias(atsApplications, 'a');
const j = alias(atsJobs, 'j');
const c = alias(atsCandidates, 'c');

const candidateName = sql<string>`${c.firstName} || ' ' || ${c.lastName}`;

/** An application's columns (with its job's title and its candidate's name), from `a`, `j` and `c`. */
const applicationFields = {
  id: a.id,
  entityId: a.entityId,
  jobId: a.jobId,
  jobTitle: j.title,
  candidateId: a.candidateId,
  candidateName,
  candidateEmail: c.email,
  stage: a.stage,
  rejectionReason: a.rejectionReason,
  employeeId: a.employeeId,
  appliedAt: isoText(a.appliedAt),
  stageChangedAt: isoText(a.stageChangedAt),
  version: a.version,
};

const toApplication = (r: SelectResultFields<typeof applicationFields>): Application => ({
  id: r.id,
  entityId: r.entityId,
  jobId: r.jobId,
  jobTitle: r.jobTitle,
  candidateId: r.candidateId,
  candidateName: r.candidateName,
  candidateEmail: r.candidateEmail,
  stage: r.stage as Stage,
  rejectionReason: r.rejectionReason,
  employeeId: r.employeeId,
  appliedAt: r.appliedAt,
  stageChangedAt: r.stageChangedAt,
  version: Number(r.version),
});

const selectApplications = <E extends Record<string, SQL>>(tx: Tx, extra: E) =>
  tx
    .select({ ...applicationFields, ...extra })
    .from(a)
    .innerJoin(j, eq(j.id, a.jobId))
    .innerJoin(c, eq(c.id, a.candidateId));

export async function readApplication(tx: Tx, id: string): Promise<Application> {
  const [row] = await selectApplications(tx, {}).where(eq(a.id, id));
  if (!row) throw notFound(ATS_MESSAGES.applicationNotFound);
  return toApplication(row);
}

async function history(tx: Tx, applicationId: string) {
  const h = atsStageHistory;
  const rows = await tx
    .select({
      id: h.id,
      fromStage: h.fromStage,
      toStage: h.toStage,
      reason: h.reason,
      changedByName: h.changedByName,
      changedAt: isoText(h.changedAt),
    })
    .from(h)
    .where(eq(h.applicationId, applicationId))
    .orderBy(asc(h.changedAt), asc(h.id))
    .limit(500);
  return rows.map((r) => ({ ...r, fromStage: r.fromStage as Stage | null, toStage: r.toStage as Stage }));
}

export function getApplication(db: Db, user: SessionUser, id: string): Promise<ApplicationDetail> {
  return ats.scope(db, user, 'viewer', async (tx) => {
    // Read together: one round trip (an application the caller may not read has no history either).
    const [application, stages] = await Promise.all([readApplication(tx, id), history(tx, id)]);
    return { ...application, history: stages };
  });
}

const LIST_SORT: SortSpec = { columns: [sql`${a.appliedAt}`], types: ['timestamptz'] };

export function listApplications(
  db: Db,
  user: SessionUser,
  query: { entityId?: string; candidateId?: string; jobId?: string; stage?: Stage; limit: number; cursor?: string },
) {
  return ats.scope(
    db,
    user,
    'viewer',
    async (tx, scope) => {
      const page = sortedPage(LIST_SORT, sql`${a.id}`, { limit: query.limit, cursor: query.cursor, dir: 'desc' });
      const parts: SQL[] = [scopeCondition('a', scope)];
      if (query.candidateId) parts.push(sql`${a.candidateId} = ${query.candidateId}`);
      if (query.jobId) parts.push(sql`${a.jobId} = ${query.jobId}`);
      if (query.stage) parts.push(sql`${a.stage} = ${query.stage}`);
      if (page.where) parts.push(page.where);
      const rows = await selectApplications(tx, { cursorValues: page.cursorValues })
        .where(sql.join(parts, sql` and `))
        .orderBy(...page.orderBy)
        .limit(page.limit);
      return toSortedPage(rows, query.limit, toApplication);
    },
    query.entityId,
  );
}

async function recordStage(tx: Tx, scope: ModuleScope, user: SessionUser, application: { id: string; entityId: string }, from: Stage | null, to: Stage, reason: string) {
  await tx.insert(atsStageHistory).values({
    companyId: scope.companyId,
    entityId: application.entityId,
    applicationId: application.id,
    fromStage: from,
    toStage: to,
    reason,
    changedBy: user.id,
    changedByName: actorOf(user).name,
  });
}

/**
 * A candidate applies to a job (of the candidate's entity, and Open): a card at the bottom of the
 * job's Applied column, and the first line of its stage history. Inside the caller's transaction.
 */
export async function insertApplication(tx: Tx, scope: ModuleScope, user: SessionUser, context: AuditContext, input: { candidateId: string; jobId: string }) {
  const [job] = await tx
    .select({ entityId: atsJobs.entityId, status: atsJobs.status, title: atsJobs.title })
    .from(atsJobs)
    .where(eq(atsJobs.id, input.jobId))
    .for('share');
  const [candidate] = await tx
    .select({ entityId: atsCandidates.entityId, name: sql<string>`${atsCandidates.firstName} || ' ' || ${atsCandidates.lastName}` })
    .from(atsCandidates)
    .where(eq(atsCandidates.id, input.candidateId));
  if (!job) throw notFound(ATS_MESSAGES.jobNotFound);
  if (!candidate) throw notFound(ATS_MESSAGES.candidateNotFound);
  if (job.entityId !== candidate.entityId) throw badRequest(ATS_MESSAGES.differentEntity);
  scope.require(job.entityId, 'member');
  if (job.status !== 'open') throw badRequest(ATS_MESSAGES.jobNotOpen);
  const t = atsApplications;
  let id: string;
  try {
    await tx.execute(sql`savepoint apply`);
    const [created] = await tx
      .insert(t)
      .values({
        companyId: scope.companyId,
        entityId: job.entityId,
        jobId: input.jobId,
        candidateId: input.candidateId,
        stage: 'applied',
        rank: sql`coalesce((select max(${t.rank}) from ${t} where ${t.jobId} = ${input.jobId} and ${t.stage} = 'applied'), 0) + 1`,
      })
      .returning({ id: t.id });
    await tx.execute(sql`release savepoint apply`);
    id = created!.id;
  } catch (e) {
    await tx.execute(sql`rollback to savepoint apply`);
    if (isUniqueViolation(e, 'ats_applications_job_candidate_key')) throw conflict(ATS_MESSAGES.alreadyApplied);
    throw e;
  }
  await recordStage(tx, scope, user, { id, entityId: job.entityId }, null, 'applied', '');
  await ats.audit(tx, scope, context, 'ats.application.created', { type: 'application', id, label: `${candidate.name} → ${job.title}` }, undefined, {
    candidate: candidate.name,
    job: job.title,
    stage: STAGE_LABELS.applied,
  });
  return id;
}

export function createApplication(db: Db, user: SessionUser, input: { candidateId: string; jobId: string }, context: AuditContext) {
  return ats.scope(db, user, 'member', async (tx, scope) => readApplication(tx, await insertApplication(tx, scope, user, context, input)));
}

/** The rank that puts a card after `afterId` (or at the top) of a job's column. */
async function rankFor(tx: Tx, jobId: string, stage: Stage, self: string, afterId: string | null | undefined): Promise<number> {
  const t = atsApplications;
  const column = and(eq(t.jobId, jobId), eq(t.stage, stage), ne(t.id, self));
  if (!afterId) {
    const [top] = await tx.select({ rank: sql<number | null>`min(${t.rank})` }).from(t).where(column);
    return top?.rank === null || top?.rank === undefined ? 1 : Number(top.rank) - 1;
  }
  if (afterId === self) throw badRequest(ATS_MESSAGES.positionInvalid);
  const [after] = await tx.select({ rank: t.rank, jobId: t.jobId, stage: t.stage }).from(t).where(eq(t.id, afterId));
  if (!after || after.jobId !== jobId || after.stage !== stage) throw badRequest(ATS_MESSAGES.positionInvalid);
  const [next] = await tx
    .select({ rank: t.rank })
    .from(t)
    .where(and(column, sql`(${t.rank}, ${t.id}) > (${after.rank}::float8, ${afterId}::uuid)`))
    .orderBy(asc(t.rank), asc(t.id))
    .limit(1);
  const rank = Number(after.rank);
  return next ? (rank + Number(next.rank)) / 2 : rank + 1;
}

/**
 * Moves an application to a stage (and a place in its column). Rejected needs a reason. With
 * `createEmployee` (only to Hired), the HRMS employee is created from the candidate and the job
 * in the same transaction: both happen or neither.
 */
export async function moveApplication(db: Db, user: SessionUser, id: string, input: Move, context: AuditContext): Promise<ApplicationDetail> {
  try {
    return await ats.scope(db, user, 'member', async (tx, scope) => {
      const row = await ats.lock(tx, atsApplications, id, input.version, ATS_MESSAGES.applicationNotFound);
      const from = row.stage as Stage;
      const rank = await rankFor(tx, row.jobId, input.stage, id, input.afterId);
      const changed = input.stage !== from;
      const reason = input.stage === 'rejected' ? (input.reason ?? '') : '';
      await ats.save(tx, atsApplications, id, {
        rank,
        stage: input.stage,
        stageChangedAt: changed ? sql`now()` : undefined,
        rejectionReason: reason,
        // Hired keeps the time it was first hired at, until it leaves Hired.
        hiredAt: input.stage !== 'hired' ? null : changed || row.hiredAt === null ? sql`now()` : undefined,
      });
      if (input.createEmployee) await hire(tx, scope, user, context, row, input.createEmployee.startDate);
      if (changed) await recordStage(tx, scope, user, { id, entityId: row.entityId }, from, input.stage, reason);
      const after = await readApplication(tx, id);
      if (changed || input.createEmployee) {
        await ats.audit(
          tx,
          scope,
          context,
          'ats.application.moved',
          { type: 'application', id, label: `${after.candidateName} → ${after.jobTitle}` },
          { stage: STAGE_LABELS[from] },
          { stage: STAGE_LABELS[input.stage], ...(reason ? { reason } : {}), ...(after.employeeId ? { employeeId: after.employeeId } : {}) },
        );
      }
      if (changed) await tellHiringManager(tx, scope, after);
      return { ...after, history: await history(tx, id) };
    });
  } catch (e) {
    if (isUniqueViolation(e) && explainNewEmployeeError(e) === EMPLOYEE_EMAIL_TAKEN) throw conflict(EMPLOYEE_EMAIL_TAKEN);
    throw e;
  }
}

/** A candidate moved to another stage: the job's hiring manager hears of it (not when they moved it themselves). */
async function tellHiringManager(tx: Tx, scope: ModuleScope, moved: Application) {
  const [job] = await tx.select({ hiringManagerId: j.hiringManagerId }).from(j).where(eq(j.id, moved.jobId));
  if (!job?.hiringManagerId) return;
  await ats.notify(tx, scope, {
    recipients: [job.hiringManagerId],
    category: 'candidates',
    title: `${moved.candidateName} moved to ${STAGE_LABELS[moved.stage]} for ${moved.jobTitle}`,
    url: `/ats/jobs/${moved.jobId}`,
    entityId: moved.entityId,
    record: { type: 'ats_application', id: moved.id },
  });
}

/**
 * The hire: the HRMS employee created from the candidate and the job, in the move's transaction.
 * It needs HRMS at the entity and HRMS Member or App Admin for the caller, and happens once.
 */
async function hire(
  tx: Tx,
  scope: ModuleScope,
  user: SessionUser,
  context: AuditContext,
  application: { id: string; entityId: string; employeeId: string | null },
  startDate: string,
) {
  if (!(await entityHasProduct(tx, scope.companyId, 'hrms', application.entityId))) throw badRequest(ATS_MESSAGES.hireNeedsHrms);
  const role = await roleForProduct(tx, user, 'hrms', application.entityId);
  if (!role || !roleAtLeast(role, 'member')) throw forbidden(ATS_MESSAGES.hireNeedsHrmsRole);
  if (application.employeeId) throw conflict(ATS_MESSAGES.alreadyEmployee);
  const [f] = await tx
    .select({ firstName: c.firstName, lastName: c.lastName, email: c.email, title: j.title, department: j.department, employmentType: j.employmentType })
    .from(a)
    .innerJoin(c, eq(c.id, a.candidateId))
    .innerJoin(j, eq(j.id, a.jobId))
    .where(eq(a.id, application.id));
  const employeeId = await createEmployeeRecord(tx, scope, {
    entityId: application.entityId,
    firstName: f!.firstName,
    lastName: f!.lastName,
    workEmail: f!.email,
    jobTitle: f!.title,
    department: f!.department,
    employmentType: f!.employmentType as 'full_time',
    startDate,
  });
  await tx.update(atsApplications).set({ employeeId }).where(eq(atsApplications.id, application.id));
  await ats.audit(tx, scope, context, 'hrms.employee.created', { type: 'employee', id: employeeId, label: `${f!.firstName} ${f!.lastName}` }, undefined, {
    workEmail: f!.email,
    jobTitle: f!.title,
    department: f!.department,
    startDate,
    from: 'ATS hire',
  });
}

// ---- The board --------------------------------------------------------------------------------

const COLUMN_SORT: SortSpec = { columns: [sql`${a.rank}`], types: ['float8'] };

/** A job whose applications the board reads: its entity a subquery (jobRef), so they are read with the job. */
type JobRef = { id: string; entityId: SQL };

/**
 * The job's entity as the caller may see it, as a subquery: row-level security applies to it as to
 * any read, so a job the caller may not read names no entity (null) and the statements that use it
 * read nothing. PostgreSQL runs it once per statement (an InitPlan), whose value then bounds the
 * index scan as a constant would.
 */
const jobRef = (jobId: string): JobRef => ({ id: jobId, entityId: entityOf(atsJobs, jobId) });

/**
 * The job's applications as the board reads them: its company and entity named, so that they and
 * the job lead an index condition on ats_applications_scope_board_idx (company, entity, job, stage,
 * rank, id). Row-level security still applies; the names only give the planner the range.
 */
const ofJob = (scope: ModuleScope, job: JobRef) => sql`${a.companyId} = ${scope.companyId} and ${a.entityId} = ${job.entityId} and ${a.jobId} = ${job.id}`;

/**
 * A card's columns, as columnPages reads them (its own statement over `a`, the page's ids joined):
 * named as the card's fields and checked by the card's schema (`boardCard`) when read.
 */
const cardSelect = (extra: SQL) => sql`
  select ${a.id} as "id", ${a.candidateId} as "candidateId", ${candidateName} as "candidateName", ${c.email} as "candidateEmail",
    ${a.stage} as "stage", to_json(${a.appliedAt}) #>> '{}' as "appliedAt", ${a.rejectionReason} as "rejectionReason",
    ${a.employeeId} as "employeeId", ${a.version} as "version" ${extra}
  from ${atsApplications} ${a}
  join ${atsCandidates} ${c} on ${c.id} = ${a.candidateId}`;

/** What columnPages itself reads of a card's row: its column, and its place for the next cursor. */
type CardRow = { stage: Stage; cursorValues: string[] };

/** A card as read: the card's schema, with ids as the database has them (seeded ones need not be v4). */
const cardRow = boardCard.extend({ id: z.string(), candidateId: z.string(), employeeId: z.string().nullable() });

/** One page of each of `stages` of the job's board, read through the board index. */
const stagePages = (tx: Tx, scope: ModuleScope, job: JobRef, stages: readonly Stage[], query: Pick<ListQuery, 'limit' | 'cursor'>) =>
  columnPages(
    tx,
    { table: 'ats_applications', alias: 'a', column: 'stage', range: ofJob(scope, job), sort: COLUMN_SORT, select: cardSelect, columnOf: (row: CardRow) => row.stage },
    stages,
    query,
    (row) => cardRow.parse(row),
  );

/** The job's applications counted by stage: an index-only read of its range. */
async function stageCounts(tx: Tx, scope: ModuleScope, job: JobRef, stage?: Stage) {
  const rows = await tx
    .select({ stage: a.stage, n: sql<number>`count(*)::int` })
    .from(a)
    .where(stage ? sql`${ofJob(scope, job)} and ${a.stage} = ${stage}` : ofJob(scope, job))
    .groupBy(a.stage);
  return new Map(rows.map((r) => [r.stage as Stage, Number(r.n)]));
}

/**
 * A job's board: every stage's count and first page of cards, in rank order, in one round trip
 * (a job the caller may not read: readJob's 404, its columns read nothing). The applications are
 * counted once, by stage, and the job's own counts come from those totals: reading the job with
 * its counts would read every application twice more (bench figure A1).
 */
export function jobBoard(db: Db, user: SessionUser, jobId: string, limit: number): Promise<Board> {
  return ats.scope(db, user, 'viewer', async (tx, scope) => {
    const ref = jobRef(jobId);
    const [job, totals, pages, hrmsAvailable] = await Promise.all([
      readJob(tx, jobId, { counts: false }),
      stageCounts(tx, scope, ref),
      stagePages(tx, scope, ref, STAGES, { limit }),
      // Whether a hire may create the employee, asked of the job's entity subquery.
      entityHasProduct(tx, scope.companyId, 'hrms', ref.entityId),
    ]);
    const columns: BoardColumn[] = STAGES.map((stage) => ({ stage, total: totals.get(stage) ?? 0, ...pages.get(stage)! }));
    job.hired = totals.get('hired') ?? 0;
    job.activeApplications = ACTIVE_STAGES.reduce((sum, stage) => sum + (totals.get(stage) ?? 0), 0);
    return { job, hrmsAvailable, columns };
  });
}

/** The next page of one column of a job's board, in one round trip (readJob: 404 unless in scope). */
export function boardColumnPage(db: Db, user: SessionUser, jobId: string, stage: Stage, query: { limit: number; cursor?: string }): Promise<BoardColumn> {
  return ats.scope(db, user, 'viewer', async (tx, scope) => {
    const ref = jobRef(jobId);
    // This page counts its own column only.
    const [, totals, pages] = await Promise.all([readJob(tx, jobId, { counts: false }), stageCounts(tx, scope, ref, stage), stagePages(tx, scope, ref, [stage], query)]);
    return { stage, total: totals.get(stage) ?? 0, ...pages.get(stage)! };
  });
}
