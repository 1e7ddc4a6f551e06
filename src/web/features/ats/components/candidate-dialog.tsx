import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ATS_MESSAGES, CANDIDATE_SOURCES, candidateCreateInput, candidateUpdateInput, MAX_RESUME_BYTES, type Candidate } from '@/shared/ats';
import { Field } from '@/web/components/ui/field';
import { DialogForm, formDialog } from '@/web/components/module/record-dialog';
import { toast } from '@/web/lib/toast';
import type { ModuleScopeState } from '@/web/components/module/module-context';
import { jobsQuery, useCreateCandidate, useUpdateCandidate, useUploadResume } from '../api';
import { EntityField, fieldErrors, SelectField, TextField, useFormState, valuesOf, writableEntities } from '@/web/components/module/form-fields';

/** A résumé chosen in a form: a PDF of at most 5 MB (the server checks again, by its bytes too). */
export function resumeProblem(file: File | null) {
  if (!file) return undefined;
  if (file.type !== 'application/pdf' && !file.name.toLowerCase().endsWith('.pdf')) return ATS_MESSAGES.resumeNotPdf;
  if (file.size > MAX_RESUME_BYTES) return ATS_MESSAGES.resumeTooLarge;
  if (file.size === 0) return ATS_MESSAGES.resumeEmpty;
  return undefined;
}

/** Add Candidate (no `candidate`: with an optional résumé and job to apply to) or edit one. */
export const CandidateDialog = formDialog(CandidateForm);

function CandidateForm({ scope, candidate, onDone }: { scope: ModuleScopeState; candidate?: Candidate; onDone: () => void }) {
  const { writable, initial } = writableEntities(scope);
  const { id, values, set, errors, setErrors } = useFormState(() =>
    valuesOf(candidate, { entityId: initial, firstName: '', lastName: '', email: '', phone: '', source: '', jobId: '' }),
  );
  const [resume, setResume] = useState<File | null>(null);
  const create = useCreateCandidate();
  const update = useUpdateCandidate();
  const upload = useUploadResume();
  const saving = create.isPending || update.isPending || upload.isPending;
  const openJobs = useQuery({ ...jobsQuery({ entityId: values.entityId, status: 'open', sort: 'title', dir: 'asc', limit: 100 }), enabled: !candidate && values.entityId !== '' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = { firstName: values.firstName, lastName: values.lastName, email: values.email, phone: values.phone, source: values.source };
    const parsed = candidate
      ? candidateUpdateInput.safeParse({ ...body, version: candidate.version })
      : candidateCreateInput.safeParse({ ...body, entityId: values.entityId, ...(values.jobId ? { jobId: values.jobId } : {}) });
    const resumeError = resumeProblem(resume);
    if (!parsed.success || !values.entityId || resumeError) {
      const next = fieldErrors(parsed.success ? [] : parsed.error.issues);
      if (!values.entityId) next.entityId = 'Choose an entity';
      if (resumeError) next.resume = resumeError;
      return setErrors(next);
    }
    setErrors({});
    try {
      if (candidate) {
        await update.mutateAsync({ ...body, id: candidate.id, version: candidate.version });
        toast.success('Success', { description: ATS_MESSAGES.candidateUpdated });
      } else {
        const created = await create.mutateAsync({ ...body, entityId: values.entityId, ...(values.jobId ? { jobId: values.jobId } : {}) });
        if (resume) {
          try {
            await upload.mutateAsync({ id: created.id, file: resume });
          } catch (error) {
            // The candidate is saved; say what happened to the file.
            toast.error('Résumé not uploaded', { description: error instanceof Error ? error.message : ATS_MESSAGES.resumeNotPdf });
          }
        }
        toast.success('Success', { description: ATS_MESSAGES.candidateCreated });
      }
      onDone();
    } catch (error) {
      setErrors({ form: error instanceof Error ? error.message : 'Could not save' });
    }
  };

  const input = (key: keyof typeof values, label: string, type = 'text') => (
    <TextField id={`${id}-${key}`} label={label} type={type} value={values[key]} onChange={set(key)} error={errors[key]} />
  );

  return (
    <DialogForm
      title={candidate ? 'Edit Candidate' : 'Add Candidate'}
      description={candidate ? `${candidate.firstName} ${candidate.lastName}` : 'One candidate per email in an entity; they can apply to several jobs.'}
      onSubmit={(e) => void submit(e)}
      onCancel={onDone}
      error={errors.form}
      submitLabel={candidate ? 'Save Changes' : 'Add Candidate'}
      busy={saving}
    >
      {candidate ? null : <EntityField id={`${id}-entityId`} entities={writable} value={values.entityId} onChange={set('entityId')} error={errors.entityId} />}
      <div className="grid gap-4 sm:grid-cols-2">
        {input('firstName', 'First Name')}
        {input('lastName', 'Last Name')}
      </div>
      {input('email', 'Email', 'email')}
      <div className="grid gap-4 sm:grid-cols-2">
        {input('phone', 'Phone', 'tel')}
        <SelectField id={`${id}-source`} label="Source" value={values.source} onChange={set('source')} error={errors.source}>
          <option value="">Not recorded</option>
          {[...new Set([...CANDIDATE_SOURCES, ...(values.source ? [values.source] : [])])].map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </SelectField>
      </div>
      {candidate ? null : (
        <>
          <SelectField id={`${id}-jobId`} label="Apply to Job" value={values.jobId} onChange={set('jobId')} error={errors.jobId} disabled={!values.entityId}>
            <option value="">Not now</option>
            {(openJobs.data?.items ?? []).map((j) => (
              <option key={j.id} value={j.id}>
                {j.title}
              </option>
            ))}
          </SelectField>
          <Field id={`${id}-resume`} label="Résumé (PDF, at most 5 MB)" error={errors.resume}>
            <input
              id={`${id}-resume`}
              type="file"
              accept="application/pdf,.pdf"
              className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm"
              onChange={(e) => setResume(e.target.files?.[0] ?? null)}
              aria-invalid={errors.resume ? true : undefined}
              aria-describedby={errors.resume ? `${id}-resume-error` : undefined}
            />
          </Field>
        </>
      )}
    </DialogForm>
  );
}
