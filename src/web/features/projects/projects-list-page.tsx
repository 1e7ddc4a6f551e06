import type { ColumnDef } from '@tanstack/react-table';
import { FolderKanbanIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PRIORITIES, PRIORITY_LABELS, PROJECT_STATUS_LABELS, PROJECT_STATUSES, type Project } from '@/shared/projects';
import { Button } from '@/web/components/ui/button';
import { DataTable } from '@/web/components/module/data-table';
import { EmptyState } from '@/web/components/module/empty-state';
import { ListActions, ListSelectFilter, ListTextFilter } from '@/web/components/module/list-controls';
import { useListParams } from '@/web/components/module/list-params';
import { entitySearch, type ModuleScopeState } from '@/web/components/module/module-context';
import { useProjects } from './api';
import { formatDay, PriorityBadge, Progress, ProjectStatusBadge } from './components/badges';
import { ProjectDialog } from './components/project-dialog';
import { ProjectsPage } from './projects-page';
import { PageHeading } from '@/web/components/module/module-page';

export function ProjectsListPage() {
  return <ProjectsPage title="All Projects">{(scope) => <ProjectList scope={scope} />}</ProjectsPage>;
}

const SORTS = ['name', 'key', 'dueDate', 'createdAt'];

function ProjectList({ scope }: { scope: ModuleScopeState }) {
  const list = useListParams();
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const sortId = SORTS.includes(list.get('sort') ?? '') ? list.get('sort')! : 'name';
  const query = {
    entityId: scope.entityId,
    q: list.get('q'),
    status: list.get('status'),
    priority: list.get('priority'),
    sort: sortId,
    dir: list.get('dir') === 'desc' ? 'desc' : 'asc',
    cursor: list.get('cursor'),
    limit: 25,
  };
  const projects = useProjects(query);
  const search = entitySearch(scope);
  const canWrite = scope.can('member');
  const exportQuery = new URLSearchParams(Object.entries({ ...query, cursor: undefined, limit: undefined }).filter((e): e is [string, string] => typeof e[1] === 'string'));
  const filtered = Boolean(query.q || query.status || query.priority);

  const columns: ColumnDef<Project>[] = [
    {
      id: 'name',
      accessorFn: (p) => p.name,
      header: 'Project',
      enableSorting: true,
      cell: ({ row: { original: p } }) => (
        <Link to={`/projects/${p.id}${search}`} className="font-medium text-primary underline-offset-4 hover:underline">
          {p.name}
        </Link>
      ),
    },
    { id: 'key', accessorFn: (p) => p.key, header: 'Key', enableSorting: true, cell: ({ row }) => <span className="font-mono text-xs">{row.original.key}</span> },
    { id: 'lead', header: 'Lead', enableSorting: false, cell: ({ row }) => row.original.lead?.name ?? '—' },
    { id: 'status', header: 'Status', enableSorting: false, cell: ({ row }) => <ProjectStatusBadge status={row.original.status} /> },
    { id: 'priority', header: 'Priority', enableSorting: false, cell: ({ row }) => <PriorityBadge priority={row.original.priority} /> },
    { id: 'progress', header: 'Progress', enableSorting: false, cell: ({ row }) => <Progress value={row.original.progress} label={`${row.original.name} progress`} /> },
    { id: 'dueDate', accessorFn: (p) => p.dueDate, header: 'Due', enableSorting: true, cell: ({ row }) => formatDay(row.original.dueDate) },
    ...(scope.entities.length > 1 ? [{ id: 'entity', header: 'Entity', enableSorting: false, cell: ({ row }) => row.original.entityName } as ColumnDef<Project>] : []),
  ];

  return (
    <>
      <PageHeading
        title="All Projects"
        description="Every project in your scope, with its lead, status and progress."
        actions={
          <ListActions
            exportHref={`/api/projects/projects/export?${exportQuery.toString()}`}
            addLabel="New Project"
            onAdd={canWrite ? () => setAdding(true) : undefined}
          />
        }
      />
      <search className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
        <ListTextFilter id="project-search" label="Search" search placeholder="Name or key" value={query.q} onApply={(value) => list.set({ q: value })} />
        <ListSelectFilter id="project-status" label="Status" value={query.status ?? ''} onChange={(value) => list.set({ status: value })}>
          <option value="">All statuses</option>
          {PROJECT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {PROJECT_STATUS_LABELS[s]}
            </option>
          ))}
        </ListSelectFilter>
        <ListSelectFilter id="project-priority" label="Priority" value={query.priority ?? ''} onChange={(value) => list.set({ priority: value })}>
          <option value="">All priorities</option>
          {PRIORITIES.map((p) => (
            <option key={p} value={p}>
              {PRIORITY_LABELS[p]}
            </option>
          ))}
        </ListSelectFilter>
      </search>
      <DataTable
        label="Projects"
        columns={columns}
        data={projects.data?.items}
        getRowId={(p) => p.id}
        sort={{ id: sortId, desc: query.dir === 'desc' }}
        onSortChange={(s) => list.set({ sort: s.id, dir: s.desc ? 'desc' : 'asc' })}
        isLoading={projects.isPending}
        error={projects.error}
        hasNext={Boolean(projects.data?.nextCursor)}
        hasPrevious={Boolean(query.cursor)}
        onNext={() => list.set({ cursor: projects.data?.nextCursor ?? undefined })}
        onFirst={() => list.set({ cursor: undefined })}
        empty={
          filtered ? (
            <EmptyState icon={FolderKanbanIcon} title="No projects match">
              Change the search or the filters to see more.
            </EmptyState>
          ) : (
            <EmptyState
              icon={FolderKanbanIcon}
              title="No projects yet"
              action={
                canWrite ? (
                  <Button onClick={() => setAdding(true)}>
                    <PlusIcon aria-hidden />
                    New Project
                  </Button>
                ) : undefined
              }
            >
              {canWrite ? 'Create your first project: give it a name and a short key such as WEB; its tasks are numbered WEB-1, WEB-2…' : 'Projects your team creates appear here.'}
            </EmptyState>
          )
        }
      />
      <ProjectDialog open={adding} onOpenChange={setAdding} scope={scope} onCreated={(p) => navigate(`/projects/${p.id}${search}`)} />
    </>
  );
}
