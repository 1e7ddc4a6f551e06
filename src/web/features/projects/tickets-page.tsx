import { useQuery } from '@tanstack/react-query';
import { TicketIcon } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { TASK_CSV_COLUMNS, TASK_STATUS_LABELS, TASK_STATUSES, type Task } from '@/shared/projects';
import { labelled, useListParams } from '@/web/components/module/list-params';
import type { ModuleScopeState } from '@/web/components/module/module-context';
import { column, RecordDetail, RecordList, sortedColumn, type AddDialog } from '@/web/components/module/record-list';
import { useCurrentUser } from '@/web/lib/session';
import { projectsQuery, tasksQuery, userOptionsQuery } from './api';
import { formatDay, PriorityBadge, TaskStatusBadge, todayIso } from './components/badges';
import { TaskDialog } from './components/task-dialog';
import { ProjectsPage } from './projects-page';

export function TicketsPage() {
  return <ProjectsPage title="Tickets">{(scope) => <Tickets scope={scope} />}</ProjectsPage>;
}

function Tickets({ scope }: { scope: ModuleScopeState }) {
  const list = useListParams();
  const me = useCurrentUser();
  const projectId = list.get('projectId');
  const projects = useQuery(projectsQuery({ entityId: scope.entityId, limit: 100, sort: 'name', dir: 'asc' }));
  const project = projects.data?.items.find((p) => p.id === projectId);
  // The assignees to choose from: the chosen project's entity's users, or the scope's when it is one entity.
  const optionsEntity = project?.entityId ?? scope.entityId ?? (scope.entities.length === 1 ? scope.entities[0]!.id : undefined);
  const users = useQuery({ ...userOptionsQuery(optionsEntity ?? ''), enabled: Boolean(optionsEntity) });
  const today = todayIso();

  return (
    <RecordList<Task>
      scope={scope}
      name="task"
      title="Tickets"
      label="Tasks"
      description="Every task in your scope. Filters stay in the address, so a view can be shared."
      query={tasksQuery}
      sorts={{ number: 'desc', dueDate: 'desc', createdAt: 'desc', updatedAt: 'desc' }}
      filters={[
        { kind: 'search', placeholder: 'Title' },
        {
          kind: 'select',
          param: 'projectId',
          label: 'Project',
          all: 'All projects',
          options: (projects.data?.items ?? []).map((p) => ({ value: p.id, label: `${p.key} · ${p.name}` })),
          clears: ['assigneeId'],
        },
        { kind: 'select', param: 'status', label: 'Status', all: 'All statuses', options: labelled(TASK_STATUSES, TASK_STATUS_LABELS) },
        {
          kind: 'select',
          param: 'assigneeId',
          label: 'Assignee',
          all: 'Anyone',
          options: [
            { value: 'none', label: 'Unassigned' },
            ...(me ? [{ value: me.id, label: 'Me' }] : []),
            ...(users.data?.items ?? []).filter((u) => u.id !== me?.id).map((u) => ({ value: u.id, label: u.name })),
          ],
        },
        { kind: 'text', param: 'label', label: 'Label' },
        { kind: 'check', param: 'overdue', label: 'Overdue only' },
      ]}
      columns={({ search }) => [
        sortedColumn(
          'number',
          'Task',
          (t) => t.number,
          (t) => (
            <div className="grid max-w-80">
              <Link to={`/projects/tickets/${t.id}${search}`} className="font-medium text-primary underline-offset-4 hover:underline">
                <span className="font-mono text-xs">{t.code}</span> <span className="whitespace-normal">{t.title}</span>
              </Link>
              {t.labels.length > 0 ? <RecordDetail>{t.labels.join(', ')}</RecordDetail> : null}
            </div>
          ),
        ),
        column('project', 'Project', (t) => t.projectName),
        column('status', 'Status', (t) => <TaskStatusBadge status={t.status} />),
        column('priority', 'Priority', (t) => <PriorityBadge priority={t.priority} />),
        column('assignee', 'Assignee', (t) => t.assignee?.name ?? 'Unassigned'),
        sortedColumn('dueDate', 'Due', (t) => t.dueDate, (t) =>
          t.dueDate && t.dueDate < today && t.status !== 'done' ? <span className="font-medium text-destructive">{formatDay(t.dueDate)} (overdue)</span> : formatDay(t.dueDate),
        ),
      ]}
      importColumns={TASK_CSV_COLUMNS}
      add={{ label: 'New Task', dialog: NewTaskDialog }}
      empty={{
        icon: TicketIcon,
        writer: 'Create a task in one of your projects, or import a CSV file with one row per task.',
        reader: 'Tasks your team creates appear here.',
      }}
    />
  );
}

/** A new task goes into the project the list is filtered by, if any. */
function NewTaskDialog(props: ComponentProps<AddDialog>) {
  const projectId = useListParams().get('projectId');
  return <TaskDialog {...props} projectId={projectId} />;
}
