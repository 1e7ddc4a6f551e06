import { PAY_RUN_MESSAGES, payLineLabel, type EmployeeBank, type OriginatorBank, type PayRun } from '@/shared/payroll';
import { badRequest } from '../../../http/errors';
import { money, sum, amount } from './money';

/**
 * A pay run's files: the bank payment file (SEPA credit transfer for euro payrolls, NACHA PPD for
 * US dollar payrolls) and the payroll journal. Each is a pure function of the run, the employees'
 * bank details and the company's, so a test can check every total against its own arithmetic.
 */

export interface Payee {
  employeeId: string;
  name: string;
  net: string;
  bank: EmployeeBank | null;
}

/** Employees paid nothing (net zero) get no transfer; anyone else needs `fields` on their pay record. */
function payable(payees: Payee[], fields: (keyof EmployeeBank)[]) {
  const paid = payees.filter((p) => money(p.net).greaterThan(0));
  const missing = paid.filter((p) => fields.some((f) => !p.bank?.[f]));
  if (missing.length) throw badRequest(PAY_RUN_MESSAGES.bankDetailsMissing(missing.map((p) => p.name).join(', ')));
  return paid;
}

function originator<K extends keyof OriginatorBank>(bank: OriginatorBank, fields: Record<K, string>): Required<Pick<OriginatorBank, K>> {
  const missing = (Object.keys(fields) as K[]).filter((f) => !bank[f]);
  if (missing.length) throw badRequest(PAY_RUN_MESSAGES.originatorMissing(missing.map((f) => fields[f]).join(', ')));
  return bank as Required<Pick<OriginatorBank, K>>;
}

// ----- SEPA credit transfer: ISO 20022 pain.001.001.03 ------------------------------------------

/** The SEPA character set (EPC guidelines): Latin letters and digits, space and / - ? : ( ) . , ' +; accents dropped. */
const sepaText = (value: string, max: number) =>
  value
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z0-9/\-?:().,'+ ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max);

const xml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const agent = (bic: string | undefined) => `<FinInstnId>${bic ? `<BIC>${bic}</BIC>` : '<Othr><Id>NOTPROVIDED</Id></Othr>'}</FinInstnId>`;

export function sepaCreditTransfer(run: PayRun, payees: Payee[], bank: OriginatorBank, createdAt: Date): string {
  const debtor = originator(bank, { name: 'company name', iban: 'IBAN' });
  const paid = payable(payees, ['iban']);
  const count = paid.length;
  const total = amount(sum(paid.map((p) => money(p.net))));
  const messageId = sepaText(`PAY-${run.id.replace(/-/g, '').slice(0, 20)}-${run.version}`, 35);
  const transfers = paid.map(
    (p, i) =>
      '<CdtTrfTxInf>' +
      `<PmtId><EndToEndId>${sepaText(`${run.payDate.replace(/-/g, '')}-${i + 1}`, 35)}</EndToEndId></PmtId>` +
      `<Amt><InstdAmt Ccy="EUR">${p.net}</InstdAmt></Amt>` +
      (p.bank!.bic ? `<CdtrAgt>${agent(p.bank!.bic)}</CdtrAgt>` : '') +
      `<Cdtr><Nm>${xml(sepaText(p.name, 70))}</Nm></Cdtr>` +
      `<CdtrAcct><Id><IBAN>${p.bank!.iban}</IBAN></Id></CdtrAcct>` +
      '<Purp><Cd>SALA</Cd></Purp>' +
      `<RmtInf><Ustrd>${xml(sepaText(`Salary ${run.periodStart} to ${run.periodEnd}`, 140))}</Ustrd></RmtInf>` +
      '</CdtTrfTxInf>',
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
    '<CstmrCdtTrfInitn>',
    `<GrpHdr><MsgId>${messageId}</MsgId><CreDtTm>${createdAt.toISOString().slice(0, 19)}</CreDtTm><NbOfTxs>${count}</NbOfTxs><CtrlSum>${total}</CtrlSum>` +
      `<InitgPty><Nm>${xml(sepaText(debtor.name, 70))}</Nm></InitgPty></GrpHdr>`,
    `<PmtInf><PmtInfId>${messageId}</PmtInfId><PmtMtd>TRF</PmtMtd><BtchBookg>true</BtchBookg><NbOfTxs>${count}</NbOfTxs><CtrlSum>${total}</CtrlSum>` +
      '<PmtTpInf><SvcLvl><Cd>SEPA</Cd></SvcLvl><CtgyPurp><Cd>SALA</Cd></CtgyPurp></PmtTpInf>' +
      `<ReqdExctnDt>${run.payDate}</ReqdExctnDt>` +
      `<Dbtr><Nm>${xml(sepaText(debtor.name, 70))}</Nm></Dbtr><DbtrAcct><Id><IBAN>${debtor.iban}</IBAN></Id></DbtrAcct><DbtrAgt>${agent(bank.bic)}</DbtrAgt><ChrgBr>SLEV</ChrgBr>`,
    ...transfers,
    '</PmtInf>',
    '</CstmrCdtTrfInitn>',
    '</Document>',
    '',
  ].join('\n');
}

// ----- NACHA: PPD credits ----------------------------------------------------------------------

