// The checklist template dialogs: a template (its kind, name, whether new starters or leavers get
// it) and a template task. Each form checks its input with the shared schema (the server's own)
// before sending, and shows the server's sentence when it refuses.
import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import {
  ASSIGNEE_KIND_LABELS,
  ASSIGNEE_KINDS,
  CHECKLIST_ANCHOR_LABELS,
  CHECKLIST_KIND_LABELS,
  CHECKLIST_KINDS,
  ONBOARDING_MESSAGES,
  checklistTemplateCreateInput,
  checklistTemplateUpdateInput,
  templateTaskCreateInput,
  templateTaskUpdateInput,
  type AssigneeKind,
  type ChecklistKind,
  type ChecklistTemplate,
  type TemplateTask,
} from '@/shared/onboarding';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Label } from '@/web/components/ui/label';
import { fieldErrors, Options, SelectField, TextAreaField, TextField, useFormState, type Errors } from '@/web/components/module/form-fields';
import { DialogForm, formDialog, succeeded } from '@/web/components/module/record-dialog';
import { assigneeOptionsQuery, useAddTemplateTask, useCreateTemplate, useUpdateTemplate, useUpdateTemplateTask } from './api';

type Parsed<T> = { success: true; data: T } | { success: false; error: { issues: readonly { path: PropertyKey[]; message: string }[] } };

/** Checks `parsed`, then sends it; a refused field or the server's sentence lands on the form. */
function send<T>(parsed: Parsed<T>, setErrors: (errors: Errors) => void, mutate: (data: T, options: { onSuccess: () => void; onError: (error: Error) => void }) => void, onSuccess: () => void) {
  if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
  setErrors({});
  mutate(parsed.data, { onSuccess, onError: (error) => setErrors({ form: error.message }) });
}

function TemplateForm({ entityId, template, onDone }: { entityId: string; template?: ChecklistTemplate; onDone: () => void }) {
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const { id, values, set, setValues, errors, setErrors } = useFormState({ kind: (template?.kind ?? 'onboarding') as ChecklistKind, name: template?.name ?? '', isDefault: template?.isDefault ?? true });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (template)
      send(checklistTemplateUpdateInput.safeParse({ name: values.name, isDefault: values.isDefault, version: template.version }), setErrors, (data, o) => update.mutate({ id: template.id, ...data }, o), succeeded(ONBOARDING_MESSAGES.templateUpdated, onDone));
    else send(checklistTemplateCreateInput.safeParse({ entityId, ...values }), setErrors, create.mutate, succeeded(ONBOARDING_MESSAGES.templateCreated, onDone));
  };
  return (
    <DialogForm
      title={template ? 'Edit Checklist Template' : 'Add Checklist Template'}
      description="The default template of each kind is copied into a new starter’s or a leaver’s checklist."
      onSubmit={submit}
      onCancel={onDone}
      error={errors.form}
      submitLabel={template ? 'Save Changes' : 'Add Template'}
      busy={create.isPending || update.isPending}
    >
      {template ? null : (
        <SelectField id={`${id}-kind`} label="Kind" value={values.kind} onChange={set('kind')} error={errors.kind}>
          <Options values={CHECKLIST_KINDS} labels={CHECKLIST_KIND_LABELS} />
        </SelectField>
      )}
      <TextField id={`${id}-name`} label="Name" value={values.name} onChange={set('name')} error={errors.name} placeholder="e.g. Engineering onboarding" maxLength={100} />
      <div className="flex items-center gap-2">
        <Checkbox id={`${id}-default`} checked={values.isDefault} onCheckedChange={(checked) => setValues((v) => ({ ...v, isDefault: checked === true }))} />
        <Label htmlFor={`${id}-default`}>Default: used for every new {values.kind === 'onboarding' ? 'starter' : 'leaver'} of this entity</Label>
      </div>
    </DialogForm>
  );
}
export const TemplateDialog = formDialog(TemplateForm);

function TemplateTaskForm({ template, task, onDone }: { template: ChecklistTemplate; task?: TemplateTask; onDone: () => void }) {
  const add = useAddTemplateTask();
  const update = useUpdateTemplateTask();
  const users = useQuery(assigneeOptionsQuery(template.entityId));
  const { id, values, set, errors, setErrors } = useFormState({
    title: task?.title ?? '',
    description: task?.description ?? '',
    assigneeKind: (task?.assigneeKind ?? 'hr') as AssigneeKind,
    assigneeUserId: task?.assigneeUserId ?? '',
    dueOffsetDays: String(task?.dueOffsetDays ?? 0),
  });
  const anchor = CHECKLIST_ANCHOR_LABELS[template.kind].toLowerCase();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const offset = values.dueOffsetDays.trim();
    const body = {
      title: values.title,
      description: values.description,
      assigneeKind: values.assigneeKind,
      assigneeUserId: values.assigneeKind === 'user' && values.assigneeUserId ? values.assigneeUserId : null,
      // Not a whole number: sent as text, so the schema says what it must be.
      dueOffsetDays: /^-?\d+$/.test(offset) ? Number(offset) : offset,
    };
    if (task) send(templateTaskUpdateInput.safeParse({ ...body, version: task.version }), setErrors, (data, o) => update.mutate({ id: task.id, ...data }, o), succeeded(ONBOARDING_MESSAGES.taskUpdated, onDone));
    else send(templateTaskCreateInput.safeParse(body), setErrors, (data, o) => add.mutate({ templateId: template.id, ...data }, o), succeeded(ONBOARDING_MESSAGES.taskAdded, onDone));
  };
  return (
    <DialogForm
      title={task ? 'Edit Task' : 'Add Task'}
      description={`A task of “${template.name}”: who does it, and how many days after the ${anchor} it is due (negative: before; 0: on the day).`}
      onSubmit={submit}
      onCancel={onDone}
      error={errors.form}
      submitLabel={task ? 'Save Changes' : 'Add Task'}
      busy={add.isPending || update.isPending}
    >
      <TextField id={`${id}-title`} label="Title" value={values.title} onChange={set('title')} error={errors.title} placeholder="e.g. Order a laptop" maxLength={200} />
      <TextAreaField id={`${id}-description`} label="Description" value={values.description} onChange={set('description')} error={errors.description} rows={4} maxLength={2000} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id={`${id}-assignee`} label="Assignee" value={values.assigneeKind} onChange={set('assigneeKind')} error={errors.assigneeKind}>
          <Options values={ASSIGNEE_KINDS} labels={ASSIGNEE_KIND_LABELS} />
        </SelectField>
        <TextField
          id={`${id}-due`}
          label={`Due (days after the ${anchor})`}
          value={values.dueOffsetDays}
          onChange={set('dueOffsetDays')}
          error={errors.dueOffsetDays}
          inputMode="numeric"
          placeholder="e.g. -3, 0 or 7"
        />
      </div>
      {values.assigneeKind === 'user' ? (
        <SelectField id={`${id}-user`} label="User" value={values.assigneeUserId} onChange={set('assigneeUserId')} error={errors.assigneeUserId}>
          <option value="">Choose a user</option>
          {(users.data?.items ?? []).map((u) => (
            <option key={u.id} value={u.id}>
              {u.name} ({u.email})
            </option>
          ))}
        </SelectField>
      ) : null}
    </DialogForm>
  );
}
export const TemplateTaskDialog = formDialog(TemplateTaskForm);
