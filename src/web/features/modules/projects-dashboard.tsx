import { CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, Tooltip, XAxis, YAxis } from 'recharts';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { formatDate } from '@/web/lib/format';
import {
  AXIS_TICK,
  CHART_COLORS,
  ChartFrame,
  DashboardHeading,
  describeSeries,
  GRID_STROKE,
  KpiGrid,
  ProgressCell,
  ScrollTable,
  SectionCard,
  StatusBadge,
} from './dashboard-parts';
import { PROJECTS_MODULE } from './module-config';
import { ModuleLayout } from './module-layout';
import { PROJECTS, PROJECTS_BURNDOWN, PROJECTS_BY_STATUS, PROJECTS_KPIS } from './sample-data';

const STATUS_COLORS = ['#475569', CHART_COLORS[0], '#7c3aed', '#15803d'] as const;
const LEGEND_STYLE = { color: '#334155', fontSize: 12 } as const;

export function ProjectsDashboard() {
  return (
    <ModuleLayout module={PROJECTS_MODULE} title="Projects Dashboard">
      <DashboardHeading title="Projects Dashboard" description="Projects, sprints and delivery at a glance." />
      <KpiGrid items={PROJECTS_KPIS} />
      <div className="grid gap-4 xl:grid-cols-7">
        <SectionCard title="Projects by Status" description="All 16 projects this year: 12 active, 4 completed" className="xl:col-span-3">
          <ChartFrame summary={describeSeries('Projects by status', PROJECTS_BY_STATUS, (r) => r.status, (r) => String(r.projects))}>
            <PieChart accessibilityLayer={false}>
              <Pie data={PROJECTS_BY_STATUS} dataKey="projects" nameKey="status" innerRadius="50%" outerRadius="80%" startAngle={90} endAngle={-270} paddingAngle={2} stroke="#ffffff">
                {PROJECTS_BY_STATUS.map((row, i) => (
                  <Cell key={row.status} fill={STATUS_COLORS[i]} />
                ))}
              </Pie>
              <Tooltip />
              <Legend verticalAlign="bottom" iconType="circle" itemSorter={null} formatter={(value: string) => <span style={LEGEND_STYLE}>{value}</span>} />
            </PieChart>
          </ChartFrame>
        </SectionCard>
        <SectionCard title="Sprint Burndown" description="Story points remaining in the current sprint" className="xl:col-span-4">
          <ChartFrame
            summary={describeSeries(
              'Sprint burndown, story points remaining against the ideal',
              PROJECTS_BURNDOWN,
              (r) => r.day,
              (r) => `${r.remaining} (ideal ${r.ideal})`,
            )}
          >
            <LineChart data={PROJECTS_BURNDOWN} margin={{ top: 8, right: 16, left: -16, bottom: 0 }} accessibilityLayer={false}>
              <CartesianGrid vertical={false} stroke={GRID_STROKE} />
              <XAxis dataKey="day" tickLine={false} axisLine={false} tick={AXIS_TICK} padding={{ left: 12, right: 12 }} />
              <YAxis tickLine={false} axisLine={false} tick={AXIS_TICK} allowDecimals={false} />
              <Tooltip />
              <Legend verticalAlign="bottom" itemSorter={null} formatter={(value: string) => <span style={LEGEND_STYLE}>{value}</span>} />
              <Line type="monotone" dataKey="remaining" name="Remaining" stroke={CHART_COLORS[0]} strokeWidth={2} dot={false} />
              <Line type="linear" dataKey="ideal" name="Ideal" stroke="#64748b" strokeWidth={2} strokeDasharray="5 4" dot={false} />
            </LineChart>
          </ChartFrame>
        </SectionCard>
      </div>
      <SectionCard title="Projects" description="Status, priority and progress of recent work">
        <ScrollTable label="Projects">
          <TableHeader>
            <TableRow>
              <TableHead>Project</TableHead>
              <TableHead>Owner</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Priority</TableHead>
              <TableHead>Progress</TableHead>
              <TableHead>Due</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {PROJECTS.map((p) => (
              <TableRow key={p.name}>
                <TableCell className="whitespace-nowrap font-medium">{p.name}</TableCell>
                <TableCell className="whitespace-nowrap">{p.owner}</TableCell>
                <TableCell>
                  <StatusBadge status={p.status} />
                </TableCell>
                <TableCell>
                  <StatusBadge status={p.priority} />
                </TableCell>
                <TableCell>
                  <ProgressCell value={p.progress} />
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(p.due)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ScrollTable>
      </SectionCard>
    </ModuleLayout>
  );
}
