import { FolderKanbanIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useNavigate } from 'react-router';
import { PRIORITIES, PRIORITY_LABELS, PROJECT_STATUS_LABELS, PROJECT_STATUSES, type Project } from '@/shared/projects';
import { labelled } from '@/web/components/module/list-params';
import { PROJECTS_MODULE } from '@/web/components/module/module-config';
import { entitySearch } from '@/web/components/module/module-context';
import { column, entityColumn, ModuleListPage, RecordLink, sortedColumn, type AddDialog } from '@/web/components/module/record-list';
import { projectsQuery } from './api';
import { formatDay, PriorityBadge, Progress, ProjectStatusBadge } from './components/badges';
import { ProjectDialog } from './components/project-dialog';

export function ProjectsListPage() {
  return (
    <ModuleListPage<Project>
      module={PROJECTS_MODULE}
      name="project"
      title="All Projects"
      label="Projects"
      description="Every project in your scope, with its lead, status and progress."
      query={projectsQuery}
      sorts={{ name: 'asc', key: 'asc', dueDate: 'asc', createdAt: 'asc' }}
      filters={[
        { kind: 'search', placeholder: 'Name or key' },
        { kind: 'select', param: 'status', label: 'Status', all: 'All statuses', options: labelled(PROJECT_STATUSES, PROJECT_STATUS_LABELS) },
        { kind: 'select', param: 'priority', label: 'Priority', all: 'All priorities', options: labelled(PRIORITIES, PRIORITY_LABELS) },
      ]}
      columns={({ scope, search }) => [
        sortedColumn('name', 'Project', (p) => p.name, (p) => <RecordLink to={`/projects/${p.id}${search}`}>{p.name}</RecordLink>),
        sortedColumn('key', 'Key', (p) => p.key, (p) => <span className="font-mono text-xs">{p.key}</span>),
        column('lead', 'Lead', (p) => p.lead?.name ?? '—'),
        column('status', 'Status', (p) => <ProjectStatusBadge status={p.status} />),
        column('priority', 'Priority', (p) => <PriorityBadge priority={p.priority} />),
        column('progress', 'Progress', (p) => <Progress value={p.progress} label={`${p.name} progress`} />),
        sortedColumn('dueDate', 'Due', (p) => p.dueDate, (p) => formatDay(p.dueDate)),
        ...entityColumn<Project>(scope),
      ]}
      add={{ label: 'New Project', dialog: NewProjectDialog }}
      empty={{
        icon: FolderKanbanIcon,
        writer: 'Create your first project: give it a name and a short key such as WEB; its tasks are numbered WEB-1, WEB-2…',
        reader: 'Projects your team creates appear here.',
      }}
    />
  );
}

/** A new project opens at once. */
function NewProjectDialog(props: ComponentProps<AddDialog>) {
  const navigate = useNavigate();
  return <ProjectDialog {...props} onCreated={(p) => navigate(`/projects/${p.id}${entitySearch(props.scope)}`)} />;
}
