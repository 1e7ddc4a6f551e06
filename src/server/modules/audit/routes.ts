import { OpenAPIHono } from '@hono/zod-openapi';
import { stream } from 'hono/streaming';
import { z } from 'zod';
import { AUDIT_CSV_COLUMNS, auditEventPage, auditFilter, auditListQuery, type AuditEvent } from '@/shared/audit';
import { auditCsvValues, csvRow, exportAuditEvents, listAuditEvents } from '../../audit/service';
import type { AppEnv } from '../../http/env';
import { requestLog } from '../../http/request-context';
import { defineRoute, jsonContent } from '../../http/route';

const list = defineRoute('super_admin', {
  method: 'get',
  path: '/audit-events',
  summary: "The company's audit events, newest first, filtered by actor, action, target and time",
  tags: ['Audit'],
  request: { query: auditListQuery },
  responses: { 200: jsonContent(auditEventPage) },
});

const exportCsv = defineRoute('super_admin', {
  method: 'get',
  path: '/audit-events/export',
  summary: 'The filtered audit events as CSV, newest first, streamed',
  tags: ['Audit'],
  request: { query: auditFilter },
  responses: {
    200: {
      content: { 'text/csv': { schema: z.string().meta({ description: `CSV: a header row (${AUDIT_CSV_COLUMNS.join(', ')}), then one event per row` }) } },
      description: 'CSV, one event per row, with a header row',
    },
  },
});

export const auditRoutes = new OpenAPIHono<AppEnv>()
  .openapi(list, async (c) => c.json(await listAuditEvents(c.get('database').db, c.get('user'), c.req.valid('query')), 200))
  .openapi(exportCsv, async (c) => {
    const filter = c.req.valid('query');
    const db = c.get('database').db;
    const admin = c.get('user');
    const day = new Date().toISOString().slice(0, 10);
    // The first batch before the answer starts (as the modules' downloads): a failure is still a
    // status, and the session check goes in its pipeline (one round trip for a short log).
    const batches = exportAuditEvents(db, admin, filter);
    const first = await batches.next();
    c.header('content-type', 'text/csv; charset=utf-8');
    c.header('content-disposition', `attachment; filename="audit-log-${day}.csv"`);
    return stream(
      c,
      async (out) => {
        let aborted = false;
        out.onAbort(() => {
          aborted = true;
        });
        // A byte-order mark, so spreadsheet programs read the file as UTF-8.
        await out.write(`\uFEFF${csvRow([...AUDIT_CSV_COLUMNS])}`);
        const write = (batch: AuditEvent[]) => out.write(batch.map((e) => csvRow(auditCsvValues(e))).join(''));
        if (!first.done) await write(first.value);
        for await (const batch of batches) {
          if (aborted) return;
          await write(batch);
        }
      },
      async (err) => {
        // The status line is already sent: the file ends early and the log says why.
        requestLog(c).error({ err }, 'audit export failed');
      },
    ) as never;
  });
