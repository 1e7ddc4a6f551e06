import { Bar, BarChart, CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { formatDate } from '@/web/lib/format';
import { AXIS_TICK, CHART_COLORS, ChartFrame, DashboardHeading, describeSeries, GRID_STROKE, KpiGrid, ScrollTable, SectionCard, StatusBadge } from './dashboard-parts';
import { HRMS_MODULE } from './module-config';
import { ModuleLayout } from './module-layout';
import { HRMS_ATTENDANCE, HRMS_EMPLOYEES, HRMS_HEADCOUNT, HRMS_KPIS, HRMS_LEAVE_REQUESTS } from './sample-data';

/** "Jun 19, 2026" or "Jul 6 – Jul 17, 2026": the year once when both ends share it. */
function leaveDates(from: string, to: string) {
  if (from === to) return formatDate(from);
  const sameYear = new Date(from).getFullYear() === new Date(to).getFullYear();
  const start = sameYear ? new Date(from).toLocaleDateString('en-US', { month: 'short', day: 'numeric' }) : formatDate(from);
  return `${start} – ${formatDate(to)}`;
}

export function HrmsDashboard() {
  return (
    <ModuleLayout module={HRMS_MODULE} title="HRMS Dashboard">
      <DashboardHeading title="HRMS Dashboard" description="Your people, attendance and leave at a glance." />
      <KpiGrid items={HRMS_KPIS} />
      <div className="grid gap-4 xl:grid-cols-2">
        <SectionCard title="Headcount by Department" description="Employees in each department">
          <ChartFrame
            className="h-72"
            summary={describeSeries('Employees by department', HRMS_HEADCOUNT, (r) => r.department, (r) => String(r.employees))}
          >
            <BarChart data={HRMS_HEADCOUNT} layout="vertical" margin={{ top: 0, right: 16, left: 0, bottom: 0 }} accessibilityLayer={false}>
              <CartesianGrid horizontal={false} stroke={GRID_STROKE} />
              <XAxis type="number" tickLine={false} axisLine={false} tick={AXIS_TICK} allowDecimals={false} />
              <YAxis type="category" dataKey="department" tickLine={false} axisLine={false} tick={AXIS_TICK} width={88} interval={0} />
              <Tooltip cursor={{ fill: '#f1f5f9' }} />
              <Bar dataKey="employees" name="Employees" fill={CHART_COLORS[1]} radius={[0, 4, 4, 0]} />
            </BarChart>
          </ChartFrame>
        </SectionCard>
        <SectionCard title="Attendance This Week" description="Share of employees present each day">
          <ChartFrame
            className="h-72"
            summary={describeSeries('Attendance this week', HRMS_ATTENDANCE, (r) => r.day, (r) => `${r.rate}%`)}
          >
            <LineChart data={HRMS_ATTENDANCE} margin={{ top: 8, right: 16, left: -8, bottom: 0 }} accessibilityLayer={false}>
              <CartesianGrid vertical={false} stroke={GRID_STROKE} />
              <XAxis dataKey="day" tickLine={false} axisLine={false} tick={AXIS_TICK} padding={{ left: 12, right: 12 }} />
              <YAxis tickLine={false} axisLine={false} tick={AXIS_TICK} domain={[90, 100]} ticks={[90, 92, 94, 96, 98, 100]} tickFormatter={(v: number) => `${v}%`} />
              <Tooltip formatter={(v) => [`${String(v)}%`, 'Attendance']} />
              <Line type="monotone" dataKey="rate" name="Attendance" stroke={CHART_COLORS[0]} strokeWidth={2} dot={{ r: 4, fill: CHART_COLORS[0] }} />
            </LineChart>
          </ChartFrame>
        </SectionCard>
      </div>
      <SectionCard title="Leave Requests" description="Latest requests and their approval state">
        <ScrollTable label="Leave requests">
          <TableHeader>
            <TableRow>
              <TableHead>Employee</TableHead>
              <TableHead>Type</TableHead>
              <TableHead>Dates</TableHead>
              <TableHead className="text-right">Days</TableHead>
              <TableHead>Status</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {HRMS_LEAVE_REQUESTS.map((r) => (
              <TableRow key={`${r.employee}-${r.from}`}>
                <TableCell className="whitespace-nowrap font-medium">{r.employee}</TableCell>
                <TableCell className="whitespace-nowrap">{r.type}</TableCell>
                <TableCell className="whitespace-nowrap">{leaveDates(r.from, r.to)}</TableCell>
                <TableCell className="text-right tabular-nums">{r.days}</TableCell>
                <TableCell>
                  <StatusBadge status={r.status} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ScrollTable>
      </SectionCard>
      <SectionCard title="Employees" description="Recently updated employee records">
        <ScrollTable label="Employees">
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Department</TableHead>
              <TableHead>Position</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Joined</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {HRMS_EMPLOYEES.map((e) => (
              <TableRow key={e.email}>
                <TableCell>
                  <div className="grid">
                    <span className="whitespace-nowrap font-medium">{e.name}</span>
                    <span className="whitespace-nowrap text-xs text-muted-foreground">{e.email}</span>
                  </div>
                </TableCell>
                <TableCell className="whitespace-nowrap">{e.department}</TableCell>
                <TableCell className="whitespace-nowrap">{e.position}</TableCell>
                <TableCell>
                  <StatusBadge status={e.status} />
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatDate(e.joined)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ScrollTable>
      </SectionCard>
    </ModuleLayout>
  );
}
