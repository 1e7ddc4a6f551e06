import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { PRIORITIES, PRIORITY_LABELS, PROJECTS_MESSAGES, TASK_STATUS_LABELS, TASK_STATUSES, taskCreateInput, taskUpdateInput, type Task } from '@/shared/projects';
import type { ModuleScopeState } from '@/web/components/module/module-context';
import { fieldErrors, Options, SelectField, TextAreaField, TextField, useFormState, valuesOf } from '@/web/components/module/form-fields';
import { DialogForm, formDialog, succeeded } from '@/web/components/module/record-dialog';
import { projectsQuery, useCreateTask, userOptionsQuery, useUpdateTask } from '../api';

/** New Task (no `task`; optionally in a given project and column) or edit one's content. */
export const TaskDialog = formDialog(TaskForm);

function TaskForm({ scope, task, projectId, status, onDone }: { scope: ModuleScopeState; task?: Task; projectId?: string; status?: Task['status']; onDone: () => void }) {
  const { id, values, setValues, set, errors, setErrors } = useFormState(() => ({
    ...valuesOf(task, { projectId: projectId ?? '', title: '', description: '', status: status ?? 'todo', priority: 'medium', dueDate: '' }),
    assigneeId: task?.assignee?.id ?? '',
    labels: task?.labels.join(', ') ?? '',
  }));
  const projects = useQuery(projectsQuery({ entityId: scope.entityId, limit: 100, sort: 'name', dir: 'asc' }));
  const writableProjects = (projects.data?.items ?? []).filter((p) => scope.can('member', p.entityId));
  const entityId = task?.entityId ?? writableProjects.find((p) => p.id === values.projectId)?.entityId ?? '';
  const users = useQuery({ ...userOptionsQuery(entityId), enabled: entityId !== '' });
  const create = useCreateTask();
  const update = useUpdateTask();

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
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    const onError = (error: Error) => setErrors({ form: error.message });
    if (task) {
      update.mutate({ ...(parsed.data as ReturnType<typeof taskUpdateInput.parse>), id: task.id }, { onSuccess: succeeded(PROJECTS_MESSAGES.taskUpdated, onDone), onError });
    } else {
      create.mutate(parsed.data as ReturnType<typeof taskCreateInput.parse>, { onSuccess: (t) => succeeded(`${PROJECTS_MESSAGES.taskCreated}: ${t.code}`, onDone)(), onError });
    }
  };

  return (
    <DialogForm
      title={task ? 'Edit Task' : 'New Task'}
      description={task ? `${task.code} · ${task.title}` : 'The task gets the next number of its project.'}
      onSubmit={submit}
      onCancel={onDone}
      error={errors.form}
      submitLabel={task ? 'Save Changes' : 'Create Task'}
      busy={create.isPending || update.isPending}
    >
      {!task ? (
        <SelectField
          id={`${id}-project`}
          label="Project"
          value={values.projectId}
          onChange={(projectId) => setValues((v) => ({ ...v, projectId, assigneeId: '' }))}
          error={errors.projectId}
        >
          <option value="">Choose a project</option>
          {writableProjects.map((p) => (
            <option key={p.id} value={p.id}>
              {p.key} · {p.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <TextField id={`${id}-title`} label="Title" value={values.title} onChange={set('title')} error={errors.title} />
      <TextAreaField
        id={`${id}-description`}
        label="Description (Markdown)"
        className="min-h-28 font-mono"
        value={values.description}
        onChange={set('description')}
        error={errors.description}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {!task ? (
          <SelectField id={`${id}-status`} label="Status" value={values.status} onChange={set('status')} error={errors.status}>
            <Options values={TASK_STATUSES} labels={TASK_STATUS_LABELS} />
          </SelectField>
        ) : null}
        <SelectField id={`${id}-priority`} label="Priority" value={values.priority} onChange={set('priority')} error={errors.priority}>
          <Options values={PRIORITIES} labels={PRIORITY_LABELS} />
        </SelectField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id={`${id}-assignee`} label="Assignee" value={values.assigneeId} onChange={set('assigneeId')} error={errors.assigneeId} disabled={!entityId}>
          <option value="">Unassigned</option>
          {(users.data?.items ?? []).map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </SelectField>
        <TextField id={`${id}-dueDate`} label="Due Date" type="date" value={values.dueDate} onChange={set('dueDate')} error={errors.dueDate} />
      </div>
      <TextField id={`${id}-labels`} label="Labels" value={values.labels} onChange={set('labels')} error={errors.labels} placeholder="bug, ui" />
    </DialogForm>
  );
}
