/**
 * The API reference is useful, not just present: every route of /api/openapi.json has a summary,
 * a known tag, a 2xx response with a schema, and error responses with examples of the real
 * messages. A route added without them fails here (and a missing summary or tag fails typecheck).
 */
import { TWO_FACTOR_MESSAGES, TWO_FACTOR_SETUP_REQUIRED } from '@/shared/two-factor-messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ATTENDANCE_MESSAGES } from '@/shared/attendance';
import { codeOfMessage } from '@/shared/error-codes';
import { MODULE_MESSAGES } from '@/shared/modules';
import { apiError, ERROR_MESSAGES } from '@/shared/errors';
import { Client, createTestApp, signUpCompany, type TestApp } from '../test/harness';
import { API_TAGS } from './openapi';
import { defineRoute, ERROR_CODE_BY_STATUS, jsonContent } from './route';

interface Media {
  schema?: unknown;
  examples?: Record<string, { summary?: string; value: unknown }>;
}
interface Operation {
  summary?: string;
  tags?: string[];
  'x-access': 'public' | 'user' | 'super_admin';
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { description?: string; content?: Record<string, Media> }>;
}
interface Doc {
  info: { title: string };
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes?: Record<string, unknown>; schemas?: Record<string, unknown> };
}

let t: TestApp;
let doc: Doc;
let operations: { key: string; method: string; path: string; op: Operation }[];

beforeAll(async () => {
  t = await createTestApp();
  doc = (await (await t.app.request('/api/openapi.json')).json()) as Doc;
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), path, op })),
  );
});
afterAll(() => t.close());

/** The documented error messages of an operation for a status. */
const documentedMessages = (op: Operation, status: number) =>
  Object.values(op.responses[status]?.content?.['application/json']?.examples ?? {}).map(
    (e) => (e.value as z.infer<typeof apiError>).error.message,
  );

describe('the OpenAPI document', () => {
  it('has a title, groups with descriptions and the session cookie scheme', () => {
    expect(doc.info.title).toBe('WorkSphere API');
    expect(doc.tags.map((tag) => tag.name)).toEqual(Object.keys(API_TAGS));
    for (const tag of doc.tags) expect(tag.description, tag.name).toBeTruthy();
    expect(doc.components.securitySchemes).toHaveProperty('sessionCookie');
    expect(operations.length).toBeGreaterThan(15);
  });

  it('gives every route a summary and a known tag', () => {
    for (const { key, op } of operations) {
      expect(op.summary?.trim(), `${key} has no summary`).toBeTruthy();
      expect(op.tags?.length, `${key} has no tag`).toBeGreaterThan(0);
      for (const tag of op.tags ?? []) expect(Object.keys(API_TAGS), `${key}: unknown tag ${tag}`).toContain(tag);
    }
  });

  it('gives every route a 2xx response with a schema (204 has no body)', () => {
    for (const { key, op } of operations) {
      const ok = Object.keys(op.responses).filter((s) => /^2\d\d$/.test(s));
      expect(ok, `${key} has no 2xx response`).not.toEqual([]);
      for (const status of ok) {
        if (status === '204') {
          expect(op.responses[status]!.content, `${key} 204 has a body`).toBeUndefined();
          continue;
        }
        // JSON, or another media type such as text/csv for an export: each carries its schema.
        const media = Object.entries(op.responses[status]!.content ?? {});
        expect(media, `${key} ${status} has no content`).not.toEqual([]);
        for (const [type, m] of media) expect(m.schema, `${key} ${status} ${type} has no schema`).toBeTruthy();
      }
    }
  });

  it('gives every error response examples of the error body, with its domain code or the code of its status', () => {
    for (const { key, op } of operations) {
      const errors = Object.keys(op.responses).filter((s) => Number(s) >= 400);
      expect(errors, `${key} documents no error`).toContain('500');
      for (const status of errors) {
        const media = op.responses[status]!.content?.['application/json'];
        expect(media?.schema, `${key} ${status} has no schema`).toBeTruthy();
        const examples = Object.values(media?.examples ?? {});
        expect(examples.length, `${key} ${status} has no examples`).toBeGreaterThan(0);
        for (const example of examples) {
          const body = apiError.parse(example.value);
          // A message with a domain code (shared/error-codes.ts) carries it; a 400 may also be the
          // request schema's refusal of that sentence (validation_error). Everything else: its status's code.
          const byStatus = ERROR_CODE_BY_STATUS[Number(status)]!;
          const codes = new Set([codeOfMessage(body.error.message, byStatus), ...(status === '400' ? [byStatus] : [])]);
          expect(codes, `${key} ${status} ${body.error.code}`).toContain(body.error.code);
          if (body.error.message === TWO_FACTOR_MESSAGES.setupRequired) expect(body.error.code).toBe(TWO_FACTOR_SETUP_REQUIRED);
          expect(body.error.message.trim(), `${key} ${status}`).toBeTruthy();
          expect(example.summary).toBe(body.error.message);
        }
      }
    }
  });

  it('documents the errors of the access rule, the session check, the origin check and the body limit', () => {
    for (const { key, method, op } of operations) {
      if (op['x-access'] !== 'public') {
        expect(documentedMessages(op, 401), key).toContain(ERROR_MESSAGES.notSignedIn);
        // A cached session whose user changed while the request ran (auth/guard.ts).
        expect(documentedMessages(op, 409), key).toContain(ERROR_MESSAGES.accessChanged);
      } else expect(op.responses['401'] === undefined || ['POST /api/auth/sign-in', 'POST /api/auth/two-factor'].includes(key), `${key} is public but documents 401`).toBe(true);
      if (op['x-access'] === 'super_admin') expect(documentedMessages(op, 403), key).toContain(ERROR_MESSAGES.superAdminOnly);
      if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) {
        expect(documentedMessages(op, 403), key).toContain(ERROR_MESSAGES.crossSite);
        expect(documentedMessages(op, 413), key).toContain(ERROR_MESSAGES.tooLarge);
      } else {
        expect(op.responses['413'], `${key} cannot answer 413`).toBeUndefined();
      }
      if (op.requestBody) expect(op.responses['400'], `${key} takes a body but documents no 400`).toBeDefined();
    }
  });

  it('documents the errors a module kit GET declares with its own, next to its standard ones', () => {
    // The module kit's `.get` takes the route's own errors as create, update and actions do.
    const today = operations.find((o) => o.key === 'GET /api/hrms/attendance/today')!;
    expect(documentedMessages(today.op, 400)).toEqual(expect.arrayContaining([ATTENDANCE_MESSAGES.dayAhead, ATTENDANCE_MESSAGES.dayInvalid]));
    expect(documentedMessages(today.op, 403)).toContain(MODULE_MESSAGES.noAccess);
    const example = Object.values(today.op.responses['400']!.content!['application/json']!.examples!).find((e) => e.summary === ATTENDANCE_MESSAGES.dayAhead);
    expect(example?.value).toEqual({ error: { code: 'day_ahead', message: ATTENDANCE_MESSAGES.dayAhead } });
  });

  it('names the shared schemas', () => {
    const schemas = Object.keys((doc.components as { schemas?: Record<string, unknown> }).schemas ?? {});
    for (const name of ['ApiError', 'Organization', 'Entity', 'User', 'SessionUser', 'Product']) expect(schemas).toContain(name);
  });
});

