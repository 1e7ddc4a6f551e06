import { useQuery } from '@tanstack/react-query';
import { ChevronLeftIcon, ChevronRightIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { durationText, weekStartOf, type TimeEntry } from '@/shared/attendance';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { ScrollTable, SectionCard } from '@/web/components/module/dashboard';
import { useListParams } from '@/web/components/module/list-params';
import { nativeSelect } from '@/web/components/module/styles';
import { attendanceWeekQuery } from './api';
import { DeleteTimeEntryDialog, EditTimeEntryDialog } from './time-entry-dialogs';
import { clockTime, dayLabel, entryLabel, TimesheetBadge, weekLabel } from './timesheet-badge';

const addWeeks = (monday: string, weeks: number) => new Date(Date.parse(`${monday}T00:00:00Z`) + weeks * 7 * 86_400_000).toISOString().slice(0, 10);

/**
 * An employee's time entries, a week at a time (`?week=` in the URL, a Monday; default this
 * week), on their page: read by HR staff, their manager and themselves; HR staff (Member and up,
 * not on their own) edit and delete entries of a week that is not approved, and an entry left
 * open, whatever its week (a forgotten clock-out).
 */
export function EmployeeAttendance({ employeeId, employeeName }: { employeeId: string; employeeName: string }) {
  const list = useListParams();
  const thisWeek = weekStartOf(new Date());
  const weekStart = list.get('week') ?? thisWeek;
  const week = useQuery(attendanceWeekQuery(employeeId, weekStart === thisWeek ? undefined : weekStart));
  const [editing, setEditing] = useState<TimeEntry | null>(null);
  const [deleting, setDeleting] = useState<TimeEntry | null>(null);
  const data = week.data;
  const sheet = data?.timesheet ?? null;
  const approved = sheet?.status === 'approved';
  const canChange = Boolean(data?.canCorrect) && !approved;
  const open = data?.openEntry ?? null;
  const openElsewhere = open && !data?.entries.some((e) => e.id === open.id) ? open : null;
  const goTo = (monday: string) => list.set({ week: monday === thisWeek ? undefined : monday });

  const actions = (e: TimeEntry) =>
    canChange || (data?.canCorrect && e.id === open?.id) ? (
      <div className="flex justify-end gap-1">
        <Button size="sm" variant="ghost" onClick={() => setEditing(e)} aria-label={`Edit time entry of ${entryLabel(e)}`} title="Edit">
          <PencilIcon aria-hidden />
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setDeleting(e)} aria-label={`Delete time entry of ${entryLabel(e)}`} title="Delete">
          <Trash2Icon aria-hidden />
        </Button>
      </div>
    ) : null;

  return (
    <SectionCard
      title="Attendance"
      description={`${weekLabel(weekStart)} (times in UTC)`}
      action={
        <div className="flex flex-wrap items-end gap-2">
          {sheet ? <TimesheetBadge status={sheet.status} /> : null}
          <Button size="sm" variant="outline" className="h-9" onClick={() => goTo(addWeeks(weekStart, -1))} aria-label="Previous week">
            <ChevronLeftIcon aria-hidden />
          </Button>
          <div className="grid gap-1">
            <Label htmlFor={`attendance-week-${employeeId}`}>Week</Label>
            <input
              id={`attendance-week-${employeeId}`}
              type="date"
              className={`${nativeSelect} h-9 w-40`}
              value={weekStart}
              max={new Date().toISOString().slice(0, 10)}
              onChange={(e) => e.target.value && goTo(weekStartOf(new Date(`${e.target.value}T00:00:00Z`)))}
            />
          </div>
          <Button size="sm" variant="outline" className="h-9" disabled={weekStart >= thisWeek} onClick={() => goTo(addWeeks(weekStart, 1))} aria-label="Next week">
            <ChevronRightIcon aria-hidden />
          </Button>
        </div>
      }
    >
      {week.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {week.error.message}
        </p>
      ) : !data ? (
        <p className="text-sm text-muted-foreground">Loading...</p>
      ) : (
        <div className="grid gap-3">
          {openElsewhere ? (
            <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
              <span>
                Still clocked in since {dayLabel(openElsewhere.clockIn)}, {clockTime(openElsewhere.clockIn)}: a forgotten clock-out?
              </span>
              {actions(openElsewhere)}
            </div>
          ) : null}
          <dl className="grid grid-cols-3 gap-2 text-sm">
            {[
              ['Worked', durationText(data.workedMinutes)],
              ['Weekly hours', durationText(data.expectedMinutes)],
              ['Overtime', durationText(data.overtimeMinutes)],
            ].map(([label, value]) => (
              <div key={label} className="grid gap-0.5 rounded-md bg-muted/50 p-2">
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className="font-semibold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          {data.canCorrect && approved ? <p className="text-sm text-muted-foreground">This week is approved: its entries can no longer change.</p> : null}
          {data.entries.length === 0 ? (
            <p className="text-sm text-muted-foreground">No time recorded this week.</p>
          ) : (
            <>
              {/* A phone: one entry a block, its Edit and Delete in reach (the table scrolls sideways). */}
              <ul className="grid gap-2 sm:hidden" aria-label={`Time entries, ${weekLabel(weekStart)}`}>
                {data.entries.map((e) => (
                  <li key={e.id} className="grid gap-1 rounded-md border p-2 text-sm">
                    <div className="flex items-start justify-between gap-2">
                      <div className="grid gap-0.5">
                        <span className="font-medium">{entryLabel(e).replace('now', 'still in')}</span>
                        <span className="text-muted-foreground tabular-nums">
                          {durationText(e.workedMinutes)} worked{e.breakMinutes ? `, break ${durationText(e.breakMinutes)}` : ''}
                        </span>
                      </div>
                      {actions(e)}
                    </div>
                    {e.note ? <p className="text-xs break-words whitespace-pre-line text-muted-foreground">{e.note}</p> : null}
                  </li>
                ))}
              </ul>
              <div className="hidden sm:block">
                <ScrollTable label={`Time entries, ${weekLabel(weekStart)}`}>
                  <TableHeader>
                    <TableRow>
                      <TableHead>Day</TableHead>
                      <TableHead>Clock In</TableHead>
                      <TableHead>Clock Out</TableHead>
                      <TableHead className="text-right">Break</TableHead>
                      <TableHead className="text-right">Worked</TableHead>
                      <TableHead>Note</TableHead>
                      <TableHead>
                        <span className="sr-only">Actions</span>
                      </TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {data.entries.map((e) => (
                      <TableRow key={e.id}>
                        <TableCell className="whitespace-nowrap">{dayLabel(e.clockIn)}</TableCell>
                        <TableCell className="whitespace-nowrap tabular-nums">{clockTime(e.clockIn)}</TableCell>
                        <TableCell className="whitespace-nowrap tabular-nums">
                          {e.clockOut ? (dayLabel(e.clockOut) === dayLabel(e.clockIn) ? clockTime(e.clockOut) : `${dayLabel(e.clockOut)}, ${clockTime(e.clockOut)}`) : 'Still in'}
                        </TableCell>
                        <TableCell className="whitespace-nowrap text-right tabular-nums">{e.breakMinutes ? durationText(e.breakMinutes) : '–'}</TableCell>
                        <TableCell className="whitespace-nowrap text-right tabular-nums">{durationText(e.workedMinutes)}</TableCell>
                        <TableCell className="min-w-40 max-w-64 text-xs break-words whitespace-pre-line text-muted-foreground">{e.note || '–'}</TableCell>
                        <TableCell className="whitespace-nowrap text-right">{actions(e)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </ScrollTable>
              </div>
            </>
          )}
        </div>
      )}
      {editing ? (
        <EditTimeEntryDialog
          open
          onOpenChange={(o) => !o && setEditing(null)}
          entry={editing}
          employeeName={employeeName}
          // An entry moved to another week is shown there.
          onSaved={(saved) => {
            const moved = weekStartOf(new Date(saved.clockIn));
            if (moved !== weekStart) goTo(moved);
          }}
        />
      ) : null}
      <DeleteTimeEntryDialog entry={deleting} employeeName={employeeName} close={() => setDeleting(null)} />
    </SectionCard>
  );
}
