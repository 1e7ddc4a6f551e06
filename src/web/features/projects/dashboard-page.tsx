import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlarmClockIcon, CircleCheckIcon, FolderKanbanIcon, ListTodoIcon } from 'lucide-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis } from 'recharts';
import { PRIORITY_LABELS, TASK_STATUS_LABELS } from '@/shared/projects';
import { EmptyState } from '@/web/components/module/empty-state';
import { AXIS_TICK, CHART_COLORS, ChartFrame, DashboardHeading, describeSeries, GRID_STROKE, KpiGrid, SectionCard } from '@/web/components/module/dashboard';
import { dashboardQuery } from './api';
import { ProjectsPage } from './projects-page';
import { useLiveTasks } from './use-live-tasks';

export function ProjectsDashboardPage() {
  return (
    <ProjectsPage title="Projects Dashboard">
      {(scope) => <Dashboard entityId={scope.entityId} search={scope.entityId ? `?entity=${scope.entityId}` : ''} />}
    </ProjectsPage>
  );
}

const STATUS_COLORS = ['#475569', CHART_COLORS[0], '#7c3aed', '#15803d'];
const PRIORITY_COLORS = ['#be123c', '#c2410c', '#a16207', '#475569'];

function Dashboard({ entityId, search }: { entityId?: string; search: string }) {
  const qc = useQueryClient();
  const figures = useQuery(dashboardQuery(entityId));
  // Live: a task created, edited or moved anywhere in the scope refreshes the figures (at most once a second).
  const pending = useRef<ReturnType<typeof setTimeout> | null>(null);
  const refresh = () => {
    pending.current ??= setTimeout(() => {
      pending.current = null;
      void qc.invalidateQueries({ queryKey: ['projects', 'dashboard'] });
    }, 1000);
  };
  useLiveTasks({ entityId }, refresh, refresh);
  const d = figures.data;
  const kpis = [
    { label: 'Active projects', value: d?.activeProjects, icon: FolderKanbanIcon },
    { label: 'Open tasks', value: d?.openTasks, icon: ListTodoIcon },
    { label: 'Overdue tasks', value: d?.overdueTasks, icon: AlarmClockIcon },
    { label: 'Done this week', value: d?.doneThisWeek, icon: CircleCheckIcon },
  ];
  const byStatus = (d?.tasksByStatus ?? []).map((r) => ({ label: TASK_STATUS_LABELS[r.status], value: r.tasks }));
  const byPriority = (d?.projectsByPriority ?? []).map((r) => ({ label: PRIORITY_LABELS[r.priority], value: r.projects }));
  const empty = d && d.activeProjects === 0 && byPriority.every((r) => r.value === 0);
  return (
    <>
      <DashboardHeading title="Projects Dashboard" description="Your projects and tasks, live." error={figures.error} />
      <KpiGrid items={kpis} busy={figures.isPending} />
      {empty ? (
        <EmptyState
          icon={FolderKanbanIcon}
          title="No projects yet"
          action={
            <Link className="text-sm font-medium text-primary underline underline-offset-4" to={`/projects/list${search}`}>
              Go to All Projects
            </Link>
          }
        >
          Create a project and its tasks; the figures here follow as your team works.
        </EmptyState>
      ) : null}
      <div className="grid gap-4 xl:grid-cols-2">
        {[
          { title: 'Tasks by Status', description: 'Every task in this scope, by board column', rows: byStatus, colors: STATUS_COLORS, unit: 'Tasks' },
          { title: 'Projects by Priority', description: 'Every project in this scope, by priority', rows: byPriority, colors: PRIORITY_COLORS, unit: 'Projects' },
        ].map((chart) => (
          <SectionCard key={chart.title} title={chart.title} description={chart.description}>
            {d ? (
              <ChartFrame className="h-64" summary={describeSeries(chart.title, chart.rows, (r) => r.label, (r) => String(r.value))}>
                <BarChart data={chart.rows} layout="vertical" margin={{ top: 0, right: 16, left: 0, bottom: 0 }} accessibilityLayer={false}>
                  <CartesianGrid horizontal={false} stroke={GRID_STROKE} />
                  <XAxis type="number" tickLine={false} axisLine={false} tick={AXIS_TICK} allowDecimals={false} />
                  <YAxis type="category" dataKey="label" tickLine={false} axisLine={false} tick={AXIS_TICK} width={90} interval={0} />
                  <Tooltip cursor={{ fill: '#f1f5f9' }} />
                  <Bar dataKey="value" name={chart.unit} radius={[0, 4, 4, 0]} maxBarSize={36}>
                    {chart.rows.map((r, i) => (
                      <Cell key={r.label} fill={chart.colors[i]} />
                    ))}
                  </Bar>
                </BarChart>
              </ChartFrame>
            ) : (
              <p className="text-sm text-muted-foreground">Loading...</p>
            )}
          </SectionCard>
        ))}
      </div>
    </>
  );
}
