import { Building2Icon } from 'lucide-react';
import { CLIENT_STATUS_LABELS, CLIENT_STATUSES, type Client } from '@/shared/crm';
import { labelled } from '@/web/components/module/list-params';
import { CRM_MODULE } from '@/web/components/module/module-config';
import { column, entityColumn, ModuleListPage, RecordLink, sortedColumn } from '@/web/components/module/record-list';
import { clientsQuery } from './api';
import { ClientStatusBadge } from './components/badges';
import { ClientDialog } from './components/client-dialog';
import { formatWhen } from './format';

export function ClientsPage() {
  return (
    <ModuleListPage<Client>
      module={CRM_MODULE}
      name="client"
      title="Clients"
      description="The companies you sell to."
      query={clientsQuery}
      sorts={{ name: 'asc', createdAt: 'asc', lastActivity: 'asc' }}
      filters={[
        { kind: 'search', placeholder: 'Name or industry' },
        { kind: 'select', param: 'status', label: 'Status', all: 'All statuses', options: labelled(CLIENT_STATUSES, CLIENT_STATUS_LABELS) },
      ]}
      columns={({ scope, search }) => [
        sortedColumn('name', 'Name', (c) => c.name, (c) => <RecordLink to={`/crm/clients/${c.id}${search}`} detail={c.website}>{c.name}</RecordLink>),
        column('industry', 'Industry', (c) => c.industry || '—'),
        column('status', 'Status', (c) => <ClientStatusBadge status={c.status} />),
        column('owner', 'Owner', (c) => c.ownerName ?? '—'),
        ...entityColumn<Client>(scope),
        sortedColumn('lastActivity', 'Last Activity', (c) => c.lastActivityAt, (c) => formatWhen(c.lastActivityAt)),
      ]}
      add={{ label: 'Add Client', dialog: ClientDialog }}
      empty={{
        icon: Building2Icon,
        noMatchHint: 'Change the search or the status to see more.',
        writer: 'Add the companies you sell to, or convert a qualified lead.',
        reader: 'Clients added by your sales team appear here.',
      }}
    />
  );
}
