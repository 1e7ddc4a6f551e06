import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatMoney } from '@/shared/crm';
import { entitySearch, type ModuleScopeState } from '@/web/components/module/module-context';
import { SectionCard } from '@/web/components/module/dashboard';
import { opportunityQuery } from './api';
import { ActivityTimeline } from './components/activity-timeline';
import { StageBadge } from './components/badges';
import { DetailList } from '@/web/components/module/form-fields';
import { OpportunityDialog } from './components/opportunity-dialog';
import { CrmPage } from './crm-page';
import { RecordPage } from '@/web/components/module/record-page';
import { formatDay, formatWhen } from './format';

export function OpportunityPage() {
  return <CrmPage title="Opportunity">{(scope) => <OpportunityDetail scope={scope} />}</CrmPage>;
}

function OpportunityDetail({ scope }: { scope: ModuleScopeState }) {
  const { id = '' } = useParams();
  const opportunity = useQuery(opportunityQuery(id));
  const search = entitySearch(scope);
  return (
    <RecordPage scope={scope} query={opportunity} back={{ to: `/crm/opportunities${search}`, label: 'Opportunities' }}>
      {(o, canWrite) => ({
        title: o.name,
        description: (
          <>
            {formatMoney(o.amountMinor, o.currency)} with{' '}
            <Link to={`/crm/clients/${o.clientId}${search}`} className="text-primary underline-offset-4 hover:underline">
              {o.clientName}
            </Link>
          </>
        ),
        edit: canWrite ? { dialog: (props) => <OpportunityDialog {...props} scope={scope} opportunity={o} /> } : undefined,
        body: (
          <>
            <SectionCard title="Details">
              <DetailList
                items={[
                  ['Stage', <StageBadge key="s" stage={o.stage} />],
                  ['Amount', formatMoney(o.amountMinor, o.currency)],
                  ['Expected Close Date', o.expectedCloseDate ? formatDay(o.expectedCloseDate) : '—'],
                  ['Owner', o.ownerName ?? '—'],
                  ...(o.stage === 'closed_lost' ? ([['Lost Reason', o.lostReason]] as [string, string][]) : []),
                  ...(o.closedAt ? ([['Closed', formatWhen(o.closedAt)]] as [string, string][]) : []),
                  ['Entity', o.entityName],
                ]}
              />
            </SectionCard>
            <ActivityTimeline target="opportunityId" id={o.id} canWrite={canWrite} />
          </>
        ),
      })}
    </RecordPage>
  );
}
