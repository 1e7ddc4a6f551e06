/** node-postgres internals that pipeline.ts builds on (no typings of their own). */
declare module 'pg/lib/result.js' {
  export default class Result {
    constructor(rowMode?: string, types?: unknown);
    rows: unknown[];
    fields: { name: string; dataTypeID: number }[];
    rowCount: number | null;
    command: string | null;
    addFields(fields: unknown[]): void;
    parseRow(fields: unknown[]): unknown;
    addRow(row: unknown): void;
    addCommandComplete(msg: unknown): void;
  }
}
declare module 'pg/lib/utils.js' {
  const utils: { prepareValue(value: unknown): unknown };
  export default utils;
}
