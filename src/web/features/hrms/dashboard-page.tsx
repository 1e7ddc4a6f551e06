import { useQuery } from '@tanstack/react-query';
import { CalendarCheckIcon, ClockIcon, PlaneIcon, UserPlusIcon, UsersIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from 'recharts';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { formatRange } from './format';
import { AXIS_TICK, CHART_COLORS, ChartFrame, DashboardHeading, describeSeries, GRID_STROKE, KpiGrid, ScrollTable, SectionCard } from '@/web/components/module/dashboard';
import { EmptyState } from '@/web/components/module/empty-state';
import { dashboardQuery } from './api';
import { HrmsPage } from './hrms-page';

export function HrmsDashboardPage() {
  return <HrmsPage title="HRMS Dashboard">{(scope) => <Dashboard entityId={scope.entityId} search={scope.entityId ? `?entity=${scope.entityId}` : ''} />}</HrmsPage>;
}

function Dashboard({ entityId, search }: { entityId?: string; search: string }) {
  const figures = useQuery(dashboardQuery(entityId));
  const d = figures.data;
  const kpis = [
    { label: 'Headcount', value: d?.headcount, icon: UsersIcon },
    { label: 'New hires this month', value: d?.newHiresThisMonth, icon: UserPlusIcon },
    { label: 'On leave today', value: d?.onLeaveToday, icon: PlaneIcon },
    { label: 'Pending requests', value: d?.pendingRequests, icon: ClockIcon },
  ];
  return (
    <>
      <DashboardHeading title="HRMS Dashboard" description="Your people and their leave, live." error={figures.error} />
      <KpiGrid items={kpis} busy={figures.isPending} />
      {d && d.headcount === 0 ? (
        <EmptyState
          icon={UsersIcon}
          title="No employees yet"
          action={
            <Link className="text-sm font-medium text-primary underline underline-offset-4" to={`/hrms/employees${search}`}>
              Go to Employees
            </Link>
          }
        >
          Add your first employees, or import them from a CSV file, on the Employees page. The figures here follow.
        </EmptyState>
      ) : null}
      <div className="grid gap-4 xl:grid-cols-2">
        <SectionCard title="Headcount by Department" description="Active employees in each department">
          {d && d.byDepartment.length > 0 ? (
            <ChartFrame
              className="h-72"
              summary={describeSeries('Employees by department', d.byDepartment, (r) => r.department, (r) => String(r.employees))}
            >
              <BarChart data={d.byDepartment} layout="vertical" margin={{ top: 0, right: 16, left: 0, bottom: 0 }} accessibilityLayer={false}>
                <CartesianGrid horizontal={false} stroke={GRID_STROKE} />
                <XAxis type="number" tickLine={false} axisLine={false} tick={AXIS_TICK} allowDecimals={false} />
                <YAxis type="category" dataKey="department" tickLine={false} axisLine={false} tick={AXIS_TICK} width={110} interval={0} />
                <Tooltip cursor={{ fill: '#f1f5f9' }} />
                <Bar dataKey="employees" name="Employees" fill={CHART_COLORS[1]} radius={[0, 4, 4, 0]} maxBarSize={36} />
              </BarChart>
            </ChartFrame>
          ) : (
            <p className="text-sm text-muted-foreground">{figures.isPending ? 'Loading...' : 'No active employees in this scope.'}</p>
          )}
        </SectionCard>
        <SectionCard title="Upcoming Leave" description="Approved leave in the next 14 days">
          {d && d.upcomingLeave.length > 0 ? (
            <ScrollTable label="Upcoming leave">
              <TableHeader>
                <TableRow>
                  <TableHead>Employee</TableHead>
                  <TableHead>Type</TableHead>
                  <TableHead>Dates</TableHead>
                  <TableHead className="text-right">Days</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {d.upcomingLeave.map((r) => (
                  <TableRow key={`${r.employeeId}-${r.startDate}`}>
                    <TableCell className="whitespace-nowrap font-medium">{r.employeeName}</TableCell>
                    <TableCell className="whitespace-nowrap">{r.leaveTypeName}</TableCell>
                    <TableCell className="whitespace-nowrap">
                      {formatRange(r.startDate, r.endDate)}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{r.days}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </ScrollTable>
          ) : (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <CalendarCheckIcon className="size-4" aria-hidden />
              {figures.isPending ? 'Loading...' : 'Nobody is away in the next 14 days.'}
            </p>
          )}
        </SectionCard>
      </div>
    </>
  );
}
