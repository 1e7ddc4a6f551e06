import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SessionUser } from '@/shared/auth';
import { ACTIVE_STAGES, type AtsDashboard, type Stage } from '@/shared/ats';
import type { Db } from '../../db/client';
import { atsApplications, atsInterviews, atsJobs } from '../../db/schema';
import { uuidArray } from '../../platform/sql';
import { interviewPage } from './interviews';
import { ats } from './module';

/** The dashboard's three figures, read in one statement (three aggregates, no table of their own). */
const figures = z.object({
  openJobs: z.coerce.number(),
  interviewsThisWeek: z.coerce.number(),
  medianDays: z.coerce.number().nullable(),
});

/** The dashboard's live figures for one entity or all of the caller's. */
export function dashboard(db: Db, user: SessionUser, entityId?: string): Promise<AtsDashboard> {
  return ats.scope(
    db,
    user,
    'viewer',
    async (tx, scope) => {
      const entities = uuidArray(scope.entityIds);
      // Read together: one round trip.
      const [{ rows }, stages, upcoming] = await Promise.all([
        tx.execute(sql`
          select
            (select count(*)::int from ${atsJobs} where ${atsJobs.entityId} = any(${entities}) and ${atsJobs.status} = 'open') as "openJobs",
            (select count(*)::int from ${atsInterviews} where ${atsInterviews.entityId} = any(${entities})
              and ${atsInterviews.startsAt} >= date_trunc('week', now() at time zone 'UTC') at time zone 'UTC'
              and ${atsInterviews.startsAt} < (date_trunc('week', now() at time zone 'UTC') + interval '7 days') at time zone 'UTC') as "interviewsThisWeek",
            (select percentile_cont(0.5) within group (order by extract(epoch from ${atsApplications.hiredAt} - ${atsApplications.appliedAt}) / 86400)
              from ${atsApplications} where ${atsApplications.entityId} = any(${entities}) and ${atsApplications.stage} = 'hired'
              and ${atsApplications.hiredAt} >= now() - interval '90 days') as "medianDays"`),
        tx
          .select({ stage: atsApplications.stage, n: sql<number>`count(*)::int` })
          .from(atsApplications)
          .where(sql`${atsApplications.entityId} = any(${entities}) and ${atsApplications.stage} not in ('hired', 'rejected')`)
          .groupBy(atsApplications.stage),
        interviewPage(tx, scope, { when: 'upcoming', limit: 5 }),
      ]);
      const figure = figures.parse(rows[0]);
      const counts = new Map(stages.map((s) => [s.stage as Stage, Number(s.n)]));
      const byStage = ACTIVE_STAGES.map((stage) => ({ stage, candidates: counts.get(stage) ?? 0 }));
      return {
        openJobs: figure.openJobs,
        inPipeline: byStage.reduce((sum, s) => sum + s.candidates, 0),
        interviewsThisWeek: figure.interviewsThisWeek,
        medianDaysToHire: figure.medianDays === null ? null : Math.round(figure.medianDays * 10) / 10,
        byStage,
        upcomingInterviews: upcoming.items,
      };
    },
    entityId,
  );
}
