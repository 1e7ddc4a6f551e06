import { Building2Icon, CircleDollarSignIcon, TargetIcon, TrophyIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { currencyDigits, formatMoney, OPEN_STAGES, OPPORTUNITY_STAGE_LABELS, type CrmDashboard } from '@/shared/crm';
import { EmptyState } from '@/web/components/module/empty-state';
import { entitySearch, type ModuleScopeState } from '@/web/components/module/module-context';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { AXIS_TICK, CHART_COLORS, ChartFrame, DashboardHeading, describeSeries, GRID_STROKE, KpiGrid, ScrollTable, SectionCard } from '@/web/components/module/dashboard';
import { useDashboard } from './api';
import { ClientStatusBadge } from './components/badges';
import { CrmPage } from './crm-page';
import { formatMoneyList, formatWhen, scopeCurrency } from './format';

export function CrmDashboardPage() {
  return <CrmPage title="CRM Dashboard">{(scope) => <Dashboard scope={scope} />}</CrmPage>;
}

const monthLabel = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', timeZone: 'UTC' });

/** Revenue per month as chart rows: one series per currency of the scope (usually one). */
function revenueRows(d: CrmDashboard) {
  const currencies = [...new Set(d.revenueByMonth.flatMap((m) => m.amounts.map((a) => a.currency)))];
  const rows = d.revenueByMonth.map((m) => ({
    month: monthLabel(m.month),
    ...Object.fromEntries(currencies.map((c) => [c, (m.amounts.find((a) => a.currency === c)?.amountMinor ?? 0) / 10 ** currencyDigits(c)])),
  }));
  return { currencies, rows };
}

function Dashboard({ scope }: { scope: ModuleScopeState }) {
  const figures = useDashboard(scope.entityId);
  const d = figures.data;
  const search = entitySearch(scope);
  const currency = scopeCurrency(scope.inScope);
  const kpis = [
    { label: 'Total Customers', value: d ? String(d.customers) : undefined, icon: Building2Icon, hint: 'Active clients' },
    { label: 'Open Leads', value: d ? String(d.openLeads) : undefined, icon: TargetIcon, hint: 'New, contacted or qualified' },
    { label: 'Pipeline Value', value: d ? formatMoneyList(d.openPipeline, currency, true) : undefined, icon: CircleDollarSignIcon, hint: 'Open opportunities' },
    {
      label: 'Won This Month',
      value: d ? formatMoneyList(d.wonThisMonth, currency, true) : undefined,
      icon: TrophyIcon,
      hint: d ? `${d.wonThisMonthCount} ${d.wonThisMonthCount === 1 ? 'deal' : 'deals'}` : '',
    },
  ];
  const revenue = d ? revenueRows(d) : { currencies: [], rows: [] };
  const stages = d ? d.pipelineByStage.filter((s) => (OPEN_STAGES as readonly string[]).includes(s.stage) || s.stage === 'closed_won') : [];
  const empty = d && d.customers === 0 && d.openLeads === 0 && d.recentClients.length === 0 && d.pipelineByStage.every((s) => s.count === 0);
  return (
    <>
      <DashboardHeading title="CRM Dashboard" description="Customers, leads and revenue, live." error={figures.error} />
      <KpiGrid items={kpis} busy={figures.isPending} />
      {empty ? (
        <EmptyState
          icon={Building2Icon}
          title="Nothing here yet"
          action={
            <Link className="text-sm font-medium text-primary underline underline-offset-4" to={`/crm/leads${search}`}>
              Go to Leads
            </Link>
          }
        >
          Add leads and clients, or import them from CSV files. The figures here follow.
        </EmptyState>
      ) : null}
      <div className="grid gap-4 xl:grid-cols-7">
        <SectionCard title="Monthly Revenue" description="Closed Won, the last six months" className="xl:col-span-4">
          {d ? (
            <ChartFrame
              summary={describeSeries('Monthly revenue', d.revenueByMonth, (r) => monthLabel(r.month), (r) => formatMoneyList(r.amounts, currency))}
            >
              <BarChart data={revenue.rows} margin={{ top: 8, right: 8, left: 0, bottom: 0 }} accessibilityLayer={false}>
                <CartesianGrid vertical={false} stroke={GRID_STROKE} />
                <XAxis dataKey="month" tickLine={false} axisLine={false} tick={AXIS_TICK} />
                <YAxis
                  tickLine={false}
                  axisLine={false}
                  tick={AXIS_TICK}
                  width={64}
                  allowDecimals={false}
                  tickFormatter={(v: number) => {
                    const currency = revenue.currencies[0] ?? 'USD';
                    return formatMoney(Math.round(v * 10 ** currencyDigits(currency)), currency, true);
                  }}
                />
                <Tooltip cursor={{ fill: '#f1f5f9' }} formatter={(v, name) => [formatMoney(Math.round(Number(v) * 10 ** currencyDigits(String(name))), String(name)), String(name)]} />
                {revenue.currencies.length > 1 ? <Legend /> : null}
                {(revenue.currencies.length > 0 ? revenue.currencies : ['USD']).map((c, i) => (
                  <Bar key={c} dataKey={c} name={c} fill={CHART_COLORS[i % CHART_COLORS.length]} radius={[4, 4, 0, 0]} />
                ))}
              </BarChart>
            </ChartFrame>
          ) : (
            <p className="text-sm text-muted-foreground">Loading...</p>
          )}
        </SectionCard>
        <SectionCard title="Sales Pipeline" description="Opportunities by stage" className="xl:col-span-3">
          {d ? (
            <ChartFrame summary={describeSeries('Opportunities by stage', stages, (r) => OPPORTUNITY_STAGE_LABELS[r.stage], (r) => String(r.count))}>
              <BarChart
                data={stages.map((s) => ({ stage: OPPORTUNITY_STAGE_LABELS[s.stage], deals: s.count }))}
                layout="vertical"
                margin={{ top: 0, right: 16, left: 0, bottom: 0 }}
                accessibilityLayer={false}
              >
                <CartesianGrid horizontal={false} stroke={GRID_STROKE} />
                <XAxis type="number" tickLine={false} axisLine={false} tick={AXIS_TICK} allowDecimals={false} />
                <YAxis type="category" dataKey="stage" tickLine={false} axisLine={false} tick={AXIS_TICK} width={96} interval={0} />
                <Tooltip cursor={{ fill: '#f1f5f9' }} />
                <Bar dataKey="deals" name="Deals" fill={CHART_COLORS[1]} radius={[0, 4, 4, 0]} maxBarSize={32} />
              </BarChart>
            </ChartFrame>
          ) : (
            <p className="text-sm text-muted-foreground">Loading...</p>
          )}
        </SectionCard>
      </div>
      <SectionCard title="Recent Customers" description="Clients with the latest activity">
        {d && d.recentClients.length > 0 ? (
          <ScrollTable label="Recent customers">
            <TableHeader>
              <TableRow>
                <TableHead>Company</TableHead>
                <TableHead>Owner</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Last Activity</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {d.recentClients.map((c) => (
                <TableRow key={c.id}>
                  <TableCell className="whitespace-nowrap font-medium">
                    <Link to={`/crm/clients/${c.id}${search}`} className="text-primary underline-offset-4 hover:underline">
                      {c.name}
                    </Link>
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{c.ownerName ?? '—'}</TableCell>
                  <TableCell>
                    <ClientStatusBadge status={c.status} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{formatWhen(c.lastActivityAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </ScrollTable>
        ) : (
          <p className="text-sm text-muted-foreground">{figures.isPending ? 'Loading...' : 'No clients in this scope yet.'}</p>
        )}
      </SectionCard>
    </>
  );
}
