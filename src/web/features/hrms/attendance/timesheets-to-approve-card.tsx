import { useQuery } from '@tanstack/react-query';
import { SectionCard } from '@/web/components/module/dashboard';
import { timesheetsQuery } from './api';
import { TimesheetTable } from './timesheet-table';

/**
 * The Employee Portal's card for a manager: their reports' submitted weeks, approved or returned
 * here without an HRMS grant (the Attendance page is HR staff's).
 */
export function TimesheetsToApproveCard() {
  const sheets = useQuery(timesheetsQuery({ status: 'submitted', limit: 25 }));
  const toDecide = (sheets.data?.items ?? []).filter((t) => t.canDecide);
  return (
    <SectionCard title="Timesheets to Approve" description="Submitted weeks of the people who report to you">
      {sheets.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {sheets.error.message}
        </p>
      ) : toDecide.length > 0 ? (
        <TimesheetTable label="Timesheets to approve" items={toDecide} />
      ) : (
        <p className="text-sm text-muted-foreground">{sheets.isPending ? 'Loading...' : 'No timesheets are waiting for you.'}</p>
      )}
    </SectionCard>
  );
}
