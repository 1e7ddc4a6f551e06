import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { ERROR_CODES, ERROR_MESSAGES } from '@/shared/errors';
import type { AppEnv } from '../../http/env';
import { requestLog } from '../../http/request-context';
import { defineRoute, errorContent, jsonContent } from '../../http/route';
import { serializeError } from '../../logger';

const status = z.object({ status: z.enum(['ok']) });

const health = defineRoute('public', {
  method: 'get',
  path: '/health',
  summary: 'The process is up',
  tags: ['System'],
  responses: { 200: jsonContent(status) },
});

const ready = defineRoute('public', {
  method: 'get',
  path: '/ready',
  summary: 'The database answers',
  tags: ['System'],
  responses: { 200: jsonContent(status), 503: errorContent(ERROR_MESSAGES.notReady) },
});

export const systemRoutes = new OpenAPIHono<AppEnv>()
  .openapi(health, (c) => c.json({ status: 'ok' as const }, 200))
  .openapi(ready, async (c) => {
    try {
      await c.get('database').ping();
      return c.json({ status: 'ok' as const }, 200);
    } catch (e) {
      requestLog(c).warn({ err: serializeError(e) }, 'readiness check failed');
      return c.json({ error: { code: ERROR_CODES.notReady, message: ERROR_MESSAGES.notReady } }, 503);
    }
  });
