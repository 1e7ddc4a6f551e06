import { TargetIcon } from 'lucide-react';
import { LEAD_CSV_COLUMNS, LEAD_SOURCE_LABELS, LEAD_SOURCES, LEAD_STATUS_LABELS, LEAD_STATUSES, type Lead } from '@/shared/crm';
import { labelled } from '@/web/components/module/list-params';
import { CRM_MODULE } from '@/web/components/module/module-config';
import { column, entityColumn, ModuleListPage, RecordLink, sortedColumn } from '@/web/components/module/record-list';
import { leadsQuery } from './api';
import { LeadStatusBadge } from './components/badges';
import { LeadDialog } from './components/lead-dialog';
import { formatWhen } from './format';

export function LeadsPage() {
  return (
    <ModuleListPage<Lead>
      module={CRM_MODULE}
      name="lead"
      title="Leads"
      description="People who may buy: qualify them, then convert."
      query={leadsQuery}
      sorts={{ createdAt: 'desc', name: 'asc' }}
      filters={[
        { kind: 'search', placeholder: 'Name, company or email' },
        {
          kind: 'select',
          param: 'status',
          label: 'Status',
          all: 'All statuses',
          options: [...labelled(LEAD_STATUSES, LEAD_STATUS_LABELS), { value: 'converted', label: 'Converted' }],
        },
        { kind: 'select', param: 'source', label: 'Source', all: 'All sources', options: labelled(LEAD_SOURCES, LEAD_SOURCE_LABELS) },
      ]}
      columns={({ scope, search }) => [
        sortedColumn('name', 'Name', (l) => l.name, (l) => <RecordLink to={`/crm/leads/${l.id}${search}`} detail={l.email}>{l.name}</RecordLink>),
        column('company', 'Company Name', (l) => l.companyName || '—'),
        column('source', 'Source', (l) => LEAD_SOURCE_LABELS[l.source]),
        column('status', 'Status', (l) => <LeadStatusBadge lead={l} />),
        column('owner', 'Owner', (l) => l.ownerName ?? '—'),
        ...entityColumn<Lead>(scope),
        sortedColumn('createdAt', 'Created', (l) => l.createdAt, (l) => formatWhen(l.createdAt)),
      ]}
      importColumns={LEAD_CSV_COLUMNS}
      add={{ label: 'Add Lead', dialog: LeadDialog }}
      empty={{
        icon: TargetIcon,
        writer: 'Add your first lead, or import a CSV file with one row per lead.',
        reader: 'Leads added by your sales team appear here.',
      }}
    />
  );
}
