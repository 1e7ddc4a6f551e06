import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ATS_MESSAGES, JOB_EMPLOYMENT_TYPE_LABELS, JOB_EMPLOYMENT_TYPES, JOB_STATUS_LABELS, JOB_STATUSES, jobCreateInput, jobUpdateInput, type Job } from '@/shared/ats';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { toast } from '@/web/lib/toast';
import type { ModuleScopeState } from '@/web/components/module/module-context';
import { useCreateJob, userOptionsQuery, useUpdateJob } from '../api';
import { EntityField, fieldErrors, FormError, SelectField, TextField, type Errors } from '@/web/components/module/form-fields';
import { Textarea } from '@/web/components/ui/textarea';

type Values = {
  entityId: string;
  title: string;
  department: string;
  location: string;
  employmentType: string;
  openings: string;
  hiringManagerId: string;
  description: string;
  status: string;
};

/** Post Job (no `job`) or edit one. */
export function JobDialog({ open, onOpenChange, scope, job }: { open: boolean; onOpenChange: (open: boolean) => void; scope: ModuleScopeState; job?: Job }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">{open ? <JobForm scope={scope} job={job} onDone={() => onOpenChange(false)} /> : null}</DialogContent>
    </Dialog>
  );
}

function JobForm({ scope, job, onDone }: { scope: ModuleScopeState; job?: Job; onDone: () => void }) {
  const id = useId();
  const writable = scope.entities.filter((e) => scope.can('member', e.id));
  const [values, setValues] = useState<Values>({
    entityId: job?.entityId ?? scope.entityId ?? (writable.length === 1 ? writable[0]!.id : ''),
    title: job?.title ?? '',
    department: job?.department ?? '',
    location: job?.location ?? '',
    employmentType: job?.employmentType ?? 'full_time',
    openings: String(job?.openings ?? 1),
    hiringManagerId: job?.hiringManagerId ?? '',
    description: job?.description ?? '',
    status: job?.status ?? 'draft',
  });
  const [errors, setErrors] = useState<Errors>({});
  const create = useCreateJob();
  const update = useUpdateJob();
  const saving = create.isPending || update.isPending;
  const managers = useQuery({ ...userOptionsQuery(values.entityId), enabled: values.entityId !== '' });
  const set = (key: keyof Values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      title: values.title,
      department: values.department,
      location: values.location,
      employmentType: values.employmentType as Job['employmentType'],
      openings: Number(values.openings),
      hiringManagerId: values.hiringManagerId || null,
      description: values.description,
      status: values.status as Job['status'],
    };
    const parsed = job ? jobUpdateInput.safeParse({ ...body, version: job.version }) : jobCreateInput.safeParse({ ...body, entityId: values.entityId });
    if (!parsed.success || !values.entityId) {
      const next = fieldErrors(parsed.success ? [] : parsed.error.issues);
      if (!values.entityId) next.entityId = 'Choose an entity';
      return setErrors(next);
    }
    setErrors({});
    const onError = (error: Error) => setErrors({ form: error.message });
    if (job) {
      update.mutate(
        { ...body, id: job.id, version: job.version },
        {
          onSuccess: () => {
            toast.success('Success', { description: ATS_MESSAGES.jobUpdated });
            onDone();
          },
          onError,
        },
      );
    } else {
      create.mutate(
        { ...body, entityId: values.entityId },
        {
          onSuccess: () => {
            toast.success('Success', { description: ATS_MESSAGES.jobCreated });
            onDone();
          },
          onError,
        },
      );
    }
  };

  const input = (key: keyof Values, label: string, type = 'text') => (
    <TextField id={`${id}-${key}`} label={label} type={type} value={values[key]} onChange={set(key)} error={errors[key]} />
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{job ? 'Edit Job' : 'Post Job'}</DialogTitle>
        <DialogDescription>{job ? job.title : 'A new job opening. Save it as Draft (a requisition) or Open it for applications.'}</DialogDescription>
      </DialogHeader>
      {job ? null : <EntityField id={`${id}-entityId`} entities={writable} value={values.entityId} onChange={set('entityId')} error={errors.entityId} />}
      {input('title', 'Title')}
      <div className="grid gap-4 sm:grid-cols-2">
        {input('department', 'Department')}
        {input('location', 'Location')}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id={`${id}-employmentType`} label="Employment Type" value={values.employmentType} onChange={set('employmentType')} error={errors.employmentType}>
          {JOB_EMPLOYMENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {JOB_EMPLOYMENT_TYPE_LABELS[t]}
            </option>
          ))}
        </SelectField>
        {input('openings', 'Openings', 'number')}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id={`${id}-hiringManagerId`}
          label="Hiring Manager"
          value={values.hiringManagerId}
          onChange={set('hiringManagerId')}
          error={errors.hiringManagerId}
          disabled={!values.entityId}
        >
          <option value="">No hiring manager</option>
          {(managers.data?.items ?? []).map((u) => (
            <option key={u.id} value={u.id}>
              {u.name}
            </option>
          ))}
        </SelectField>
        <SelectField id={`${id}-status`} label="Status" value={values.status} onChange={set('status')} error={errors.status}>
          {JOB_STATUSES.map((s) => (
            <option key={s} value={s}>
              {JOB_STATUS_LABELS[s]}
            </option>
          ))}
        </SelectField>
      </div>
      <Field id={`${id}-description`} label="Description" error={errors.description}>
        <Textarea
          id={`${id}-description`}
          rows={5}
          value={values.description}
          onChange={(e) => set('description')(e.target.value)}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={errors.description ? `${id}-description-error` : undefined}
        />
      </Field>
      <FormError message={errors.form} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : job ? 'Save Changes' : 'Post Job'}
        </Button>
      </DialogFooter>
    </form>
  );
}
