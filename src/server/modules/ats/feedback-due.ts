import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { atsApplications, atsCandidates, atsInterviewers, atsInterviews, atsJobs } from '../../db/schema';
import { notify } from '../../platform/notifications';
import { runPeriodically } from '../../platform/periodic';

/*
 * "Interview feedback due" (issue 33): once an interview has ended, each interviewer who has not
 * submitted feedback is told, once. A server job on the owner connection (it spans companies, like
 * the daily digest); every process runs it.
 */

const i = alias(atsInterviews, 'i');
const a = alias(atsApplications, 'a');
const c = alias(atsCandidates, 'c');
const j = alias(atsJobs, 'j');
const seat = atsInterviewers;

/** Where the reminder leads: the interviews that have ended, where "Submit Feedback" is. */
const PAST_INTERVIEWS_PAGE = '/ats/interviews?when=past';

/**
 * One round: claims the due seats (ended, not cancelled, no feedback, not yet reminded) by
 * stamping them in one UPDATE, and notifies their interviewers in the same transaction. Of two
 * processes at once, the second skips the seats the first has locked (SKIP LOCKED) and finds the
 * rest stamped once it may read them, so nobody is told twice; a crash before the commit leaves
 * the seats unstamped for the next round. The recipient is no actor's (`actorId: null`), and
 * notify drops whoever has lost ATS at the entity since. Returns how many were told.
 */
export async function remindFeedbackDue(db: Db, options: { now?: Date; batch?: number } = {}): Promise<{ reminded: number }> {
  const now = (options.now ?? new Date()).toISOString();
  const batch = options.batch ?? 200;
  let reminded = 0;
  for (;;) {
    const due = await db.transaction(async (tx) => {
      const claimed = await tx
        .update(seat)
        .set({ feedbackRemindedAt: sql`now()` })
        .from(i)
        .innerJoin(a, eq(a.id, i.applicationId))
        .innerJoin(c, eq(c.id, a.candidateId))
        .innerJoin(j, eq(j.id, a.jobId))
        .where(
          and(
            eq(i.id, seat.interviewId),
            sql`(${seat.interviewId}, ${seat.userId}) in (
              select d.interview_id, d.user_id from ${atsInterviewers} d join ${atsInterviews} e on e.id = d.interview_id
              where d.submitted_at is null and d.feedback_reminded_at is null and e.cancelled_at is null
                and e.starts_at + make_interval(mins => e.duration_minutes) <= ${now}::timestamptz
              limit ${batch}
              for update of d skip locked)`,
            // Checked again on the locked row: another process may have stamped it in between.
            sql`${seat.feedbackRemindedAt} is null and ${seat.submittedAt} is null`,
          ),
        )
        .returning({
          interviewId: seat.interviewId,
          userId: seat.userId,
          companyId: seat.companyId,
          entityId: seat.entityId,
          candidateName: sql<string>`${c.firstName} || ' ' || ${c.lastName}`,
          jobTitle: j.title,
        });
      for (const x of claimed) {
        await notify(tx, {
          companyId: x.companyId,
          actorId: null,
          recipients: [x.userId],
          category: 'interview_feedback',
          title: `Your feedback is due: interview of ${x.candidateName} for ${x.jobTitle}`,
          url: PAST_INTERVIEWS_PAGE,
          product: 'ats',
          entityId: x.entityId,
          record: { type: 'ats_interview', id: x.interviewId },
        });
      }
      return claimed.length;
    });
    reminded += due;
    if (due < batch) return { reminded };
  }
}

/** The server's feedback-due job: a round a minute in every process (the claim makes that safe). */
export function scheduleFeedbackDue(db: Db, log: Logger, intervalMs = 60_000) {
  return runPeriodically(log, 'feedback-due round failed', intervalMs, async () => {
    const { reminded } = await remindFeedbackDue(db);
    if (reminded > 0) log.info({ event: 'feedback_due_notified', reminded }, 'interview feedback reminders written');
  });
}
