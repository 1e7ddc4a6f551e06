import { useQuery } from '@tanstack/react-query';
import { ArrowLeftIcon, PencilIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatMoney } from '@/shared/crm';
import { entitySearch, type ModuleScopeState } from '@/web/components/module/module-context';
import { Button } from '@/web/components/ui/button';
import { PageState } from '@/web/components/ui/page-state';
import { SectionCard } from '@/web/components/module/dashboard';
import { opportunityQuery } from './api';
import { ActivityTimeline } from './components/activity-timeline';
import { StageBadge } from './components/badges';
import { DetailList } from '@/web/components/module/form-fields';
import { OpportunityDialog } from './components/opportunity-dialog';
import { CrmPage } from './crm-page';
import { PageHeading } from '@/web/components/module/module-page';
import { formatDay, formatWhen } from './format';

export function OpportunityPage() {
  return <CrmPage title="Opportunity">{(scope) => <OpportunityDetail scope={scope} />}</CrmPage>;
}

function OpportunityDetail({ scope }: { scope: ModuleScopeState }) {
  const { id = '' } = useParams();
  const opportunity = useQuery(opportunityQuery(id));
  const [editing, setEditing] = useState(false);
  const search = entitySearch(scope);
  if (opportunity.isPending) return <PageState>Loading...</PageState>;
  if (opportunity.isError) {
    return (
      <PageState>
        <span className="grid gap-3">
          <span>{opportunity.error.message}</span>
          <Link to={`/crm/opportunities${search}`} className="text-primary underline">
            Back to Opportunities
          </Link>
        </span>
      </PageState>
    );
  }
  const o = opportunity.data;
  const canWrite = scope.can('member', o.entityId);
  return (
    <>
      <Link to={`/crm/opportunities${search}`} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeftIcon className="size-4" aria-hidden />
        Opportunities
      </Link>
      <PageHeading
        title={o.name}
        description={
          <>
            {formatMoney(o.amountMinor, o.currency)} with{' '}
            <Link to={`/crm/clients/${o.clientId}${search}`} className="text-primary underline-offset-4 hover:underline">
              {o.clientName}
            </Link>
          </>
        }
        actions={
          canWrite ? (
            <Button variant="outline" onClick={() => setEditing(true)}>
              <PencilIcon aria-hidden />
              Edit
            </Button>
          ) : null
        }
      />
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
      <OpportunityDialog open={editing} onOpenChange={setEditing} scope={scope} opportunity={o} />
    </>
  );
}
