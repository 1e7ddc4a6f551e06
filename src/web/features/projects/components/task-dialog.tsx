import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import {
  PRIORITIES,
  PRIORITY_LABELS,
  PROJECTS_MESSAGES,
  TASK_STATUS_LABELS,
  TASK_STATUSES,
  taskCreateInput,
  taskUpdateInput,
  type Task,
} from '@/shared/projects';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import type { ModuleScopeState } from '@/web/components/module/module-context';
import { toast } from '@/web/lib/toast';
import { projectsQuery, useCreateTask, userOptionsQuery, useUpdateTask } from '../api';
import { nativeSelect } from '@/web/components/module/styles';
import { Textarea } from '@/web/components/ui/textarea';

type Values = { projectId: string; title: string; description: string; status: string; priority: string; assigneeId: string; dueDate: string; labels: string };
type Errors = Partial<Record<keyof Values | 'form', string>>;

/** New Task (no `task`; optionally in a given project and column) or edit one's content. */
export function TaskDialog({
  open,
  onOpenChange,
  scope,
  task,
  projectId,
  status,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  scope: ModuleScopeState;
  task?: Task;
  projectId?: string;
  status?: Task['status'];
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        {open ? <TaskForm scope={scope} task={task} projectId={projectId} status={status} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function TaskForm({ scope, task, projectId, status, onDone }: { scope: ModuleScopeState; task?: Task; projectId?: string; status?: Task['status']; onDone: () => void }) {
  const id = useId();
  const [values, setValues] = useState<Values>({
    projectId: task?.projectId ?? projectId ?? '',
    title: task?.title ?? '',
    description: task?.description ?? '',
    status: task?.status ?? status ?? 'todo',
    priority: task?.priority ?? 'medium',
    assigneeId: task?.assignee?.id ?? '',
    dueDate: task?.dueDate ?? '',
    labels: task?.labels.join(', ') ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const projects = useQuery(projectsQuery({ entityId: scope.entityId, limit: 100, sort: 'name', dir: 'asc' }));
  const writableProjects = (projects.data?.items ?? []).filter((p) => scope.can('member', p.entityId));
  const entityId = task?.entityId ?? writableProjects.find((p) => p.id === values.projectId)?.entityId ?? '';
  const users = useQuery({ ...userOptionsQuery(entityId), enabled: entityId !== '' });
  const create = useCreateTask();
  const update = useUpdateTask();
  const saving = create.isPending || update.isPending;
  const set = (key: keyof Values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      title: values.title,
      description: values.description,
      priority: values.priority,
      assigneeId: values.assigneeId || null,
      dueDate: values.dueDate || null,
      labels: values.labels
        .split(',')
        .map((l) => l.trim())
        .filter(Boolean),
    };
    const parsed = task
      ? taskUpdateInput.safeParse({ ...body, version: task.version })
      : taskCreateInput.safeParse({ ...body, projectId: values.projectId, status: values.status });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[(issue.path[0] as keyof Values | undefined) ?? 'form'] ??= issue.message;
      return setErrors(next);
    }
    setErrors({});
    const onError = (error: Error) => setErrors({ form: error.message });
    if (task) {
      update.mutate(
        { ...(parsed.data as ReturnType<typeof taskUpdateInput.parse>), id: task.id },
        {
          onSuccess: () => {
            toast.success('Success', { description: PROJECTS_MESSAGES.taskUpdated });
            onDone();
          },
          onError,
        },
      );
    } else {
      create.mutate(parsed.data as ReturnType<typeof taskCreateInput.parse>, {
        onSuccess: (t) => {
          toast.success('Success', { description: `${PROJECTS_MESSAGES.taskCreated}: ${t.code}` });
          onDone();
        },
        onError,
      });
    }
  };

  const input = (key: 'title' | 'dueDate' | 'labels', label: string, type = 'text', hint?: string) => (
    <Field id={`${id}-${key}`} label={label} error={errors[key]}>
      <Input
        id={`${id}-${key}`}
        type={type}
        value={values[key]}
        onChange={set(key)}
        placeholder={hint}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
      />
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{task ? 'Edit Task' : 'New Task'}</DialogTitle>
        <DialogDescription>{task ? `${task.code} · ${task.title}` : 'The task gets the next number of its project.'}</DialogDescription>
      </DialogHeader>
      {!task ? (
        <Field id={`${id}-project`} label="Project" error={errors.projectId}>
          <select id={`${id}-project`} className={nativeSelect} value={values.projectId} onChange={(e) => setValues((v) => ({ ...v, projectId: e.target.value, assigneeId: '' }))}>
            <option value="">Choose a project</option>
            {writableProjects.map((p) => (
              <option key={p.id} value={p.id}>
                {p.key} · {p.name}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      {input('title', 'Title')}
      <Field id={`${id}-description`} label="Description (Markdown)" error={errors.description}>
        <Textarea
          className="min-h-28 font-mono"
          id={`${id}-description`}
          value={values.description}
          onChange={set('description')}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        {!task ? (
          <Field id={`${id}-status`} label="Status" error={errors.status}>
            <select id={`${id}-status`} className={nativeSelect} value={values.status} onChange={set('status')}>
              {TASK_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {TASK_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </Field>
        ) : null}
        <Field id={`${id}-priority`} label="Priority" error={errors.priority}>
          <select id={`${id}-priority`} className={nativeSelect} value={values.priority} onChange={set('priority')}>
            {PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {PRIORITY_LABELS[p]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-assignee`} label="Assignee" error={errors.assigneeId}>
          <select id={`${id}-assignee`} className={nativeSelect} value={values.assigneeId} onChange={set('assigneeId')} disabled={!entityId}>
            <option value="">Unassigned</option>
            {(users.data?.items ?? []).map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
          </select>
        </Field>
        {input('dueDate', 'Due Date', 'date')}
      </div>
      {input('labels', 'Labels', 'text', 'bug, ui')}
      {errors.form ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.form}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : task ? 'Save Changes' : 'Create Task'}
        </Button>
      </DialogFooter>
    </form>
  );
}
