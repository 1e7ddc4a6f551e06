/**
 * The cell rule of every CSV export (src/server/platform/csv.ts): issue 30, finding 7. A name like
 * `x;=1+1;` went out unquoted, and a spreadsheet whose list separator is `;` opened `=1+1` as a
 * live cell. Now a cell holding a separator (comma, semicolon, tab, pipe) is quoted, and every part
 * of it that could start a formula is neutralised with a leading apostrophe.
 */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvCell as cell, csvLines } from '../platform/csv';
import { addClient } from '../modules/crm/test-fixtures';
import { addProject, addTask } from '../modules/projects/test-fixtures';
import { createTestApp, signUpCompany, type TestApp } from '../test/harness';


describe('the cell rule', () => {
  it('quotes a cell holding a separator a spreadsheet may use, and neutralises each part that starts a formula', () => {
    expect(cell('x;=1+1;')).toBe(`"x;'=1+1;"`);
    expect(cell('x,=1+1')).toBe(`"x,'=1+1"`);
    expect(cell('x|@SUM(A1)')).toBe(`"x|'@SUM(A1)"`);
    expect(cell('x\t+1')).toBe(`"x\t'+1"`);
    expect(cell(';;=1')).toBe(`";;'=1"`);
    expect(cell('x;=1;=2')).toBe(`"x;'=1;'=2"`);
    // A reader may trim the spaces after a separator.
    expect(cell('x; -1')).toBe(`"x;' -1"`);
    // A tab is a separator and a formula character: both parts are neutralised.
    expect(cell('\t=1')).toBe(`"'\t'=1"`);
  });

  it('a formula at the start (also after spaces), RFC 4180 quoting, lists as JSON; plain text as it is', () => {
    expect(cell('=1+1')).toBe("'=1+1");
    expect(cell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(cell(' =1+1')).toBe("' =1+1");
    expect(cell(-5)).toBe("'-5");
    expect(cell('say "hi"')).toBe('"say ""hi"""');
    expect(cell('a;b')).toBe('"a;b"');
    for (const plain of ['plain', 'Sales - EU', 'Zürich Süd', 'ada@example.com', '2026-01-01T10:00:00.000Z']) expect(cell(plain), plain).toBe(plain);
    expect(cell(42)).toBe('42');
    expect(cell(null)).toBe('');
    expect(cell([{ field: 'name', after: 'x;=1' }])).toBe(`"[{""field"":""name"",""after"":""x;'=1""}]"`);
    expect(csvLines([['a', 'b;c'], [1, null]])).toBe('a,"b;c"\r\n1,\r\n');
  });

  it('quotes a line break of either kind alone, so it cannot start a row of its own', () => {
    expect(cell('Intro\n=1+1')).toBe('"Intro\n=1+1"');
    expect(cell('Intro\r=1+1')).toBe('"Intro\r=1+1"');
  });
});

describe('the exports (API)', () => {
  let t: TestApp;
  let a: Awaited<ReturnType<typeof signUpCompany>>;
  beforeAll(async () => {
    t = await createTestApp();
    a = await signUpCompany(t, ['crm', 'projects']);
  }, 120_000);
  afterAll(() => t.close());

  /** The export as a spreadsheet reads it with the file's own delimiter, quotes honoured. */
  const rows = (text: string) => parse(text, { bom: true, relax_column_count: true }) as string[][];

  it('a CRM client named x;=1+1; comes out quoted and neutralised', async () => {
    await addClient(a.client, a.entityId, { name: 'x;=1+1;' });
    const res = await a.client.get(`/crm/clients/export?entityId=${a.entityId}`);
    expect(res.status).toBe(200);
    expect(res.body).toContain(`"x;'=1+1;"`);
    expect(res.body).not.toContain(';=1+1');
    expect(rows(res.body).map((r) => r[0])).toContain("x;'=1+1;");
  });

  it('the audit export, which writes its own rows, follows the same rule', async () => {
    await a.client.post('/organizations', { name: 'Org x;=1+1;' });
    const res = await a.client.get('/audit-events/export?action=organization.created');
    expect(res.status).toBe(200);
    expect(res.body).toContain(`"Org x;'=1+1;"`);
    expect(res.body).not.toContain(';=1+1');
  });

  it('a task description with a line break stays one cell, so its second line cannot start a row with a formula', async () => {
    const project = await addProject(a.client, a.entityId);
    await addTask(a.client, project.id, { title: 'Lines', description: 'Intro\n=1+1' });
    const res = await a.client.get(`/projects/tasks/export?projectId=${project.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toContain('"Intro\n=1+1"');
    const read = rows(res.body);
    expect(read).toHaveLength(2);
    expect(read.flat().some((c) => c.startsWith('='))).toBe(false);
  });
});
