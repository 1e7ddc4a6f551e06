import { useQuery } from '@tanstack/react-query';
import { BanknoteIcon, CalculatorIcon, CheckIcon, FilePlusIcon, FileTextIcon, LandmarkIcon, PlusIcon, Trash2Icon, UsersIcon, WalletIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { formatMoney, OFF_CYCLE_NOTE, payLineLabel, payRunBonusesInput, type PayRun } from '@/shared/payroll';
import { fieldErrors, SelectField, TextField, useFormState } from '@/web/components/module/form-fields';
import { Button } from '@/web/components/ui/button';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { toast } from '@/web/lib/toast';
import { KpiGrid, ScrollTable, SectionCard } from '@/web/components/module/dashboard';
import { entitySearch, type ModuleScopeState } from '@/web/components/module/module-context';
import { RecordPage } from '@/web/components/module/record-page';
import { isStaleVersion } from '@/web/components/module/stale';
import { HrmsPage } from '../hrms-page';
import { componentsQuery, runFiles, runQuery, useRunAction, useSetBonuses } from './api';
import { OffCycleRunDialog } from './off-cycle-dialog';
import { DownloadLink, StatusBadge, UsNotice } from './payroll-page';

export function PayRunPage() {
  return <HrmsPage title="Pay Run">{(scope) => <Review scope={scope} />}</HrmsPage>;
}

const ACTION_DONE = { recalculate: 'Pay run recalculated.', approve: 'Pay run approved: its figures are locked.', 'mark-paid': 'Pay run marked as paid.' } as const;

/** A change against the previous run: "+250.00", "−12.40", "New" or nothing. */
function changeText(change: PayRun['lines'][number]['change'], field: 'gross' | 'net', currency: string) {
  if ((field === 'gross' ? change.previousGross : change.previousNet) === null) return 'New';
  const value = change[field];
  if (/^-?0\.00$/.test(value)) return '—';
  return `${value.startsWith('-') ? '−' : '+'}${formatMoney(value.replace('-', ''), currency)}`;
}

function Review({ scope }: { scope: ModuleScopeState }) {
  const { id = '' } = useParams();
  const run = useQuery(runQuery(id));
  const action = useRunAction();
  const files = runFiles(id);
  const navigate = useNavigate();
  const [offCycleOpen, setOffCycleOpen] = useState(false);
  const act = (r: PayRun, name: keyof typeof ACTION_DONE) =>
    action.mutate(
      { id: r.id, action: name, version: r.version },
      {
        onSuccess: () => toast.success('Success', { description: ACTION_DONE[name] }),
        onError: (error) => toast.error('Error', { description: isStaleVersion(error) ? 'This pay run changed meanwhile: it has been reloaded.' : error.message }),
      },
    );
  return (
    <RecordPage scope={scope} query={run} back={{ to: `/hrms/payroll${entitySearch(scope)}`, label: 'Payroll' }}>
      {(r) => {
        const m = (value: string) => formatMoney(value, r.currency);
        return {
          title: (
            <span className="flex flex-wrap items-center gap-2">
              Pay Run · {r.payDate} <StatusBadge status={r.status} />
            </span>
          ),
          description: `${r.scheduleName}${r.kind === 'off_cycle' ? ' (off-cycle)' : ''} · period ${r.period} of tax year ${r.taxYear}: ${r.periodStart} to ${r.periodEnd}`,
          actions: () => (
            <>
              {r.status === 'draft' ? (
                <>
                  <Button variant="outline" disabled={action.isPending} onClick={() => act(r, 'recalculate')}>
                    <CalculatorIcon aria-hidden />
                    Recalculate
                  </Button>
                  <Button disabled={action.isPending} onClick={() => act(r, 'approve')}>
                    <CheckIcon aria-hidden />
                    Approve
                  </Button>
                </>
              ) : null}
              {r.status === 'approved' ? (
                <Button disabled={action.isPending} onClick={() => act(r, 'mark-paid')}>
                  <BanknoteIcon aria-hidden />
                  Mark as Paid
                </Button>
              ) : null}
              {r.status !== 'draft' ? (
                <Button variant="outline" onClick={() => setOffCycleOpen(true)}>
                  <FilePlusIcon aria-hidden />
                  New Off-Cycle Run
                </Button>
              ) : null}
              {r.status !== 'draft' && (r.currency === 'EUR' || r.currency === 'USD') ? (
                <DownloadLink href={files.bankFile} label={`Bank File (${r.currency === 'EUR' ? 'SEPA' : 'NACHA'})`} />
              ) : null}
              <DownloadLink href={files.journal} label="Journal (CSV)" />
            </>
          ),
          body: (
            <>
              <UsNotice country={r.country} />
              {r.status !== 'draft' ? (
                <OffCycleRunDialog open={offCycleOpen} onOpenChange={setOffCycleOpen} run={r} onCreated={(created) => navigate(`/hrms/payroll/runs/${created}${entitySearch(scope)}`)} />
              ) : null}
              <KpiGrid
                items={[
                  { label: 'Gross Pay', value: m(r.totals.gross), icon: WalletIcon },
                  { label: 'Deductions and Taxes', value: m(r.totals.deductions), icon: LandmarkIcon },
                  { label: 'Net Pay', value: m(r.totals.net), icon: BanknoteIcon },
                  { label: 'Employer Costs', value: m(r.totals.employerCosts), icon: UsersIcon, hint: `${r.totals.employees} employees` },
                ]}
              />
              {r.kind === 'off_cycle' ? (
                <p role="note" aria-label="What an off-cycle run applies" className="rounded-md border bg-muted/40 p-3 text-sm">
                  {OFF_CYCLE_NOTE}
                </p>
              ) : null}
              {r.status === 'draft' && r.kind === 'regular' ? <Bonuses run={r} /> : null}
              <SectionCard title="Gross to Net" description={r.status === 'draft' ? 'A draft: recalculate after changing pay records, then approve.' : 'Approved figures are locked; corrections are off-cycle runs.'}>
                <ScrollTable label="Each employee’s gross to net">
                  <TableHeader>
                    <TableRow>
                      <TableHead>Employee</TableHead>
                      <TableHead className="text-right">Gross</TableHead>
                      <TableHead>Deductions and Taxes</TableHead>
                      <TableHead className="text-right">Net</TableHead>
                      <TableHead className="text-right">Change vs Last Run</TableHead>
                      <TableHead>
                        <span className="sr-only">Payslip</span>
                      </TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {r.lines.map((line) => (
                      <TableRow key={line.employeeId} className="align-top">
                        <TableCell>
                          <span className="font-medium">{line.employeeName}</span>
                          <span className="block text-xs text-muted-foreground">{line.grossRule}</span>
                        </TableCell>
                        <TableCell className="whitespace-nowrap text-right tabular-nums">
                          {m(line.gross)}
                          {line.earnings.length > 1 ? (
                            <ul className="mt-1 grid gap-0.5 text-xs text-muted-foreground">
                              {line.earnings.map((e, i) => (
                                <li key={`${e.code}-${e.label}-${i}`}>
                                  {e.label}: {m(e.amount)}
                                </li>
                              ))}
                            </ul>
                          ) : null}
                        </TableCell>
                        <TableCell>
                          <ul className="grid gap-0.5 text-xs">
                            {line.lines.map((item, i) => (
                              <li key={`${item.code}-${item.label ?? ''}-${i}`} className={item.employer ? 'text-muted-foreground' : undefined}>
                                {payLineLabel(item)}
                                {item.employer ? ' (employer)' : ''}: <span className="tabular-nums">{m(item.amount)}</span>
                              </li>
                            ))}
                          </ul>
                        </TableCell>
                        <TableCell className="whitespace-nowrap text-right font-medium tabular-nums">{m(line.net)}</TableCell>
                        <TableCell className="whitespace-nowrap text-right text-xs tabular-nums">
                          <span className="block">Gross {changeText(line.change, 'gross', r.currency)}</span>
                          <span className="block">Net {changeText(line.change, 'net', r.currency)}</span>
                        </TableCell>
                        <TableCell className="text-right">
                          <DownloadLink size="sm" href={files.payslip(line.employeeId)} label="Payslip" icon={FileTextIcon} name={`Payslip of ${line.employeeName} (PDF)`} />
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </ScrollTable>
              </SectionCard>
            </>
          ),
        };
      }}
    </RecordPage>
  );
}

/**
 * A draft regular run's one-off amounts (bonuses): each an employee of the run, a one-off earning of
 * the entity and an amount. Adding or removing one saves them all and calculates the run again.
 */
function Bonuses({ run }: { run: PayRun }) {
  const components = useQuery(componentsQuery(run.entityId));
  const save = useSetBonuses();
  const oneOffs = (components.data?.items ?? []).filter((c) => c.method === 'one_off');
  const { id, values, set, setValues, errors, setErrors } = useFormState({ employeeId: run.lines[0]?.employeeId ?? '', componentId: '', amount: '' });
  const [busyKey, setBusyKey] = useState<string>();
  const componentId = values.componentId || oneOffs[0]?.id || '';
  const names = new Map(run.lines.map((l) => [l.employeeId, l.employeeName]));
  const componentNames = new Map(oneOffs.map((c) => [c.id, c.name]));
  const send = (items: PayRun['bonuses'], key: string, onDone?: () => void) => {
    const parsed = payRunBonusesInput.safeParse({ items, version: run.version });
    if (!parsed.success) return setErrors(fieldErrors(parsed.error.issues.map((i) => ({ ...i, path: i.path.length > 2 ? [String(i.path[2])] : i.path }))));
    setErrors({});
    setBusyKey(key);
    save.mutate(
      { id: run.id, ...parsed.data },
      {
        onSuccess: () => {
          toast.success('Success', { description: 'One-off amounts saved: the pay run was calculated again.' });
          onDone?.();
        },
        onError: (error) => setErrors({ form: isStaleVersion(error) ? 'This pay run changed meanwhile: it has been reloaded.' : error.message }),
        onSettled: () => setBusyKey(undefined),
      },
    );
  };
  const add = (e: FormEvent) => {
    e.preventDefault();
    const others = run.bonuses.filter((b) => !(b.employeeId === values.employeeId && b.componentId === componentId));
    send([...others, { employeeId: values.employeeId, componentId, amount: values.amount.trim() }], 'add', () => setValues({ ...values, amount: '' }));
  };
  if (components.isPending) return null;
  return (
    <SectionCard title="One-Off Amounts" description="Bonuses and other one-off earnings of this pay run, taxed with the period’s pay.">
      {components.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {components.error.message}
        </p>
      ) : oneOffs.length === 0 ? (
        <p className="text-sm text-muted-foreground">Add a pay component calculated as a one-off amount (such as Bonus) in Payroll to enter it here.</p>
      ) : (
        <div className="grid gap-4">
          {run.bonuses.length === 0 ? (
            <p className="text-sm text-muted-foreground">No one-off amounts in this pay run.</p>
          ) : (
            <ScrollTable label="One-off amounts">
              <TableHeader>
                <TableRow>
                  <TableHead>Employee</TableHead>
                  <TableHead>Component</TableHead>
                  <TableHead className="text-right">Amount</TableHead>
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {run.bonuses.map((b) => {
                  const key = `${b.employeeId}-${b.componentId}`;
                  const label = `${componentNames.get(b.componentId) ?? 'One-off amount'} of ${names.get(b.employeeId) ?? 'employee'}`;
                  return (
                    <TableRow key={key}>
                      <TableCell className="font-medium">{names.get(b.employeeId)}</TableCell>
                      <TableCell>{componentNames.get(b.componentId)}</TableCell>
                      <TableCell className="whitespace-nowrap text-right tabular-nums">{formatMoney(b.amount, run.currency)}</TableCell>
                      <TableCell className="text-right">
                        <Button
                          size="sm"
                          variant="ghost"
                          disabled={save.isPending}
                          aria-label={`Remove ${label}`}
                          onClick={() =>
                            send(
                              run.bonuses.filter((x) => x !== b),
                              key,
                            )
                          }
                        >
                          <Trash2Icon aria-hidden />
                        </Button>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </ScrollTable>
          )}
          <form onSubmit={add} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_10rem_auto]" aria-label="Add a one-off amount">
            <SelectField id={`${id}-employee`} label="Employee" value={values.employeeId} onChange={set('employeeId')} error={errors.employeeId}>
              {run.lines.map((l) => (
                <option key={l.employeeId} value={l.employeeId}>
                  {l.employeeName}
                </option>
              ))}
            </SelectField>
            <SelectField id={`${id}-component`} label="Component" value={componentId} onChange={set('componentId')} error={errors.componentId}>
              {oneOffs.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </SelectField>
            <TextField id={`${id}-amount`} label="Amount" inputMode="decimal" value={values.amount} onChange={set('amount')} error={errors.amount} placeholder="e.g. 500.00" />
            <Button type="submit" disabled={save.isPending}>
              <PlusIcon aria-hidden />
              {busyKey === 'add' ? 'Saving...' : 'Add Amount'}
            </Button>
          </form>
          {errors.form || errors.items ? (
            <p role="alert" className="text-sm text-destructive">
              {errors.form ?? errors.items}
            </p>
          ) : null}
        </div>
      )}
    </SectionCard>
  );
}
