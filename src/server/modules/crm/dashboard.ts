import { sql } from 'drizzle-orm';
import type { SessionUser } from '@/shared/auth';
import { OPPORTUNITY_STAGES, type CrmDashboard, type OpportunityStage } from '@/shared/crm';
import type { Db } from '../../db/client';
import { toClient, type ClientRow } from './clients';
import { moneyList } from './opportunities';
import { crmScope, inScope, isoText, ownerName } from './scope';

/** The first day (UTC) of the month `back` months before this one, as YYYY-MM-DD. */
const monthStart = (now: Date, back: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 10);

/** The CRM dashboard's live figures for the scope (one entity, or all of the caller's). */
export function dashboard(db: Db, user: SessionUser, entityId?: string): Promise<CrmDashboard> {
  return crmScope(
    db,
    user,
    'viewer',
    async (tx, scope) => {
      const now = new Date();
      const thisMonth = monthStart(now, 0);
      const sixMonthsAgo = monthStart(now, 5);
      const { rows: counts } = await tx.execute<{ customers: string | number; open_leads: string | number; won_count: string | number }>(sql`
        select
          (select count(*) from crm_clients c where ${inScope('c', scope)} and c.status = 'active') as customers,
          (select count(*) from crm_leads l where ${inScope('l', scope)} and l.converted_at is null and l.status in ('new', 'contacted', 'qualified')) as open_leads,
          (select count(*) from crm_opportunities o where ${inScope('o', scope)} and o.stage = 'closed_won' and o.closed_at >= (${thisMonth}::timestamp at time zone 'UTC')) as won_count`);
      const { rows: open } = await tx.execute<{ currency: string; amount: string }>(
        sql`select o.currency, sum(o.amount_minor) as amount from crm_opportunities o where ${inScope('o', scope)} and o.closed_at is null group by o.currency`,
      );
      const { rows: won } = await tx.execute<{ month: string; currency: string; amount: string }>(sql`
        select to_char(date_trunc('month', o.closed_at at time zone 'UTC'), 'YYYY-MM') as month, o.currency, sum(o.amount_minor) as amount
        from crm_opportunities o
        where ${inScope('o', scope)} and o.stage = 'closed_won' and o.closed_at >= (${sixMonthsAgo}::timestamp at time zone 'UTC')
        group by 1, 2`);
      const { rows: stages } = await tx.execute<{ stage: OpportunityStage; currency: string; n: string | number; amount: string }>(
        sql`select o.stage, o.currency, count(*) as n, sum(o.amount_minor) as amount from crm_opportunities o where ${inScope('o', scope)} group by 1, 2`,
      );
      const { rows: recent } = await tx.execute<ClientRow>(sql`
        select c.id, c.entity_id, en.name as entity_name, c.name, c.website, c.industry, c.owner_id, ${ownerName('c')} as owner_name, c.status,
          ${isoText('c.last_activity_at')} as last_activity_at, c.version, ${isoText('c.created_at')} as created_at, ${isoText('c.updated_at')} as updated_at
        from crm_clients c join entities en on en.id = c.entity_id
        where ${inScope('c', scope)}
        order by c.last_activity_at desc, c.id desc limit 6`);
      const months = Array.from({ length: 6 }, (_, i) => monthStart(now, 5 - i).slice(0, 7));
      return {
        customers: Number(counts[0]!.customers),
        openLeads: Number(counts[0]!.open_leads),
        openPipeline: moneyList(open),
        wonThisMonth: moneyList(won.filter((w) => w.month === thisMonth.slice(0, 7))),
        wonThisMonthCount: Number(counts[0]!.won_count),
        revenueByMonth: months.map((month) => ({ month, amounts: moneyList(won.filter((w) => w.month === month)) })),
        pipelineByStage: OPPORTUNITY_STAGES.map((stage) => {
          const mine = stages.filter((s) => s.stage === stage);
          return { stage, count: mine.reduce((n, s) => n + Number(s.n), 0), totals: moneyList(mine) };
        }),
        recentClients: recent.map(toClient),
      };
    },
    entityId,
  );
}
