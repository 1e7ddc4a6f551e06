import { useQuery } from '@tanstack/react-query';
import { UserXIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { EMPLOYMENT_TYPE_LABELS, HRMS_MESSAGES, type Employee } from '@/shared/hrms';
import { Button } from '@/web/components/ui/button';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { ScrollTable, SectionCard } from '@/web/components/module/dashboard';
import { entitySearch, type ModuleScopeState } from '@/web/components/module/module-context';
import { employeeQuery, leaveRequestsQuery, useTerminateEmployee } from './api';
import { EmployeeDialog } from './components/employee-dialog';
import { EmployeeStatusBadge, StatusBadge } from './components/status-badge';
import { formatDay, formatRange, todayIso } from './format';
import { HrmsPage } from './hrms-page';
import { BalanceTable } from './components/balances';
import { EmployeeChecklists } from './onboarding/employee-checklists';
import { EmployeeAttendance } from './attendance/employee-attendance';
import { RecordPage } from '@/web/components/module/record-page';
import { DetailList, TextField } from '@/web/components/module/form-fields';
import { DialogForm, FormDialog, succeeded } from '@/web/components/module/record-dialog';

export function EmployeePage() {
  return <HrmsPage title="Employee">{(scope) => <Profile scope={scope} />}</HrmsPage>;
}

function Profile({ scope }: { scope: ModuleScopeState }) {
  const { id = '' } = useParams();
  const employee = useQuery(employeeQuery(id));
  const history = useQuery(leaveRequestsQuery({ employeeId: id, limit: 50 }));
  const [terminating, setTerminating] = useState(false);
  const search = entitySearch(scope);

  return (
    <RecordPage scope={scope} query={employee} back={{ to: `/hrms/employees${search}`, label: 'Employees' }}>
      {(e, canWrite) => {
        const details: [string, ReactNode][] = [
          ['Work Email', e.workEmail],
          ['Job Title', e.jobTitle || '—'],
          ['Department', e.department || '—'],
          ['Employment Type', EMPLOYMENT_TYPE_LABELS[e.employmentType]],
          ['Entity', e.entityName],
          ['Start Date', formatDay(e.startDate)],
          ['Status', <EmployeeStatusBadge key="s" employee={e} />],
          ...(e.endDate ? ([['End Date', formatDay(e.endDate)]] as [string, string][]) : []),
          [
            'Manager',
            e.managerId ? (
              <Link key="m" to={`/hrms/employees/${e.managerId}${search}`} className="text-primary underline-offset-4 hover:underline">
                {e.managerName}
              </Link>
            ) : (
              '—'
            ),
          ],
          // Personal contact: for HR and the employee themselves (the API sends null to anyone else).
          ...(e.personal
            ? ([
                ['Personal Email', e.personal.personalEmail || '—'],
                ['Phone', e.personal.phone || '—'],
                [
                  'Address',
                  <span key="a" className="whitespace-pre-line">
                    {e.personal.address || '—'}
                  </span>,
                ],
              ] as [string, ReactNode][])
            : []),
        ];

        return {
          title: `${e.firstName} ${e.lastName}`,
          description: [e.jobTitle, e.department].filter(Boolean).join(' · ') || 'Employee',
          edit: canWrite && e.status !== 'terminated' ? { dialog: (props) => <EmployeeDialog {...props} scope={scope} employee={e} /> } : undefined,
          actions: (edit) =>
            edit ? (
              <>
                {edit}
                {/* One termination per record: a leaver's last day is already set. */}
                {e.endDate ? null : (
                  <Button variant="outline" onClick={() => setTerminating(true)}>
                    <UserXIcon aria-hidden />
                    Terminate
                  </Button>
                )}
              </>
            ) : null,
          body: (
            <>
              <div className="grid gap-4 xl:grid-cols-2">
                <SectionCard title="Details">
                  <DetailList items={details} />
                </SectionCard>
                <BalanceTable employeeId={e.id} />
              </div>
              <SectionCard title="Direct Reports">
                {e.directReports.length === 0 ? (
                  <p className="text-sm text-muted-foreground">No one reports to {e.firstName}.</p>
                ) : (
                  <ul className="grid gap-1 text-sm">
                    {e.directReports.map((r: Employee) => (
                      <li key={r.id}>
                        <Link to={`/hrms/employees/${r.id}${search}`} className="text-primary underline-offset-4 hover:underline">
                          {r.firstName} {r.lastName}
                        </Link>
                        {r.jobTitle ? <span className="text-muted-foreground"> · {r.jobTitle}</span> : null}
                      </li>
                    ))}
                  </ul>
                )}
              </SectionCard>
              <EmployeeChecklists employeeId={e.id} />
              <EmployeeAttendance employeeId={e.id} employeeName={`${e.firstName} ${e.lastName}`} />
              <SectionCard title="Leave History">
                {history.data && history.data.items.length > 0 ? (
                  <ScrollTable label="Leave history">
                    <TableHeader>
                      <TableRow>
                        <TableHead>Type</TableHead>
                        <TableHead>Dates</TableHead>
                        <TableHead className="text-right">Days</TableHead>
                        <TableHead>Status</TableHead>
                      </TableRow>
                    </TableHeader>
                    <TableBody>
                      {history.data.items.map((r) => (
                        <TableRow key={r.id}>
                          <TableCell>{r.leaveTypeName}</TableCell>
                          <TableCell className="whitespace-nowrap">{formatRange(r.startDate, r.endDate)}</TableCell>
                          <TableCell className="text-right tabular-nums">{r.days}</TableCell>
                          <TableCell>
                            <StatusBadge status={r.status} />
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </ScrollTable>
                ) : (
                  <p className="text-sm text-muted-foreground">{history.isPending ? 'Loading...' : 'No leave requested yet.'}</p>
                )}
              </SectionCard>
              <TerminateDialog open={terminating} onOpenChange={setTerminating} employee={e} />
            </>
          ),
        };
      }}
    </RecordPage>
  );
}

function TerminateDialog({ open, onOpenChange, employee }: { open: boolean; onOpenChange: (o: boolean) => void; employee: Employee }) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} size="md">
      <TerminateForm employee={employee} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function TerminateForm({ employee, onDone }: { employee: Employee; onDone: () => void }) {
  const id = useId();
  const [endDate, setEndDate] = useState(todayIso());
  const terminate = useTerminateEmployee();
  return (
    <DialogForm
      title="Terminate Employee"
      description={`${employee.firstName} ${employee.lastName}'s record is kept, with the end of employment.`}
      onSubmit={(ev) => {
        ev.preventDefault();
        terminate.mutate({ id: employee.id, endDate, version: employee.version }, { onSuccess: succeeded(HRMS_MESSAGES.employeeTerminated, onDone) });
      }}
      onCancel={onDone}
      submitLabel="Terminate"
      busy={terminate.isPending}
      busyLabel="Terminate"
      disabled={!endDate}
      destructive
    >
      <TextField id={`${id}-end`} label="Last Day" type="date" value={endDate} onChange={setEndDate} error={terminate.error?.message} required />
    </DialogForm>
  );
}
