import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Balance } from '@/shared/hrms';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { ScrollTable, SectionCard } from '@/web/components/module/dashboard';
import { cn } from '@/web/lib/utils';
import { balancesQuery } from '../api';
import { formatDay } from '../format';
import { YearSelect } from './year-select';

/** An employee's balances for a year chosen on the spot (the server's this year at first). */
function useYearBalances(employeeId: string) {
  const [year, setYear] = useState<number | undefined>();
  const balances = useQuery(balancesQuery(employeeId, year));
  return { balances, year: year ?? balances.data?.year, setYear };
}

/** What lies behind a remainder, in words: entitlement, accrual so far, carry-over and its expiry. */
export function balanceNotes(b: Balance): string[] {
  if (b.remaining === null) return [`${b.taken} taken, ${b.pending} pending`];
  const notes = [`remaining of ${b.entitlement} · ${b.taken} taken, ${b.pending} pending`];
  if (b.accrual === 'monthly') notes.push(`${b.accrued} accrued so far`);
  if (b.carriedOver > 0)
    notes.push(`${b.carriedOver} carried over${b.carryOverExpiresOn ? `, ${b.expiring > 0 ? `${b.expiring} expire after` : 'usable until'} ${formatDay(b.carryOverExpiresOn)}` : ''}`);
  if (b.overdrawn) notes.push('Overdrawn: more booked than the allowance');
  return notes;
}

const remainingText = (b: Balance) => (b.remaining === null ? 'Unlimited' : String(b.remaining));

/** The signed-in employee's balances as cards (the Leaves page), with the year to show. */
export function BalanceCards({ employeeId }: { employeeId: string }) {
  const id = useId();
  const { balances, year, setYear } = useYearBalances(employeeId);
  if (!balances.data || year === undefined) return null;
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-base font-semibold">
          My Balances {balances.data.year}
        </h2>
        <YearSelect id={`${id}-year`} value={year} onChange={setYear} />
      </div>
      <dl className="grid gap-3 sm:grid-cols-3">
        {balances.data.items.map((b) => (
          <div key={b.leaveTypeId} className={cn('rounded-lg border bg-background p-4', b.overdrawn && 'border-destructive')}>
            <dt className="text-sm font-medium text-muted-foreground">{b.name}</dt>
            <dd className="grid gap-0.5">
              <span className={cn('text-2xl font-bold tabular-nums', b.overdrawn && 'text-destructive')}>{remainingText(b)}</span>
              {balanceNotes(b).map((note) => (
                <span key={note} className="text-xs text-muted-foreground">
                  {note}
                </span>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** An employee's balances as a table (their page, for HR), with the year to show. */
export function BalanceTable({ employeeId }: { employeeId: string }) {
  const id = useId();
  const { balances, year, setYear } = useYearBalances(employeeId);
  return (
    <SectionCard title="Leave Balances" action={year === undefined ? null : <YearSelect id={`${id}-year`} value={year} onChange={setYear} />}>
      {balances.data ? (
        <ScrollTable label="Leave balances">
          <TableHeader>
            <TableRow>
              <TableHead>Type</TableHead>
              <TableHead className="text-right">Remaining</TableHead>
              <TableHead className="text-right">Entitlement</TableHead>
              <TableHead className="text-right">Carried Over</TableHead>
              <TableHead className="text-right">Taken</TableHead>
              <TableHead className="text-right">Pending</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {balances.data.items.map((b) => (
              <TableRow key={b.leaveTypeId}>
                <TableCell className="font-medium">{b.name}</TableCell>
                <TableCell className={cn('text-right tabular-nums', b.overdrawn && 'font-semibold text-destructive')}>
                  {remainingText(b)}
                  {b.overdrawn ? <span className="block text-xs font-normal">Overdrawn</span> : null}
                </TableCell>
                <TableCell className="text-right tabular-nums">{b.remaining === null ? '—' : b.entitlement}</TableCell>
                <TableCell className="text-right tabular-nums">{b.carriedOver}</TableCell>
                <TableCell className="text-right tabular-nums">{b.taken}</TableCell>
                <TableCell className="text-right tabular-nums">{b.pending}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ScrollTable>
      ) : (
        <p className="text-sm text-muted-foreground">{balances.error?.message ?? 'Loading...'}</p>
      )}
    </SectionCard>
  );
}
