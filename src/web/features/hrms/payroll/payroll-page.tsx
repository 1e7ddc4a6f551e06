import { useQuery } from '@tanstack/react-query';
import { DownloadIcon, FileTextIcon, PencilIcon, PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  formatMoney,
  PAY_COMPONENT_KIND_LABELS,
  PAY_FREQUENCY_LABELS,
  PAYROLL_TAX_YEARS,
  PAY_RUN_STATUS_LABELS,
  US_STATE_TAX_NOTICE,
  type PayComponent,
  type PayRecord,
  type PayrollSettings,
  type PaySchedule,
} from '@/shared/payroll';
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
import { FormError } from '@/web/components/module/form-fields';
import { toast } from '@/web/lib/toast';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { ScrollTable, SectionCard } from '@/web/components/module/dashboard';
import { entitySearch, type ModuleScopeState } from '@/web/components/module/module-context';
import { PageHeading } from '@/web/components/module/module-page';
import { TextField } from '@/web/components/module/form-fields';
import { HrmsPage } from '../hrms-page';
import { componentsQuery, payRecordsQuery, runsQuery, schedulesQuery, settingsQuery, useDeleteComponent, yearEndFiles, yearEndQuery } from './api';
import { ComponentDialog, componentRule, NewRunDialog, PayRecordDialog, ScheduleDialog, SettingsDialog } from './dialogs';

export function PayrollPage() {
  return <HrmsPage title="Payroll">{(scope) => <Payroll scope={scope} />}</HrmsPage>;
}

/** Payroll runs per entity: the chosen one, or the first where the caller runs payroll. */
function Payroll({ scope }: { scope: ModuleScopeState }) {
  const entity = scope.inScope.find((e) => scope.can('app_admin', e.id));
  if (!entity)
    return (
      <>
        <PageHeading title="Payroll" description="Pay runs, payslips and bank files." />
        <p className="text-sm text-muted-foreground">Only an entity’s HRMS App Admins run payroll and see pay.</p>
      </>
    );
  return <EntityPayroll scope={scope} entity={entity} />;
}

/** The heading of a column of row buttons: named for screen readers only. */
const ActionsHead = () => (
  <TableHead>
    <span className="sr-only">Actions</span>
  </TableHead>
);

/** A download of the API (payslip, bank file, journal, year-end figures) as a button-styled link, read with the session cookie. */
export function DownloadLink({ href, label, icon: Icon = DownloadIcon, name, size }: { href: string; label: string; icon?: typeof DownloadIcon; name?: string; size?: 'sm' }) {
  return (
    <Button size={size} variant={size ? 'ghost' : 'outline'} asChild>
      <a href={href} download aria-label={name}>
        <Icon aria-hidden />
        {label}
      </a>
    </Button>
  );
}

export const StatusBadge = ({ status }: { status: keyof typeof PAY_RUN_STATUS_LABELS }) => (
  <Badge variant={status === 'draft' ? 'warning' : status === 'approved' ? 'secondary' : 'success'}>{PAY_RUN_STATUS_LABELS[status]}</Badge>
);

/** The notice the US rules need: federal only. */
export const UsNotice = ({ country }: { country: string }) =>
  country === 'US' ? <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">{US_STATE_TAX_NOTICE}: federal income tax, Social Security and Medicare only.</p> : null;

