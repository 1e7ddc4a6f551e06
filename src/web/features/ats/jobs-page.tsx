import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { BriefcaseIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { JOB_EMPLOYMENT_TYPE_LABELS, JOB_STATUS_LABELS, JOB_STATUSES, type Job } from '@/shared/ats';
import { Button } from '@/web/components/ui/button';
import { DataTable } from '@/web/components/module/data-table';
import { EmptyState } from '@/web/components/module/empty-state';
import { ListActions, ListSelectFilter, ListTextFilter } from '@/web/components/module/list-controls';
import { useListParams } from '@/web/components/module/list-params';
import { entitySearch, type ModuleScopeState } from '@/web/components/module/module-context';
import { jobsQuery } from './api';
import { AtsPage } from './ats-page';
import { PageHeading } from '@/web/components/module/module-page';
import { JobStatusBadge } from './components/badges';
import { JobDialog } from './components/job-dialog';
import { formatDate } from './format';

export function JobsPage() {
  return <AtsPage title="Jobs">{(scope) => <JobList scope={scope} />}</AtsPage>;
}

/** The spec's requisitions: jobs in Draft, not yet open for applications. */
export function RequisitionsPage() {
  return <AtsPage title="Requisitions">{(scope) => <JobList scope={scope} requisitions />}</AtsPage>;
}

const SORTS = ['createdAt', 'title'];

function JobList({ scope, requisitions = false }: { scope: ModuleScopeState; requisitions?: boolean }) {
  const list = useListParams();
  const [adding, setAdding] = useState(false);
  const sortId = SORTS.includes(list.get('sort') ?? '') ? list.get('sort')! : 'createdAt';
  const query = {
    entityId: scope.entityId,
    q: list.get('q'),
    status: requisitions ? 'draft' : list.get('status'),
    sort: sortId,
    dir: list.get('dir') === 'asc' ? 'asc' : 'desc',
    cursor: list.get('cursor'),
    limit: 25,
  };
  const jobs = useQuery(jobsQuery(query));
  const search = entitySearch(scope);
  const canWrite = scope.can('member');
  const exportQuery = new URLSearchParams(Object.entries({ ...query, cursor: undefined, limit: undefined }).filter((e): e is [string, string] => typeof e[1] === 'string'));
  const filtered = Boolean(query.q || (!requisitions && query.status));

  const columns: ColumnDef<Job>[] = [
    {
      id: 'title',
      accessorFn: (j) => j.title,
      header: 'Title',
      enableSorting: true,
      cell: ({ row: { original: j } }) => (
        <div className="grid">
          <Link to={`/ats/jobs/${j.id}${search}`} className="font-medium text-primary underline-offset-4 hover:underline">
            {j.title}
          </Link>
          <span className="text-xs text-muted-foreground">{[j.department, j.location].filter(Boolean).join(' · ') || '—'}</span>
        </div>
      ),
    },
    { id: 'type', header: 'Type', enableSorting: false, cell: ({ row }) => JOB_EMPLOYMENT_TYPE_LABELS[row.original.employmentType] },
    { id: 'manager', header: 'Hiring Manager', enableSorting: false, cell: ({ row }) => row.original.hiringManagerName ?? '—' },
    { id: 'pipeline', header: 'In Pipeline', enableSorting: false, cell: ({ row }) => <span className="tabular-nums">{row.original.activeApplications}</span> },
    { id: 'hired', header: 'Hired', enableSorting: false, cell: ({ row }) => <span className="tabular-nums">{`${row.original.hired} of ${row.original.openings}`}</span> },
    ...(scope.entities.length > 1 ? [{ id: 'entity', header: 'Entity', enableSorting: false, cell: ({ row }) => row.original.entityName } as ColumnDef<Job>] : []),
    { id: 'status', header: 'Status', enableSorting: false, cell: ({ row }) => <JobStatusBadge status={row.original.status} /> },
    { id: 'createdAt', accessorFn: (j) => j.createdAt, header: 'Posted', enableSorting: true, cell: ({ row }) => formatDate(row.original.createdAt) },
  ];

  const title = requisitions ? 'Requisitions' : 'Jobs';
  return (
    <>
      <PageHeading
        title={title}
        description={requisitions ? 'Jobs in Draft: approve and open them for applications.' : 'Open positions and their pipelines.'}
        actions={
          <ListActions exportHref={`/api/ats/jobs/export?${exportQuery.toString()}`} addLabel="Post Job" onAdd={canWrite ? () => setAdding(true) : undefined} />
        }
      />
      <search className={requisitions ? 'grid gap-3' : 'grid gap-3 sm:grid-cols-[2fr_1fr]'}>
        <ListTextFilter
          id="job-search"
          label="Search"
          search
          placeholder="Title, department or location"
          value={query.q}
          onApply={(value) => list.set({ q: value })}
        />
        {requisitions ? null : (
          <ListSelectFilter id="job-status" label="Status" value={query.status ?? ''} onChange={(value) => list.set({ status: value })}>
            <option value="">All statuses</option>
            {JOB_STATUSES.map((s) => (
              <option key={s} value={s}>
                {JOB_STATUS_LABELS[s]}
              </option>
            ))}
          </ListSelectFilter>
        )}
      </search>
      <DataTable
        label={title}
        columns={columns}
        data={jobs.data?.items}
        getRowId={(j) => j.id}
        sort={{ id: sortId, desc: query.dir === 'desc' }}
        onSortChange={(s) => list.set({ sort: s.id, dir: s.desc ? 'desc' : 'asc' })}
        isLoading={jobs.isPending}
        error={jobs.error}
        hasNext={Boolean(jobs.data?.nextCursor)}
        hasPrevious={Boolean(query.cursor)}
        onNext={() => list.set({ cursor: jobs.data?.nextCursor ?? undefined })}
        onFirst={() => list.set({ cursor: undefined })}
        empty={
          filtered ? (
            <EmptyState icon={BriefcaseIcon} title="No jobs match">
              Change the search or the filters to see more.
            </EmptyState>
          ) : (
            <EmptyState
              icon={BriefcaseIcon}
              title={requisitions ? 'No requisitions' : 'No jobs yet'}
              action={
                canWrite ? (
                  <Button onClick={() => setAdding(true)}>
                    <PlusIcon aria-hidden />
                    Post Job
                  </Button>
                ) : undefined
              }
            >
              {canWrite ? 'Post your first job: keep it in Draft while it is approved, then Open it for applications.' : 'Jobs posted by your recruiters appear here.'}
            </EmptyState>
          )
        }
      />
      <JobDialog open={adding} onOpenChange={setAdding} scope={scope} />
    </>
  );
}
