import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import {
  PRIORITIES,
  PRIORITY_LABELS,
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
  PROJECTS_MESSAGES,
  projectCreateInput,
  projectUpdateInput,
  type Project,
} from '@/shared/projects';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Label } from '@/web/components/ui/label';
import type { ModuleScopeState } from '@/web/components/module/module-context';
import { EntityField, fieldErrors, FormError, Options, SelectField, TextAreaField, TextField, useFormState, valuesOf, writableEntities } from '@/web/components/module/form-fields';
import { DialogForm, formDialog, succeeded } from '@/web/components/module/record-dialog';
import { useCreateProject, userOptionsQuery, useUpdateProject } from '../api';

/** Add Project (no `project`) or edit one. */
export const ProjectDialog = formDialog(ProjectForm);

function ProjectForm({ scope, project, onDone, onCreated }: { scope: ModuleScopeState; project?: Project; onDone: () => void; onCreated?: (p: Project) => void }) {
  const { writable, initial } = writableEntities(scope);
  const { id, values, setValues, set, errors, setErrors } = useFormState(() => ({
    ...valuesOf(project, { entityId: initial, name: '', key: '', description: '', status: 'planning', priority: 'medium', startDate: '', dueDate: '' }),
    leadId: project?.lead?.id ?? '',
    memberIds: project?.members.map((m) => m.id) ?? [],
  }));
  const create = useCreateProject();
  const update = useUpdateProject();
  const users = useQuery({ ...userOptionsQuery(values.entityId), enabled: values.entityId !== '' });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name: values.name,
      key: values.key.trim().toUpperCase(),
      description: values.description,
      status: values.status,
      priority: values.priority,
      leadId: values.leadId || null,
      memberIds: values.memberIds,
      startDate: values.startDate || null,
      dueDate: values.dueDate || null,
    };
    const parsed = project ? projectUpdateInput.safeParse({ ...body, version: project.version }) : projectCreateInput.safeParse({ ...body, entityId: values.entityId });
    if (!parsed.success) {
      const next = fieldErrors(parsed.error.issues);
      if (!values.entityId) next.entityId = 'Choose an entity';
      return setErrors(next);
    }
    setErrors({});
    const onError = (error: Error) => setErrors({ form: error.message });
    if (project) {
      update.mutate({ ...(parsed.data as ReturnType<typeof projectUpdateInput.parse>), id: project.id }, { onSuccess: succeeded(PROJECTS_MESSAGES.projectUpdated, onDone), onError });
    } else {
      const created = succeeded(PROJECTS_MESSAGES.projectCreated, onDone);
      create.mutate(parsed.data as ReturnType<typeof projectCreateInput.parse>, { onSuccess: (p) => (created(), onCreated?.(p)), onError });
    }
  };

  return (
    <DialogForm
      title={project ? 'Edit Project' : 'New Project'}
      description={project ? `${project.key} · ${project.name}` : 'A project groups tasks under a short key, e.g. WEB-12.'}
      onSubmit={submit}
      onCancel={onDone}
      error={errors.form}
      submitLabel={project ? 'Save Changes' : 'Create Project'}
      busy={create.isPending || update.isPending}
    >
      {project ? null : (
        <EntityField
          id={`${id}-entity`}
          entities={writable}
          value={values.entityId}
          onChange={(entityId) => setValues((v) => ({ ...v, entityId, leadId: '', memberIds: [] }))}
          error={errors.entityId}
        />
      )}
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <TextField id={`${id}-name`} label="Name" value={values.name} onChange={set('name')} error={errors.name} />
        <TextField
          id={`${id}-key`}
          label="Key"
          value={values.key}
          onChange={set('key')}
          error={errors.key}
          maxLength={6}
          autoCapitalize="characters"
          placeholder="WEB"
          className="uppercase"
        />
      </div>
      <TextAreaField id={`${id}-description`} label="Description" className="min-h-24" value={values.description} onChange={set('description')} error={errors.description} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id={`${id}-status`} label="Status" value={values.status} onChange={set('status')} error={errors.status}>
          <Options values={PROJECT_STATUSES} labels={PROJECT_STATUS_LABELS} />
        </SelectField>
        <SelectField id={`${id}-priority`} label="Priority" value={values.priority} onChange={set('priority')} error={errors.priority}>
          <Options values={PRIORITIES} labels={PRIORITY_LABELS} />
        </SelectField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id={`${id}-startDate`} label="Start Date" type="date" value={values.startDate} onChange={set('startDate')} error={errors.startDate} />
        <TextField id={`${id}-dueDate`} label="Due Date" type="date" value={values.dueDate} onChange={set('dueDate')} error={errors.dueDate} />
      </div>
      <SelectField id={`${id}-lead`} label="Lead" value={values.leadId} onChange={set('leadId')} error={errors.leadId} disabled={!values.entityId}>
        <option value="">No lead</option>
        {(users.data?.items ?? []).map((u) => (
          <option key={u.id} value={u.id}>
            {u.name}
          </option>
        ))}
      </SelectField>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Members</legend>
        {users.data?.items.length ? (
          <div className="grid max-h-40 gap-2 overflow-y-auto rounded-md border p-3">
            {users.data.items.map((u) => (
              <div key={u.id} className="flex items-center gap-2">
                <Checkbox
                  id={`${id}-member-${u.id}`}
                  checked={values.memberIds.includes(u.id)}
                  onCheckedChange={(checked) =>
                    setValues((v) => ({ ...v, memberIds: checked === true ? [...v.memberIds, u.id] : v.memberIds.filter((m) => m !== u.id) }))
                  }
                />
                <Label htmlFor={`${id}-member-${u.id}`} className="font-normal">
                  {u.name} <span className="text-muted-foreground">({u.email})</span>
                </Label>
              </div>
            ))}
          </div>
        ) : (
          <p className="text-sm text-muted-foreground">{values.entityId ? 'Loading...' : 'Choose an entity first.'}</p>
        )}
        <FormError message={errors.memberIds} />
      </fieldset>
    </DialogForm>
  );
}
