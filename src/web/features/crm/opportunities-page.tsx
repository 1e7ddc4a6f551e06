import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { DownloadIcon, HandshakeIcon, KanbanIcon, ListIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatMoney, OPPORTUNITY_STAGE_LABELS, OPPORTUNITY_STAGES, type Opportunity } from '@/shared/crm';
import { DataTable } from '@/web/components/module/data-table';
import { EmptyState } from '@/web/components/module/empty-state';
import { ListSelectFilter } from '@/web/components/module/list-controls';
import { useListParams } from '@/web/components/module/list-params';
import { entitySearch, type ModuleScopeState } from '@/web/components/module/module-context';
import { Button } from '@/web/components/ui/button';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import { opportunitiesQuery } from './api';
import { StageBadge } from './components/badges';
import { OpportunityDialog } from './components/opportunity-dialog';
import { PipelineBoard } from './components/pipeline-board';
import { CrmPage } from './crm-page';
import { PageHeading } from '@/web/components/module/module-page';
import { formatDay, formatWhen, scopeCurrency } from './format';
import { exportHref } from './list-helpers';

export function OpportunitiesPage() {
  return <CrmPage title="Opportunities">{(scope) => <Opportunities scope={scope} />}</CrmPage>;
}

const SORTS = ['createdAt', 'name', 'amount'];

function Opportunities({ scope }: { scope: ModuleScopeState }) {
  const list = useListParams();
  const [adding, setAdding] = useState(false);
  const view = list.get('view') === 'list' ? 'list' : 'board';
  const canWrite = scope.can('member');
  const search = entitySearch(scope);
  const sortId = SORTS.includes(list.get('sort') ?? '') ? list.get('sort')! : 'createdAt';
  const listQuery = {
    entityId: scope.entityId,
    q: list.get('q'),
    stage: list.get('stage'),
    open: list.get('open'),
    sort: sortId,
    dir: (list.get('dir') ?? (sortId === 'name' ? 'asc' : 'desc')) === 'desc' ? 'desc' : 'asc',
    cursor: list.get('cursor'),
    limit: 25,
  };
  const boardQuery = { entityId: scope.entityId, q: list.get('q'), limit: 20 };

  return (
    <>
      <PageHeading
        title="Opportunities"
        description="Your deals by stage. Drag a card, or lift it with Space and move it with the arrow keys."
        actions={
          <>
            <div className="inline-flex rounded-md border p-0.5" role="group" aria-label="View">
              <Button size="sm" variant={view === 'board' ? 'secondary' : 'ghost'} aria-pressed={view === 'board'} onClick={() => list.set({ view: undefined })}>
                <KanbanIcon aria-hidden />
                Board
              </Button>
              <Button size="sm" variant={view === 'list' ? 'secondary' : 'ghost'} aria-pressed={view === 'list'} onClick={() => list.set({ view: 'list' })}>
                <ListIcon aria-hidden />
                List
              </Button>
            </div>
            <Button asChild variant="outline">
              <a href={exportHref('/crm/opportunities/export', view === 'list' ? listQuery : { entityId: scope.entityId, q: list.get('q') })} download>
                <DownloadIcon aria-hidden />
                Export CSV
              </a>
            </Button>
            {canWrite ? (
              <Button onClick={() => setAdding(true)}>
                <PlusIcon aria-hidden />
                Add Opportunity
              </Button>
            ) : null}
          </>
        }
      />
      <search className={view === 'list' ? 'grid gap-3 sm:grid-cols-[2fr_1fr_1fr]' : 'grid gap-1.5 sm:max-w-md'}>
        <div className="grid gap-1.5">
          <Label htmlFor="opportunity-search">Search</Label>
          <Input
            id="opportunity-search"
            type="search"
            placeholder="Opportunity or client"
            defaultValue={list.get('q') ?? ''}
            onKeyDown={(e) => {
              if (e.key === 'Enter') list.set({ q: e.currentTarget.value.trim() });
            }}
            onBlur={(e) => e.currentTarget.value.trim() !== (list.get('q') ?? '') && list.set({ q: e.currentTarget.value.trim() })}
          />
        </div>
        {view === 'list' ? (
          <>
            <ListSelectFilter id="opportunity-stage" label="Stage" value={listQuery.stage ?? ''} onChange={(value) => list.set({ stage: value })}>
              <option value="">All stages</option>
              {OPPORTUNITY_STAGES.map((s) => (
                <option key={s} value={s}>
                  {OPPORTUNITY_STAGE_LABELS[s]}
                </option>
              ))}
            </ListSelectFilter>
            <ListSelectFilter id="opportunity-open" label="Open or closed" value={listQuery.open ?? ''} onChange={(value) => list.set({ open: value })}>
              <option value="">All</option>
              <option value="true">Open</option>
              <option value="false">Closed</option>
            </ListSelectFilter>
          </>
        ) : null}
      </search>
      {view === 'board' ? (
        <PipelineBoard query={boardQuery} canWrite={(entityId) => scope.can('member', entityId)} search={search} currency={scopeCurrency(scope.inScope)} />
      ) : (
        <OpportunityList scope={scope} query={listQuery} onAdd={() => setAdding(true)} />
      )}
      <OpportunityDialog open={adding} onOpenChange={setAdding} scope={scope} />
    </>
  );
}

