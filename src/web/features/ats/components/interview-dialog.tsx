import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ATS_MESSAGES, interviewCreateInput } from '@/shared/ats';
import { fieldErrors, FormError, SelectField, TextField, useFormState } from '@/web/components/module/form-fields';
import { DialogForm, formDialog, succeeded } from '@/web/components/module/record-dialog';
import { userOptionsQuery, useScheduleInterview } from '../api';
import { formatDuration } from '../format';

type InterviewApplication = { id: string; entityId: string; candidateName: string; jobTitle: string };

/** Schedule an interview on an application: date, time, duration, interviewers, location or link. */
export const InterviewDialog = formDialog(InterviewForm);

function InterviewForm({ application, onDone }: { application: InterviewApplication; onDone: () => void }) {
  const { id, values, set, errors, setErrors } = useFormState({ date: '', time: '10:00', duration: '60', location: '' });
  const [interviewerIds, setInterviewerIds] = useState<string[]>([]);
  const users = useQuery(userOptionsQuery(application.entityId));
  const schedule = useScheduleInterview();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The date and time are the user's local ones; the server keeps the instant.
    const local = values.date && values.time ? new Date(`${values.date}T${values.time}`) : null;
    const startsAt = local && !Number.isNaN(local.getTime()) ? local.toISOString() : '';
    const body = { applicationId: application.id, startsAt, durationMinutes: Number(values.duration), interviewerIds, location: values.location };
    const parsed = interviewCreateInput.safeParse(body);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    schedule.mutate(body, { onSuccess: succeeded(ATS_MESSAGES.interviewScheduled, onDone), onError: (error) => setErrors({ form: error.message }) });
  };

  return (
    <DialogForm
      title="Schedule Interview"
      description={`${application.candidateName} for ${application.jobTitle}`}
      onSubmit={submit}
      onCancel={onDone}
      error={errors.form}
      submitLabel="Schedule Interview"
      busy={schedule.isPending}
      busyLabel="Scheduling..."
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField id={`${id}-date`} label="Date" type="date" value={values.date} onChange={set('date')} error={errors.startsAt} />
        <TextField id={`${id}-time`} label="Time" type="time" value={values.time} onChange={set('time')} />
        <SelectField id={`${id}-duration`} label="Duration" value={values.duration} onChange={set('duration')} error={errors.durationMinutes}>
          {[15, 30, 45, 60, 90, 120, 180, 240].map((m) => (
            <option key={m} value={m}>
              {formatDuration(m)}
            </option>
          ))}
        </SelectField>
      </div>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Interviewers</legend>
        <div className="grid max-h-40 gap-1 overflow-y-auto rounded-md border p-2">
          {(users.data?.items ?? []).map((u) => (
            <label key={u.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4"
                checked={interviewerIds.includes(u.id)}
                onChange={(e) => setInterviewerIds((ids) => (e.target.checked ? [...ids, u.id] : ids.filter((x) => x !== u.id)))}
              />
              {u.name} <span className="text-muted-foreground">({u.email})</span>
            </label>
          ))}
          {users.isPending ? <p className="text-sm text-muted-foreground">Loading...</p> : null}
        </div>
        <FormError message={errors.interviewerIds} />
      </fieldset>
      <TextField
        id={`${id}-location`}
        label="Location or Link"
        value={values.location}
        onChange={set('location')}
        error={errors.location}
        placeholder="Room 2 or https://meet.example.com/..."
      />
    </DialogForm>
  );
}
