import { useQuery } from '@tanstack/react-query';
import { SquareKanbanIcon, TicketIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { Button } from '@/web/components/ui/button';
import { entitySearch, type ModuleScopeState } from '@/web/components/module/module-context';
import { SectionCard } from '@/web/components/module/dashboard';
import { projectQuery } from './api';
import { formatDay, PriorityBadge, Progress, ProjectStatusBadge } from './components/badges';
import { Markdown } from './components/markdown';
import { ProjectDialog } from './components/project-dialog';
import { ProjectsPage } from './projects-page';
import { RecordPage } from '@/web/components/module/record-page';

export function ProjectPage() {
  return <ProjectsPage title="Project">{(scope) => <ProjectDetail scope={scope} />}</ProjectsPage>;
}

function ProjectDetail({ scope }: { scope: ModuleScopeState }) {
  const { projectId = '' } = useParams();
  const project = useQuery(projectQuery(projectId));
  const search = entitySearch(scope);
  return (
    <RecordPage scope={scope} query={project} back={{ to: `/projects/list${search}`, label: 'All Projects' }}>
      {(p, canWrite) => {
        const withProject = (path: string) => `${path}?project=${p.id}${scope.entityId ? `&entity=${scope.entityId}` : ''}`;
        const details: [string, ReactNode][] = [
          ['Key', <span key="k" className="font-mono">{p.key}</span>],
          ['Status', <ProjectStatusBadge key="s" status={p.status} />],
          ['Priority', <PriorityBadge key="p" priority={p.priority} />],
          ['Lead', p.lead?.name ?? '—'],
          ['Start Date', formatDay(p.startDate)],
          ['Due Date', formatDay(p.dueDate)],
          ['Entity', p.entityName],
          ['Tasks', `${p.doneCount} of ${p.taskCount} done`],
        ];
        return {
          title: p.name,
          description: `${p.key} · ${p.entityName}`,
          edit: canWrite ? { label: 'Edit Project', primary: true, dialog: (props) => <ProjectDialog {...props} scope={scope} project={p} /> } : undefined,
          actions: (edit) => (
            <>
              <Button asChild variant="outline">
                <Link to={withProject('/projects/kanban')}>
                  <SquareKanbanIcon aria-hidden />
                  Board
                </Link>
              </Button>
              <Button asChild variant="outline">
                <Link to={`/projects/tickets?projectId=${p.id}${scope.entityId ? `&entity=${scope.entityId}` : ''}`}>
                  <TicketIcon aria-hidden />
                  Tickets
                </Link>
              </Button>
              {edit}
            </>
          ),
          body: (
            <>
              <div className="grid gap-4 lg:grid-cols-3">
                <SectionCard title="Details" description="Status, dates and people" className="lg:col-span-1">
                  <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
                    {details.map(([label, value]) => (
                      <div key={label} className="contents">
                        <dt className="text-muted-foreground">{label}</dt>
                        <dd className="min-w-0 break-words">{value}</dd>
                      </div>
                    ))}
                  </dl>
                  <div className="mt-4 grid gap-1">
                    <span className="text-sm text-muted-foreground">Progress</span>
                    <Progress value={p.progress} label="Project progress" />
                  </div>
                </SectionCard>
                <SectionCard title="Description" description="What this project is for" className="lg:col-span-2">
                  {p.description ? <Markdown>{p.description}</Markdown> : <p className="text-sm text-muted-foreground">No description yet.</p>}
                </SectionCard>
              </div>
              <SectionCard title="Members" description="Users with Projects access in this entity who work on it">
                {p.members.length > 0 ? (
                  <ul className="flex flex-wrap gap-2">
                    {p.members.map((m) => (
                      <li key={m.id} className="rounded-full border bg-muted px-3 py-1 text-sm">
                        {m.name}
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-sm text-muted-foreground">No members yet.</p>
                )}
              </SectionCard>
            </>
          ),
        };
      }}
    </RecordPage>
  );
}
