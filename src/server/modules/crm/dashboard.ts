import { and, count, eq, gte, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SessionUser } from '@/shared/auth';
import { OPPORTUNITY_STAGES, type CrmDashboard } from '@/shared/crm';
import type { Db } from '../../db/client';
import { scopeCondition } from '../../platform/scope';
import { recentClients } from './clients';
import { crm } from './module';
import { amountSum, moneyList, o } from './opportunities';

/** The first day (UTC) of the month `back` months before this one, as YYYY-MM-DD. */
const monthStart = (now: Date, back: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 10);

/** The three counts, read in one statement of scalar subqueries (a select without a table: raw SQL, its row checked here). */
const countsRow = z.object({ customers: z.coerce.number(), open_leads: z.coerce.number(), won_count: z.coerce.number() });

/** The CRM dashboard's live figures for the scope (one entity, or all of the caller's). */
export function dashboard(db: Db, user: SessionUser, entityId?: string): Promise<CrmDashboard> {
  return crm.scope(
    db,
    user,
    'viewer',
    async (tx, scope) => {
      const now = new Date();
      const thisMonth = monthStart(now, 0);
      const sixMonthsAgo = monthStart(now, 5);
      const since = (day: string) => sql`(${day}::timestamp at time zone 'UTC')`;
      const inScope = scopeCondition('o', scope);
      const month = sql<string>`to_char(date_trunc('month', ${o.closedAt} at time zone 'UTC'), 'YYYY-MM')`;
      // Every figure read together: one round trip.
      const [{ rows }, open, won, stages, recent] = await Promise.all([
        tx.execute(sql`
          select
            (select count(*) from crm_clients c where ${scopeCondition('c', scope)} and c.status = 'active') as customers,
            (select count(*) from crm_leads l where ${scopeCondition('l', scope)} and l.converted_at is null and l.status in ('new', 'contacted', 'qualified')) as open_leads,
            (select count(*) from crm_opportunities o where ${scopeCondition('o', scope)} and o.stage = 'closed_won' and o.closed_at >= ${since(thisMonth)}) as won_count`),
        tx
          .select({ currency: o.currency, amount: amountSum })
          .from(o)
          .where(and(inScope, isNull(o.closedAt)))
          .groupBy(o.currency),
        tx
          .select({ month, currency: o.currency, amount: amountSum })
          .from(o)
          .where(and(inScope, eq(o.stage, 'closed_won'), gte(o.closedAt, since(sixMonthsAgo))))
          .groupBy(month, o.currency),
        tx
          .select({ stage: o.stage, currency: o.currency, n: count(), amount: amountSum })
          .from(o)
          .where(inScope)
          .groupBy(o.stage, o.currency),
        recentClients(tx, scope, 6),
      ]);
      const counts = countsRow.parse(rows[0]);
      const months = Array.from({ length: 6 }, (_, i) => monthStart(now, 5 - i).slice(0, 7));
      return {
        customers: counts.customers,
        openLeads: counts.open_leads,
        openPipeline: moneyList(open),
        wonThisMonth: moneyList(won.filter((w) => w.month === thisMonth.slice(0, 7))),
        wonThisMonthCount: counts.won_count,
        revenueByMonth: months.map((month) => ({ month, amounts: moneyList(won.filter((w) => w.month === month)) })),
        pipelineByStage: OPPORTUNITY_STAGES.map((stage) => {
          const mine = stages.filter((s) => s.stage === stage);
          return { stage, count: mine.reduce((n, s) => n + s.n, 0), totals: moneyList(mine) };
        }),
        recentClients: recent,
      };
    },
    entityId,
  );
}