describe('the documented errors are the ones the API answers with', () => {
  let admin: Client;
  let anonymous: Client;
  beforeAll(async () => {
    admin = (await signUpCompany(t, ['crm'])).client;
    anonymous = new Client(t);
  });
  const concrete = (path: string) => path.replace(/^\/api/, '').replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
  const send = (client: Client, method: string, path: string, body: unknown) =>
    client.request(method, path, method === 'GET' ? undefined : body);

  it('401 without a session', async () => {
    for (const { key, method, path, op } of operations.filter((o) => o.op['x-access'] !== 'public')) {
      const res = await send(anonymous, method, concrete(path), {});
      expect(res.status, key).toBe(401);
      expect(documentedMessages(op, 401), key).toContain(res.body.error.message);
    }
  });

  /** The JSON body's schema requires at least one property, so `{}` must be refused (a strict empty body accepts it). */
  const requiresProperties = (op: Operation) => {
    let schema = op.requestBody?.content['application/json']?.schema as { $ref?: string; required?: string[] } | undefined;
    if (schema?.$ref) schema = doc.components.schemas?.[schema.$ref.replace('#/components/schemas/', '')] as typeof schema;
    return (schema?.required?.length ?? 0) > 0;
  };

  it('400 for an empty body', async () => {
    const withRequired = operations.filter((o) => requiresProperties(o.op) && o.key !== 'POST /api/auth/sign-up');
    expect(withRequired.length).toBeGreaterThanOrEqual(5);
    for (const { key, method, path, op } of withRequired) {
      const res = await send(admin, method, concrete(path), {});
      expect(res.status, key).toBe(400);
      expect(documentedMessages(op, 400), key).toContain(res.body.error.message);
    }
    const signUp = operations.find((o) => o.key === 'POST /api/auth/sign-up')!;
    const res = await anonymous.post('/auth/sign-up', {});
    expect(res.status).toBe(400);
    expect(documentedMessages(signUp.op, 400)).toContain(res.body.error.message);
  });

  it('400 for a page size over the cap', async () => {
    const list = operations.find((o) => o.key === 'GET /api/organizations')!;
    const res = await admin.get('/organizations?limit=1000');
    expect(res.status).toBe(400);
    expect(documentedMessages(list.op, 400)).toContain(res.body.error.message);
  });
});

describe('defineRoute', () => {
  it('requires a summary and a tag at the type level', () => {
    const responses = { 200: jsonContent(z.object({ ok: z.boolean() })) };
    // @ts-expect-error: a route without a summary does not compile
    expect(() => defineRoute('public', { method: 'get', path: '/x', tags: ['System'], responses })).not.toThrow();
    // @ts-expect-error: nor one without a tag
    expect(() => defineRoute('public', { method: 'get', path: '/x', summary: 'X', responses })).not.toThrow();
    // @ts-expect-error: nor one with a tag that is not in API_TAGS
    expect(() => defineRoute('public', { method: 'get', path: '/x', summary: 'X', tags: ['Nope'], responses })).not.toThrow();
  });
});
