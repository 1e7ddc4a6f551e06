import { useQuery } from '@tanstack/react-query';
import { BanknoteIcon, CalculatorIcon, CheckIcon, FileTextIcon, LandmarkIcon, UsersIcon, WalletIcon } from 'lucide-react';
import { useParams } from 'react-router';
import { formatMoney, payLineLabel, type PayRun } from '@/shared/payroll';
import { Button } from '@/web/components/ui/button';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { toast } from '@/web/lib/toast';
import { KpiGrid, ScrollTable, SectionCard } from '@/web/components/module/dashboard';
import { entitySearch, type ModuleScopeState } from '@/web/components/module/module-context';
import { RecordPage } from '@/web/components/module/record-page';
import { isStaleVersion } from '@/web/components/module/stale';
import { HrmsPage } from '../hrms-page';
import { runFiles, runQuery, useRunAction } from './api';
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
              {r.status !== 'draft' && (r.currency === 'EUR' || r.currency === 'USD') ? (
                <DownloadLink href={files.bankFile} label={`Bank File (${r.currency === 'EUR' ? 'SEPA' : 'NACHA'})`} />
              ) : null}
              <DownloadLink href={files.journal} label="Journal (CSV)" />
            </>
          ),
          body: (
            <>
              <UsNotice country={r.country} />
              <KpiGrid
                items={[
                  { label: 'Gross Pay', value: m(r.totals.gross), icon: WalletIcon },
                  { label: 'Deductions and Taxes', value: m(r.totals.deductions), icon: LandmarkIcon },
                  { label: 'Net Pay', value: m(r.totals.net), icon: BanknoteIcon },
                  { label: 'Employer Costs', value: m(r.totals.employerCosts), icon: UsersIcon, hint: `${r.totals.employees} employees` },
                ]}
              />
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
                        <TableCell className="whitespace-nowrap text-right tabular-nums">{m(line.gross)}</TableCell>
                        <TableCell>
                          <ul className="grid gap-0.5 text-xs">
                            {line.lines.map((item) => (
                              <li key={item.code} className={item.employer ? 'text-muted-foreground' : undefined}>
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
