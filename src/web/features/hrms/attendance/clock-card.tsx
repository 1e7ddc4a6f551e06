import { useQuery } from '@tanstack/react-query';
import { ClockIcon, LogInIcon, LogOutIcon, SendIcon } from 'lucide-react';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { ATTENDANCE_MESSAGES, clockOutInput, durationText } from '@/shared/attendance';
import { Button } from '@/web/components/ui/button';
import { toast } from '@/web/lib/toast';
import { SectionCard } from '@/web/components/module/dashboard';
import { fieldErrors, TextAreaField, TextField, useFormState } from '@/web/components/module/form-fields';
import { DialogForm, formDialog, succeeded } from '@/web/components/module/record-dialog';
import { attendanceWeekQuery, useClockIn, useClockOut, useTimesheetAction } from './api';
import { BreakField, fromUtcInput } from './time-entry-dialogs';
import { clockTime, dayLabel, TimesheetBadge, weekLabel } from './timesheet-badge';

/**
 * The Employee Portal's attendance card: Clock In / Clock Out (with the break and a note), and
 * this week's hours against the entity's weekly hours, with overtime and Submit Week. Times are
 * shown in UTC, as the server counts days and weeks.
 */
export function ClockCard({ employeeId }: { employeeId: string }) {
  const week = useQuery(attendanceWeekQuery(employeeId));
  const clockIn = useClockIn();
  const submit = useTimesheetAction();
  const [clockingOut, setClockingOut] = useState(false);
  const open = week.data?.openEntry ?? null;
  const sheet = week.data?.timesheet ?? null;
  const fail = (e: Error) => toast.error('Error', { description: e.message });
  // Clocked in on an earlier day (UTC): most likely a forgotten clock-out, closed at the time given.
  const earlier = open !== null && open.clockIn.slice(0, 10) < new Date().toISOString().slice(0, 10);

  return (
    <SectionCard
      title="Attendance"
      description={week.data ? `${weekLabel(week.data.weekStart)} (times in UTC)` : 'This week'}
      action={sheet ? <TimesheetBadge status={sheet.status} /> : null}
    >
      {week.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {week.error.message}
        </p>
      ) : !week.data ? (
        <p className="text-sm text-muted-foreground">Loading...</p>
      ) : (
        <div className="grid gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="flex items-center gap-2 text-sm" aria-live="polite">
              <ClockIcon className="size-4 text-muted-foreground" aria-hidden />
              {open ? `Clocked in since ${earlier ? `${dayLabel(open.clockIn)}, ` : ''}${clockTime(open.clockIn)}` : 'Not clocked in'}
            </p>
            {open ? (
              <Button onClick={() => setClockingOut(true)}>
                <LogOutIcon aria-hidden />
                Clock Out
              </Button>
            ) : (
              <Button
                disabled={clockIn.isPending}
                onClick={() =>
                  clockIn.mutate(
                    { employeeId },
                    {
                      onSuccess: succeeded(ATTENDANCE_MESSAGES.clockedIn, () => undefined),
                      onError: fail,
                    },
                  )
                }
              >
                <LogInIcon aria-hidden />
                Clock In
              </Button>
            )}
          </div>
          <dl className="grid grid-cols-3 gap-2 text-sm">
            {[
              ['Worked', durationText(week.data.workedMinutes)],
              ['Weekly hours', durationText(week.data.expectedMinutes)],
              ['Overtime', durationText(week.data.overtimeMinutes)],
            ].map(([label, value]) => (
              <div key={label} className="grid gap-0.5 rounded-md bg-muted/50 p-2">
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className="font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          {sheet?.status === 'returned' && sheet.comment ? (
            <p className="rounded-md border border-red-200 bg-red-50 p-2 text-sm whitespace-pre-line text-red-900">Returned: {sheet.comment}</p>
          ) : null}
          {week.data.entries.length > 0 ? (
            <ul className="grid gap-1 text-sm" aria-label="This week's entries">
              {week.data.entries.map((e) => (
                <li key={e.id} className="flex flex-wrap justify-between gap-2">
                  <span>
                    {new Date(e.clockIn).toLocaleDateString('en-GB', {
                      weekday: 'short',
                      day: 'numeric',
                      timeZone: 'UTC',
                    })}{' '}
                    {clockTime(e.clockIn)}–{e.clockOut ? clockTime(e.clockOut) : 'now'}
                    {e.breakMinutes ? `, break ${durationText(e.breakMinutes)}` : ''}
                  </span>
                  <span className="tabular-nums text-muted-foreground">{durationText(e.workedMinutes)}</span>
                  {e.note ? <span className="basis-full text-xs whitespace-pre-line text-muted-foreground">{e.note}</span> : null}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground">No time recorded this week yet.</p>
          )}
          {sheet?.canSubmit ? (
            <div className="flex justify-end">
              <Button
                variant="outline"
                disabled={submit.isPending || open !== null}
                title={open ? ATTENDANCE_MESSAGES.clockOutFirst : undefined}
                onClick={() =>
                  submit.mutate(
                    { id: sheet.id, action: 'submit' },
                    {
                      onSuccess: succeeded(ATTENDANCE_MESSAGES.submitted, () => undefined),
                      onError: fail,
                    },
                  )
                }
              >
                <SendIcon aria-hidden />
                Submit Week
              </Button>
            </div>
          ) : null}
        </div>
      )}
      {open ? <ClockOutDialog open={clockingOut} onOpenChange={setClockingOut} entryId={open.id} since={earlier ? `${dayLabel(open.clockIn)}, ${clockTime(open.clockIn)}` : null} /> : null}
    </SectionCard>
  );
}

/** Clock Out: now, or (`since`: an entry of an earlier day) at the time the employee left, if they give it. */
function ClockOutForm({ entryId, since, onDone }: { entryId: string; since: string | null; onDone: () => void }) {
  const clockOut = useClockOut();
  const { id, values, set, errors, setErrors } = useFormState({
    clockOut: '',
    breakMinutes: '0',
    note: '',
  });
  const save = (e: FormEvent) => {
    e.preventDefault();
    const parsed = clockOutInput.safeParse({
      clockOut: since && values.clockOut ? fromUtcInput(values.clockOut) : undefined,
      breakMinutes: values.breakMinutes.trim() === '' ? 0 : Number(values.breakMinutes),
      note: values.note.trim() ? values.note : undefined,
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    clockOut.mutate(
      { id: entryId, ...parsed.data },
      {
        onSuccess: succeeded(ATTENDANCE_MESSAGES.clockedOut, onDone),
        onError: (error) => setErrors({ form: error.message }),
      },
    );
  };
  return (
    <DialogForm
      title="Clock Out"
      description={since ? `You clocked in on ${since} (UTC). If you forgot to clock out, give the time you left; leave it empty to clock out now.` : 'Your break is taken off the time worked.'}
      onSubmit={save}
      onCancel={onDone}
      error={errors.form}
      submitLabel="Clock Out"
      busy={clockOut.isPending}
    >
      {since ? (
        <TextField id={`${id}-out`} label="Clock-out time (UTC)" type="datetime-local" value={values.clockOut} onChange={set('clockOut')} error={errors.clockOut} />
      ) : null}
      <BreakField id={`${id}-break`} value={values.breakMinutes} onChange={set('breakMinutes')} error={errors.breakMinutes} />
      <TextAreaField id={`${id}-note`} label="Note (optional)" value={values.note} onChange={set('note')} error={errors.note} maxLength={1000} rows={3} />
    </DialogForm>
  );
}

const ClockOutDialog = formDialog(ClockOutForm, 'md');
