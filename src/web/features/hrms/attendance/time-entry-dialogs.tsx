import { useId, useState, type FormEvent } from 'react';
import { ATTENDANCE_MESSAGES, timeEntryCorrectionInput, timeEntryDeleteQuery, type TimeEntry } from '@/shared/attendance';
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
import { fieldErrors, FormError, TextAreaField, TextField, useFormState } from '@/web/components/module/form-fields';
import { DialogForm, formDialog, succeeded } from '@/web/components/module/record-dialog';
import { useCorrectEntry, useDeleteEntry } from './api';
import { entryLabel } from './timesheet-badge';

/** An instant as a `datetime-local` value in UTC ("2025-03-03T08:00"): the page's times are UTC. */
export const utcInputValue = (iso: string | null) => (iso ? new Date(iso).toISOString().slice(0, 16) : '');
/** A `datetime-local` value read as UTC, as an ISO instant; empty stays empty. */
export const fromUtcInput = (value: string) => (value ? `${value}:00Z` : '');

/**
 * "Edit Time Entry" (HR staff): clock-in and clock-out times (UTC), break, note and the reason,
 * which the employee is told with the change. An open entry may stay open (no clock-out time).
 */
function EditTimeEntryForm({ entry, employeeName, onSaved, onDone }: { entry: TimeEntry; employeeName: string; onSaved?: (entry: TimeEntry) => void; onDone: () => void }) {
  const correct = useCorrectEntry();
  const { id, values, set, errors, setErrors } = useFormState({
    clockIn: utcInputValue(entry.clockIn),
    clockOut: utcInputValue(entry.clockOut),
    breakMinutes: String(entry.breakMinutes),
    note: entry.note,
    reason: '',
  });
  const save = (e: FormEvent) => {
    e.preventDefault();
    const parsed = timeEntryCorrectionInput.safeParse({
      clockIn: fromUtcInput(values.clockIn),
      // An open entry may stay open; a clocked-out one keeps a time (the server says so in words).
      clockOut: values.clockOut ? fromUtcInput(values.clockOut) : null,
      breakMinutes: values.breakMinutes.trim() === '' ? 0 : Number(values.breakMinutes),
      note: values.note,
      reason: values.reason,
      version: entry.version,
    });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    correct.mutate(
      { id: entry.id, ...parsed.data },
      {
        onSuccess: (saved) => {
          succeeded(ATTENDANCE_MESSAGES.entryUpdated, onDone)();
          onSaved?.(saved);
        },
        onError: (error) => setErrors({ form: error.message }),
      },
    );
  };
  return (
    <DialogForm
      title="Edit Time Entry"
      description={`${employeeName}: ${entryLabel(entry)}. Times are UTC. ${employeeName.split(' ')[0]} is told of the change and its reason.`}
      onSubmit={save}
      onCancel={onDone}
      error={errors.form}
      submitLabel="Save Changes"
      busy={correct.isPending}
    >
      <div className="grid gap-4">
        <TextField id={`${id}-in`} label="Clock In (UTC)" type="datetime-local" value={values.clockIn} onChange={set('clockIn')} error={errors.clockIn} required />
        <TextField id={`${id}-out`} label="Clock Out (UTC)" type="datetime-local" value={values.clockOut} onChange={set('clockOut')} error={errors.clockOut} />
      </div>
      <BreakField id={`${id}-break`} value={values.breakMinutes} onChange={set('breakMinutes')} error={errors.breakMinutes} />
      <TextAreaField id={`${id}-note`} label="Note" value={values.note} onChange={set('note')} error={errors.note} maxLength={1000} rows={3} />
      <TextField id={`${id}-reason`} label="Reason for the change" value={values.reason} onChange={set('reason')} error={errors.reason} maxLength={500} required />
    </DialogForm>
  );
}

export const EditTimeEntryDialog = formDialog(EditTimeEntryForm);

/** "Delete Time Entry?" (HR staff): confirmed, with the reason the employee is told. */
export function DeleteTimeEntryDialog({ entry, employeeName, close }: { entry: TimeEntry | null; employeeName: string; close: () => void }) {
  const remove = useDeleteEntry();
  const id = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const [reasonError, setReasonError] = useState<string>();
  const done = () => {
    setReason('');
    setError(undefined);
    setReasonError(undefined);
    close();
  };
  return (
    <AlertDialog open={entry !== null} onOpenChange={(open) => !open && !remove.isPending && done()}>
      <AlertDialogContent className="sm:max-w-[480px]">
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Time Entry?</AlertDialogTitle>
          <AlertDialogDescription>
            {entry ? `${employeeName}: ${entryLabel(entry)}. ` : ''}The week’s hours are counted again without it, and {employeeName.split(' ')[0]} is told why.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <TextField id={`${id}-reason`} label="Reason" value={reason} onChange={setReason} error={reasonError} maxLength={500} required />
        <FormError message={error} />
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Keep Entry</AlertDialogCancel>
          <AlertDialogAction
            disabled={remove.isPending}
            onClick={(event) => {
              event.preventDefault();
              if (!entry) return;
              const parsed = timeEntryDeleteQuery.safeParse({ version: entry.version, reason });
              if (!parsed.success) return setReasonError(parsed.error.issues[0]?.message);
              setReasonError(undefined);
              remove.mutate(
                { id: entry.id, version: entry.version, reason: parsed.data.reason },
                { onSuccess: succeeded(ATTENDANCE_MESSAGES.entryDeleted, done), onError: (e) => setError(e.message) },
              );
            }}
          >
            {remove.isPending ? 'Deleting...' : 'Delete Entry'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** Break (minutes), as the Clock Out dialog and Edit Time Entry ask for it. */
export function BreakField(props: { id: string; value: string; onChange: (value: string) => void; error?: string | undefined }) {
  return <TextField label="Break (minutes)" type="number" inputMode="numeric" min={0} max={1440} {...props} />;
}
