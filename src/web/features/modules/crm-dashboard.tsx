import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { formatDate } from '@/web/lib/format';
import { AXIS_TICK, CHART_COLORS, ChartFrame, DashboardHeading, describeSeries, GRID_STROKE, KpiGrid, ScrollTable, SectionCard, StatusBadge } from './dashboard-parts';
import { CRM_MODULE } from './module-config';
import { ModuleLayout } from './module-layout';
import { CRM_CUSTOMERS, CRM_KPIS, CRM_PIPELINE, CRM_REVENUE } from './sample-data';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

export function CrmDashboard() {
  return (
    <ModuleLayout module={CRM_MODULE} title="CRM Dashboard">
      <DashboardHeading title="CRM Dashboard" description="Customers, leads and revenue at a glance." />
      <KpiGrid items={CRM_KPIS} />
      <div className="grid gap-4 xl:grid-cols-7">
        <SectionCard title="Monthly Revenue" description="Closed revenue, January to June (thousands of US dollars)" className="xl:col-span-4">
          <ChartFrame summary={describeSeries('Monthly revenue', CRM_REVENUE, (r) => r.month, (r) => `$${r.revenue}K`)}>
            <BarChart data={CRM_REVENUE} margin={{ top: 8, right: 8, left: -8, bottom: 0 }} accessibilityLayer={false}>
              <CartesianGrid vertical={false} stroke={GRID_STROKE} />
              <XAxis dataKey="month" tickLine={false} axisLine={false} tick={AXIS_TICK} />
              <YAxis tickLine={false} axisLine={false} tick={AXIS_TICK} domain={[0, 300]} ticks={[0, 100, 200, 300]} tickFormatter={(v: number) => `$${v}K`} width={56} />
              <Tooltip cursor={{ fill: '#f1f5f9' }} formatter={(v) => [`$${String(v)}K`, 'Revenue']} />
              <Bar dataKey="revenue" name="Revenue" fill={CHART_COLORS[0]} radius={[4, 4, 0, 0]} />
            </BarChart>
          </ChartFrame>
        </SectionCard>
        <SectionCard title="Sales Pipeline" description="Open deals by stage" className="xl:col-span-3">
          <ChartFrame summary={describeSeries('Open deals by stage', CRM_PIPELINE, (r) => r.stage, (r) => String(r.deals))}>
            <BarChart data={CRM_PIPELINE} layout="vertical" margin={{ top: 0, right: 16, left: 0, bottom: 0 }} accessibilityLayer={false}>
              <CartesianGrid horizontal={false} stroke={GRID_STROKE} />
              <XAxis type="number" tickLine={false} axisLine={false} tick={AXIS_TICK} allowDecimals={false} />
              <YAxis type="category" dataKey="stage" tickLine={false} axisLine={false} tick={AXIS_TICK} width={96} />
              <Tooltip cursor={{ fill: '#f1f5f9' }} />
              <Bar dataKey="deals" name="Deals" fill={CHART_COLORS[1]} radius={[0, 4, 4, 0]} />
            </BarChart>
          </ChartFrame>
        </SectionCard>
      </div>
      <SectionCard title="Recent Customers" description="Accounts with the latest activity">
        <ScrollTable label="Recent customers">
          <TableHeader>
            <TableRow>
              <TableHead>Company</TableHead>
              <TableHead>Contact</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Annual Value</TableHead>
              <TableHead>Last Contact</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {CRM_CUSTOMERS.map((c) => (
              <TableRow key={c.company}>
                <TableCell className="whitespace-nowrap font-medium">{c.company}</TableCell>
                <TableCell>
                  <div className="grid">
                    <span className="whitespace-nowrap">{c.contact}</span>
                    <span className="whitespace-nowrap text-xs text-muted-foreground">{c.email}</span>
                  </div>
                </TableCell>
                <TableCell>
                  <StatusBadge status={c.status} />
                </TableCell>
                <TableCell className="text-right tabular-nums">{usd.format(c.value)}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(c.lastContact)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ScrollTable>
      </SectionCard>
    </ModuleLayout>
  );
}
