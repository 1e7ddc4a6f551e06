import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ATS_MESSAGES, JOB_EMPLOYMENT_TYPE_LABELS, JOB_EMPLOYMENT_TYPES, JOB_STATUS_LABELS, JOB_STATUSES, jobCreateInput, jobUpdateInput, type Job } from '@/shared/ats';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { toast } from '@/web/lib/toast';
import type { ModuleScopeState } from '@/web/components/module/module-context';
import { useCreateJob, userOptionsQuery, useUpdateJob } from '../api';
import { nativeSelect } from '@/web/components/module/styles';

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
  const [errors, setErrors] = useState<Partial<Record<keyof Values | 'form', string>>>({});
  const create = useCreateJob();
  const update = useUpdateJob();
  const saving = create.isPending || update.isPending;
  const managers = useQuery({ ...userOptionsQuery(values.entityId), enabled: values.entityId !== '' });
  const set = (key: keyof Values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: e.target.value }));

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
      const next: typeof errors = {};
      for (const issue of parsed.success ? [] : parsed.error.issues) {
        const key = (issue.path[0] as keyof Values | undefined) ?? 'form';
        next[key] ??= issue.message;
      }
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
    <Field id={`${id}-${key}`} label={label} error={errors[key]}>
      <Input
        id={`${id}-${key}`}
        type={type}
        value={values[key]}
        onChange={set(key)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
      />
    </Field>
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{job ? 'Edit Job' : 'Post Job'}</DialogTitle>
        <DialogDescription>{job ? job.title : 'A new job opening. Save it as Draft (a requisition) or Open it for applications.'}</DialogDescription>
      </DialogHeader>
      {!job && writable.length > 1 ? (
        <Field id={`${id}-entityId`} label="Entity" error={errors.entityId}>
          <select id={`${id}-entityId`} className={nativeSelect} value={values.entityId} onChange={set('entityId')}>
            <option value="">Choose an entity</option>
            {writable.map((e) => (
              <option key={e.id} value={e.id}>
                {e.name}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      {input('title', 'Title')}
      <div className="grid gap-4 sm:grid-cols-2">
        {input('department', 'Department')}
        {input('location', 'Location')}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-employmentType`} label="Employment Type" error={errors.employmentType}>
          <select id={`${id}-employmentType`} className={nativeSelect} value={values.employmentType} onChange={set('employmentType')}>
            {JOB_EMPLOYMENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {JOB_EMPLOYMENT_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </Field>
        {input('openings', 'Openings', 'number')}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-hiringManagerId`} label="Hiring Manager" error={errors.hiringManagerId}>
          <select id={`${id}-hiringManagerId`} className={nativeSelect} value={values.hiringManagerId} onChange={set('hiringManagerId')} disabled={!values.entityId}>
            <option value="">No hiring manager</option>
            {(managers.data?.items ?? []).map((u) => (
              <option key={u.id} value={u.id}>
                {u.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-status`} label="Status" error={errors.status}>
          <select id={`${id}-status`} className={nativeSelect} value={values.status} onChange={set('status')}>
            {JOB_STATUSES.map((s) => (
              <option key={s} value={s}>
                {JOB_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field id={`${id}-description`} label="Description" error={errors.description}>
        <textarea
          id={`${id}-description`}
          rows={5}
          className="flex w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring"
          value={values.description}
          onChange={set('description')}
        />
      </Field>
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
          {saving ? 'Saving...' : job ? 'Save Changes' : 'Post Job'}
        </Button>
      </DialogFooter>
    </form>
  );
}
