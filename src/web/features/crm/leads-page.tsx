import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { PlusIcon, TargetIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { LEAD_CSV_COLUMNS, LEAD_SOURCE_LABELS, LEAD_SOURCES, LEAD_STATUS_LABELS, LEAD_STATUSES, type Lead } from '@/shared/crm';
import { DataTable } from '@/web/components/module/data-table';
import { EmptyState } from '@/web/components/module/empty-state';
import { ImportDialog } from '@/web/components/module/import-dialog';
import { ListActions, ListSelectFilter, ListTextFilter } from '@/web/components/module/list-controls';
import { useListParams } from '@/web/components/module/list-params';
import { entitySearch, type ModuleScopeState } from '@/web/components/module/module-context';
import { Button } from '@/web/components/ui/button';
import { leadsQuery } from './api';
import { LeadStatusBadge } from './components/badges';
import { LeadDialog } from './components/lead-dialog';
import { CrmPage } from './crm-page';
import { PageHeading } from '@/web/components/module/module-page';
import { formatWhen } from './format';
import { exportHref } from './list-helpers';

export function LeadsPage() {
  return <CrmPage title="Leads">{(scope) => <LeadList scope={scope} />}</CrmPage>;
}

const SORTS = ['name', 'createdAt'];

function LeadList({ scope }: { scope: ModuleScopeState }) {
  const list = useListParams();
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const sortId = SORTS.includes(list.get('sort') ?? '') ? list.get('sort')! : 'createdAt';
  const query = {
    entityId: scope.entityId,
    q: list.get('q'),
    status: list.get('status'),
    source: list.get('source'),
    sort: sortId,
    dir: (list.get('dir') ?? (sortId === 'createdAt' ? 'desc' : 'asc')) === 'desc' ? 'desc' : 'asc',
    cursor: list.get('cursor'),
    limit: 25,
  };
  const leads = useQuery(leadsQuery(query));
  const search = entitySearch(scope);
  const canWrite = scope.can('member');
  // Under "All entities" too: the import dialog then asks which entity the file goes into.
  const importInto = scope.inScope.filter((e) => scope.can('member', e.id));
  const filtered = Boolean(query.q || query.status || query.source);

  const columns: ColumnDef<Lead>[] = [
    {
      id: 'name',
      accessorFn: (l) => l.name,
      header: 'Name',
      enableSorting: true,
      cell: ({ row: { original: l } }) => (
        <div className="grid">
          <Link to={`/crm/leads/${l.id}${search}`} className="font-medium text-primary underline-offset-4 hover:underline">
            {l.name}
          </Link>
          {l.email ? <span className="text-xs text-muted-foreground">{l.email}</span> : null}
        </div>
      ),
    },
    { id: 'company', header: 'Company Name', enableSorting: false, cell: ({ row }) => row.original.companyName || '—' },
    { id: 'source', header: 'Source', enableSorting: false, cell: ({ row }) => LEAD_SOURCE_LABELS[row.original.source] },
    { id: 'status', header: 'Status', enableSorting: false, cell: ({ row }) => <LeadStatusBadge lead={row.original} /> },
    { id: 'owner', header: 'Owner', enableSorting: false, cell: ({ row }) => row.original.ownerName ?? '—' },
    ...(scope.entities.length > 1 ? [{ id: 'entity', header: 'Entity', enableSorting: false, cell: ({ row }) => row.original.entityName } as ColumnDef<Lead>] : []),
    { id: 'createdAt', accessorFn: (l) => l.createdAt, header: 'Created', enableSorting: true, cell: ({ row }) => formatWhen(row.original.createdAt) },
  ];

  return (
    <>
      <PageHeading
        title="Leads"
        description="People who may buy: qualify them, then convert."
        actions={
          <ListActions
            exportHref={exportHref('/crm/leads/export', query)}
            onImport={importInto.length > 0 ? () => setImporting(true) : undefined}
            addLabel="Add Lead"
            onAdd={canWrite ? () => setAdding(true) : undefined}
          />
        }
      />
      <search className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
        <ListTextFilter
          id="lead-search"
          label="Search"
          search
          placeholder="Name, company or email"
          value={query.q}
          onApply={(value) => list.set({ q: value })}
        />
        <ListSelectFilter id="lead-status" label="Status" value={query.status ?? ''} onChange={(value) => list.set({ status: value })}>
          <option value="">All statuses</option>
          {LEAD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {LEAD_STATUS_LABELS[s]}
            </option>
          ))}
          <option value="converted">Converted</option>
        </ListSelectFilter>
        <ListSelectFilter id="lead-source" label="Source" value={query.source ?? ''} onChange={(value) => list.set({ source: value })}>
          <option value="">All sources</option>
          {LEAD_SOURCES.map((s) => (
            <option key={s} value={s}>
              {LEAD_SOURCE_LABELS[s]}
            </option>
          ))}
        </ListSelectFilter>
      </search>
      <DataTable
        label="Leads"
        columns={columns}
        data={leads.data?.items}
        getRowId={(l) => l.id}
        sort={{ id: sortId, desc: query.dir === 'desc' }}
        onSortChange={(s) => list.set({ sort: s.id, dir: s.desc ? 'desc' : 'asc' })}
        isLoading={leads.isPending}
        error={leads.error}
        hasNext={Boolean(leads.data?.nextCursor)}
        hasPrevious={Boolean(query.cursor)}
        onNext={() => list.set({ cursor: leads.data?.nextCursor ?? undefined })}
        onFirst={() => list.set({ cursor: undefined })}
        empty={
          filtered ? (
            <EmptyState icon={TargetIcon} title="No leads match">
              Change the search or the filters to see more.
            </EmptyState>
          ) : (
            <EmptyState
              icon={TargetIcon}
              title="No leads yet"
              action={
                canWrite ? (
                  <Button onClick={() => setAdding(true)}>
                    <PlusIcon aria-hidden />
                    Add Lead
                  </Button>
                ) : undefined
              }
            >
              {canWrite ? 'Add your first lead, or import a CSV file with one row per lead.' : 'Leads added by your sales team appear here.'}
            </EmptyState>
          )
        }
      />
      <LeadDialog open={adding} onOpenChange={setAdding} scope={scope} />
      {importInto.length > 0 ? (
        <ImportDialog
          open={importing}
          onOpenChange={setImporting}
          title="Import Leads"
          path="/crm/leads/import"
          entities={importInto}
          columns={LEAD_CSV_COLUMNS}
          invalidate={['crm']}
        />
      ) : null}
    </>
  );
}
