import { and, eq, inArray } from 'drizzle-orm';
import type { SessionUser } from '@/shared/auth';
import { PAY_RUN_MESSAGES, type EmployeeBank, type PayRun } from '@/shared/payroll';
import type { Db } from '../../../db/client';
import { entities, hrmsPayRecords } from '../../../db/schema';
import type { Tx } from '../../../db/tenant';
import { badRequest, conflict, notFound } from '../../../http/errors';
import { hrms } from '../module';
import { journalRows, nachaFile, sepaCreditTransfer, type Payee } from './bank-files';
import { payslipPdf } from './payslip';
import { readRun, readRunLine } from './runs';
import { requireSettings } from './setup';

/** A run's downloads, each read under the caller's scope (App Admins of the run's entity). */

const entityNameOf = async (tx: Tx, entityId: string) => (await tx.select({ name: entities.name }).from(entities).where(eq(entities.id, entityId)))[0]?.name ?? '';

/** One employee's payslip of a run, for the portal too (inside the caller's transaction and scope). */
export async function payslipOf(tx: Tx, runId: string, employeeId: string): Promise<{ fileName: string; bytes: Uint8Array }> {
  const found = await readRunLine(tx, runId, employeeId);
  if (!found) throw notFound(PAY_RUN_MESSAGES.payslipNotFound);
  const { run, line } = found;
  return { fileName: `payslip-${run.payDate}-${line.employeeName}.pdf`, bytes: await payslipPdf(run, line, await entityNameOf(tx, run.entityId)) };
}

export const payslipFile = (db: Db, user: SessionUser, runId: string, employeeId: string) => hrms.scope(db, user, 'app_admin', (tx) => payslipOf(tx, runId, employeeId));

/** The bank file of an approved (or paid) run: SEPA for euros, NACHA for US dollars. */
export function bankFile(db: Db, user: SessionUser, runId: string, now = new Date()): Promise<{ fileName: string; contentType: string; text: string }> {
  return hrms.scope(db, user, 'app_admin', async (tx) => {
    const run = await readRun(tx, runId);
    if (run.status === 'draft') throw conflict(PAY_RUN_MESSAGES.bankFileNotApproved);
    const settings = await requireSettings(tx, run.entityId);
    const payees = await payeesOf(tx, run);
    if (run.currency === 'EUR') return { fileName: `sepa-${run.payDate}.xml`, contentType: 'application/xml; charset=utf-8', text: sepaCreditTransfer(run, payees, settings.bank, now) };
    if (run.currency === 'USD') return { fileName: `nacha-${run.payDate}.txt`, contentType: 'text/plain; charset=us-ascii', text: nachaFile(run, payees, settings.bank, now) };
    throw badRequest(PAY_RUN_MESSAGES.bankFileCurrency);
  });
}

async function payeesOf(tx: Tx, run: PayRun): Promise<Payee[]> {
  const banks = await tx
    .select({ employeeId: hrmsPayRecords.employeeId, bank: hrmsPayRecords.bank })
    .from(hrmsPayRecords)
    .where(and(eq(hrmsPayRecords.entityId, run.entityId), inArray(hrmsPayRecords.employeeId, run.lines.map((l) => l.employeeId))));
  const bankOf = new Map(banks.map((b) => [b.employeeId, b.bank as EmployeeBank | null]));
  return run.lines.map((l) => ({ employeeId: l.employeeId, name: l.employeeName, net: l.net, bank: bankOf.get(l.employeeId) ?? null }));
}

export const journal = (db: Db, user: SessionUser, runId: string) => hrms.scope(db, user, 'app_admin', async (tx) => {
  const run = await readRun(tx, runId);
  return { fileName: `payroll-journal-${run.payDate}.csv`, rows: journalRows(run) };
});
