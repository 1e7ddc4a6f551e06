import { useQuery } from '@tanstack/react-query';
import { ArrowLeftIcon, PencilIcon, UserXIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { EMPLOYMENT_TYPE_LABELS, HRMS_MESSAGES, type Employee } from '@/shared/hrms';
import { Button } from '@/web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/web/components/ui/dialog';
import { Field } from '@/web/components/ui/field';
import { Input } from '@/web/components/ui/input';
import { PageState } from '@/web/components/ui/page-state';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { toast } from '@/web/lib/toast';
import { ScrollTable, SectionCard } from '@/web/components/module/dashboard';
import type { ModuleScopeState } from '@/web/components/module/module-context';
import { balancesQuery, employeeQuery, leaveRequestsQuery, useTerminateEmployee } from './api';
import { EmployeeDialog } from './components/employee-dialog';
import { EmployeeStatusBadge, StatusBadge } from './components/status-badge';
import { formatDay, formatRange, todayIso } from './format';
import { HrmsPage } from './hrms-page';
import { PageHeading } from '@/web/components/module/module-page';
import { DetailList } from '@/web/components/module/form-fields';

export function EmployeePage() {
  return <HrmsPage title="Employee">{(scope) => <Profile scope={scope} />}</HrmsPage>;
}

function Profile({ scope }: { scope: ModuleScopeState }) {
  const { id = '' } = useParams();
  const employee = useQuery(employeeQuery(id));
  const balances = useQuery(balancesQuery(id));
  const history = useQuery(leaveRequestsQuery({ employeeId: id, limit: 50 }));
  const [editing, setEditing] = useState(false);
  const [terminating, setTerminating] = useState(false);
  const search = scope.entityId ? `?entity=${scope.entityId}` : '';

  if (employee.isPending) return <PageState>Loading...</PageState>;
  if (employee.isError) {
    return (
      <PageState>
        <span className="grid gap-3">
          <span>{employee.error.message}</span>
          <Link to={`/hrms/employees${search}`} className="text-primary underline">
            Back to Employees
          </Link>
        </span>
      </PageState>
    );
  }
  const e = employee.data;
  const canWrite = scope.can('member', e.entityId);
  const details: [string, React.ReactNode][] = [
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
  ];

  return (
    <>
      <Link to={`/hrms/employees${search}`} className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeftIcon className="size-4" aria-hidden />
        Employees
      </Link>
      <PageHeading
        title={`${e.firstName} ${e.lastName}`}
        description={[e.jobTitle, e.department].filter(Boolean).join(' · ') || 'Employee'}
        actions={
          canWrite && e.status !== 'terminated' ? (
            <>
              <Button variant="outline" onClick={() => setEditing(true)}>
                <PencilIcon aria-hidden />
                Edit
              </Button>
              {/* One termination per record: a leaver's last day is already set. */}
              {e.endDate ? null : (
                <Button variant="outline" onClick={() => setTerminating(true)}>
                  <UserXIcon aria-hidden />
                  Terminate
                </Button>
              )}
            </>
          ) : null
        }
      />
      <div className="grid gap-4 xl:grid-cols-2">
        <SectionCard title="Details">
          <DetailList items={details} />
        </SectionCard>
        <SectionCard title="Leave Balances" description={balances.data ? `Year ${balances.data.year}` : undefined}>
          {balances.data ? (
            <ScrollTable label="Leave balances">
              <TableHeader>
                <TableRow>
                  <TableHead>Type</TableHead>
                  <TableHead className="text-right">Allowance</TableHead>
                  <TableHead className="text-right">Taken</TableHead>
                  <TableHead className="text-right">Pending</TableHead>
                  <TableHead className="text-right">Remaining</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {balances.data.items.map((b) => (
                  <TableRow key={b.leaveTypeId}>
                    <TableCell className="font-medium">{b.name}</TableCell>
                    <TableCell className="text-right tabular-nums">{b.allowanceDays === 0 ? 'Unlimited' : b.allowanceDays}</TableCell>
                    <TableCell className="text-right tabular-nums">{b.taken}</TableCell>
                    <TableCell className="text-right tabular-nums">{b.pending}</TableCell>
                    <TableCell className="text-right tabular-nums">{b.remaining ?? 'Unlimited'}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </ScrollTable>
          ) : (
            <p className="text-sm text-muted-foreground">{balances.error?.message ?? 'Loading...'}</p>
          )}
        </SectionCard>
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
      <EmployeeDialog open={editing} onOpenChange={setEditing} scope={scope} employee={e} />
      <TerminateDialog open={terminating} onOpenChange={setTerminating} employee={e} />
    </>
  );
}

function TerminateDialog({ open, onOpenChange, employee }: { open: boolean; onOpenChange: (o: boolean) => void; employee: Employee }) {
  const id = useId();
  const [endDate, setEndDate] = useState(todayIso());
  const terminate = useTerminateEmployee();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <form
          className="grid gap-4"
          onSubmit={(ev) => {
            ev.preventDefault();
            terminate.mutate(
              { id: employee.id, endDate, version: employee.version },
              {
                onSuccess: () => {
                  toast.success('Success', { description: HRMS_MESSAGES.employeeTerminated });
                  onOpenChange(false);
                },
              },
            );
          }}
        >
          <DialogHeader>
            <DialogTitle>Terminate Employee</DialogTitle>
            <DialogDescription>
              {employee.firstName} {employee.lastName}'s record is kept, with the end of employment.
            </DialogDescription>
          </DialogHeader>
          <Field id={`${id}-end`} label="Last Day" error={terminate.error?.message}>
            <Input id={`${id}-end`} type="date" value={endDate} onChange={(e) => setEndDate(e.target.value)} required />
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={terminate.isPending || !endDate}>
              Terminate
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
