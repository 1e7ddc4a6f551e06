import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { FileTextIcon, PlusIcon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { CANDIDATE_CSV_COLUMNS, type Candidate } from '@/shared/ats';
import { Button } from '@/web/components/ui/button';
import { DataTable } from '@/web/components/module/data-table';
import { EmptyState } from '@/web/components/module/empty-state';
import { ImportDialog } from '@/web/components/module/import-dialog';
import { ListActions, ListTextFilter } from '@/web/components/module/list-controls';
import { useListParams } from '@/web/components/module/list-params';
import { entitySearch, type ModuleScopeState } from '@/web/components/module/module-context';
import { candidatesQuery } from './api';
import { AtsPage } from './ats-page';
import { PageHeading } from '@/web/components/module/module-page';
import { CandidateDialog } from './components/candidate-dialog';
import { formatDate } from './format';

export function CandidatesPage() {
  return <AtsPage title="Candidates">{(scope) => <CandidateList scope={scope} />}</AtsPage>;
}

const SORTS = ['createdAt', 'name'];

function CandidateList({ scope }: { scope: ModuleScopeState }) {
  const list = useListParams();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const sortId = SORTS.includes(list.get('sort') ?? '') ? list.get('sort')! : 'createdAt';
  const query = {
    entityId: scope.entityId,
    q: list.get('q'),
    sort: sortId,
    dir: list.get('dir') === 'asc' ? 'asc' : 'desc',
    cursor: list.get('cursor'),
    limit: 25,
  };
  const candidates = useQuery(candidatesQuery(query));
  const search = entitySearch(scope);
  const canWrite = scope.can('member');
  // Under "All entities" too: the import dialog then asks which entity the file goes into.
  const importInto = scope.inScope.filter((e) => scope.can('member', e.id));
  const exportQuery = new URLSearchParams(Object.entries({ ...query, cursor: undefined, limit: undefined }).filter((e): e is [string, string] => typeof e[1] === 'string'));

  const columns: ColumnDef<Candidate>[] = [
    {
      id: 'name',
      accessorFn: (c) => `${c.lastName} ${c.firstName}`,
      header: 'Name',
      enableSorting: true,
      cell: ({ row: { original: c } }) => (
        <div className="grid">
          <Link to={`/ats/candidates/${c.id}${search}`} className="font-medium text-primary underline-offset-4 hover:underline">
            {c.lastName}, {c.firstName}
          </Link>
          <span className="text-xs text-muted-foreground">{c.email}</span>
        </div>
      ),
    },
    { id: 'phone', header: 'Phone', enableSorting: false, cell: ({ row }) => row.original.phone || '—' },
    { id: 'source', header: 'Source', enableSorting: false, cell: ({ row }) => row.original.source || '—' },
    { id: 'applications', header: 'Applications', enableSorting: false, cell: ({ row }) => <span className="tabular-nums">{row.original.applications}</span> },
    {
      id: 'resume',
      header: 'Résumé',
      enableSorting: false,
      cell: ({ row }) =>
        row.original.resume ? (
          <span className="inline-flex items-center gap-1">
            <FileTextIcon className="size-4" aria-hidden />
            Yes
          </span>
        ) : (
          '—'
        ),
    },
    ...(scope.entities.length > 1 ? [{ id: 'entity', header: 'Entity', enableSorting: false, cell: ({ row }) => row.original.entityName } as ColumnDef<Candidate>] : []),
    { id: 'createdAt', accessorFn: (c) => c.createdAt, header: 'Added', enableSorting: true, cell: ({ row }) => formatDate(row.original.createdAt) },
  ];

  return (
    <>
      <PageHeading
        title="Candidates"
        description="Everyone who applied or was sourced, with their résumés and applications."
        actions={
          <ListActions
            exportHref={`/api/ats/candidates/export?${exportQuery.toString()}`}
            onImport={importInto.length > 0 ? () => setImporting(true) : undefined}
            addLabel="Add Candidate"
            onAdd={canWrite ? () => setAdding(true) : undefined}
          />
        }
      />
      <search className="grid gap-1.5">
        <ListTextFilter id="candidate-search" label="Search" search placeholder="Name or email" value={query.q} onApply={(value) => list.set({ q: value })} />
      </search>
      <DataTable
        label="Candidates"
        columns={columns}
        data={candidates.data?.items}
        getRowId={(c) => c.id}
        sort={{ id: sortId, desc: query.dir === 'desc' }}
        onSortChange={(s) => list.set({ sort: s.id, dir: s.desc ? 'desc' : 'asc' })}
        isLoading={candidates.isPending}
        error={candidates.error}
        hasNext={Boolean(candidates.data?.nextCursor)}
        hasPrevious={Boolean(query.cursor)}
        onNext={() => list.set({ cursor: candidates.data?.nextCursor ?? undefined })}
        onFirst={() => list.set({ cursor: undefined })}
        empty={
          query.q ? (
            <EmptyState icon={UsersIcon} title="No candidates match">
              Change the search to see more.
            </EmptyState>
          ) : (
            <EmptyState
              icon={UsersIcon}
              title="No candidates yet"
              action={
                canWrite ? (
                  <Button onClick={() => setAdding(true)}>
                    <PlusIcon aria-hidden />
                    Add Candidate
                  </Button>
                ) : undefined
              }
            >
              {canWrite ? 'Add a candidate with their résumé, or import a CSV file with one row per candidate.' : 'Candidates added by your recruiters appear here.'}
            </EmptyState>
          )
        }
      />
      <CandidateDialog open={adding} onOpenChange={setAdding} scope={scope} />
      {importInto.length > 0 ? (
        <ImportDialog
          open={importing}
          onOpenChange={setImporting}
          title="Import Candidates"
          path="/ats/candidates/import"
          entities={importInto}
          columns={CANDIDATE_CSV_COLUMNS}
          invalidate={['ats']}
        />
      ) : null}
    </>
  );
}
