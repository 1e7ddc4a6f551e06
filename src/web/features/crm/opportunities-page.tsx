import { useQuery } from '@tanstack/react-query';
import type { ColumnDef } from '@tanstack/react-table';
import { HandshakeIcon, KanbanIcon, ListIcon } from 'lucide-react';
import { useState } from 'react';
import { formatMoney, OPPORTUNITY_STAGE_LABELS, OPPORTUNITY_STAGES, type Opportunity } from '@/shared/crm';
import { ListActions, ListFilters } from '@/web/components/module/list-controls';
import { labelled, useListQuery, type ListFilter, type ListQueryState } from '@/web/components/module/list-params';
import { entitySearch, type ModuleScopeState } from '@/web/components/module/module-context';
import { PageHeading } from '@/web/components/module/module-page';
import { entityColumn, exportHref, RecordLink, RecordTable } from '@/web/components/module/record-list';
import { Button } from '@/web/components/ui/button';
import { opportunitiesQuery } from './api';
import { StageBadge } from './components/badges';
import { OpportunityDialog } from './components/opportunity-dialog';
import { PipelineBoard } from './components/pipeline-board';
import { CrmPage } from './crm-page';
import { formatDay, formatWhen, scopeCurrency } from './format';

export function OpportunitiesPage() {
  return <CrmPage title="Opportunities">{(scope) => <Opportunities scope={scope} />}</CrmPage>;
}

const SEARCH: ListFilter = { kind: 'search', placeholder: 'Opportunity or client' };
/** The list view's filters; the board has the search only. */
const LIST_FILTERS: ListFilter[] = [
  SEARCH,
  { kind: 'select', param: 'stage', label: 'Stage', all: 'All stages', options: labelled(OPPORTUNITY_STAGES, OPPORTUNITY_STAGE_LABELS) },
  {
    kind: 'select',
    param: 'open',
    label: 'Open or closed',
    all: 'All',
    options: [
      { value: 'true', label: 'Open' },
      { value: 'false', label: 'Closed' },
    ],
  },
];

function Opportunities({ scope }: { scope: ModuleScopeState }) {
  const [adding, setAdding] = useState(false);
  const state = useListQuery({
    entityId: scope.entityId,
    sorts: { createdAt: 'desc', name: 'asc', amount: 'desc' },
    filters: LIST_FILTERS,
  });
  const { list } = state;
  const view = list.get('view') === 'list' ? 'list' : 'board';
  const canWrite = scope.can('member');
  const search = entitySearch(scope);
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
            <ListActions
              exportHref={exportHref(`${opportunitiesQuery.path}/export`, view === 'list' ? state.query : { entityId: scope.entityId, q: list.get('q') })}
              addLabel="Add Opportunity"
              onAdd={canWrite ? () => setAdding(true) : undefined}
            />
          </>
        }
      />
      <ListFilters name="opportunity" filters={view === 'list' ? LIST_FILTERS : [SEARCH]} list={list} />
      {view === 'board' ? (
        <PipelineBoard query={boardQuery} canWrite={(entityId) => scope.can('member', entityId)} search={search} currency={scopeCurrency(scope.inScope)} />
      ) : (
        <OpportunityList scope={scope} state={state} onAdd={canWrite ? () => setAdding(true) : undefined} />
      )}
      <OpportunityDialog open={adding} onOpenChange={setAdding} scope={scope} />
    </>
  );
}

function OpportunityList({ scope, state, onAdd }: { scope: ModuleScopeState; state: ListQueryState; onAdd?: () => void }) {
  const opportunities = useQuery(opportunitiesQuery(state.query));
  const search = entitySearch(scope);
  const columns: ColumnDef<Opportunity>[] = [
    {
      id: 'name',
      accessorFn: (o) => o.name,
      header: 'Name',
      enableSorting: true,
      cell: ({ row: { original: o } }) => <RecordLink to={`/crm/opportunities/${o.id}${search}`}>{o.name}</RecordLink>,
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
    ...entityColumn<Opportunity>(scope),
    { id: 'createdAt', accessorFn: (o) => o.createdAt, header: 'Created', enableSorting: true, cell: ({ row }) => formatWhen(row.original.createdAt) },
  ];
  return (
    <RecordTable
      label="Opportunities"
      columns={columns}
      state={state}
      result={opportunities}
      add={onAdd ? { label: 'Add Opportunity', onClick: onAdd } : undefined}
      empty={{
        icon: HandshakeIcon,
        noMatch: 'No opportunities match',
        none: 'No opportunities yet',
        writer: 'Add a deal with a client, or convert a qualified lead.',
        reader: 'Opportunities added by your sales team appear here.',
      }}
    />
  );
}
