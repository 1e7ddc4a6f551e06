import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ATS_MESSAGES, interviewCreateInput } from '@/shared/ats';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { toast } from '@/web/lib/toast';
import { userOptionsQuery, useScheduleInterview } from '../api';
import { formatDuration } from '../format';
import { nativeSelect } from '@/web/components/module/styles';

/** Schedule an interview on an application: date, time, duration, interviewers, location or link. */
export function InterviewDialog({
  open,
  onOpenChange,
  application,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  application: { id: string; entityId: string; candidateName: string; jobTitle: string };
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        {open ? <InterviewForm application={application} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function InterviewForm({ application, onDone }: { application: { id: string; entityId: string; candidateName: string; jobTitle: string }; onDone: () => void }) {
  const id = useId();
  const [date, setDate] = useState('');
  const [time, setTime] = useState('10:00');
  const [duration, setDuration] = useState('60');
  const [location, setLocation] = useState('');
  const [interviewerIds, setInterviewerIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<Partial<Record<'startsAt' | 'durationMinutes' | 'interviewerIds' | 'location' | 'form', string>>>({});
  const users = useQuery(userOptionsQuery(application.entityId));
  const schedule = useScheduleInterview();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The date and time are the user's local ones; the server keeps the instant.
    const local = date && time ? new Date(`${date}T${time}`) : null;
    const startsAt = local && !Number.isNaN(local.getTime()) ? local.toISOString() : '';
    const body = { applicationId: application.id, startsAt, durationMinutes: Number(duration), interviewerIds, location };
    const parsed = interviewCreateInput.safeParse(body);
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = (issue.path[0] as keyof typeof errors | undefined) ?? 'form';
        next[key] ??= issue.message;
      }
      return setErrors(next);
    }
    setErrors({});
    schedule.mutate(body, {
      onSuccess: () => {
        toast.success('Success', { description: ATS_MESSAGES.interviewScheduled });
        onDone();
      },
      onError: (error) => setErrors({ form: error.message }),
    });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Schedule Interview</DialogTitle>
        <DialogDescription>
          {application.candidateName} for {application.jobTitle}
        </DialogDescription>
      </DialogHeader>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field id={`${id}-date`} label="Date" error={errors.startsAt}>
          <Input id={`${id}-date`} type="date" value={date} onChange={(e) => setDate(e.target.value)} aria-invalid={errors.startsAt ? true : undefined} />
        </Field>
        <Field id={`${id}-time`} label="Time">
          <Input id={`${id}-time`} type="time" value={time} onChange={(e) => setTime(e.target.value)} />
        </Field>
        <Field id={`${id}-duration`} label="Duration" error={errors.durationMinutes}>
          <select id={`${id}-duration`} className={nativeSelect} value={duration} onChange={(e) => setDuration(e.target.value)}>
            {[15, 30, 45, 60, 90, 120, 180, 240].map((m) => (
              <option key={m} value={m}>
                {formatDuration(m)}
              </option>
            ))}
          </select>
        </Field>
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
        {errors.interviewerIds ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            {errors.interviewerIds}
          </p>
        ) : null}
      </fieldset>
      <Field id={`${id}-location`} label="Location or Link" error={errors.location}>
        <Input id={`${id}-location`} value={location} onChange={(e) => setLocation(e.target.value)} placeholder="Room 2 or https://meet.example.com/..." />
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
        <Button type="submit" disabled={schedule.isPending}>
          {schedule.isPending ? 'Scheduling...' : 'Schedule Interview'}
        </Button>
      </DialogFooter>
    </form>
  );
}
