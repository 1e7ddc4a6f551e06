import { useQuery } from '@tanstack/react-query';
import { ClipboardCheckIcon, DownloadIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import {
  ATTENDANCE_MESSAGES,
  durationText,
  TIMESHEET_STATUS_LABELS,
  TIMESHEET_STATUSES,
  timesheetDecisionInput,
  timesheetReturnInput,
  type AttendanceToday,
  type Timesheet,
} from '@/shared/attendance';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { ScrollTable, SectionCard } from '@/web/components/module/dashboard';
import { EmptyState } from '@/web/components/module/empty-state';
import { fieldErrors, TextAreaField, useFormState } from '@/web/components/module/form-fields';
import { useListParams } from '@/web/components/module/list-params';
import type { ModuleScopeState } from '@/web/components/module/module-context';
import { PageHeading } from '@/web/components/module/module-page';
import { DialogForm, formDialog, succeeded } from '@/web/components/module/record-dialog';
import { exportHref } from '@/web/components/module/record-list';
import { nativeSelect } from '@/web/components/module/styles';
import { HrmsPage } from '../hrms-page';
import { attendanceTodayQuery, timesheetsQuery, useTimesheetAction } from './api';
import { clockTime, TimesheetBadge, weekLabel } from './timesheet-badge';

export function AttendancePage() {
  return <HrmsPage title="Attendance">{(scope) => <Attendance scope={scope} />}</HrmsPage>;
}

/**
 * `/hrms/attendance`: today's presence (in, late, missing) and the timesheets to approve, for HR
 * staff (their entities) and managers (their reports), with the CSV of a period's timesheets.
 */
function Attendance({ scope }: { scope: ModuleScopeState }) {
  const list = useListParams();
  const status = list.get('status') ?? 'submitted';
  const from = list.get('from');
  const to = list.get('to');
  const cursor = list.get('cursor');
  const today = useQuery(attendanceTodayQuery(scope.entityId));
  const query = {
    entityId: scope.entityId,
    status: status === 'all' ? undefined : status,
    from,
    to,
    cursor,
    limit: 25,
  };
  const sheets = useQuery(timesheetsQuery(query));
  const counts = today.data?.counts;

  return (
    <>
      <PageHeading
        title="Attendance"
        description="Who is in today, timesheets to approve, and hours per week. Days and weeks are UTC."
        actions={
          // The CSV is for HR staff (Viewer and up); a manager without a grant sees their reports here only.
          scope.can('viewer') ? (
            <Button asChild variant="outline">
              <a
                href={exportHref('/hrms/attendance/timesheets/export', {
                  ...query,
                  cursor: undefined,
                })}
                download
              >
                <DownloadIcon aria-hidden />
                Export CSV
              </a>
            </Button>
          ) : null
        }
      />
      {today.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {today.error.message}
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-3">
        <PeopleCard
          title="Clocked In"
          what="Clocked in now"
          empty="Nobody is clocked in."
          people={today.data?.in}
          detail={(p) => `since ${clockTime(p.since)}`}
          total={counts?.in}
        />
        <PeopleCard
          title="Late"
          what="First clock-in after the late-after time"
          empty="Nobody is late today."
          people={today.data?.late}
          detail={(p) => `first in ${clockTime(p.firstClockIn)}`}
          total={counts?.late}
        />
        <PeopleCard title="Missing" what="No entry today, not on leave" empty="Nobody is missing today." people={today.data?.missing} detail={() => ''} total={counts?.missing} />
      </div>
      <SectionCard
        title="Timesheets"
        description="Approve or return your reports' weeks (managers) or the entity's (HR staff)."
        action={
          <div className="flex flex-wrap items-end gap-2">
            <div className="grid gap-1">
              <Label htmlFor="timesheet-status">Status</Label>
              <select id="timesheet-status" className={`${nativeSelect} h-9 w-40`} value={status} onChange={(e) => list.set({ status: e.target.value })}>
                <option value="all">All statuses</option>
                {TIMESHEET_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {TIMESHEET_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
            <WeekFilter id="timesheet-from" label="From week" value={from} onChange={(v) => list.set({ from: v })} />
            <WeekFilter id="timesheet-to" label="To week" value={to} onChange={(v) => list.set({ to: v })} />
          </div>
        }
      >
        {sheets.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {sheets.error.message}
          </p>
        ) : sheets.data && sheets.data.items.length > 0 ? (
          <>
            <ScrollTable label="Timesheets">
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
                {sheets.data.items.map((t) => (
                  <TimesheetRow key={t.id} sheet={t} />
                ))}
              </TableBody>
            </ScrollTable>
            {sheets.data.nextCursor || cursor ? (
              <div className="flex justify-end gap-2 pt-3">
                <Button variant="outline" size="sm" disabled={!cursor} onClick={() => list.set({ cursor: undefined })}>
                  First page
                </Button>
                <Button variant="outline" size="sm" disabled={!sheets.data.nextCursor} onClick={() => list.set({ cursor: sheets.data.nextCursor ?? undefined })}>
                  Next page
                </Button>
              </div>
            ) : null}
          </>
        ) : sheets.isPending ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : (
          <EmptyState icon={ClipboardCheckIcon} title={status === 'submitted' ? 'No timesheets to approve' : 'No timesheets'}>
            Employees clock in and out on the Employee Portal and submit each week; submitted weeks appear here.
          </EmptyState>
        )}
      </SectionCard>
    </>
  );
}

/** A week filter: any day picks its week (the server takes Mondays, so the day is moved to its Monday). */
function WeekFilter({ id, label, value, onChange }: { id: string; label: string; value?: string; onChange: (monday: string | undefined) => void }) {
  const toMonday = (day: string) => {
    const d = new Date(`${day}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
    return d.toISOString().slice(0, 10);
  };
  return (
    <div className="grid gap-1">
      <Label htmlFor={id}>{label}</Label>
      <input id={id} type="date" className={`${nativeSelect} h-9 w-40`} value={value ?? ''} onChange={(e) => onChange(e.target.value ? toMonday(e.target.value) : undefined)} />
    </div>
  );
}

type Person = AttendanceToday['missing'][number];

/** One of today's groups: its count (all of them) in the title, and its first people. */
function PeopleCard<P extends Person>({
  title,
  what,
  empty,
  people,
  detail,
  total,
}: {
  title: string;
  what: string;
  empty: string;
  people?: P[];
  detail: (p: P) => string;
  total?: number;
}) {
  return (
    <SectionCard title={total === undefined ? title : `${title}: ${total}`} description={what}>
      {!people ? (
        <p className="text-sm text-muted-foreground">Loading...</p>
      ) : people.length === 0 ? (
        <p className="text-sm text-muted-foreground">{empty}</p>
      ) : (
        <ul className="grid gap-1.5 text-sm">
          {people.map((p) => (
            <li key={p.employeeId} className="flex flex-wrap justify-between gap-2">
              <span className="font-medium">{p.employeeName}</span>
              <span className="text-muted-foreground">{detail(p)}</span>
            </li>
          ))}
          {total !== undefined && total > people.length ? <li className="text-muted-foreground">and {total - people.length} more</li> : null}
        </ul>
      )}
    </SectionCard>
  );
}

function TimesheetRow({ sheet: t }: { sheet: Timesheet }) {
  const [deciding, setDeciding] = useState<'approve' | 'return' | null>(null);
  return (
    <TableRow>
      <TableCell className="whitespace-nowrap font-medium">{t.employeeName}</TableCell>
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