function EntityPayroll({ scope, entity }: { scope: ModuleScopeState; entity: { id: string; name: string } }) {
  const settings = useQuery(settingsQuery(entity.id));
  const schedules = useQuery(schedulesQuery(entity.id));
  const current = settings.data?.items[0];
  const [dialog, setDialog] = useState<'settings' | 'run' | null>(null);
  const navigate = useNavigate();
  const scheduleList = schedules.data?.items ?? [];
  return (
    <>
      <PageHeading
        title="Payroll"
        description={`Pay runs of ${entity.name}: calculated as a draft, reviewed, approved (then locked), and marked as paid.`}
        actions={
          current && scheduleList.length ? (
            <Button onClick={() => setDialog('run')}>
              <PlusIcon aria-hidden />
              New Pay Run
            </Button>
          ) : null
        }
      />
      {current ? <UsNotice country={current.country} /> : null}
      <SectionCard
        title="Payroll Settings"
        description={current ? `${current.country} payroll in ${current.currency}${current.custom ? `: ${current.custom.label} (administrator-configured)` : ''}.` : 'Set the payroll country and currency of this entity first.'}
        action={
          <Button size="sm" variant={current ? 'outline' : 'default'} onClick={() => setDialog('settings')}>
            {current ? <PencilIcon aria-hidden /> : <PlusIcon aria-hidden />}
            {current ? 'Edit Settings' : 'Set Up Payroll'}
          </Button>
        }
      >
        {settings.isError ? <p role="alert" className="text-sm text-destructive">{settings.error.message}</p> : null}
      </SectionCard>
      {current ? (
        <>
          <Runs entityId={entity.id} search={entitySearch(scope)} />
          <Schedules entityId={entity.id} settings={current} schedules={scheduleList} />
          <PayComponents entityId={entity.id} settings={current} />
          <PayRecords entityId={entity.id} settings={current} schedules={scheduleList} />
          <YearEnd entityId={entity.id} settings={current} />
          <NewRunDialog open={dialog === 'run'} onOpenChange={(o) => !o && setDialog(null)} settings={current} schedules={scheduleList} onCreated={(id) => navigate(`/hrms/payroll/runs/${id}${entitySearch(scope)}`)} />
        </>
      ) : null}
      <SettingsDialog open={dialog === 'settings'} onOpenChange={(o) => !o && setDialog(null)} entityId={entity.id} settings={current} />
    </>
  );
}

