import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { PlusIcon, TicketIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { TASK_CSV_COLUMNS, TASK_STATUS_LABELS, TASK_STATUSES, type Task } from '@/shared/projects';
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Label } from '@/web/components/ui/label';
import { DataTable } from '@/web/components/module/data-table';
import { EmptyState } from '@/web/components/module/empty-state';
import { ImportDialog } from '@/web/components/module/import-dialog';
import { ListActions, ListSelectFilter, ListTextFilter } from '@/web/components/module/list-controls';
import { useListParams } from '@/web/components/module/list-params';
import { entitySearch, type ModuleScopeState } from '@/web/components/module/module-context';
import { useCurrentUser } from '@/web/lib/session';
import { projectsQuery, userOptionsQuery, useTasks } from './api';
import { formatDay, PriorityBadge, TaskStatusBadge, todayIso } from './components/badges';
import { TaskDialog } from './components/task-dialog';
import { ProjectsPage } from './projects-page';
import { PageHeading } from '@/web/components/module/module-page';

export function TicketsPage() {
  return <ProjectsPage title="Tickets">{(scope) => <Tickets scope={scope} />}</ProjectsPage>;
}

const SORTS = ['number', 'dueDate', 'createdAt', 'updatedAt'];

function Tickets({ scope }: { scope: ModuleScopeState }) {
  const list = useListParams();
  const me = useCurrentUser();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const sortId = SORTS.includes(list.get('sort') ?? '') ? list.get('sort')! : 'number';
  const query = {
    entityId: scope.entityId,
    projectId: list.get('projectId'),
    status: list.get('status'),
    assigneeId: list.get('assigneeId'),
    label: list.get('label'),
    overdue: list.get('overdue') === 'true' ? 'true' : undefined,
    q: list.get('q'),
    sort: sortId,
    dir: list.get('dir') === 'asc' ? 'asc' : 'desc',
    cursor: list.get('cursor'),
    limit: 25,
  };
  const tasks = useTasks(query);
  const projects = useQuery(projectsQuery({ entityId: scope.entityId, limit: 100, sort: 'name', dir: 'asc' }));
  const project = projects.data?.items.find((p) => p.id === query.projectId);
  const optionsEntity = project?.entityId ?? scope.entityId ?? (scope.entities.length === 1 ? scope.entities[0]!.id : undefined);
  const users = useQuery({ ...userOptionsQuery(optionsEntity ?? ''), enabled: Boolean(optionsEntity) });
  const search = entitySearch(scope);
  const canWrite = scope.can('member');
  // Under "All entities" too: the import dialog then asks which entity the file goes into.
  const importInto = scope.inScope.filter((e) => scope.can('member', e.id));
  const exportQuery = new URLSearchParams(Object.entries({ ...query, cursor: undefined, limit: undefined }).filter((e): e is [string, string] => typeof e[1] === 'string'));
  const filtered = Boolean(query.projectId || query.status || query.assigneeId || query.label || query.overdue || query.q);
  const today = todayIso();

  const columns: ColumnDef<Task>[] = [
    {
      id: 'number',
      accessorFn: (t) => t.number,
      header: 'Task',
      enableSorting: true,
      cell: ({ row: { original: t } }) => (
        <div className="grid max-w-80">
          <Link to={`/projects/tickets/${t.id}${search}`} className="font-medium text-primary underline-offset-4 hover:underline">
            <span className="font-mono text-xs">{t.code}</span> <span className="whitespace-normal">{t.title}</span>
          </Link>
          {t.labels.length > 0 ? <span className="text-xs text-muted-foreground">{t.labels.join(', ')}</span> : null}
        </div>
      ),
    },
    { id: 'project', header: 'Project', enableSorting: false, cell: ({ row }) => row.original.projectName },
    { id: 'status', header: 'Status', enableSorting: false, cell: ({ row }) => <TaskStatusBadge status={row.original.status} /> },
    { id: 'priority', header: 'Priority', enableSorting: false, cell: ({ row }) => <PriorityBadge priority={row.original.priority} /> },
    { id: 'assignee', header: 'Assignee', enableSorting: false, cell: ({ row }) => row.original.assignee?.name ?? 'Unassigned' },
    {
      id: 'dueDate',
      accessorFn: (t) => t.dueDate,
      header: 'Due',
      enableSorting: true,
      cell: ({ row: { original: t } }) =>
        t.dueDate && t.dueDate < today && t.status !== 'done' ? <span className="font-medium text-destructive">{formatDay(t.dueDate)} (overdue)</span> : formatDay(t.dueDate),
    },
  ];

  return (
    <>
      <PageHeading
        title="Tickets"
        description="Every task in your scope. Filters stay in the address, so a view can be shared."
        actions={
          <ListActions
            exportHref={`/api/projects/tasks/export?${exportQuery.toString()}`}
            onImport={importInto.length > 0 ? () => setImporting(true) : undefined}
            addLabel="New Task"
            onAdd={canWrite ? () => setAdding(true) : undefined}
          />
        }
      />
      <search className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6">
        <ListTextFilter id="task-search" label="Search" search placeholder="Title" value={query.q} onApply={(value) => list.set({ q: value })} />
        <ListSelectFilter id="task-project" label="Project" value={query.projectId ?? ''} onChange={(value) => list.set({ projectId: value, assigneeId: undefined })}>
          <option value="">All projects</option>
          {(projects.data?.items ?? []).map((p) => (
            <option key={p.id} value={p.id}>
              {p.key} · {p.name}
            </option>
          ))}
        </ListSelectFilter>
        <ListSelectFilter id="task-status" label="Status" value={query.status ?? ''} onChange={(value) => list.set({ status: value })}>
          <option value="">All statuses</option>
          {TASK_STATUSES.map((s) => (
            <option key={s} value={s}>
              {TASK_STATUS_LABELS[s]}
            </option>
          ))}
        </ListSelectFilter>
        <ListSelectFilter id="task-assignee" label="Assignee" value={query.assigneeId ?? ''} onChange={(value) => list.set({ assigneeId: value })}>
          <option value="">Anyone</option>
          <option value="none">Unassigned</option>
          {me ? <option value={me.id}>Me</option> : null}
          {(users.data?.items ?? [])
            .filter((u) => u.id !== me?.id)
            .map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
        </ListSelectFilter>
        <ListTextFilter id="task-label" label="Label" value={query.label} onApply={(value) => list.set({ label: value })} />
        <div className="flex items-center gap-2 self-end pb-2">
          <Checkbox id="task-overdue" checked={query.overdue === 'true'} onCheckedChange={(c) => list.set({ overdue: c === true ? 'true' : undefined })} />
          <Label htmlFor="task-overdue">Overdue only</Label>
        </div>
      </search>
      <DataTable
        label="Tasks"
        columns={columns}
        data={tasks.data?.items}
        getRowId={(t) => t.id}
        sort={{ id: sortId, desc: query.dir === 'desc' }}
        onSortChange={(s) => list.set({ sort: s.id, dir: s.desc ? 'desc' : 'asc' })}
        isLoading={tasks.isPending}
        error={tasks.error}
        hasNext={Boolean(tasks.data?.nextCursor)}
        hasPrevious={Boolean(query.cursor)}
        onNext={() => list.set({ cursor: tasks.data?.nextCursor ?? undefined })}
        onFirst={() => list.set({ cursor: undefined })}
        empty={
          filtered ? (
            <EmptyState icon={TicketIcon} title="No tasks match">
              Change the search or the filters to see more.
            </EmptyState>
          ) : (
            <EmptyState
              icon={TicketIcon}
              title="No tasks yet"
              action={
                canWrite ? (
                  <Button onClick={() => setAdding(true)}>
                    <PlusIcon aria-hidden />
                    New Task
                  </Button>
                ) : undefined
              }
            >
              {canWrite ? 'Create a task in one of your projects, or import a CSV file with one row per task.' : 'Tasks your team creates appear here.'}
            </EmptyState>
          )
        }
      />
      <TaskDialog open={adding} onOpenChange={setAdding} scope={scope} projectId={query.projectId} />
      {importInto.length > 0 ? (
        <ImportDialog
          open={importing}
          onOpenChange={setImporting}
          title="Import Tasks"
          path="/projects/tasks/import"
          entities={importInto}
          columns={TASK_CSV_COLUMNS}
          invalidate={['projects']}
        />
      ) : null}
    </>
  );
}
