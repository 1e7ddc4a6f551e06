import { useQuery } from '@tanstack/react-query';
import { RefreshCwIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { CRM_MESSAGES, LEAD_SOURCE_LABELS, type Lead } from '@/shared/crm';
import { entitySearch, type ModuleScopeState } from '@/web/components/module/module-context';
import { Button } from '@/web/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/web/components/ui/tooltip';
import { SectionCard } from '@/web/components/module/dashboard';
import { leadQuery } from './api';
import { ActivityTimeline } from './components/activity-timeline';
import { LeadStatusBadge } from './components/badges';
import { ConvertDialog } from './components/convert-dialog';
import { DetailList } from '@/web/components/module/form-fields';
import { LeadDialog } from './components/lead-dialog';
import { CrmPage } from './crm-page';
import { RecordPage } from '@/web/components/module/record-page';
import { formatWhen } from './format';

export function LeadPage() {
  return <CrmPage title="Lead">{(scope) => <LeadDetail scope={scope} />}</CrmPage>;
}

function LeadDetail({ scope }: { scope: ModuleScopeState }) {
  const { id = '' } = useParams();
  const lead = useQuery(leadQuery(id));
  const [converting, setConverting] = useState(false);
  const search = entitySearch(scope);
  const link = (to: string, label: string) => (
    <Link key={to} to={`${to}${search}`} className="text-primary underline-offset-4 hover:underline">
      {label}
    </Link>
  );
  return (
    <RecordPage scope={scope} query={lead} back={{ to: `/crm/leads${search}`, label: 'Leads' }}>
      {(l, canWrite) => {
        const currency = scope.entities.find((e) => e.id === l.entityId)?.currency ?? 'USD';
        return {
          title: l.name,
          description: l.companyName || 'Lead',
          edit: canWrite ? { dialog: (props) => <LeadDialog {...props} scope={scope} lead={l} /> } : undefined,
          actions: (edit) =>
            canWrite ? (
              <>
                {edit}
                {l.convertedAt ? null : <ConvertButton lead={l} onConvert={() => setConverting(true)} />}
              </>
            ) : null,
          body: (
            <>
              {l.convertedAt ? (
                <p role="status" className="rounded-md border border-violet-300 bg-violet-50 p-3 text-sm text-violet-900">
                  Converted on {formatWhen(l.convertedAt)}: {l.convertedClientId ? link(`/crm/clients/${l.convertedClientId}`, 'client') : null}
                  {l.convertedContactId ? <>, {link(`/crm/contacts/${l.convertedContactId}`, 'contact')}</> : null}
                  {l.convertedOpportunityId ? <> and {link(`/crm/opportunities/${l.convertedOpportunityId}`, 'opportunity')}</> : null}.
                </p>
              ) : null}
              <SectionCard title="Details">
                <DetailList
                  items={[
                    ['Status', <LeadStatusBadge key="s" lead={l} />],
                    ['Source', LEAD_SOURCE_LABELS[l.source]],
                    ['Email', l.email || '—'],
                    ['Company Name', l.companyName || '—'],
                    ['Owner', l.ownerName ?? '—'],
                    ['Entity', l.entityName],
                    ['Created', formatWhen(l.createdAt)],
                  ]}
                />
              </SectionCard>
              <ActivityTimeline target="leadId" id={l.id} canWrite={canWrite} />
              <ConvertDialog open={converting} onOpenChange={setConverting} lead={l} currency={currency} search={search} />
            </>
          ),
        };
      }}
    </RecordPage>
  );
}

/** Why a lead that is not Qualified cannot be converted, and what to do about it. */
const NOT_QUALIFIED_HINT = `${CRM_MESSAGES.notQualified} Edit the lead and set its status to Qualified first.`;

/**
 * Convert, for a lead not converted yet. Before it is Qualified the button stays in its place,
 * unavailable (aria-disabled, so it can still be focused) with the reason as its accessible
 * description and in a tooltip that opens on hover, on keyboard focus and on a tap (touch
 * screens have no hover).
 */
function ConvertButton({ lead, onConvert }: { lead: Lead; onConvert: () => void }) {
  const hintId = useId();
  const [hintOpen, setHintOpen] = useState(false);
  if (lead.status === 'qualified') {
    return (
      <Button onClick={onConvert}>
        <RefreshCwIcon aria-hidden />
        Convert
      </Button>
    );
  }
  return (
    <Tooltip open={hintOpen} onOpenChange={setHintOpen}>
      <TooltipTrigger asChild>
        <Button
          aria-disabled="true"
          // While the tooltip is open Radix describes the button with it; closed, the hidden copy does.
          {...(hintOpen ? {} : { 'aria-describedby': hintId })}
          className="cursor-not-allowed opacity-50 hover:bg-primary"
          onClick={(e) => {
            // Not Radix's close-on-click: the click shows the reason instead.
            e.preventDefault();
            setHintOpen(true);
          }}
        >
          <RefreshCwIcon aria-hidden />
          Convert
        </Button>
      </TooltipTrigger>
      <span id={hintId} hidden>
        {NOT_QUALIFIED_HINT}
      </span>
      <TooltipContent className="max-w-64">{NOT_QUALIFIED_HINT}</TooltipContent>
    </Tooltip>
  );
}
