import { useQuery } from '@tanstack/react-query';
import { MapIcon } from 'lucide-react';
import { Link } from 'react-router';
import { PROJECT_STATUS_LABELS, PROJECT_STATUSES, type Project } from '@/shared/projects';
import { PageState } from '@/web/components/ui/page-state';
import { EmptyState } from '@/web/components/module/empty-state';
import { entitySearch, type ModuleScopeState } from '@/web/components/module/module-context';
import { formatMonth } from '@/web/lib/format';
import { cn } from '@/web/lib/utils';
import { projectsQuery } from './api';
import { formatDay, todayIso } from './components/badges';
import { ProjectsPage } from './projects-page';
import { PageHeading } from '@/web/components/module/module-page';

export function RoadmapPage() {
  return <ProjectsPage title="Roadmap">{(scope) => <Roadmap scope={scope} />}</ProjectsPage>;
}

const DAY = 86_400_000;
const time = (day: string) => Date.parse(`${day}T00:00:00Z`);
const BAR_STYLES: Record<Project['status'], string> = {
  planning: 'bg-slate-500',
  in_progress: 'bg-blue-700',
  review: 'bg-purple-700',
  completed: 'bg-green-700',
};

function Roadmap({ scope }: { scope: ModuleScopeState }) {
  const projects = useQuery(projectsQuery({ entityId: scope.entityId, limit: 100, sort: 'dueDate', dir: 'asc' }));
  const search = entitySearch(scope);
  const heading = <PageHeading title="Roadmap" description="Projects on a timeline by start and due date, grouped by status. The line marks today." />;
  if (projects.isPending) return <PageState>Loading...</PageState>;
  if (projects.isError) return <PageState>{projects.error.message}</PageState>;
  const all = projects.data.items;
  const today = todayIso();
  // A project with one date shows as a one-day mark there; one with none is listed apart.
  const dated = all.filter((p) => p.startDate || p.dueDate).map((p) => ({ p, start: time(p.startDate ?? p.dueDate!), end: time(p.dueDate ?? p.startDate!) }));
  const undated = all.filter((p) => !p.startDate && !p.dueDate);
  if (all.length === 0) {
    return (
      <>
        {heading}
        <EmptyState icon={MapIcon} title="No projects yet" action={<Link className="text-sm font-medium text-primary underline underline-offset-4" to={`/projects/list${search}`}>Go to All Projects</Link>}>
          Projects with a start or due date appear here as bars.
        </EmptyState>
      </>
    );
  }
  const now = time(today);
  const min = Math.min(now, ...dated.map((d) => d.start)) - 7 * DAY;
  const max = Math.max(now, ...dated.map((d) => d.end)) + 7 * DAY;
  const span = max - min;
  const pct = (t: number) => `${((t - min) / span) * 100}%`;
  const months: { label: string; at: number }[] = [];
  const cursor = new Date(min);
  cursor.setUTCDate(1);
  cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  while (cursor.getTime() < max) {
    // A label is centred on its month's first day: one at either end of the axis would be cut off.
    const at = (cursor.getTime() - min) / span;
    if (at >= 0.04 && at <= 0.94) months.push({ label: formatMonth(cursor.getTime()), at: cursor.getTime() });
    cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }
  const step = Math.max(1, Math.ceil(months.length / 8));

  return (
    <>
      {heading}
      <div className="overflow-x-auto rounded-md border bg-background" role="region" aria-label="Roadmap timeline" tabIndex={0}>
        <div className="min-w-[40rem]">
          <div className="grid grid-cols-[11rem_1fr] border-b text-xs text-muted-foreground">
            <div className="px-3 py-2 font-medium">Project</div>
            <div className="relative h-8" aria-hidden>
              {months.map((m, i) =>
                i % step === 0 ? (
                  <span key={m.at} className="absolute top-2 -translate-x-1/2 whitespace-nowrap" style={{ left: pct(m.at) }}>
                    {m.label}
                  </span>
                ) : null,
              )}
            </div>
          </div>
          {PROJECT_STATUSES.map((status) => {
            const rows = dated.filter((d) => d.p.status === status);
            if (rows.length === 0) return null;
            return (
              <section key={status} aria-labelledby={`roadmap-${status}`}>
                <h2 id={`roadmap-${status}`} className="border-b bg-muted/60 px-3 py-1.5 text-sm font-semibold">
                  {PROJECT_STATUS_LABELS[status]} <span className="font-normal text-muted-foreground">({rows.length})</span>
                </h2>
                <ul>
                  {rows.map(({ p, start, end }) => (
                    <li key={p.id} className="grid grid-cols-[11rem_1fr] border-b last:border-b-0">
                      <Link to={`/projects/${p.id}${search}`} className="truncate px-3 py-2 text-sm font-medium text-primary underline-offset-4 hover:underline" title={p.name}>
                        <span className="font-mono text-xs text-muted-foreground">{p.key}</span> {p.name}
                      </Link>
                      <div className="relative h-9">
                        <div className="absolute inset-y-0 border-l-2 border-red-600" style={{ left: pct(now) }} aria-hidden />
                        <div
                          className={cn('absolute top-2 h-5 rounded', BAR_STYLES[p.status])}
                          style={{ left: pct(start), width: `max(0.5rem, ${((end - start + DAY) / span) * 100}%)` }}
                          title={`${p.name}: ${formatDay(p.startDate)} – ${formatDay(p.dueDate)}`}
                        />
                        <span className="sr-only">
                          {formatDay(p.startDate)} to {formatDay(p.dueDate)}, {p.progress}% done
                        </span>
                      </div>
                    </li>
                  ))}
                </ul>
              </section>
            );
          })}
          <p className="flex items-center gap-2 border-t px-3 py-2 text-xs text-muted-foreground">
            <span className="inline-block h-3 border-l-2 border-red-600" aria-hidden /> Today, {formatDay(today)}
          </p>
        </div>
      </div>
      {undated.length > 0 ? (
        <section className="grid gap-2">
          <h2 className="text-base font-semibold">Without dates</h2>
          <ul className="flex flex-wrap gap-2">
            {undated.map((p) => (
              <li key={p.id}>
                <Link to={`/projects/${p.id}${search}`} className="rounded-full border px-3 py-1 text-sm text-primary underline-offset-4 hover:underline">
                  {p.key} · {p.name}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
