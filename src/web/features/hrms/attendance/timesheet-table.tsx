import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ATTENDANCE_MESSAGES, durationText, timesheetDecisionInput, timesheetReturnInput, type Timesheet } from '@/shared/attendance';
import { Button } from '@/web/components/ui/button';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { ScrollTable } from '@/web/components/module/dashboard';
import { fieldErrors, TextAreaField, useFormState } from '@/web/components/module/form-fields';
import { DialogForm, formDialog, succeeded } from '@/web/components/module/record-dialog';
import { useTimesheetAction } from './api';
import { TimesheetBadge, weekLabel } from './timesheet-badge';

/**
 * Timesheets with Approve and Return where the caller may decide (`canDecide`): the Attendance
 * page's list (HR staff, managers) and the Employee Portal's "Timesheets to Approve" (managers
 * without a grant).
 */
export function TimesheetTable({ label, items }: { label: string; items: Timesheet[] }) {
  return (
    <ScrollTable label={label}>
      <TableHeader>
        <TableRow>
          <TableHead>Employee</TableHead>
          <TableHead>Week</TableHead>
          <TableHead className="text-right">Worked</TableHead>
          <TableHead className="text-right">Overtime</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((t) => (
          <TimesheetRow key={t.id} sheet={t} />
        ))}
      </TableBody>
    </ScrollTable>
  );
}

function TimesheetRow({ sheet: t }: { sheet: Timesheet }) {
  const [deciding, setDeciding] = useState<'approve' | 'return' | null>(null);
  return (
    <TableRow>
      <TableCell className="whitespace-nowrap font-medium">
        {/* The employee's page shows the week's entries (HR staff correct them there). */}
        <Link to={`/hrms/employees/${t.employeeId}?week=${t.weekStart}`} className="text-primary underline-offset-4 hover:underline">
          {t.employeeName}
        </Link>
      </TableCell>
      <TableCell className="whitespace-nowrap">{weekLabel(t.weekStart)}</TableCell>
      <TableCell className="whitespace-nowrap text-right tabular-nums">{durationText(t.workedMinutes)}</TableCell>
      <TableCell className="whitespace-nowrap text-right tabular-nums">{t.overtimeMinutes > 0 ? durationText(t.overtimeMinutes) : '–'}</TableCell>
      <TableCell>
        <TimesheetBadge status={t.status} />
        {t.comment ? <p className="mt-1 max-w-64 text-xs break-words whitespace-pre-line text-muted-foreground">{t.comment}</p> : null}
      </TableCell>
      <TableCell className="whitespace-nowrap text-right">
        {t.canDecide ? (
          <div className="flex justify-end gap-2">
            <Button size="sm" onClick={() => setDeciding('approve')} aria-label={`Approve ${t.employeeName}'s timesheet`}>
              Approve
            </Button>
            <Button size="sm" variant="outline" onClick={() => setDeciding('return')} aria-label={`Return ${t.employeeName}'s timesheet`}>
              Return
            </Button>
          </div>
        ) : null}
        <DecisionDialog open={deciding !== null} onOpenChange={(o) => !o && setDeciding(null)} kind={deciding ?? 'approve'} sheet={t} />
      </TableCell>
    </TableRow>
  );
}

/** Approve (an optional comment) or Return (a comment saying what to correct). */
function DecisionForm({ kind, sheet, onDone }: { kind: 'approve' | 'return'; sheet: Timesheet; onDone: () => void }) {
  const action = useTimesheetAction();
  const { id, values, set, errors, setErrors } = useFormState({ comment: '' });
  const save = (e: FormEvent) => {
    e.preventDefault();
    const parsed = (kind === 'return' ? timesheetReturnInput : timesheetDecisionInput).safeParse(values);
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues));
    setErrors({});
    action.mutate(
      { id: sheet.id, action: kind, comment: parsed.data.comment },
      {
        onSuccess: succeeded(kind === 'approve' ? ATTENDANCE_MESSAGES.approved : ATTENDANCE_MESSAGES.returned, onDone),
        onError: (error) => setErrors({ form: error.message }),
      },
    );
  };
  const verb = kind === 'approve' ? 'Approve' : 'Return';
  return (
    <DialogForm
      title={`${verb} Timesheet`}
      description={`${sheet.employeeName}: ${weekLabel(sheet.weekStart)}, ${durationText(sheet.workedMinutes)} worked${sheet.overtimeMinutes > 0 ? `, ${durationText(sheet.overtimeMinutes)} overtime` : ''}.`}
      onSubmit={save}
      onCancel={onDone}
      error={errors.form}
      submitLabel={verb}
      busy={action.isPending}
      destructive={kind === 'return'}
    >
      <TextAreaField
        id={`${id}-comment`}
        label={kind === 'return' ? 'What to correct' : 'Comment (optional)'}
        value={values.comment}
        onChange={set('comment')}
        error={errors.comment}
        maxLength={1000}
        rows={3}
      />
    </DialogForm>
  );
}

const DecisionDialog = formDialog(DecisionForm, 'md');
