import { useQuery } from '@tanstack/react-query';
import { ClipboardCheckIcon, DownloadIcon } from 'lucide-react';
import { TIMESHEET_STATUS_LABELS, TIMESHEET_STATUSES, type AttendanceToday } from '@/shared/attendance';
import { Button } from '@/web/components/ui/button';
import { Label } from '@/web/components/ui/label';
import { SectionCard } from '@/web/components/module/dashboard';
import { EmptyState } from '@/web/components/module/empty-state';
import { useListParams } from '@/web/components/module/list-params';
import type { ModuleScopeState } from '@/web/components/module/module-context';
import { PageHeading } from '@/web/components/module/module-page';
import { exportHref } from '@/web/components/module/record-list';
import { nativeSelect } from '@/web/components/module/styles';
import { HrmsPage } from '../hrms-page';
import { attendanceDayQuery, timesheetsQuery } from './api';
import { clockTime } from './timesheet-badge';
import { TimesheetTable } from './timesheet-table';

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
  const day = list.get('day');
  const today = useQuery(attendanceDayQuery(scope.entityId, day));
  const isToday = today.data?.isToday ?? !day;
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
        description="Who is in on a day, timesheets to approve, and hours per week. Days and weeks are UTC."
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
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <Label htmlFor="attendance-day">Day</Label>
          <input
            id="attendance-day"
            type="date"
            className={`${nativeSelect} h-9 w-44`}
            value={day ?? today.data?.date ?? ''}
            max={todayUtc()}
            onChange={(e) => list.set({ day: e.target.value && e.target.value !== todayUtc() ? e.target.value : undefined })}
          />
        </div>
        {day ? (
          <Button variant="outline" size="sm" className="h-9" onClick={() => list.set({ day: undefined })}>
            Today
          </Button>
        ) : null}
      </div>
      <div className="grid gap-4 lg:grid-cols-3">
        <PeopleCard
          title="Clocked In"
          what={isToday ? 'Clocked in now' : 'Clocked in that day'}
          empty={isToday ? 'Nobody is clocked in.' : 'Nobody clocked in that day.'}
          people={today.data?.in}
          detail={(p) => `${isToday ? 'since' : 'first in'} ${clockTime(p.since)}`}
          total={counts?.in}
          more={today.data?.more.in}
        />
        <PeopleCard
          title="Late"
          what="First clock-in after the late-after time"
          empty={isToday ? 'Nobody is late today.' : 'Nobody was late that day.'}
          people={today.data?.late}
          detail={(p) => `first in ${clockTime(p.firstClockIn)}`}
          total={counts?.late}
          more={today.data?.more.late}
        />
        <PeopleCard
          title="Missing"
          what={isToday ? 'No entry today, not on leave' : 'No entry that day, not on leave'}
          empty={isToday ? 'Nobody is missing today.' : 'Nobody was missing that day.'}
          people={today.data?.missing}
          detail={() => ''}
          total={counts?.missing}
          more={today.data?.more.missing}
        />
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
            <TimesheetTable label="Timesheets" items={sheets.data.items} />
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

/** Today as YYYY-MM-DD (UTC), the latest day the server takes. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/** One of a day's groups: how many it lists in the title ("50+" when there are more), and its first people. */
function PeopleCard<P extends Person>({
  title,
  what,
  empty,
  people,
  detail,
  total,
  more,
}: {
  title: string;
  what: string;
  empty: string;
  people?: P[];
  detail: (p: P) => string;
  total?: number;
  more?: boolean;
}) {
  return (
    <SectionCard title={total === undefined ? title : `${title}: ${total}${more ? '+' : ''}`} description={what}>
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
          {more ? <li className="text-muted-foreground">and more</li> : null}
        </ul>
      )}
    </SectionCard>
  );
}
