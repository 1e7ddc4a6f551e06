import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ATS_MESSAGES, interviewCreateInput, type Interview } from '@/shared/ats';
import { fieldErrors, FormError, SelectField, TextField, useFormState } from '@/web/components/module/form-fields';
import { DialogForm, formDialog, succeeded } from '@/web/components/module/record-dialog';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/web/components/ui/alert-dialog';
import { useCancelInterview, userOptionsQuery, useScheduleInterview, useUpdateInterview } from '../api';
import { formatDuration, formatWhen } from '../format';

type InterviewApplication = { id: string; entityId: string; candidateName: string; jobTitle: string };

const pad = (n: number) => String(n).padStart(2, '0');
/** The user's local date and time of an instant, as the date and time inputs take them. */
const localParts = (iso: string) => {
  const d = new Date(iso);
  return { date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, time: `${pad(d.getHours())}:${pad(d.getMinutes())}` };
};

/**
 * Schedule an interview on an application, or change one (`interview`): date, time, duration,
 * interviewers, location or link, and whether the candidate is emailed the invitation.
 */
export const InterviewDialog = formDialog(InterviewForm);

function InterviewForm({ application, interview, onDone }: { application: InterviewApplication; interview?: Interview; onDone: () => void }) {
  const { id, values, set, errors, setErrors } = useFormState(() => ({
    ...(interview ? localParts(interview.startsAt) : { date: '', time: '10:00' }),
    duration: String(interview?.durationMinutes ?? 60),
    location: interview?.location ?? '',
  }));
  const [interviewerIds, setInterviewerIds] = useState<string[]>(() => interview?.interviewers.map((p) => p.userId) ?? []);
  const [emailCandidate, setEmailCandidate] = useState(interview?.emailCandidate ?? false);
  const users = useQuery(userOptionsQuery(application.entityId));
  const schedule = useScheduleInterview();
  const update = useUpdateInterview();
  const saving = interview ? update : schedule;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The date and time are the user's local ones; the server keeps the instant.
    const local = values.date && values.time ? new Date(`${values.date}T${values.time}`) : null;
    const startsAt = local && !Number.isNaN(local.getTime()) ? local.toISOString() : '';
    const fields = { startsAt, durationMinutes: Number(values.duration), interviewerIds, location: values.location, emailCandidate };
    const parsed = interviewCreateInput.safeParse({ applicationId: application.id, ...fields });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    const onError = (error: Error) => setErrors({ form: error.message });
    if (interview) update.mutate({ id: interview.id, ...fields, version: interview.version }, { onSuccess: succeeded(ATS_MESSAGES.interviewUpdated, onDone), onError });
    else schedule.mutate({ applicationId: application.id, ...fields }, { onSuccess: succeeded(ATS_MESSAGES.interviewScheduled, onDone), onError });
  };

  return (
    <DialogForm
      title={interview ? 'Edit Interview' : 'Schedule Interview'}
      description={`${application.candidateName} for ${application.jobTitle}`}
      onSubmit={submit}
      onCancel={onDone}
      error={errors.form}
      submitLabel={interview ? 'Save Changes' : 'Schedule Interview'}
      busy={saving.isPending}
      busyLabel={interview ? 'Saving...' : 'Scheduling...'}
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
      <div className="grid gap-1">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            type="checkbox"
            className="size-4"
            checked={emailCandidate}
            onChange={(e) => setEmailCandidate(e.target.checked)}
            aria-describedby={`${id}-email-candidate-hint`}
          />
          Email the candidate
        </label>
        <p id={`${id}-email-candidate-hint`} className="text-xs text-muted-foreground">
          The candidate gets the invitation with a calendar file, and hears of any change or cancellation.
        </p>
      </div>
    </DialogForm>
  );
}

/** Asks before an interview is cancelled: the interviewers (and the candidate, when emailed) get the calendar cancellation. */
export function CancelInterviewDialog({ interview, onOpenChange }: { interview: Interview | null; onOpenChange: (open: boolean) => void }) {
  const cancel = useCancelInterview();
  const [error, setError] = useState<string>();
  const close = () => {
    setError(undefined);
    onOpenChange(false);
  };
  return (
    <AlertDialog open={interview !== null} onOpenChange={(open) => !open && !cancel.isPending && close()}>
      <AlertDialogContent className="sm:max-w-[480px]">
        <AlertDialogHeader>
          <AlertDialogTitle>Cancel this interview?</AlertDialogTitle>
          <AlertDialogDescription>
            {interview
              ? `${interview.candidateName} for ${interview.jobTitle}, ${formatWhen(interview.startsAt)}. The interviewers${interview.emailCandidate ? ' and the candidate' : ''} get the cancellation, which removes it from their calendars. Feedback already given is kept.`
              : null}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <FormError message={error} />
        <AlertDialogFooter>
          <AlertDialogCancel disabled={cancel.isPending}>Keep Interview</AlertDialogCancel>
          <AlertDialogAction
            disabled={cancel.isPending}
            onClick={(event) => {
              // Closed once the server has answered; a refusal stays in the dialog.
              event.preventDefault();
              if (interview) cancel.mutate({ id: interview.id, version: interview.version }, { onSuccess: succeeded(ATS_MESSAGES.interviewCancelled, close), onError: (e) => setError(e.message) });
            }}
          >
            {cancel.isPending ? 'Cancelling...' : 'Cancel Interview'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
