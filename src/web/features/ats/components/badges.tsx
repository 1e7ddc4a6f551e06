import { JOB_STATUS_LABELS, STAGE_LABELS, type JobStatus, type Stage } from '@/shared/ats';
import { cn } from '@/web/lib/utils';

const JOB_TONES: Record<JobStatus, string> = {
  draft: 'border-slate-300 bg-slate-100 text-slate-700',
  open: 'border-green-300 bg-green-50 text-green-800',
  on_hold: 'border-amber-300 bg-amber-50 text-amber-800',
  closed: 'border-slate-300 bg-white text-slate-600',
};

export function JobStatusBadge({ status }: { status: JobStatus }) {
  return <span className={cn('inline-flex rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap', JOB_TONES[status])}>{JOB_STATUS_LABELS[status]}</span>;
}

export function StageBadge({ stage }: { stage: Stage }) {
  const tone = stage === 'hired' ? 'border-green-300 bg-green-50 text-green-800' : stage === 'rejected' ? 'border-red-300 bg-red-50 text-red-800' : 'border-sky-300 bg-sky-50 text-sky-800';
  return <span className={cn('inline-flex rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap', tone)}>{STAGE_LABELS[stage]}</span>;
}
