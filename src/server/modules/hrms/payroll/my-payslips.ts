import { and, eq, inArray } from 'drizzle-orm';
import type { SessionUser } from '@/shared/auth';
import { PAY_RUN_MESSAGES, type PayslipSummary } from '@/shared/payroll';
import type { Db } from '../../../db/client';
import { hrmsPayRunLines, hrmsPayRuns } from '../../../db/schema';
import { notFound } from '../../../http/errors';
import { hrms } from '../module';
import { payslipOf } from './files';
import { payslipsOfEmployees } from './runs';

/*
 * My Payslips (issue 35): the signed-in person's own payslips, through the self-service scope
 * (hrms.selfScope, decision 012), with or without an HRMS grant. Unlike leave, a manager's reach
 * stops at their own records: `scope.self.employeeIds` only, never `reportIds`, and being HR staff
 * at the entity changes nothing here (the payroll screens are theirs for that). Only paid runs:
 * a draft or approved run's figures may still be corrected before anyone is paid.
 */

/** The caller's payslips of paid runs across their own current employee records, newest first. */
export function myPayslips(db: Db, user: SessionUser): Promise<{ items: PayslipSummary[] }> {
  return hrms.selfScope(db, user, 'viewer', async (tx, scope) => ({ items: await payslipsOfEmployees(tx, scope.self.employeeIds) }));
}

/** The caller's own payslip of a paid run as PDF; any other run, line or status answers 404 alike. */
export function myPayslipFile(db: Db, user: SessionUser, runId: string): Promise<{ fileName: string; bytes: Uint8Array }> {
  return hrms.selfScope(db, user, 'viewer', async (tx, scope) => {
    const own = scope.self.employeeIds;
    const [line] = own.length
      ? await tx
          .select({ employeeId: hrmsPayRunLines.employeeId })
          .from(hrmsPayRunLines)
          .innerJoin(hrmsPayRuns, eq(hrmsPayRuns.id, hrmsPayRunLines.runId))
          .where(and(eq(hrmsPayRunLines.runId, runId), inArray(hrmsPayRunLines.employeeId, own), eq(hrmsPayRuns.status, 'paid')))
          .limit(1)
      : [];
    if (!line) throw notFound(PAY_RUN_MESSAGES.myPayslipNotFound);
    return payslipOf(tx, runId, line.employeeId);
  });
}
