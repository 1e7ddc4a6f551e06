import { asc, eq, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { ATS_MESSAGES, formatDuration } from '@/shared/ats';
import { atsApplications, atsCandidates, atsInterviewers, atsInterviews, atsJobs, companies, users } from '../../db/schema';
import type { Tx } from '../../db/tenant';
import { notFound } from '../../http/errors';
import { enqueueEmail } from '../../mail/outbox';
import { candidateInterviewEmail } from '../../mail/templates';
import type { ModuleScope } from '../../platform/scope';
import { isoText } from '../../platform/sql';
import { interviewCalendar, whenText, type InterviewEvent, type Person } from './calendar';
import { ats } from './module';

/*
 * Who hears about an interview, and what they get (issue 33): each interviewer a notification
 * (category `interviews`; never the person who made the change) whose email carries the calendar
 * file, and the candidate, when the scheduler ticked "Email the candidate", a plain email with the
 * same file. Everything is written in the change's transaction, and each message carries the
 * calendar as it is at this change (its SEQUENCE and METHOD), not as it is at delivery.
 */

/** Where an interviewer's notification leads: the interviews they sit on. */
const INTERVIEWS_PAGE = '/ats/interviews';

export interface PanelSeat extends Person {
  userId: string;
  submitted: boolean;
}

/** An interview as its messages tell it, read in the change's transaction. */
export interface Invitation {
  id: string;
  entityId: string;
  candidateFirstName: string;
  candidateName: string;
  candidateEmail: string;
  jobTitle: string;
  companyName: string;
  startsAt: string;
  durationMinutes: number;
  location: string;
  sequence: number;
  emailCandidate: boolean;
  organizer: Person;
  panel: PanelSeat[];
}

const i = atsInterviews;
const c = atsCandidates;
const p = atsInterviewers;
/** The scheduler, the organizer of the calendar entry; the caller when that user is gone. */
const creator = alias(users, 'creator');
const caller = alias(users, 'caller');

const fullName = (t: { firstName: PgColumn; lastName: PgColumn }) => sql<string>`${t.firstName} || ' ' || ${t.lastName}`;

export async function readInvitation(tx: Tx, scope: ModuleScope, id: string): Promise<Invitation> {
  const [row] = await tx
    .select({
      id: i.id,
      entityId: i.entityId,
      candidateFirstName: c.firstName,
      candidateName: sql<string>`${c.firstName} || ' ' || ${c.lastName}`,
      candidateEmail: c.email,
      jobTitle: atsJobs.title,
      companyName: companies.name,
      startsAt: isoText(i.startsAt),
      durationMinutes: i.durationMinutes,
      location: i.location,
      sequence: i.sequence,
      emailCandidate: i.emailCandidate,
      organizerName: sql<string>`coalesce(${fullName(creator)}, ${fullName(caller)})`,
      organizerEmail: sql<string>`coalesce(${creator.email}, ${caller.email})`,
    })
    .from(i)
    .innerJoin(atsApplications, eq(atsApplications.id, i.applicationId))
    .innerJoin(c, eq(c.id, atsApplications.candidateId))
    .innerJoin(atsJobs, eq(atsJobs.id, atsApplications.jobId))
    .innerJoin(companies, eq(companies.id, i.companyId))
    .leftJoin(creator, eq(creator.id, i.createdBy))
    .leftJoin(caller, eq(caller.id, scope.userId))
    .where(eq(i.id, id));
  if (!row) throw notFound(ATS_MESSAGES.interviewNotFound);
  const panel = await tx
    .select({ userId: p.userId, name: fullName(users), email: users.email, submitted: sql<boolean>`${p.submittedAt} is not null` })
    .from(p)
    .innerJoin(users, eq(users.id, p.userId))
    .where(eq(p.interviewId, id))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
  const { organizerName, organizerEmail, ...x } = row;
  return { ...x, durationMinutes: Number(x.durationMinutes), sequence: Number(x.sequence), organizer: { name: organizerName, email: organizerEmail }, panel };
}

export type Change = 'scheduled' | 'moved' | 'cancelled';

const TITLES: Record<Change | 'removed', (x: Invitation) => string> = {
  scheduled: (x) => `Interview scheduled: ${x.candidateName} for ${x.jobTitle}, ${whenText(x.startsAt)}`,
  moved: (x) => `Interview changed: ${x.candidateName} for ${x.jobTitle}, now ${whenText(x.startsAt)}`,
  cancelled: (x) => `Interview cancelled: ${x.candidateName} for ${x.jobTitle}, ${whenText(x.startsAt)}`,
  removed: (x) => `You are no longer on the panel of ${x.candidateName} for ${x.jobTitle}, ${whenText(x.startsAt)}`,
};

/** Everyone the calendar entry is for: the panel, and the candidate when they are emailed. */
const invitees = (x: Invitation): Person[] => [...x.panel, ...(x.emailCandidate ? [{ name: x.candidateName, email: x.candidateEmail }] : [])];

const eventOf = (x: Invitation, attendees: Person[]): InterviewEvent => ({
  interviewId: x.id,
  sequence: x.sequence,
  startsAt: x.startsAt,
  durationMinutes: x.durationMinutes,
  location: x.location,
  summary: `Interview: ${x.candidateName} for ${x.jobTitle}`,
  organizer: x.organizer,
  attendees,
});

/**
 * Tells interviewers of a change. `removed`: they were taken off the panel, and their calendar
 * file cancels the entry for them alone (METHOD:CANCEL naming them), while the others' is updated.
 */
export async function tellPanel(tx: Tx, scope: ModuleScope, x: Invitation, seats: readonly PanelSeat[], change: Change | 'removed') {
  if (seats.length === 0) return;
  const removed = change === 'removed';
  await ats.notify(tx, scope, {
    recipients: seats.map((s) => s.userId),
    category: 'interviews',
    title: TITLES[change](x),
    url: INTERVIEWS_PAGE,
    entityId: x.entityId,
    record: { type: 'ats_interview', id: x.id },
    calendar: interviewCalendar(eventOf(x, removed ? [...seats] : invitees(x)), removed || change === 'cancelled' ? 'CANCEL' : 'REQUEST'),
  });
}

/** The candidate has no account: a plain outbox email, from the company, with the same calendar file. */
export async function tellCandidate(tx: Tx, scope: ModuleScope, x: Invitation, change: Change) {
  const mail = candidateInterviewEmail(x.candidateEmail, {
    firstName: x.candidateFirstName,
    companyName: x.companyName,
    jobTitle: x.jobTitle,
    when: whenText(x.startsAt),
    duration: formatDuration(x.durationMinutes),
    location: x.location,
    change,
  });
  await enqueueEmail(tx, scope.companyId, { ...mail, calendar: interviewCalendar(eventOf(x, invitees(x)), change === 'cancelled' ? 'CANCEL' : 'REQUEST') });
}
