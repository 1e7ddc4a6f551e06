import { useQuery } from '@tanstack/react-query';
import { BriefcaseIcon, CalendarCheckIcon, CalendarClockIcon, TimerIcon, UsersIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Bar, BarChart, CartesianGrid, Cell, Tooltip, XAxis, YAxis } from 'recharts';
import { STAGE_LABELS } from '@/shared/ats';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { EmptyState } from '@/web/components/module/empty-state';
import { AXIS_TICK, CHART_COLORS, ChartFrame, DashboardHeading, describeSeries, GRID_STROKE, KpiGrid, ScrollTable, SectionCard } from '@/web/components/module/dashboard';
import { dashboardQuery } from './api';
import { AtsPage } from './ats-page';
import { formatWhen } from './format';

export function AtsDashboardPage() {
  return <AtsPage title="ATS Dashboard">{(scope) => <Dashboard entityId={scope.entityId} search={scope.entityId ? `?entity=${scope.entityId}` : ''} />}</AtsPage>;
}

function Dashboard({ entityId, search }: { entityId?: string; search: string }) {
  const figures = useQuery(dashboardQuery(entityId));
  const d = figures.data;
  const kpis = [
    { label: 'Open jobs', value: d?.openJobs, icon: BriefcaseIcon },
    { label: 'Candidates in pipeline', value: d?.inPipeline, icon: UsersIcon },
    { label: 'Interviews this week', value: d?.interviewsThisWeek, icon: CalendarClockIcon },
    { label: 'Median days to hire (90 days)', value: d ? (d.medianDaysToHire ?? '–') : undefined, icon: TimerIcon },
  ];
  const pipeline = (d?.byStage ?? []).map((s) => ({ stage: STAGE_LABELS[s.stage], candidates: s.candidates }));
  return (
    <>
      <DashboardHeading title="ATS Dashboard" description="Open roles, candidates and interviews, live." error={figures.error} />
      <KpiGrid items={kpis} busy={figures.isPending} />
      {d && d.openJobs === 0 && d.inPipeline === 0 ? (
        <EmptyState
          icon={BriefcaseIcon}
          title="No open jobs yet"
          action={
            <Link className="text-sm font-medium text-primary underline underline-offset-4" to={`/ats/jobs${search}`}>
              Go to Jobs
            </Link>
          }
        >
          Post a job and open it, then add candidates to it. The figures here follow.
        </EmptyState>
      ) : null}
      <div className="grid gap-4 xl:grid-cols-2">
        <SectionCard title="Hiring Pipeline" description="Candidates at each stage">
          <ChartFrame className="h-72" summary={describeSeries('Candidates at each stage', pipeline, (r) => r.stage, (r) => String(r.candidates))}>
            <BarChart data={pipeline} layout="vertical" margin={{ top: 0, right: 16, left: 0, bottom: 0 }} accessibilityLayer={false}>
              <CartesianGrid horizontal={false} stroke={GRID_STROKE} />
              <XAxis type="number" tickLine={false} axisLine={false} tick={AXIS_TICK} allowDecimals={false} />
              <YAxis type="category" dataKey="stage" tickLine={false} axisLine={false} tick={AXIS_TICK} width={110} interval={0} />
              <Tooltip cursor={{ fill: '#f1f5f9' }} />
              <Bar dataKey="candidates" name="Candidates" radius={[0, 4, 4, 0]} maxBarSize={36}>
                {pipeline.map((row, i) => (
                  <Cell key={row.stage} fill={CHART_COLORS[i % CHART_COLORS.length]} />
                ))}
              </Bar>
            </BarChart>
          </ChartFrame>
        </SectionCard>
        <SectionCard title="Upcoming Interviews" description="The next interviews in this scope">
          {d && d.upcomingInterviews.length > 0 ? (
            <ScrollTable label="Upcoming interviews">
              <TableHeader>
                <TableRow>
                  <TableHead>When</TableHead>
                  <TableHead>Candidate</TableHead>
                  <TableHead>Job</TableHead>
                  <TableHead>Interviewers</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {d.upcomingInterviews.map((i) => (
                  <TableRow key={i.id}>
                    <TableCell className="whitespace-nowrap">{formatWhen(i.startsAt)}</TableCell>
                    <TableCell className="whitespace-nowrap font-medium">
                      <Link to={`/ats/candidates/${i.candidateId}${search}`} className="text-primary underline-offset-4 hover:underline">
                        {i.candidateName}
                      </Link>
                    </TableCell>
                    <TableCell className="whitespace-nowrap">{i.jobTitle}</TableCell>
                    <TableCell>{i.interviewers.map((p) => p.name).join(', ')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </ScrollTable>
          ) : (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <CalendarCheckIcon className="size-4" aria-hidden />
              {figures.isPending ? 'Loading...' : 'No upcoming interviews.'}
            </p>
          )}
        </SectionCard>
      </div>
    </>
  );
}
