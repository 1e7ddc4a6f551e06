import { useQuery } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { ATS_MESSAGES, JOB_EMPLOYMENT_TYPE_LABELS, JOB_EMPLOYMENT_TYPES, JOB_STATUS_LABELS, JOB_STATUSES, jobCreateInput, jobUpdateInput, type Job } from '@/shared/ats';
import { DialogForm, formDialog, succeeded } from '@/web/components/module/record-dialog';
import type { ModuleScopeState } from '@/web/components/module/module-context';
import { useCreateJob, userOptionsQuery, useUpdateJob } from '../api';
import { EntityField, fieldErrors, Options, SelectField, TextAreaField, TextField, useFormState, valuesOf, writableEntities } from '@/web/components/module/form-fields';

/** Post Job (no `job`) or edit one. */
export const JobDialog = formDialog(JobForm);

function JobForm({ scope, job, onDone }: { scope: ModuleScopeState; job?: Job; onDone: () => void }) {
  const { writable, initial } = writableEntities(scope);
  const { id, values, set, errors, setErrors } = useFormState(() => ({
    ...valuesOf(job, { entityId: initial, title: '', department: '', location: '', employmentType: 'full_time', hiringManagerId: '', description: '', status: 'draft' }),
    openings: String(job?.openings ?? 1),
  }));
  const create = useCreateJob();
  const update = useUpdateJob();
  const saving = create.isPending || update.isPending;
  const managers = useQuery({ ...userOptionsQuery(values.entityId), enabled: values.entityId !== '' });

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
    if (job) update.mutate({ ...body, id: job.id, version: job.version }, { onSuccess: succeeded(ATS_MESSAGES.jobUpdated, onDone), onError });
    else create.mutate({ ...body, entityId: values.entityId }, { onSuccess: succeeded(ATS_MESSAGES.jobCreated, onDone), onError });
  };

  const input = (key: keyof typeof values, label: string, type = 'text') => (
    <TextField id={`${id}-${key}`} label={label} type={type} value={values[key]} onChange={set(key)} error={errors[key]} />
  );

  return (
    <DialogForm
      title={job ? 'Edit Job' : 'Post Job'}
      description={job ? job.title : 'A new job opening. Save it as Draft (a requisition) or Open it for applications.'}
      onSubmit={submit}
      onCancel={onDone}
      error={errors.form}
      submitLabel={job ? 'Save Changes' : 'Post Job'}
      busy={saving}
    >
      {job ? null : <EntityField id={`${id}-entityId`} entities={writable} value={values.entityId} onChange={set('entityId')} error={errors.entityId} />}
      {input('title', 'Title')}
      <div className="grid gap-4 sm:grid-cols-2">
        {input('department', 'Department')}
        {input('location', 'Location')}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField id={`${id}-employmentType`} label="Employment Type" value={values.employmentType} onChange={set('employmentType')} error={errors.employmentType}>
          <Options values={JOB_EMPLOYMENT_TYPES} labels={JOB_EMPLOYMENT_TYPE_LABELS} />
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
          <Options values={JOB_STATUSES} labels={JOB_STATUS_LABELS} />
        </SelectField>
      </div>
      <TextAreaField id={`${id}-description`} label="Description" rows={5} value={values.description} onChange={set('description')} error={errors.description} />
    </DialogForm>
  );
}
