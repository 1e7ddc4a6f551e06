import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { SessionUser } from '@/shared/auth';
import { ATS_MESSAGES, STAGE_LABELS, type Interview, type InterviewListQuery, type Stage, interviewCreateInput, interviewUpdateInput } from '@/shared/ats';
import type { z } from 'zod';
import type { AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { atsApplications, atsCandidates, atsInterviewers, atsInterviews, atsJobs, users } from '../../db/schema';
import type { Tx } from '../../db/tenant';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { sortedPage, toSortedPage, type SortSpec } from '../../platform/list';
import { scopeCondition, type ModuleScope } from '../../platform/scope';
import { isoText, isoTextOrNull, uuidArray } from '../../platform/sql';
import { readInvitation, tellCandidate, tellPanel, type Invitation } from './invitations';
import { ats, atsPeople } from './module';

type InterviewCreate = z.output<typeof interviewCreateInput>;
type InterviewUpdate = z.output<typeof interviewUpdateInput>;

const i = alias(atsInterviews, 'i');
const a = alias(atsApplications, 'a');
const c = alias(atsCandidates, 'c');
const j = alias(atsJobs, 'j');
const p = alias(atsInterviewers, 'p');
const u = alias(users, 'u');

const candidateName = sql<string>`${c.firstName} || ' ' || ${c.lastName}`;

/**
 * An interview's panel, read in its row's statement: each interviewer with their feedback, by name
 * (json_build_object writes the time as isoText does).
 */
const panel = sql<string>`(select coalesce(json_agg(json_build_object(
    'userId', ${p.userId}, 'name', ${u.firstName} || ' ' || ${u.lastName}, 'rating', ${p.rating}, 'notes', ${p.notes}, 'submittedAt', ${p.submittedAt})
    order by ${u.lastName}, ${u.firstName}, ${u.id}), '[]'::json)::text
  from ${atsInterviewers} ${p} join ${users} ${u} on ${u.id} = ${p.userId} where ${p.interviewId} = ${i.id})`.mapWith((json: string) => JSON.parse(json) as Panelist[]);

type Panelist = { userId: string; name: string; rating: number | null; notes: string | null; submittedAt: string | null };

/** An interview's columns (with its application's candidate, job and stage, and its panel), from `i`, `a`, `c` and `j`. */
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
  emailCandidate: i.emailCandidate,
  cancelledAt: isoTextOrNull(i.cancelledAt),
  version: i.version,
  panel,
};

const selectInterviews = <E extends Record<string, SQL>>(tx: Tx, extra: E) =>
  tx
    .select({ ...interviewFields, ...extra })
    .from(i)
    .innerJoin(a, eq(a.id, i.applicationId))
    .innerJoin(c, eq(c.id, a.candidateId))
    .innerJoin(j, eq(j.id, a.jobId));

/**
 * The interview as the caller may see it. The feedback rule: an interviewer sees the others'
 * feedback only once they have submitted their own (so nobody is swayed by it); people not on the
 * panel see every submitted feedback.
 */
function asSeenBy(userId: string, r: SelectResultFields<typeof interviewFields>): Interview {
  const me = r.panel.find((x) => x.userId === userId);
  const mayRead = (x: Panelist) => x.submittedAt !== null && (x.userId === userId || !me || me.submittedAt !== null);
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
    emailCandidate: r.emailCandidate,
    cancelledAt: r.cancelledAt,
    interviewers: r.panel.map((x) => ({
      userId: x.userId,
      name: x.name,
      submitted: x.submittedAt !== null,
      rating: mayRead(x) ? Number(x.rating) : null,
      notes: mayRead(x) ? x.notes : null,
      submittedAt: x.submittedAt,
    })),
    awaitingMyFeedback: me !== undefined && me.submittedAt === null && r.cancelledAt === null,
    version: Number(r.version),
  };
}

async function readInterview(tx: Tx, userId: string, id: string): Promise<Interview> {
  const [row] = await selectInterviews(tx, {}).where(eq(i.id, id));
  if (!row) throw notFound(ATS_MESSAGES.interviewNotFound);
  return asSeenBy(userId, row);
}

export function getInterview(db: Db, user: SessionUser, id: string) {
  return ats.scope(db, user, 'viewer', (tx) => readInterview(tx, user.id, id));
}

const SORT: SortSpec = { columns: [sql`${i.startsAt}`], types: ['timestamptz'] };

export async function interviewPage(tx: Tx, scope: ModuleScope, query: InterviewListQuery) {
  const upcoming = query.when === 'upcoming';
  const page = sortedPage(SORT, sql`${i.id}`, { limit: query.limit, cursor: query.cursor, dir: upcoming ? 'asc' : 'desc' });
  // An interview under way (started, not yet over) is still upcoming; a cancelled one is not
  // (past interviews list it, marked, with any feedback given).
  const ends = sql`${i.startsAt} + make_interval(mins => ${i.durationMinutes})`;
  const parts: SQL[] = [scopeCondition('i', scope), upcoming ? sql`${ends} > now() and ${i.cancelledAt} is null` : sql`${ends} <= now()`];
  if (query.applicationId) parts.push(sql`${i.applicationId} = ${query.applicationId}`);
  if (query.mine === 'true') parts.push(sql`exists (select 1 from ${atsInterviewers} ${p} where ${p.interviewId} = ${i.id} and ${p.userId} = ${scope.userId})`);
  if (page.where) parts.push(page.where);
  const rows = await selectInterviews(tx, { cursorValues: page.cursorValues })
    .where(sql.join(parts, sql` and `))
    .orderBy(...page.orderBy)
    .limit(page.limit);
  return toSortedPage(rows, query.limit, (r) => asSeenBy(scope.userId, r));
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
        emailCandidate: input.emailCandidate,
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
      emailCandidate: input.emailCandidate,
    });
    const invitation = await readInvitation(tx, scope, id);
    await tellPanel(tx, scope, invitation, invitation.panel, 'scheduled');
    if (invitation.emailCandidate) await tellCandidate(tx, scope, invitation, 'scheduled');
    return readInterview(tx, user.id, id);
  });
}