const RECORD = 94;
/** A NACHA field: text left-justified and space-filled, numbers right-justified and zero-filled, both cut to `width`. */
const alpha = (value: string, width: number) => value.toUpperCase().replace(/[^A-Z0-9 .,'&/-]/g, ' ').slice(0, width).padEnd(width, ' ');
const num = (value: string | number | bigint, width: number) => String(value).padStart(width, '0').slice(-width);
const cents = (value: string) => BigInt(money(value).times(100).toFixed(0));
const yymmdd = (date: string) => date.slice(2, 10).replace(/-/g, '');

/**
 * A NACHA file of one PPD batch of credits (service class 220): file header 1, batch header 5, an
 * entry 6 per employee (22 checking, 32 savings), batch control 8, file control 9, blocked to a
 * multiple of ten records with lines of nines. The entry hash is the sum of the receiving banks'
 * first eight routing digits, its last ten digits kept.
 */
export function nachaFile(run: PayRun, payees: Payee[], bank: OriginatorBank, createdAt: Date): string {
  const company = originator(bank, { name: 'company name', routingNumber: 'routing number of your bank', companyIdentification: 'company identification' });
  const paid = payable(payees, ['routingNumber', 'accountNumber']);
  const odfi = company.routingNumber.slice(0, 8);
  const stamp = createdAt.toISOString();
  const entries = paid.map(
    (p, i) =>
      '6' +
      (p.bank!.accountType === 'savings' ? '32' : '22') +
      p.bank!.routingNumber!.slice(0, 8) +
      p.bank!.routingNumber!.slice(8) +
      alpha(p.bank!.accountNumber!, 17) +
      num(cents(p.net), 10) +
      alpha(p.employeeId.replace(/-/g, '').slice(0, 15), 15) +
      alpha(p.name, 22) +
      '  ' +
      '0' +
      odfi +
      num(i + 1, 7),
  );
  const hash = paid.reduce((total, p) => total + BigInt(p.bank!.routingNumber!.slice(0, 8)), 0n) % 10_000_000_000n;
  const credit = paid.reduce((total, p) => total + cents(p.net), 0n);
  const records = [
    '1' + '01' + ` ${company.routingNumber}` + alpha(company.companyIdentification, 10) + yymmdd(stamp) + stamp.slice(11, 16).replace(':', '') + 'A' + '094' + '10' + '1' + alpha('', 23) + alpha(company.name, 23) + alpha('', 8),
    '5' + '220' + alpha(company.name, 16) + alpha('', 20) + alpha(company.companyIdentification, 10) + 'PPD' + alpha('PAYROLL', 10) + yymmdd(run.payDate) + yymmdd(run.payDate) + '   ' + '1' + odfi + num(1, 7),
    ...entries,
    '8' + '220' + num(entries.length, 6) + num(hash, 10) + num(0, 12) + num(credit, 12) + alpha(company.companyIdentification, 10) + alpha('', 19) + alpha('', 6) + odfi + num(1, 7),
  ];
  const blocks = Math.ceil((records.length + 1) / 10);
  records.push('9' + num(1, 6) + num(blocks, 6) + num(entries.length, 8) + num(hash, 10) + num(0, 12) + num(credit, 12) + alpha('', 39));
  while (records.length % 10) records.push('9'.repeat(RECORD));
  return `${records.join('\n')}\n`;
}

// ----- the payroll journal ------------------------------------------------------------------------

/**
 * The run as journal entries, one per account: gross pay and the employer's costs are debited to
 * expense; each deduction and employer cost is credited to its liability, and net pay to wages
 * payable. Debits equal credits.
 */
export function journalRows(run: PayRun): (string | number | null)[][] {
  // By code and label: pay components share their kind's code and are told apart by their names.
  const byCode = new Map<string, { label: string; employer: boolean; total: ReturnType<typeof money> }>();
  for (const item of run.lines.flatMap((l) => l.lines)) {
    const key = `${item.code}\u0000${item.label ?? ''}`;
    const entry = byCode.get(key) ?? { label: payLineLabel(item), employer: item.employer, total: money(0) };
    byCode.set(key, { ...entry, total: entry.total.plus(item.amount) });
  }
  // Earnings other than salary and hourly pay (overtime, bonuses, other earnings) are expenses of their own.
  const otherEarnings = new Map<string, ReturnType<typeof money>>();
  for (const e of run.lines.flatMap((l) => l.earnings).filter((e) => !WAGES.has(e.code))) otherEarnings.set(e.label, (otherEarnings.get(e.label) ?? money(0)).plus(e.amount));
  const wages = money(run.totals.gross).minus([...otherEarnings.values()].reduce((t, v) => t.plus(v), money(0)));
  const row = (account: string, debit: string | null, credit: string | null) => [run.payDate, account, run.currency, debit, credit];
  const employerCosts = [...byCode.values()].filter((e) => e.employer);
  return [
    row('Salaries and wages expense', amount(wages), null),
    ...[...otherEarnings].map(([label, total]) => row(`${label} expense`, amount(total), null)),
    ...employerCosts.map((e) => row(`${e.label} expense`, amount(e.total), null)),
    ...[...byCode.values()].map((e) => row(`${e.label} payable`, null, amount(e.total))),
    row('Net pay payable', null, run.totals.net),
  ];
}

/** Earnings booked as salaries and wages: the salary, hourly pay and an off-cycle payment. */
const WAGES = new Set(['salary', 'hourly', 'off_cycle']);

export const JOURNAL_COLUMNS = ['Date', 'Account', 'Currency', 'Debit', 'Credit'];
