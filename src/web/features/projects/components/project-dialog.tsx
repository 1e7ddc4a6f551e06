import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
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
import { Button } from '@/web/components/ui/button';
import { Checkbox } from '@/web/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { Label } from '@/web/components/ui/label';
import type { ModuleScopeState } from '@/web/components/module/module-context';
import { toast } from '@/web/lib/toast';
import { useCreateProject, userOptionsQuery, useUpdateProject } from '../api';
import { nativeSelect } from '@/web/components/module/styles';
import { Textarea } from '@/web/components/ui/textarea';

type Values = {
  entityId: string;
  name: string;
  key: string;
  description: string;
  status: string;
  priority: string;
  leadId: string;
  memberIds: string[];
  startDate: string;
  dueDate: string;
};
type Errors = Partial<Record<keyof Values | 'form', string>>;

/** Add Project (no `project`) or edit one. */
export function ProjectDialog({ open, onOpenChange, scope, project, onCreated }: { open: boolean; onOpenChange: (open: boolean) => void; scope: ModuleScopeState; project?: Project; onCreated?: (p: Project) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        {open ? <ProjectForm scope={scope} project={project} onDone={() => onOpenChange(false)} onCreated={onCreated} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ProjectForm({ scope, project, onDone, onCreated }: { scope: ModuleScopeState; project?: Project; onDone: () => void; onCreated?: (p: Project) => void }) {
  const id = useId();
  const writable = scope.entities.filter((e) => scope.can('member', e.id));
  const [values, setValues] = useState<Values>({
    entityId: project?.entityId ?? scope.entityId ?? (writable.length === 1 ? writable[0]!.id : ''),
    name: project?.name ?? '',
    key: project?.key ?? '',
    description: project?.description ?? '',
    status: project?.status ?? 'planning',
    priority: project?.priority ?? 'medium',
    leadId: project?.lead?.id ?? '',
    memberIds: project?.members.map((m) => m.id) ?? [],
    startDate: project?.startDate ?? '',
    dueDate: project?.dueDate ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateProject();
  const update = useUpdateProject();
  const saving = create.isPending || update.isPending;
  const users = useQuery({ ...userOptionsQuery(values.entityId), enabled: values.entityId !== '' });
  const set = (key: keyof Values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

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
      const next: Errors = {};
      for (const issue of parsed.error.issues) next[(issue.path[0] as keyof Values | undefined) ?? 'form'] ??= issue.message;
      if (!values.entityId) next.entityId = 'Choose an entity';
      return setErrors(next);
    }
    setErrors({});
    const onError = (error: Error) => setErrors({ form: error.message });
    if (project) {
      update.mutate(
        { ...(parsed.data as ReturnType<typeof projectUpdateInput.parse>), id: project.id },
        {
          onSuccess: () => {
            toast.success('Success', { description: PROJECTS_MESSAGES.projectUpdated });
            onDone();
          },
          onError,
        },
      );
    } else {
      create.mutate(parsed.data as ReturnType<typeof projectCreateInput.parse>, {
        onSuccess: (p) => {
          toast.success('Success', { description: PROJECTS_MESSAGES.projectCreated });
          onDone();
          onCreated?.(p);
        },
        onError,
      });
    }
  };

  const text = (key: 'name' | 'key' | 'startDate' | 'dueDate', label: string, type = 'text', extra: Record<string, unknown> = {}) => (
    <Field id={`${id}-${key}`} label={label} error={errors[key]}>
      <Input
        id={`${id}-${key}`}
        type={type}
        value={values[key]}
        onChange={set(key)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
        {...extra}
      />
    </Field>
  );
  const select = (key: 'status' | 'priority', label: string, options: readonly string[], labels: Record<string, string>) => (
    <Field id={`${id}-${key}`} label={label} error={errors[key]}>
      <select id={`${id}-${key}`} className={nativeSelect} value={values[key]} onChange={set(key)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {labels[o]}
          </option>
        ))}
      </select>
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{project ? 'Edit Project' : 'New Project'}</DialogTitle>
        <DialogDescription>{project ? `${project.key} · ${project.name}` : 'A project groups tasks under a short key, e.g. WEB-12.'}</DialogDescription>
      </DialogHeader>
      {!project && writable.length > 1 ? (
        <Field id={`${id}-entity`} label="Entity" error={errors.entityId}>
          <select id={`${id}-entity`} className={nativeSelect} value={values.entityId} onChange={(e) => setValues((v) => ({ ...v, entityId: e.target.value, leadId: '', memberIds: [] }))}>
            <option value="">Choose an entity</option>
            {writable.map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        {text('name', 'Name')}
        {text('key', 'Key', 'text', { maxLength: 6, autoCapitalize: 'characters', placeholder: 'WEB', className: 'uppercase' })}
      </div>
      <Field id={`${id}-description`} label="Description" error={errors.description}>
        <Textarea
          className="min-h-24"
          id={`${id}-description`}
          value={values.description}
          onChange={set('description')}
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        {select('status', 'Status', PROJECT_STATUSES, PROJECT_STATUS_LABELS)}
        {select('priority', 'Priority', PRIORITIES, PRIORITY_LABELS)}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        {text('startDate', 'Start Date', 'date')}
        {text('dueDate', 'Due Date', 'date')}
      </div>
      <Field id={`${id}-lead`} label="Lead" error={errors.leadId}>
        <select id={`${id}-lead`} className={nativeSelect} value={values.leadId} onChange={set('leadId')} disabled={!values.entityId}>
          <option value="">No lead</option>
          {(users.data?.items ?? []).map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </select>
      </Field>
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
        {errors.memberIds ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errors.memberIds}
          </p>
        ) : null}
      </fieldset>
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
          {saving ? 'Saving...' : project ? 'Save Changes' : 'Create Project'}
        </Button>
      </DialogFooter>
    </form>
  );
}