/** An interview's audited fields, in words. */
const audited = (x: Invitation) => ({
  startsAt: x.startsAt,
  durationMinutes: x.durationMinutes,
  location: x.location,
  interviewers: x.panel.map((s) => s.name),
  emailCandidate: x.emailCandidate,
});

/**
 * Moves an interview (time, duration, place) or changes its panel, with the version read. A move
 * raises the calendar SEQUENCE: the panel gets the updated invitation, new interviewers theirs,
 * those taken off a cancellation, and the candidate (when emailed) the update. Ticking "Email the
 * candidate" afterwards sends them the invitation; unticking it sends them nothing more.
 */
export function updateInterview(db: Db, user: SessionUser, id: string, input: InterviewUpdate, context: AuditContext) {
  return ats.scope(db, user, 'member', async (tx, scope) => {
    const row = await ats.lock(tx, atsInterviews, id, input.version, ATS_MESSAGES.interviewNotFound);
    if (row.cancelledAt) throw conflict(ATS_MESSAGES.interviewIsCancelled);
    const [application] = await tx.select({ stage: a.stage }).from(a).where(eq(a.id, row.applicationId));
    if (application!.stage === 'hired' || application!.stage === 'rejected') throw badRequest(ATS_MESSAGES.interviewClosed);
    const before = await readInvitation(tx, scope, id);
    const panel = input.interviewerIds ? [...new Set(input.interviewerIds)] : before.panel.map((s) => s.userId);
    const added = panel.filter((userId) => !before.panel.some((s) => s.userId === userId));
    const removed = before.panel.filter((s) => !panel.includes(s.userId));
    if (added.length > 0 && (await atsPeople(tx, scope, row.entityId, added)).length !== added.length) throw badRequest(ATS_MESSAGES.interviewerInvalid);
    if (removed.some((s) => s.submitted)) throw badRequest(ATS_MESSAGES.reviewedInterviewerStays);
    const startsAt = input.startsAt === undefined ? row.startsAt : new Date(input.startsAt);
    const retimed = startsAt.getTime() !== row.startsAt.getTime() || (input.durationMinutes ?? row.durationMinutes) !== row.durationMinutes;
    const moved = retimed || (input.location ?? row.location) !== row.location || added.length > 0 || removed.length > 0;
    await ats.save(tx, atsInterviews, id, {
      startsAt,
      durationMinutes: input.durationMinutes,
      location: input.location,
      emailCandidate: input.emailCandidate,
      sequence: moved ? sql`${atsInterviews.sequence} + 1` : undefined,
    });
    if (removed.length > 0) await tx.delete(atsInterviewers).where(sql`${atsInterviewers.interviewId} = ${id} and ${atsInterviewers.userId} = any(${uuidArray(removed.map((s) => s.userId))})`);
    if (added.length > 0) await tx.insert(atsInterviewers).values(added.map((userId) => ({ interviewId: id, userId, companyId: scope.companyId, entityId: row.entityId })));
    // A new end: feedback is due after it, so whoever has not given theirs hears of it again then.
    if (retimed) await tx.update(atsInterviewers).set({ feedbackRemindedAt: null }).where(and(eq(atsInterviewers.interviewId, id), sql`${atsInterviewers.submittedAt} is null`));
    const after = await readInvitation(tx, scope, id);
    await ats.audit(tx, scope, context, 'ats.interview.updated', { type: 'interview', id, label: `${after.candidateName} → ${after.jobTitle}` }, audited(before), audited(after));
    if (moved) {
      await tellPanel(tx, scope, after, after.panel.filter((s) => !added.includes(s.userId)), 'moved');
      await tellPanel(tx, scope, after, after.panel.filter((s) => added.includes(s.userId)), 'scheduled');
      await tellPanel(tx, scope, after, removed, 'removed');
    }
    if (after.emailCandidate && (moved || !before.emailCandidate)) await tellCandidate(tx, scope, after, before.emailCandidate ? 'moved' : 'scheduled');
    return readInterview(tx, user.id, id);
  });
}

/**
 * Cancels an interview, with the version read. It stays, with any feedback given, and no longer
 * changes; the panel (and the candidate, when emailed) get the cancellation, a higher SEQUENCE.
 */
export function cancelInterview(db: Db, user: SessionUser, id: string, input: { version: number }, context: AuditContext) {
  return ats.scope(db, user, 'member', async (tx, scope) => {
    const row = await ats.lock(tx, atsInterviews, id, input.version, ATS_MESSAGES.interviewNotFound);
    if (row.cancelledAt) throw conflict(ATS_MESSAGES.interviewIsCancelled);
    await ats.save(tx, atsInterviews, id, { cancelledAt: sql`now()`, sequence: sql`${atsInterviews.sequence} + 1` });
    const x = await readInvitation(tx, scope, id);
    await ats.audit(tx, scope, context, 'ats.interview.cancelled', { type: 'interview', id, label: `${x.candidateName} → ${x.jobTitle}` }, audited(x));
    await tellPanel(tx, scope, x, x.panel, 'cancelled');
    if (x.emailCandidate) await tellCandidate(tx, scope, x, 'cancelled');
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
