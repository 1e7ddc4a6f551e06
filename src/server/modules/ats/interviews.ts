import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { SessionUser } from '@/shared/auth';
import { ATS_MESSAGES, STAGE_LABELS, type Interview, type InterviewListQuery, type Stage, interviewCreateInput } from '@/shared/ats';
import type { z } from 'zod';
import type { AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { atsApplications, atsCandidates, atsInterviewers, atsInterviews, atsJobs, users } from '../../db/schema';
import type { Tx } from '../../db/tenant';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { sortedPage, toSortedPage, type SortSpec } from '../../platform/list';
import { scopeCondition, type ModuleScope } from '../../platform/scope';
import { isoText, isoTextOrNull, uuidArray } from '../../platform/sql';
import { ats, atsPeople } from './module';

type InterviewCreate = z.output<typeof interviewCreateInput>;

const i = alias(atsInterviews, 'i');
const a = alias(atsApplications, 'a');
const c = alias(atsCandidates, 'c');
const j = alias(atsJobs, 'j');
const p = alias(atsInterviewers, 'p');
const u = alias(users, 'u');

const candidateName = sql<string>`${c.firstName} || ' ' || ${c.lastName}`;

/** An interview's columns (with its application's candidate, job and stage), from `i`, `a`, `c` and `j`. */
const interviewFields = {
  id: i.id,
  entityId: i.entityId,
  applicationId: i.applicationId,
  candidateId: a.candidateId,
  candidateName,
  jobId: a.jobId,
  jobTitle: j.title,
  stage: a.stage,
  startsAt: isoText(i.startsAt),
  durationMinutes: i.durationMinutes,
  location: i.location,
  version: i.version,
};

type InterviewRecord = SelectResultFields<typeof interviewFields>;

const panelFields = {
  interviewId: p.interviewId,
  userId: p.userId,
  name: sql<string>`${u.firstName} || ' ' || ${u.lastName}`,
  rating: p.rating,
  notes: p.notes,
  submittedAt: isoTextOrNull(p.submittedAt),
};

type PanelRecord = SelectResultFields<typeof panelFields>;

/**
 * The interviews with their panels, as the caller may see them. The feedback rule: an
 * interviewer sees the others' feedback only once they have submitted their own (so nobody is
 * swayed by it); people not on the panel see every submitted feedback.
 */
async function withPanels(tx: Tx, userId: string, rows: InterviewRecord[]): Promise<Interview[]> {
  if (rows.length === 0) return [];
  const panel = await tx
    .select(panelFields)
    .from(p)
    .innerJoin(u, eq(u.id, p.userId))
    .where(sql`${p.interviewId} = any(${uuidArray(rows.map((r) => r.id))})`)
    .orderBy(asc(u.lastName), asc(u.firstName), asc(u.id));
  return rows.map((r) => {
    const mine = panel.filter((x) => x.interviewId === r.id);
    const me = mine.find((x) => x.userId === userId);
    const mayRead = (x: PanelRecord) => x.submittedAt !== null && (x.userId === userId || !me || me.submittedAt !== null);
    return {
      id: r.id,
      entityId: r.entityId,
      applicationId: r.applicationId,
      candidateId: r.candidateId,
      candidateName: r.candidateName,
      jobId: r.jobId,
      jobTitle: r.jobTitle,
      stage: r.stage as Stage,
      startsAt: r.startsAt,
      durationMinutes: Number(r.durationMinutes),
      location: r.location,
      interviewers: mine.map((x) => ({
        userId: x.userId,
        name: x.name,
        submitted: x.submittedAt !== null,
        rating: mayRead(x) ? Number(x.rating) : null,
        notes: mayRead(x) ? x.notes : null,
        submittedAt: x.submittedAt,
      })),
      awaitingMyFeedback: me !== undefined && me.submittedAt === null,
      version: Number(r.version),
    };
  });
}

async function readInterview(tx: Tx, userId: string, id: string): Promise<Interview> {
  const rows = await tx
    .select(interviewFields)
    .from(i)
    .innerJoin(a, eq(a.id, i.applicationId))
    .innerJoin(c, eq(c.id, a.candidateId))
    .innerJoin(j, eq(j.id, a.jobId))
    .where(eq(i.id, id));
  if (!rows[0]) throw notFound(ATS_MESSAGES.interviewNotFound);
  return (await withPanels(tx, userId, rows))[0]!;
}

export function getInterview(db: Db, user: SessionUser, id: string) {
  return ats.scope(db, user, 'viewer', (tx) => readInterview(tx, user.id, id));
}

const SORT: SortSpec = { columns: [sql`${i.startsAt}`], types: ['timestamptz'] };

export async function interviewPage(tx: Tx, scope: ModuleScope, query: InterviewListQuery) {
  const upcoming = query.when === 'upcoming';
  const page = sortedPage(SORT, sql`${i.id}`, { limit: query.limit, cursor: query.cursor, dir: upcoming ? 'asc' : 'desc' });
  // An interview under way (started, not yet over) is still upcoming.
  const ends = sql`${i.startsAt} + make_interval(mins => ${i.durationMinutes})`;
  const parts: SQL[] = [scopeCondition('i', scope), upcoming ? sql`${ends} > now()` : sql`${ends} <= now()`];
  if (query.applicationId) parts.push(sql`${i.applicationId} = ${query.applicationId}`);
  if (query.mine === 'true') parts.push(sql`exists (select 1 from ${atsInterviewers} ${p} where ${p.interviewId} = ${i.id} and ${p.userId} = ${scope.userId})`);
  if (page.where) parts.push(page.where);
  const rows = await tx
    .select({ ...interviewFields, cursorValues: page.cursorValues })
    .from(i)
    .innerJoin(a, eq(a.id, i.applicationId))
    .innerJoin(c, eq(c.id, a.candidateId))
    .innerJoin(j, eq(j.id, a.jobId))
    .where(sql.join(parts, sql` and `))
    .orderBy(...page.orderBy)
    .limit(page.limit);
  const kept = toSortedPage(rows, query.limit, (r) => r);
  return { items: await withPanels(tx, scope.userId, kept.items), nextCursor: kept.nextCursor };
}

export function listInterviews(db: Db, user: SessionUser, query: InterviewListQuery) {
  return ats.scope(db, user, 'viewer', (tx, scope) => interviewPage(tx, scope, query), query.entityId);
}

export const INTERVIEW_EXPORT_COLUMNS = ['Candidate', 'Job', 'Stage', 'Starts At', 'Duration (minutes)', 'Location', 'Interviewers', 'Feedback Submitted'];

export const interviewCsvPages = (db: Db, user: SessionUser, query: Omit<InterviewListQuery, 'limit' | 'cursor'>) =>
  ats.csvPages(db, user, query, interviewPage, (x) => [
    x.candidateName,
    x.jobTitle,
    STAGE_LABELS[x.stage],
    x.startsAt,
    x.durationMinutes,
    x.location,
    x.interviewers.map((y) => y.name).join('; '),
    `${x.interviewers.filter((y) => y.submitted).length} of ${x.interviewers.length}`,
  ]);

export function scheduleInterview(db: Db, user: SessionUser, input: InterviewCreate, context: AuditContext) {
  return ats.scope(db, user, 'member', async (tx, scope) => {
    const [application] = await tx
      .select({ entityId: a.entityId, stage: a.stage, name: candidateName, title: j.title })
      .from(a)
      .innerJoin(c, eq(c.id, a.candidateId))
      .innerJoin(j, eq(j.id, a.jobId))
      .where(eq(a.id, input.applicationId))
      .for('update', { of: a });
    if (!application) throw notFound(ATS_MESSAGES.applicationNotFound);
    if (application.stage === 'hired' || application.stage === 'rejected') throw badRequest(ATS_MESSAGES.interviewClosed);
    const ids = [...new Set(input.interviewerIds)];
    const allowed = await atsPeople(tx, scope, application.entityId, ids);
    if (allowed.length !== ids.length) throw badRequest(ATS_MESSAGES.interviewerInvalid);
    const [created] = await tx
      .insert(atsInterviews)
      .values({
        companyId: scope.companyId,
        entityId: application.entityId,
        applicationId: input.applicationId,
        startsAt: new Date(input.startsAt),
        durationMinutes: input.durationMinutes,
        location: input.location,
        createdBy: scope.userId,
      })
      .returning({ id: atsInterviews.id });
    const id = created!.id;
    await tx.insert(atsInterviewers).values(ids.map((userId) => ({ interviewId: id, userId, companyId: scope.companyId, entityId: application.entityId })));
    await ats.audit(tx, scope, context, 'ats.interview.scheduled', { type: 'interview', id, label: `${application.name} → ${application.title}` }, undefined, {
      startsAt: input.startsAt,
      durationMinutes: input.durationMinutes,
      location: input.location,
      interviewers: allowed.map((x) => x.name),
    });
    return readInterview(tx, user.id, id);
  });
}

/** An interviewer's own feedback, once: then they see the others'. Any ATS role may give it. */
export function submitFeedback(db: Db, user: SessionUser, id: string, input: { rating: number; notes: string }, context: AuditContext) {
  return ats.scope(db, user, 'viewer', async (tx, scope) => {
    const [interview] = await tx.select({ id: atsInterviews.id }).from(atsInterviews).where(eq(atsInterviews.id, id));
    if (!interview) throw notFound(ATS_MESSAGES.interviewNotFound);
    const mySeat = and(eq(atsInterviewers.interviewId, id), eq(atsInterviewers.userId, scope.userId));
    const [seat] = await tx.select({ submittedAt: atsInterviewers.submittedAt }).from(atsInterviewers).where(mySeat).for('update');
    if (!seat) throw forbidden(ATS_MESSAGES.notInterviewer);
    if (seat.submittedAt !== null) throw conflict(ATS_MESSAGES.feedbackAlreadySubmitted);
    await tx.update(atsInterviewers).set({ rating: input.rating, notes: input.notes, submittedAt: sql`now()` }).where(mySeat);
    const after = await readInterview(tx, user.id, id);
    await ats.audit(tx, scope, context, 'ats.feedback.submitted', { type: 'interview', id, label: `${after.candidateName} → ${after.jobTitle}` }, undefined, {
      rating: input.rating,
    });
    return after;
  });
}
