import {
  CLIENT_STATUS_LABELS,
  LEAD_STATUS_LABELS,
  OPPORTUNITY_STAGE_LABELS,
  type ClientStatus,
  type Lead,
  type OpportunityStage,
} from '@/shared/crm';
import { cn } from '@/web/lib/utils';

const pill = 'inline-flex whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium';

const CLIENT_TONES: Record<ClientStatus, string> = {
  active: 'border-green-300 bg-green-50 text-green-800',
  prospect: 'border-blue-300 bg-blue-50 text-blue-800',
  inactive: 'border-slate-300 bg-slate-100 text-slate-700',
};
export const ClientStatusBadge = ({ status }: { status: ClientStatus }) => <span className={cn(pill, CLIENT_TONES[status])}>{CLIENT_STATUS_LABELS[status]}</span>;

const LEAD_TONES: Record<Lead['status'] | 'converted', string> = {
  new: 'border-sky-300 bg-sky-50 text-sky-800',
  contacted: 'border-indigo-300 bg-indigo-50 text-indigo-800',
  qualified: 'border-green-300 bg-green-50 text-green-800',
  disqualified: 'border-slate-300 bg-slate-100 text-slate-700',
  converted: 'border-violet-300 bg-violet-50 text-violet-800',
};
export const LeadStatusBadge = ({ lead }: { lead: Pick<Lead, 'status' | 'convertedAt'> }) =>
  lead.convertedAt ? (
    <span className={cn(pill, LEAD_TONES.converted)}>Converted</span>
  ) : (
    <span className={cn(pill, LEAD_TONES[lead.status])}>{LEAD_STATUS_LABELS[lead.status]}</span>
  );

const STAGE_TONES: Record<OpportunityStage, string> = {
  prospecting: 'border-slate-300 bg-slate-50 text-slate-800',
  qualification: 'border-sky-300 bg-sky-50 text-sky-800',
  proposal: 'border-indigo-300 bg-indigo-50 text-indigo-800',
  negotiation: 'border-amber-300 bg-amber-50 text-amber-900',
  closed_won: 'border-green-300 bg-green-50 text-green-800',
  closed_lost: 'border-red-300 bg-red-50 text-red-800',
};
export const StageBadge = ({ stage }: { stage: OpportunityStage }) => <span className={cn(pill, STAGE_TONES[stage])}>{OPPORTUNITY_STAGE_LABELS[stage]}</span>;
