import type { ColumnDef } from '@tanstack/react-table';
import { Building2Icon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { CLIENT_STATUS_LABELS, CLIENT_STATUSES, type Client } from '@/shared/crm';
import { DataTable } from '@/web/components/module/data-table';
import { EmptyState } from '@/web/components/module/empty-state';
import { ListActions, ListSelectFilter, ListTextFilter } from '@/web/components/module/list-controls';
import { useListParams } from '@/web/components/module/list-params';
import { entitySearch, type ModuleScopeState } from '@/web/components/module/module-context';
import { Button } from '@/web/components/ui/button';
import { useQuery } from '@tanstack/react-query';
import { clientsQuery } from './api';
import { ClientStatusBadge } from './components/badges';
import { ClientDialog } from './components/client-dialog';
import { CrmPage } from './crm-page';
import { PageHeading } from '@/web/components/module/module-page';
import { formatWhen } from './format';
import { exportHref } from './list-helpers';

export function ClientsPage() {
  return <CrmPage title="Clients">{(scope) => <ClientList scope={scope} />}</CrmPage>;
}

const SORTS = ['name', 'createdAt', 'lastActivity'];

function ClientList({ scope }: { scope: ModuleScopeState }) {
  const list = useListParams();
  const [adding, setAdding] = useState(false);
  const sortId = SORTS.includes(list.get('sort') ?? '') ? list.get('sort')! : 'name';
  const query = {
    entityId: scope.entityId,
    q: list.get('q'),
    status: list.get('status'),
    sort: sortId,
    dir: list.get('dir') === 'desc' ? 'desc' : 'asc',
    cursor: list.get('cursor'),
    limit: 25,
  };
  const clients = useQuery(clientsQuery(query));
  const search = entitySearch(scope);
  const canWrite = scope.can('member');
  const filtered = Boolean(query.q || query.status);

  const columns: ColumnDef<Client>[] = [
    {
      id: 'name',
      accessorFn: (c) => c.name,
      header: 'Name',
      enableSorting: true,
      cell: ({ row: { original: c } }) => (
        <div className="grid">
          <Link to={`/crm/clients/${c.id}${search}`} className="font-medium text-primary underline-offset-4 hover:underline">
            {c.name}
          </Link>
          {c.website ? <span className="text-xs text-muted-foreground">{c.website}</span> : null}
        </div>
      ),
    },
    { id: 'industry', header: 'Industry', enableSorting: false, cell: ({ row }) => row.original.industry || '—' },
    { id: 'status', header: 'Status', enableSorting: false, cell: ({ row }) => <ClientStatusBadge status={row.original.status} /> },
    { id: 'owner', header: 'Owner', enableSorting: false, cell: ({ row }) => row.original.ownerName ?? '—' },
    ...(scope.entities.length > 1 ? [{ id: 'entity', header: 'Entity', enableSorting: false, cell: ({ row }) => row.original.entityName } as ColumnDef<Client>] : []),
    { id: 'lastActivity', accessorFn: (c) => c.lastActivityAt, header: 'Last Activity', enableSorting: true, cell: ({ row }) => formatWhen(row.original.lastActivityAt) },
  ];

  return (
    <>
      <PageHeading
        title="Clients"
        description="The companies you sell to."
        actions={
          <ListActions exportHref={exportHref('/crm/clients/export', query)} addLabel="Add Client" onAdd={canWrite ? () => setAdding(true) : undefined} />
        }
      />
      <search className="grid gap-3 sm:grid-cols-[2fr_1fr]">
        <ListTextFilter id="client-search" label="Search" search placeholder="Name or industry" value={query.q} onApply={(value) => list.set({ q: value })} />
        <ListSelectFilter id="client-status" label="Status" value={query.status ?? ''} onChange={(value) => list.set({ status: value })}>
          <option value="">All statuses</option>
          {CLIENT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {CLIENT_STATUS_LABELS[s]}
            </option>
          ))}
        </ListSelectFilter>
      </search>
      <DataTable
        label="Clients"
        columns={columns}
        data={clients.data?.items}
        getRowId={(c) => c.id}
        sort={{ id: sortId, desc: query.dir === 'desc' }}
        onSortChange={(s) => list.set({ sort: s.id, dir: s.desc ? 'desc' : 'asc' })}
        isLoading={clients.isPending}
        error={clients.error}
        hasNext={Boolean(clients.data?.nextCursor)}
        hasPrevious={Boolean(query.cursor)}
        onNext={() => list.set({ cursor: clients.data?.nextCursor ?? undefined })}
        onFirst={() => list.set({ cursor: undefined })}
        empty={
          filtered ? (
            <EmptyState icon={Building2Icon} title="No clients match">
              Change the search or the status to see more.
            </EmptyState>
          ) : (
            <EmptyState
              icon={Building2Icon}
              title="No clients yet"
              action={
                canWrite ? (
                  <Button onClick={() => setAdding(true)}>
                    <PlusIcon aria-hidden />
                    Add Client
                  </Button>
                ) : undefined
              }
            >
              {canWrite ? 'Add the companies you sell to, or convert a qualified lead.' : 'Clients added by your sales team appear here.'}
            </EmptyState>
          )
        }
      />
      <ClientDialog open={adding} onOpenChange={setAdding} scope={scope} />
    </>
  );
}