function OpportunityList({ scope, query, onAdd }: { scope: ModuleScopeState; query: Record<string, string | number | undefined>; onAdd: () => void }) {
  const list = useListParams();
  const opportunities = useQuery(opportunitiesQuery(query));
  const search = entitySearch(scope);
  const canWrite = scope.can('member');
  const filtered = Boolean(query.q || query.stage || query.open);
  const columns: ColumnDef<Opportunity>[] = [
    {
      id: 'name',
      accessorFn: (o) => o.name,
      header: 'Name',
      enableSorting: true,
      cell: ({ row: { original: o } }) => (
        <Link to={`/crm/opportunities/${o.id}${search}`} className="font-medium text-primary underline-offset-4 hover:underline">
          {o.name}
        </Link>
      ),
    },
    { id: 'client', header: 'Client', enableSorting: false, cell: ({ row }) => row.original.clientName },
    { id: 'stage', header: 'Stage', enableSorting: false, cell: ({ row }) => <StageBadge stage={row.original.stage} /> },
    {
      id: 'amount',
      accessorFn: (o) => o.amountMinor,
      header: 'Amount',
      enableSorting: true,
      cell: ({ row }) => <span className="tabular-nums">{formatMoney(row.original.amountMinor, row.original.currency)}</span>,
    },
    { id: 'close', header: 'Expected Close', enableSorting: false, cell: ({ row }) => (row.original.expectedCloseDate ? formatDay(row.original.expectedCloseDate) : '—') },
    { id: 'owner', header: 'Owner', enableSorting: false, cell: ({ row }) => row.original.ownerName ?? '—' },
    ...(scope.entities.length > 1 ? [{ id: 'entity', header: 'Entity', enableSorting: false, cell: ({ row }) => row.original.entityName } as ColumnDef<Opportunity>] : []),
    { id: 'createdAt', accessorFn: (o) => o.createdAt, header: 'Created', enableSorting: true, cell: ({ row }) => formatWhen(row.original.createdAt) },
  ];
  return (
    <DataTable
      label="Opportunities"
      columns={columns}
      data={opportunities.data?.items}
      getRowId={(o) => o.id}
      sort={{ id: String(query.sort), desc: query.dir === 'desc' }}
      onSortChange={(s) => list.set({ sort: s.id, dir: s.desc ? 'desc' : 'asc' })}
      isLoading={opportunities.isPending}
      error={opportunities.error}
      hasNext={Boolean(opportunities.data?.nextCursor)}
      hasPrevious={Boolean(query.cursor)}
      onNext={() => list.set({ cursor: opportunities.data?.nextCursor ?? undefined })}
      onFirst={() => list.set({ cursor: undefined })}
      empty={
        filtered ? (
          <EmptyState icon={HandshakeIcon} title="No opportunities match">
            Change the search or the filters to see more.
          </EmptyState>
        ) : (
          <EmptyState
            icon={HandshakeIcon}
            title="No opportunities yet"
            action={
              canWrite ? (
                <Button onClick={onAdd}>
                  <PlusIcon aria-hidden />
                  Add Opportunity
                </Button>
              ) : undefined
            }
          >
            {canWrite ? 'Add a deal with a client, or convert a qualified lead.' : 'Opportunities added by your sales team appear here.'}
          </EmptyState>
        )
      }
    />
  );
}