function Runs({ entityId, search }: { entityId: string; search: string }) {
  const runs = useQuery(runsQuery(entityId));
  const items = runs.data?.items ?? [];
  return (
    <SectionCard title="Pay Runs" description="Latest pay date first. Open a run to review each employee’s pay.">
      {runs.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {runs.error.message}
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{runs.isPending ? 'Loading...' : 'No pay runs yet: New Pay Run calculates the first.'}</p>
      ) : (
        <ScrollTable label="Pay runs">
          <TableHeader>
            <TableRow>
              <TableHead>Pay Date</TableHead>
              <TableHead>Schedule</TableHead>
              <TableHead>Period</TableHead>
              <TableHead>Status</TableHead>
              <TableHead className="text-right">Employees</TableHead>
              <TableHead className="text-right">Gross</TableHead>
              <TableHead className="text-right">Net</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((r) => (
              <TableRow key={r.id}>
                <TableCell className="whitespace-nowrap">
                  <Link className="font-medium underline-offset-4 hover:underline" to={`/hrms/payroll/runs/${r.id}${search}`}>
                    {r.payDate}
                  </Link>
                </TableCell>
                <TableCell>
                  {r.scheduleName}
                  {r.kind === 'off_cycle' ? ' (off-cycle)' : ''}
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  {r.taxYear} · {r.period}
                </TableCell>
                <TableCell>
                  <StatusBadge status={r.status} />
                </TableCell>
                <TableCell className="text-right tabular-nums">{r.totals.employees}</TableCell>
                <TableCell className="whitespace-nowrap text-right tabular-nums">{formatMoney(r.totals.gross, r.currency)}</TableCell>
                <TableCell className="whitespace-nowrap text-right tabular-nums">{formatMoney(r.totals.net, r.currency)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ScrollTable>
      )}
    </SectionCard>
  );
}

function Schedules({ entityId, settings, schedules }: { entityId: string; settings: PayrollSettings; schedules: PaySchedule[] }) {
  const [editing, setEditing] = useState<PaySchedule | 'new' | null>(null);
  return (
    <SectionCard
      title="Pay Schedules"
      action={
        <Button size="sm" variant="outline" onClick={() => setEditing('new')}>
          <PlusIcon aria-hidden />
          Add Pay Schedule
        </Button>
      }
    >
      {schedules.length === 0 ? (
        <p className="text-sm text-muted-foreground">No pay schedules yet.</p>
      ) : (
        <ScrollTable label="Pay schedules">
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Frequency</TableHead>
              <TableHead>First Pay Date</TableHead>
              <ActionsHead />
            </TableRow>
          </TableHeader>
          <TableBody>
            {schedules.map((s) => (
              <TableRow key={s.id}>
                <TableCell className="font-medium">{s.name}</TableCell>
                <TableCell>{PAY_FREQUENCY_LABELS[s.frequency]}</TableCell>
                <TableCell className="whitespace-nowrap">{s.firstPayDate}</TableCell>
                <TableCell className="text-right">
                  <Button size="sm" variant="ghost" onClick={() => setEditing(s)} aria-label={`Edit ${s.name}`}>
                    <PencilIcon aria-hidden />
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ScrollTable>
      )}
      <ScheduleDialog open={editing !== null} onOpenChange={(o) => !o && setEditing(null)} entityId={entityId} country={settings.country} schedule={editing === 'new' ? undefined : (editing ?? undefined)} />
    </SectionCard>
  );
}

/** Earnings, deductions before and after tax, employer contributions: added, edited and deleted (after a confirmation) here, given to employees on their pay records. */
function PayComponents({ entityId, settings }: { entityId: string; settings: PayrollSettings }) {
  const components = useQuery(componentsQuery(entityId));
  const [editing, setEditing] = useState<PayComponent | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PayComponent | null>(null);
  const items = components.data?.items ?? [];
  return (
    <SectionCard
      title="Pay Components"
      description="Earnings, deductions before and after tax, and employer contributions. Give them to employees on their pay records; enter one-off amounts such as a bonus on a draft pay run."
      action={
        <Button size="sm" variant="outline" onClick={() => setEditing('new')}>
          <PlusIcon aria-hidden />
          Add Pay Component
        </Button>
      }
    >
      {components.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {components.error.message}
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{components.isPending ? 'Loading...' : 'No pay components yet: salary and hourly pay need none.'}</p>
      ) : (
        <ScrollTable label="Pay components">
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Kind</TableHead>
              <TableHead>Calculated As</TableHead>
              <TableHead className="text-right">Employees</TableHead>
              <ActionsHead />
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((c) => (
              <TableRow key={c.id}>
                <TableCell className="font-medium">{c.name}</TableCell>
                <TableCell className="whitespace-nowrap">{PAY_COMPONENT_KIND_LABELS[c.kind]}</TableCell>
                <TableCell className="whitespace-nowrap">{componentRule(c, settings.currency)}</TableCell>
                <TableCell className="text-right tabular-nums">{c.method === 'one_off' ? '—' : c.employees}</TableCell>
                <TableCell className="whitespace-nowrap text-right">
                  <div className="flex justify-end gap-1">
                    <Button size="sm" variant="ghost" onClick={() => setEditing(c)} aria-label={`Edit ${c.name}`}>
                      <PencilIcon aria-hidden />
                    </Button>
                    <Button size="sm" variant="ghost" onClick={() => setDeleting(c)} aria-label={`Delete ${c.name}`}>
                      <Trash2Icon aria-hidden />
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ScrollTable>
      )}
      <ComponentDialog open={editing !== null} onOpenChange={(o) => !o && setEditing(null)} entityId={entityId} component={editing === 'new' ? undefined : (editing ?? undefined)} />
      <DeleteComponentDialog component={deleting} close={() => setDeleting(null)} />
    </SectionCard>
  );
}

function DeleteComponentDialog({ component, close }: { component: PayComponent | null; close: () => void }) {
  const remove = useDeleteComponent();
  const [error, setError] = useState<string>();
  const done = () => {
    setError(undefined);
    close();
  };
  return (
    <AlertDialog open={component !== null} onOpenChange={(open) => !open && !remove.isPending && done()}>
      <AlertDialogContent className="sm:max-w-[480px]">
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {component?.name ?? 'this pay component'}?</AlertDialogTitle>
          <AlertDialogDescription>
            {component && component.employees > 0 ? `It is taken off the ${component.employees} employees who have it. ` : ''}Draft pay runs change when recalculated; approved and paid runs keep their figures.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <FormError message={error} />
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>Keep Component</AlertDialogCancel>
          <AlertDialogAction
            disabled={remove.isPending}
            onClick={(event) => {
              event.preventDefault();
              if (component)
                remove.mutate(
                  { id: component.id, version: component.version },
                  {
                    onSuccess: () => {
                      toast.success('Success', { description: `${component.name} deleted.` });
                      done();
                    },
                    onError: (e) => setError(e.message),
                  },
                );
            }}
          >
            {remove.isPending ? 'Deleting...' : 'Delete Component'}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

function PayRecords({ entityId, settings, schedules }: { entityId: string; settings: PayrollSettings; schedules: PaySchedule[] }) {
  const records = useQuery(payRecordsQuery(entityId));
  const [editing, setEditing] = useState<PayRecord | 'new' | null>(null);
  const items = records.data?.items ?? [];
  return (
    <SectionCard
      title="Pay Records"
      description="Each employee’s pay, schedule, tax details and bank account."
      action={
        schedules.length ? (
          <Button size="sm" variant="outline" onClick={() => setEditing('new')}>
            <PlusIcon aria-hidden />
            Add Pay Record
          </Button>
        ) : null
      }
    >
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{schedules.length ? 'No pay records yet.' : 'Add a pay schedule first.'}</p>
      ) : (
        <ScrollTable label="Pay records">
          <TableHeader>
            <TableRow>
              <TableHead>Employee</TableHead>
              <TableHead>Schedule</TableHead>
              <TableHead className="text-right">Pay</TableHead>
              <TableHead>Dates</TableHead>
              <ActionsHead />
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((r) => (
              <TableRow key={r.id}>
                <TableCell className="font-medium">{r.employeeName}</TableCell>
                <TableCell>{r.scheduleName}</TableCell>
                <TableCell className="whitespace-nowrap text-right tabular-nums">
                  {r.payBasis === 'salary' ? `${formatMoney(r.annualSalary!, r.currency)} a year` : `${formatMoney(r.hourlyRate!, r.currency)} an hour`}
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  {r.startDate}
                  {r.endDate ? ` to ${r.endDate}` : ' onwards'}
                </TableCell>
                <TableCell className="text-right">
                  <Button size="sm" variant="ghost" onClick={() => setEditing(r)} aria-label={`Edit pay of ${r.employeeName}`}>
                    <PencilIcon aria-hidden />
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ScrollTable>
      )}
      <PayRecordDialog
        open={editing !== null}
        onOpenChange={(o) => !o && setEditing(null)}
        entityId={entityId}
        settings={settings}
        schedules={schedules}
        record={editing === 'new' ? undefined : (editing ?? undefined)}
      />
    </SectionCard>
  );
}

/** Year-end figures per employee (P60, W-2 boxes 1 to 6 and box 12 code D) from approved and paid runs, with their CSV and PDFs. */
function YearEnd({ entityId, settings }: { entityId: string; settings: PayrollSettings }) {
  const country = settings.country;
  const [taxYear, setTaxYear] = useState(country === 'GB' || country === 'US' ? PAYROLL_TAX_YEARS[country][0] : String(new Date().getUTCFullYear()));
  const figures = useQuery(yearEndQuery(entityId, taxYear));
  const files = yearEndFiles(entityId, taxYear);
  const items = figures.data?.items ?? [];
  const labels = items[0]?.figures.map((f) => f.label) ?? [];
  return (
    <SectionCard
      title="Year-End Figures"
      description={`${country === 'GB' ? 'P60' : country === 'US' ? 'Form W-2 boxes 1 to 6 and box 12 code D' : 'Totals'} per employee, from approved and paid runs. The figures for filing; nothing is submitted.`}
      action={
        <div className="flex flex-wrap items-end gap-2">
          <TextField id={`year-end-${entityId}`} label="Tax Year" value={taxYear} onChange={setTaxYear} className="w-28" />
          {items.length ? (
            <DownloadLink href={files.csv} label="CSV" />
          ) : null}
        </div>
      }
    >
      {figures.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {figures.error.message}
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{figures.isPending ? 'Loading...' : `No approved or paid pay in ${taxYear}.`}</p>
      ) : (
        <ScrollTable label={`Year-end figures ${taxYear}`}>
          <TableHeader>
            <TableRow>
              <TableHead>Employee</TableHead>
              {labels.map((label) => (
                <TableHead key={label} className="text-right">
                  {label}
                </TableHead>
              ))}
              <ActionsHead />
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((i) => (
              <TableRow key={i.employeeId}>
                <TableCell className="font-medium">{i.employeeName}</TableCell>
                {i.figures.map((f) => (
                  <TableCell key={f.label} className="whitespace-nowrap text-right tabular-nums">
                    {formatMoney(f.amount, settings.currency)}
                  </TableCell>
                ))}
                <TableCell className="text-right">
                  <DownloadLink size="sm" href={files.pdf(i.employeeId)} label="PDF" icon={FileTextIcon} name={`Year-end figures of ${i.employeeName} (PDF)`} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ScrollTable>
      )}
    </SectionCard>
  );
}
