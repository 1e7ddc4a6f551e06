import { PRIORITY_LABELS, PROJECT_STATUS_LABELS, TASK_STATUS_LABELS, type Priority, type ProjectStatus, type TaskStatus } from '@/shared/projects';
import { Badge } from '@/web/components/ui/badge';
import { cn } from '@/web/lib/utils';

const PROJECT_STATUS_STYLES: Record<ProjectStatus, string> = {
  planning: 'bg-slate-200 text-slate-800',
  in_progress: 'bg-blue-100 text-blue-900',
  review: 'bg-purple-100 text-purple-900',
  completed: 'bg-green-100 text-green-900',
};
const TASK_STATUS_STYLES: Record<TaskStatus, string> = {
  todo: 'bg-slate-200 text-slate-800',
  in_progress: 'bg-blue-100 text-blue-900',
  in_review: 'bg-purple-100 text-purple-900',
  done: 'bg-green-100 text-green-900',
};
const PRIORITY_STYLES: Record<Priority, string> = {
  critical: 'bg-red-100 text-red-900',
  high: 'bg-orange-100 text-orange-900',
  medium: 'bg-yellow-100 text-yellow-900',
  low: 'bg-slate-100 text-slate-800',
};

const badge = (className: string, text: string) => <Badge className={cn('whitespace-nowrap border-transparent', className)}>{text}</Badge>;

export const ProjectStatusBadge = ({ status }: { status: ProjectStatus }) => badge(PROJECT_STATUS_STYLES[status], PROJECT_STATUS_LABELS[status]);
export const TaskStatusBadge = ({ status }: { status: TaskStatus }) => badge(TASK_STATUS_STYLES[status], TASK_STATUS_LABELS[status]);
export const PriorityBadge = ({ priority }: { priority: Priority }) => badge(PRIORITY_STYLES[priority], PRIORITY_LABELS[priority]);

/** A progress bar whose figure is written beside it. */
export function Progress({ value, label }: { value: number; label: string }) {
  return (
    <div className="flex min-w-28 items-center gap-2">
      <div className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200" role="progressbar" aria-label={label} aria-valuenow={value} aria-valuemin={0} aria-valuemax={100}>
        <div className="h-full rounded-full bg-primary" style={{ width: `${value}%` }} />
      </div>
      <span className="w-10 text-right text-sm tabular-nums">{value}%</span>
    </div>
  );
}

export const formatDay = (day: string | null) =>
  day ? new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }) : '—';
export const todayIso = () => new Date().toISOString().slice(0, 10);
