import { sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@/shared/auth';
import { ATS_MESSAGES, STAGE_LABELS, type Interview, type InterviewListQuery, type Stage, interviewCreateInput } from '@/shared/ats';
import type { z } from 'zod';
import type { AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/tenant';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { sortedPage, toSortedPage, type SortSpec } from '../../platform/list';
import { scopeCondition, productUsers, type ModuleScope } from '../../platform/scope';
import { uuidArray } from '../../platform/sql';
import { atsScope, audit } from './scope';

type InterviewCreate = z.output<typeof interviewCreateInput>;

const SELECT = (extra: SQL = sql``) => sql`
  select i.id, i.entity_id, i.application_id, a.candidate_id, c.first_name || ' ' || c.last_name as candidate_name, a.job_id, j.title as job_title,
    a.stage, to_json(i.starts_at) #>> '{}' as starts_at, i.duration_minutes, i.location, i.version ${extra}
  from ats_interviews i
  join ats_applications a on a.id = i.application_id
  join ats_candidates c on c.id = a.candidate_id
  join ats_jobs j on j.id = a.job_id`;

interface InterviewRow {
  id: string;
  entity_id: string;
  application_id: string;
  candidate_id: string;
  candidate_name: string;
  job_id: string;
  job_title: string;
  stage: Stage;
  starts_at: string;
  duration_minutes: number;
  location: string;
  version: number;
  [key: string]: unknown;
}

interface PanelRow {
  interview_id: string;
  user_id: string;
  name: string;
  rating: number | null;
  notes: string | null;
  submitted_at: string | null;
  [key: string]: unknown;
}

/**
 * The interviews with their panels, as the caller may see them. The feedback rule: an
 * interviewer sees the others' feedback only once they have submitted their own (so nobody is
 * swayed by it); people not on the panel see every submitted feedback.
 */
async function withPanels(tx: Tx, userId: string, rows: InterviewRow[]): Promise<Interview[]> {
  if (rows.length === 0) return [];
  const { rows: panel } = await tx.execute<PanelRow>(sql`
    select p.interview_id, p.user_id, u.first_name || ' ' || u.last_name as name, p.rating, p.notes, to_json(p.submitted_at) #>> '{}' as submitted_at
    from ats_interviewers p join users u on u.id = p.user_id
    where p.interview_id = any(${uuidArray(rows.map((r) => r.id))})
    order by u.last_name, u.first_name, u.id`);
  return rows.map((r) => {
    const mine = panel.filter((p) => p.interview_id === r.id);
    const me = mine.find((p) => p.user_id === userId);
    const mayRead = (p: PanelRow) => p.submitted_at !== null && (p.user_id === userId || !me || me.submitted_at !== null);
    return {
      id: r.id,
      entityId: r.entity_id,
      applicationId: r.application_id,
      candidateId: r.candidate_id,
      candidateName: r.candidate_name,
      jobId: r.job_id,
      jobTitle: r.job_title,
      stage: r.stage,
      startsAt: r.starts_at,
      durationMinutes: Number(r.duration_minutes),
      location: r.location,
      interviewers: mine.map((p) => ({
        userId: p.user_id,
        name: p.name,
        submitted: p.submitted_at !== null,
        rating: mayRead(p) ? Number(p.rating) : null,
        notes: mayRead(p) ? p.notes : null,
        submittedAt: p.submitted_at,
      })),
      awaitingMyFeedback: me !== undefined && me.submitted_at === null,
      version: Number(r.version),
    };
  });
}

async function readInterview(tx: Tx, userId: string, id: string): Promise<Interview> {
  const { rows } = await tx.execute<InterviewRow>(sql`${SELECT()} where i.id = ${id}`);
  if (!rows[0]) throw notFound(ATS_MESSAGES.interviewNotFound);
  return (await withPanels(tx, userId, rows))[0]!;
}

export function getInterview(db: Db, user: SessionUser, id: string) {
  return atsScope(db, user, 'viewer', (tx) => readInterview(tx, user.id, id));
}

const SORT: SortSpec = { columns: [sql`i.starts_at`], types: ['timestamptz'] };

export async function interviewPage(tx: Tx, scope: ModuleScope, query: InterviewListQuery) {
  const upcoming = query.when === 'upcoming';
  const page = sortedPage(SORT, sql`i.id`, { limit: query.limit, cursor: query.cursor, dir: upcoming ? 'asc' : 'desc' });
  // An interview under way (started, not yet over) is still upcoming.
  const parts: SQL[] = [
    scopeCondition('i', scope),
    upcoming ? sql`i.starts_at + make_interval(mins => i.duration_minutes) > now()` : sql`i.starts_at + make_interval(mins => i.duration_minutes) <= now()`,
  ];
  if (query.applicationId) parts.push(sql`i.application_id = ${query.applicationId}`);
  if (query.mine === 'true') parts.push(sql`exists (select 1 from ats_interviewers p where p.interview_id = i.id and p.user_id = ${scope.userId})`);
  if (page.where) parts.push(page.where);
  const { rows } = await tx.execute<InterviewRow & { cursorValues: string[] }>(
    sql`${SELECT(sql`, ${page.cursorValues} as "cursorValues"`)} where ${sql.join(parts, sql` and `)} order by ${sql.join(page.orderBy, sql`, `)} limit ${page.limit}`,
  );
  const kept = toSortedPage(rows, query.limit, (r) => r);
  return { items: await withPanels(tx, scope.userId, kept.items), nextCursor: kept.nextCursor };
}

export function listInterviews(db: Db, user: SessionUser, query: InterviewListQuery) {
  return atsScope(db, user, 'viewer', (tx, scope) => interviewPage(tx, scope, query), query.entityId);
}

export const INTERVIEW_EXPORT_COLUMNS = ['Candidate', 'Job', 'Stage', 'Starts At', 'Duration (minutes)', 'Location', 'Interviewers', 'Feedback Submitted'];

export async function* interviewCsvPages(db: Db, user: SessionUser, query: Omit<InterviewListQuery, 'limit' | 'cursor'>) {
  let cursor: string | undefined;
  do {
    const page = await atsScope(db, user, 'viewer', (tx, scope) => interviewPage(tx, scope, { ...query, limit: 100, cursor }), query.entityId);
    yield page.items.map((i) => [
      i.candidateName,
      i.jobTitle,
      STAGE_LABELS[i.stage],
      i.startsAt,
      i.durationMinutes,
      i.location,
      i.interviewers.map((p) => p.name).join('; '),
      `${i.interviewers.filter((p) => p.submitted).length} of ${i.interviewers.length}`,
    ]);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

export function scheduleInterview(db: Db, user: SessionUser, input: InterviewCreate, context: AuditContext) {
  return atsScope(db, user, 'member', async (tx, scope) => {
    const { rows } = await tx.execute<{ entity_id: string; stage: Stage; name: string; title: string }>(sql`
      select a.entity_id, a.stage, c.first_name || ' ' || c.last_name as name, j.title
      from ats_applications a join ats_candidates c on c.id = a.candidate_id join ats_jobs j on j.id = a.job_id
      where a.id = ${input.applicationId} for update of a`);
    const application = rows[0];
    if (!application) throw notFound(ATS_MESSAGES.applicationNotFound);
    if (application.stage === 'hired' || application.stage === 'rejected') throw badRequest(ATS_MESSAGES.interviewClosed);
    const ids = [...new Set(input.interviewerIds)];
    const allowed = await productUsers(tx, scope.companyId, 'ats', application.entity_id, ids);
    if (allowed.length !== ids.length) throw badRequest(ATS_MESSAGES.interviewerInvalid);
    const { rows: created } = await tx.execute<{ id: string }>(sql`
      insert into ats_interviews (company_id, entity_id, application_id, starts_at, duration_minutes, location, created_by)
      values (${scope.companyId}, ${application.entity_id}, ${input.applicationId}, ${input.startsAt}::timestamptz, ${input.durationMinutes}, ${input.location}, ${scope.userId})
      returning id`);
    const id = created[0]!.id;
    const values = ids.map((userId) => sql`(${id}::uuid, ${userId}::uuid, ${scope.companyId}::uuid, ${application.entity_id}::uuid)`);
    await tx.execute(sql`insert into ats_interviewers (interview_id, user_id, company_id, entity_id) values ${sql.join(values, sql`, `)}`);
    await audit(tx, scope, context, 'ats.interview.scheduled', { type: 'interview', id, label: `${application.name} → ${application.title}` }, undefined, {
      startsAt: input.startsAt,
      durationMinutes: input.durationMinutes,
      location: input.location,
      interviewers: allowed.map((u) => u.name),
    });
    return readInterview(tx, user.id, id);
  });
}

/** An interviewer's own feedback, once: then they see the others'. Any ATS role may give it. */
export function submitFeedback(db: Db, user: SessionUser, id: string, input: { rating: number; notes: string }, context: AuditContext) {
  return atsScope(db, user, 'viewer', async (tx, scope) => {
    const { rows } = await tx.execute<{ entity_id: string }>(sql`select entity_id from ats_interviews where id = ${id}`);
    if (!rows[0]) throw notFound(ATS_MESSAGES.interviewNotFound);
    const { rows: panel } = await tx.execute<{ submitted_at: string | null }>(
      sql`select submitted_at::text from ats_interviewers where interview_id = ${id} and user_id = ${scope.userId} for update`,
    );
    if (!panel[0]) throw forbidden(ATS_MESSAGES.notInterviewer);
    if (panel[0].submitted_at !== null) throw conflict(ATS_MESSAGES.feedbackAlreadySubmitted);
    await tx.execute(sql`
      update ats_interviewers set rating = ${input.rating}, notes = ${input.notes}, submitted_at = now()
      where interview_id = ${id} and user_id = ${scope.userId}`);
    const interview = await readInterview(tx, user.id, id);
    await audit(tx, scope, context, 'ats.feedback.submitted', { type: 'interview', id, label: `${interview.candidateName} → ${interview.jobTitle}` }, undefined, {
      rating: input.rating,
    });
    return interview;
  });
}
