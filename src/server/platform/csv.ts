import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'drizzle-orm';
import { MODULE_MESSAGES, type ImportReport } from '@/shared/modules';
import type { Tx } from '../db/tenant';
import type { z } from 'zod';
import { AppError, badRequest, validationMessage } from '../http/errors';

export const MAX_IMPORT_ROWS = 1000;

/**
 * The characters a spreadsheet may split a line at. Our delimiter is the comma, but a spreadsheet
 * opening a CSV file uses the list separator of the user's locale: a semicolon wherever the
 * decimal separator is a comma (most of Europe and Latin America), so a name `x;=1+1;` opened as
 * a live cell `=1+1` (issue 30, finding 7). Tab and pipe are the other separators that import
 * dialogs and "Text to Columns" offer or detect. Space is left out: no spreadsheet splits at it
 * unless asked, and neutralising after every space would change ordinary text ("Sales - EU").
 */
const SEPARATORS = ',;\t|';

/**
 * The start of every part a spreadsheet may see as a cell (the start of the text, and just after
 * each separator) followed by a formula character: = + - @, tab or carriage return (OWASP), also
 * after spaces, which a reader may trim.
 */
const FORMULA_START = new RegExp(`(?<=^|[${SEPARATORS}])(?=[ ]*[=+\\-@\t\r])`, 'g');

/** A value's text in a cell: nothing for null, numbers as written, lists and objects as JSON. */
const cellText = (value: unknown) => (value === null || value === undefined ? '' : typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value));

/**
 * A value a spreadsheet shows as text, never runs (CSV injection): every part that could start a
 * formula gets a leading apostrophe, at the start of the text and after each separator, so the
 * formula stays text even when a spreadsheet splits the cell at a separator we did not expect
 * (a locale's list separator, "Text to Columns").
 */
export const csvSafe = (value: unknown) => cellText(value).replace(FORMULA_START, "'");

/**
 * Lines of CSV (CRLF after each) for rows of cells, each made safe. csv-stringify quotes (RFC 4180,
 * quotes doubled) a cell holding a comma or a quote; `quoted_match` adds the other separators, so a
 * spreadsheet splitting at a semicolon, tab or pipe still reads one cell, and a line break of
 * either kind (with a CRLF record delimiter it quotes neither a lone LF nor a lone CR by itself,
 * and the rest of such a cell would start a row of its own).
 */
export const csvLines = (rows: readonly (readonly unknown[])[]) =>
  stringify(
    rows.map((row) => row.map(csvSafe)),
    { record_delimiter: '\r\n', quoted_match: /[;\t|\r\n]/ },
  );

/** One cell as csvLines writes it. */
export const csvCell = (value: unknown) => csvLines([[value]]).slice(0, -2);

/**
 * A CSV download streamed a page at a time: `pages` yields rows until the list ends, each page
 * read in its own short transaction, so a large export neither holds a transaction open nor
 * builds the whole file in memory.
 */
export function csvResponse(filename: string, header: string[], pages: () => AsyncIterable<(string | number | null)[][]>) {
  const encoder = new TextEncoder();
  const iterator = pages()[Symbol.asyncIterator]();
  let headerSent = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        // A BOM, so spreadsheet programs read UTF-8 names correctly.
        controller.enqueue(encoder.encode(`\uFEFF${csvLines([header])}`));
        return;
      }
      const next = await iterator.next();
      if (next.done) controller.close();
      else if (next.value.length > 0) controller.enqueue(encoder.encode(csvLines(next.value)));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'no-store',
    },
  });
}

export interface CsvRow {
  /** The row's number in the file as a spreadsheet shows it (the header is row 1). */
  row: number;
  values: Record<string, string>;
}

/**
 * An import row's refusal by its schema: the column as the file names it ("Row" when the rule is
 * about the row), then the schema's sentence, or one about the task in place of zod's wording.
 */
export function rowRefusal(error: z.ZodError, columnOf: Readonly<Record<string, string>>): AppError {
  const issue = error.issues[0]!;
  return badRequest(`${columnOf[String(issue.path[0])] ?? 'Row'}: ${validationMessage(issue)}`);
}

/** Parses an import file whose first row names `columns` (any order, case-insensitive). */
export function parseCsv(text: string, columns: readonly string[]): CsvRow[] {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, info: true, relax_column_count: true, skip_empty_lines: true, trim: true, max_record_size: 10_000 }) as unknown as typeof records;
  } catch (e) {
    throw badRequest(`The file is not valid CSV: ${(e as Error).message.split('\n')[0]}`);
  }
  const [head, ...rest] = records;
  if (!head) throw badRequest(MODULE_MESSAGES.importEmpty);
  const names = head.record.map((h) => h.toLowerCase());
  const index = new Map(columns.map((c) => [c, names.indexOf(c.toLowerCase())]));
  const missing = columns.filter((c) => index.get(c) === -1);
  if (missing.length > 0) throw badRequest(`${MODULE_MESSAGES.importBadHeader} ${columns.join(', ')}. Missing: ${missing.join(', ')}.`);
  if (rest.length === 0) throw badRequest(MODULE_MESSAGES.importEmpty);
  if (rest.length > MAX_IMPORT_ROWS) throw badRequest(MODULE_MESSAGES.importTooManyRows);
  return rest.map(({ record, info }) => ({
    row: info.lines,
    values: Object.fromEntries(columns.map((c) => [c, record[index.get(c)!] ?? ''])),
  }));
}

/**
 * Imports rows one by one inside the caller's transaction, each behind its own savepoint: a row
 * either goes in whole or not at all, and a bad row does not stop the good ones. `explain` turns
 * an expected failure (validation, a constraint) into the row's message; anything else is a bug
 * and aborts the whole import.
 */
export async function importRows(
  tx: Tx,
  rows: CsvRow[],
  insert: (row: CsvRow) => Promise<void>,
  explain: (error: unknown) => string | undefined,
): Promise<ImportReport> {
  const report: ImportReport = { created: 0, errors: [] };
  for (const row of rows) {
    await tx.execute(sql`savepoint import_row`);
    try {
      await insert(row);
      await tx.execute(sql`release savepoint import_row`);
      report.created++;
    } catch (error) {
      await tx.execute(sql`rollback to savepoint import_row`);
      const message = error instanceof AppError && error.status < 500 ? error.message : explain(error);
      if (message === undefined) throw error;
      report.errors.push({ row: row.row, message });
    }
  }
  return report;
}
