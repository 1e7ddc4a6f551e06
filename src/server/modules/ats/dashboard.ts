import { sql } from 'drizzle-orm';
import type { SessionUser } from '@/shared/auth';
import { ACTIVE_STAGES, type AtsDashboard, type Stage } from '@/shared/ats';
import type { Db } from '../../db/client';
import { interviewPage } from './interviews';
import { uuidArray } from '../../platform/sql';
import { atsScope } from './scope';

/** The dashboard's live figures for one entity or all of the caller's. */
export function dashboard(db: Db, user: SessionUser, entityId?: string): Promise<AtsDashboard> {
  return atsScope(
    db,
    user,
    'viewer',
    async (tx, scope) => {
      const entities = uuidArray(scope.entityIds);
      const { rows } = await tx.execute<{ open_jobs: number; interviews_this_week: number; median_days: number | null }>(sql`
        select
          (select count(*)::int from ats_jobs where entity_id = any(${entities}) and status = 'open') as open_jobs,
          (select count(*)::int from ats_interviews where entity_id = any(${entities})
            and starts_at >= date_trunc('week', now() at time zone 'UTC') at time zone 'UTC'
            and starts_at < (date_trunc('week', now() at time zone 'UTC') + interval '7 days') at time zone 'UTC') as interviews_this_week,
          (select percentile_cont(0.5) within group (order by extract(epoch from hired_at - applied_at) / 86400)
            from ats_applications where entity_id = any(${entities}) and stage = 'hired' and hired_at >= now() - interval '90 days') as median_days`);
      const { rows: stages } = await tx.execute<{ stage: Stage; n: number }>(sql`
        select stage, count(*)::int as n from ats_applications where entity_id = any(${entities}) and stage not in ('hired', 'rejected') group by stage`);
      const counts = new Map(stages.map((s) => [s.stage, Number(s.n)]));
      const byStage = ACTIVE_STAGES.map((stage) => ({ stage, candidates: counts.get(stage) ?? 0 }));
      const upcoming = await interviewPage(tx, scope, { when: 'upcoming', limit: 5 });
      const figures = rows[0]!;
      return {
        openJobs: Number(figures.open_jobs),
        inPipeline: byStage.reduce((sum, s) => sum + s.candidates, 0),
        interviewsThisWeek: Number(figures.interviews_this_week),
        medianDaysToHire: figures.median_days === null ? null : Math.round(Number(figures.median_days) * 10) / 10,
        byStage,
        upcomingInterviews: upcoming.items,
      };
    },
    entityId,
  );
}
