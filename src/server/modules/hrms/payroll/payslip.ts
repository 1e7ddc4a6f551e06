import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { formatMoney, PAY_YTD_LABELS, payLineLabel, US_STATE_TAX_NOTICE, type PayRunLine, type PayRunSummary } from '@/shared/payroll';

/**
 * One employee's payslip for one run as a PDF (pdf-lib, its standard Helvetica: nothing to embed).
 * Earnings, deductions and taxes, the employer's costs, year to date and net pay; lines of an
 * administrator's own rules keep their label, which says so.
 */

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const GREY = rgb(0.35, 0.35, 0.35);

/** The standard fonts write WinAnsi: any other character (a name in another script) is shown as "?". */
const printable = (text: string) => text.replace(/[^\x20-\x7e\xa0-\xff\u2018\u2019\u201c\u201d\u2013\u2014\u2022\u20ac]/g, '?');

const YTD_LABELS = PAY_YTD_LABELS;

/** A page written top to bottom: lines of text, label-and-amount rows, headings with a rule (payslips, year-end figures). */
export class Sheet {
  private y = A4[1] - MARGIN;
  constructor(
    private readonly page: PDFPage,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {}

  text(value: string, options: { size?: number; bold?: boolean; grey?: boolean } = {}) {
    const size = options.size ?? 10;
    this.page.drawText(printable(value), { x: MARGIN, y: this.y, size, font: options.bold ? this.bold : this.font, color: options.grey ? GREY : rgb(0, 0, 0) });
    this.y -= size + 6;
  }

  /** A label on the left, an amount on the right. */
  row(label: string, value: string, bold = false) {
    const font = bold ? this.bold : this.font;
    const shown = printable(value);
    this.page.drawText(printable(label).slice(0, 80), { x: MARGIN, y: this.y, size: 10, font });
    this.page.drawText(shown, { x: A4[0] - MARGIN - font.widthOfTextAtSize(shown, 10), y: this.y, size: 10, font });
    this.y -= 16;
  }

  /** A new A4 document with one sheet on its first page. */
  static async create(title: string): Promise<{ doc: PDFDocument; sheet: Sheet }> {
    const doc = await PDFDocument.create();
    doc.setTitle(printable(title));
    doc.setProducer('WorkSphere Payroll');
    return { doc, sheet: new Sheet(doc.addPage(A4), await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold)) };
  }

  heading(value: string) {
    this.y -= 6;
    this.text(value, { size: 12, bold: true });
    this.page.drawLine({ start: { x: MARGIN, y: this.y + 14 }, end: { x: A4[0] - MARGIN, y: this.y + 14 }, thickness: 0.5, color: GREY });
  }
}

export async function payslipPdf(run: PayRunSummary, line: PayRunLine, entityName: string): Promise<Uint8Array> {
  const { doc, sheet } = await Sheet.create(`Payslip ${line.employeeName} ${run.payDate}`);
  const m = (value: string) => formatMoney(value, run.currency);

  sheet.text('Payslip', { size: 20, bold: true });
  sheet.text(entityName, { grey: true });
  sheet.text(`Employee: ${line.employeeName}`);
  sheet.text(`Pay date: ${run.payDate}    Period: ${run.periodStart} to ${run.periodEnd}    Tax year ${run.taxYear}, period ${run.period}${run.kind === 'off_cycle' ? ' (off-cycle)' : ''}`);

  sheet.heading('Earnings');
  if (line.earnings.length) for (const e of line.earnings) sheet.row(e.rule && e.rule !== e.label ? `${e.label}: ${e.rule}` : e.label, m(e.amount));
  else sheet.row(run.kind === 'off_cycle' ? 'Off-cycle payment' : `Pay: ${line.grossRule}`, m(line.gross));
  sheet.row('Gross pay', m(line.gross), true);

  sheet.heading('Deductions and taxes');
  for (const item of line.lines.filter((l) => !l.employer)) sheet.row(payLineLabel(item), m(item.amount));
  if (run.country === 'US') sheet.text(`${US_STATE_TAX_NOTICE}.`, { size: 9, grey: true });

  const employer = line.lines.filter((l) => l.employer);
  if (employer.length) {
    sheet.heading('Employer costs (not deducted from your pay)');
    for (const item of employer) sheet.row(payLineLabel(item), m(item.amount));
  }

  sheet.heading('Year to date');
  for (const [key, value] of Object.entries(line.ytd)) sheet.row(YTD_LABELS[key] ?? key, m(value));

  sheet.heading('Net pay');
  sheet.row('Net pay', m(line.net), true);
  return doc.save();
}
