import { useQuery } from '@tanstack/react-query';
import { DownloadIcon, ReceiptTextIcon } from 'lucide-react';
import { formatMoney, PAY_RUN_MESSAGES } from '@/shared/payroll';
import { ScrollTable, SectionCard } from '@/web/components/module/dashboard';
import { EmptyState } from '@/web/components/module/empty-state';
import { Badge } from '@/web/components/ui/badge';
import { Button } from '@/web/components/ui/button';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/web/components/ui/table';
import { errorMessage } from '@/web/lib/api';
import { formatDay, formatRange } from '../format';
import { myPayslipFile, myPayslipsQuery } from './api';

/**
 * The Employee Portal's payslips (issue 35): the signed-in person's own payslips of paid pay runs,
 * newest first, each with its PDF. Drafts and approved runs never show: their figures may still
 * change before anyone is paid. The card is half the portal's width on a wide screen and the whole
 * of a phone's, so the period sits under the pay date rather than in a column of its own.
 */
export function MyPayslipsCard() {
  const payslips = useQuery(myPayslipsQuery);
  return (
    <SectionCard title="My Payslips" description="Your pay once each pay run is paid, newest first">
      {payslips.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(payslips.error, PAY_RUN_MESSAGES.myPayslipsLoadFailed)}
        </p>
      ) : payslips.isPending ? (
        <p className="text-sm text-muted-foreground">Loading...</p>
      ) : payslips.data.items.length === 0 ? (
        <EmptyState icon={ReceiptTextIcon} title="No payslips yet">
          Your payslip appears here, and you are notified, once a pay run that includes you is paid.
        </EmptyState>
      ) : (
        <ScrollTable label="My payslips">
          <TableHeader>
            <TableRow>
              <TableHead>Pay Date</TableHead>
              <TableHead className="text-right">Net Pay</TableHead>
              <TableHead>
                <span className="sr-only">Download</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {payslips.data.items.map((p) => (
              <TableRow key={p.runId}>
                <TableCell>
                  <span className="flex flex-wrap items-center gap-2 font-medium">
                    {formatDay(p.payDate)}
                    {p.kind === 'off_cycle' ? <Badge variant="secondary">Off-cycle</Badge> : null}
                  </span>
                  <span className="block text-xs text-muted-foreground">for {formatRange(p.periodStart, p.periodEnd)}</span>
                </TableCell>
                <TableCell className="whitespace-nowrap text-right tabular-nums">{formatMoney(p.net, p.currency)}</TableCell>
                <TableCell className="w-0 text-right">
                  <Button size="sm" variant="ghost" asChild>
                    <a href={myPayslipFile(p.runId)} download aria-label={`Download payslip for ${formatDay(p.payDate)} (PDF)`}>
                      <DownloadIcon aria-hidden />
                      PDF
                    </a>
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </ScrollTable>
      )}
    </SectionCard>
  );
}
