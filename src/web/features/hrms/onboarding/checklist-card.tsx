import { Link } from 'react-router';
import { CHECKLIST_ANCHOR_LABELS, CHECKLIST_KIND_LABELS, type AssigneeKind, type Checklist, type ChecklistTask } from '@/shared/onboarding';
import { Badge } from '@/web/components/ui/badge';
import { Checkbox } from '@/web/components/ui/checkbox';
import { errorMessage } from '@/web/lib/api';
import { toast } from '@/web/lib/toast';
import { formatDay, todayIso } from '../format';
import { useTickTask } from './api';

/** "3 of 5 tasks done" as a bar, named for screen readers. */
export function ChecklistProgress({ checklist }: { checklist: Pick<Checklist, 'totalTasks' | 'doneTasks' | 'overdueTasks' | 'kind'> }) {
  const { totalTasks: total, doneTasks: done } = checklist;
  const percent = total === 0 ? 100 : Math.round((done / total) * 100);
  const label = `${CHECKLIST_KIND_LABELS[checklist.kind]} progress`;
  return (
    <div className="grid gap-1">
      <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted-foreground">
        <span>
          {done} of {total} tasks done
        </span>
        {checklist.overdueTasks > 0 ? <Badge variant="danger">{checklist.overdueTasks} overdue</Badge> : null}
      </div>
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 overflow-hidden rounded-full bg-muted">
        <div className={percent === 100 ? 'h-full bg-green-600' : 'h-full bg-primary'} style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** Why nobody was resolved for a task meant for someone: it fell to HR. */
const UNRESOLVED: Record<Exclude<AssigneeKind, 'hr'>, string> = { manager: 'HR (no manager with an account)', employee: 'HR (no linked account)', user: 'HR (the named user is gone)' };

/** Who does a task: the person resolved, else HR. */
const assignee = (task: ChecklistTask) => task.assigneeName ?? (task.assigneeKind === 'hr' ? 'HR' : UNRESOLVED[task.assigneeKind]);

function TaskRow({ task }: { task: ChecklistTask }) {
  const tick = useTickTask();
  const done = task.doneAt !== null;
  const overdue = !done && task.dueDate < todayIso();
  const id = `task-${task.id}`;
  const onChange = (checked: boolean) =>
    tick.mutate({ id: task.id, done: checked }, { onError: (error) => toast.error('Error', { description: errorMessage(error, 'The task could not be saved. Please try again.') }) });
  return (
    <li id={id} className="flex items-start gap-3 py-2">
      <Checkbox
        id={`${id}-done`}
        className="mt-0.5"
        checked={done}
        disabled={!task.canComplete || tick.isPending}
        onCheckedChange={(checked) => onChange(checked === true)}
        aria-describedby={`${id}-meta`}
      />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <label htmlFor={`${id}-done`} className={done ? 'text-sm font-medium break-words text-muted-foreground line-through' : 'text-sm font-medium break-words'}>
          {task.title}
        </label>
        {task.description ? <p className="text-xs break-words whitespace-pre-line text-muted-foreground">{task.description}</p> : null}
        <p id={`${id}-meta`} className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
          <span>For {assignee(task)}</span>
          <span className={overdue ? 'font-semibold text-red-700' : undefined}>
            {overdue ? 'Overdue: ' : 'Due '}
            {formatDay(task.dueDate)}
          </span>
          {done ? <span>Done{task.doneByName ? ` by ${task.doneByName}` : ''}</span> : null}
        </p>
      </div>
    </li>
  );
}

/** One employee's checklist: who, from which day, the progress bar, and the tasks the caller sees (ticked where they may). */
export function ChecklistCard({ checklist, employeeLink = true }: { checklist: Checklist; employeeLink?: boolean }) {
  const heading = `${checklist.employeeName}: ${checklist.name}`;
  return (
    <section aria-label={heading} className="grid gap-3 rounded-lg border bg-card p-4" id={`checklist-${checklist.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <h3 className="font-semibold break-words">
            {employeeLink ? (
              <Link className="underline-offset-4 hover:underline" to={`/hrms/employees/${checklist.employeeId}`}>
                {checklist.employeeName}
              </Link>
            ) : (
              checklist.employeeName
            )}
          </h3>
          <p className="text-xs text-muted-foreground break-words">
            {[checklist.jobTitle, `${checklist.name}`, `${CHECKLIST_ANCHOR_LABELS[checklist.kind]} ${formatDay(checklist.anchorDate)}`].filter(Boolean).join(' · ')}
          </p>
        </div>
        {checklist.completedAt ? <Badge variant="success">Complete</Badge> : null}
      </div>
      <ChecklistProgress checklist={checklist} />
      {checklist.tasks.length > 0 ? (
        <ul className="divide-y" aria-label={`Tasks of ${heading}`}>
          {checklist.tasks.map((task) => (
            <TaskRow key={task.id} task={task} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
