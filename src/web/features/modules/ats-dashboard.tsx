import { Area, AreaChart, Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis } from 'recharts';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { formatDate } from '@/web/lib/format';
import { AXIS_TICK, CHART_COLORS, ChartFrame, DashboardHeading, describeSeries, GRID_STROKE, KpiGrid, ScrollTable, SectionCard, StatusBadge } from './dashboard-parts';
import { ATS_MODULE } from './module-config';
import { ModuleLayout } from './module-layout';
import { ATS_APPLICATIONS, ATS_CANDIDATES, ATS_KPIS, ATS_PIPELINE } from './sample-data';

export function AtsDashboard() {
  return (
    <ModuleLayout module={ATS_MODULE} title="ATS Dashboard">
      <DashboardHeading title="ATS Dashboard" description="Open roles, candidates and interviews at a glance." />
      <KpiGrid items={ATS_KPIS} />
      <div className="grid gap-4 xl:grid-cols-7">
        <SectionCard title="Hiring Pipeline" description="Candidates at each stage" className="xl:col-span-4">
          <ChartFrame summary={describeSeries('Candidates at each stage', ATS_PIPELINE, (r) => r.stage, (r) => String(r.candidates))}>
            <BarChart data={ATS_PIPELINE} layout="vertical" margin={{ top: 0, right: 16, left: 0, bottom: 0 }} accessibilityLayer={false}>
              <CartesianGrid horizontal={false} stroke={GRID_STROKE} />
              <XAxis type="number" tickLine={false} axisLine={false} tick={AXIS_TICK} allowDecimals={false} />
              <YAxis type="category" dataKey="stage" tickLine={false} axisLine={false} tick={AXIS_TICK} width={104} interval={0} />
              <Tooltip cursor={{ fill: '#f1f5f9' }} />
              <Bar dataKey="candidates" name="Candidates" radius={[0, 4, 4, 0]}>
                {ATS_PIPELINE.map((row, i) => (
                  <Cell key={row.stage} fill={CHART_COLORS[i % CHART_COLORS.length]} />
                ))}
              </Bar>
            </BarChart>
          </ChartFrame>
        </SectionCard>
        <SectionCard title="Applications" description="Applications received per month" className="xl:col-span-3">
          <ChartFrame summary={describeSeries('Applications per month', ATS_APPLICATIONS, (r) => r.month, (r) => String(r.applications))}>
            <AreaChart data={ATS_APPLICATIONS} margin={{ top: 8, right: 16, left: -16, bottom: 0 }} accessibilityLayer={false}>
              <CartesianGrid vertical={false} stroke={GRID_STROKE} />
              <XAxis dataKey="month" tickLine={false} axisLine={false} tick={AXIS_TICK} padding={{ left: 12, right: 12 }} />
              <YAxis tickLine={false} axisLine={false} tick={AXIS_TICK} allowDecimals={false} />
              <Tooltip />
              <Area type="monotone" dataKey="applications" name="Applications" stroke={CHART_COLORS[0]} strokeWidth={2} fill={CHART_COLORS[0]} fillOpacity={0.15} />
            </AreaChart>
          </ChartFrame>
        </SectionCard>
      </div>
      <SectionCard title="Recent Candidates" description="The latest applicants and where they stand">
        <ScrollTable label="Recent candidates">
          <TableHeader>
            <TableRow>
              <TableHead>Candidate</TableHead>
              <TableHead>Position</TableHead>
              <TableHead>Stage</TableHead>
              <TableHead>Source</TableHead>
              <TableHead>Applied</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {ATS_CANDIDATES.map((c) => (
              <TableRow key={c.name}>
                <TableCell className="whitespace-nowrap font-medium">{c.name}</TableCell>
                <TableCell className="whitespace-nowrap">{c.position}</TableCell>
                <TableCell>
                  <StatusBadge status={c.stage} />
                </TableCell>
                <TableCell className="whitespace-nowrap">{c.source}</TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(c.applied)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ScrollTable>
      </SectionCard>
    </ModuleLayout>
  );
}
