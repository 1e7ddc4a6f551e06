/**
 * The shared input rules (src/shared/text.ts) at the API, one test per finding of issue 17 they
 * answer: ids in any letter case (3, 8), control characters (6), tampered cursors (7), invisible
 * and bidi characters in names (14), blank passwords (15); and the OpenAPI walk that makes every
 * future route carry a character rule on each string it accepts. Issue 31: multi-line fields take
 * line breaks and tabs (and nothing else of the control characters), and a refused body is told
 * in a sentence, never in zod's words.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@/shared/auth';
import { VALIDATION_MESSAGES } from '@/shared/errors';
import { ORGANIZATION_MESSAGES } from '@/shared/organizations';
import { PROJECTS_MESSAGES } from '@/shared/projects';
import { TEXT_MESSAGES } from '@/shared/text';
import { USER_MESSAGES } from '@/shared/users';
import { addUser as addAtsUser, addCandidate, addJob, apply, jobBody } from '../modules/ats/test-fixtures';
import { addClient } from '../modules/crm/test-fixtures';
import { addProject, addTask, newKey } from '../modules/projects/test-fixtures';
import { Client, createTestApp, signUpBody, signUpCompany, uniqueEmail, type TestApp } from '../test/harness';

let t: TestApp;
let a: Awaited<ReturnType<typeof signUpCompany>>;
beforeAll(async () => {
  t = await createTestApp({ SIGN_UP_MAX_ATTEMPTS: '100000' });
  a = await signUpCompany(t, ['crm', 'hrms']);
});
afterAll(() => t.close());

const rowCount = async () => {
  const [row] = await t.sql<{ n: string }>(
    'select (select count(*) from companies) + (select count(*) from organizations) + (select count(*) from entities) + (select count(*) from users) + (select count(*) from accounts) + (select count(*) from user_product_access) + (select count(*) from entity_product_access) as n',
  );
  return Number(row!.n);
};

const newUser = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email: uniqueEmail('rules'),
  password: 'secret123',
  confirmPassword: 'secret123',
  access: [{ productId: a.productIds.crm, entityId: a.entityId, roleType: 'app_admin' }],
  ...overrides,
});

describe('ids are one spelling from where they are parsed (finding 3)', () => {
  it('a super admin cannot delete themselves by writing their id in upper case', async () => {
    const res = await a.client.delete(`/users/${a.userId.toUpperCase()}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(USER_MESSAGES.cannotDeleteSelf);
    expect(await t.sql('select 1 from users where id = $1', [a.userId])).toHaveLength(1);
    expect((await a.client.get('/session')).body.user.id).toBe(a.userId);
  });

  it('an upper-case or mixed-case id names the same row on every route with an id', async () => {
    const org = await a.client.post('/organizations', { name: `Case Org ${randomUUID().slice(0, 6)}` });
    const upper = await a.client.patch(`/organizations/${org.body.id.toUpperCase()}`, { name: `${org.body.name} 2` });
    expect(upper.status).toBe(200);
    expect(upper.body.id).toBe(org.body.id);
    const mixed = org.body.id.replace(/[a-f]/g, (ch: string, i: number) => (i % 2 ? ch.toUpperCase() : ch));
    expect((await a.client.patch(`/entities/${a.entityId.toUpperCase()}`, { name: 'London HQ', country: 'Other' })).body.id).toBe(a.entityId);
    expect((await a.client.patch(`/organizations/${mixed}`, { name: `${org.body.name} 3` })).status).toBe(200);
    const user = await a.client.post('/users', newUser());
    expect((await a.client.delete(`/users/${user.body.id.toUpperCase()}`)).status).toBe(204);
    expect(await t.sql('select 1 from users where id = $1', [user.body.id])).toHaveLength(0);
  });
});

describe('the same UUID in two letter cases in one body (finding 8)', () => {
  it("sign-up's selectedProducts: one product, no 500", async () => {
    const crm = a.productIds.crm;
    const res = await new Client(t).post('/auth/sign-up', signUpBody({}, [crm, crm.toUpperCase()]));
    expect(res.status).toBe(201);
    expect(await t.sql('select product_id from company_product_access where company_id = $1', [res.body.companyId])).toEqual([{ product_id: crm }]);
  });

  it("an entity's productIds and its organizationId in upper case", async () => {
    const crm = a.productIds.crm;
    const res = await a.client.post('/entities', {
      name: `Cases ${randomUUID().slice(0, 6)}`,
      organizationId: a.organizationId.toUpperCase(),
      country: 'Other',
      productIds: [crm, crm.toUpperCase(), a.productIds.hrms.toUpperCase()],
    });
    expect(res.status).toBe(201);
    const held = await t.sql<{ product_id: string }>('select product_id from entity_product_access where entity_id = $1 order by product_id', [res.body.id]);
    expect(held.map((r) => r.product_id)).toEqual([crm, a.productIds.hrms].sort());
  });

  it("a user's access rows", async () => {
    const grant = { productId: a.productIds.crm, entityId: a.entityId, roleType: 'app_admin' };
    const res = await a.client.post('/users', newUser({ access: [grant, { ...grant, productId: grant.productId.toUpperCase(), entityId: grant.entityId.toUpperCase() }] }));
    expect(res.status).toBe(201);
    expect(await t.sql('select 1 from user_product_access where user_id = $1', [res.body.id])).toHaveLength(1);
  });
});

describe('control characters in text are refused with 400 (finding 6)', () => {
  // The last two are lone surrogates: not text, and no database encoding can store them.
  const controls = ['a\u0000b', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\u0007', '\ud800', 'a\udfffb'];

  it.each(controls.map((v) => [JSON.stringify(v), v]))('%s in every name on every route, nothing written', async (_label, value) => {
    const before = await rowCount();
    const attempts = [
      new Client(t).post('/auth/sign-up', signUpBody({ companyName: value }, [a.productIds.crm])),
      new Client(t).post('/auth/sign-up', signUpBody({ firstName: value }, [a.productIds.crm])),
      new Client(t).post('/auth/sign-up', signUpBody({ email: `x${value}@example.com` }, [a.productIds.crm])),
      a.client.post('/organizations', { name: value }),
      a.client.patch(`/organizations/${a.organizationId}`, { name: value }),
      a.client.post('/entities', { name: value, organizationId: a.organizationId, country: 'Other', productIds: [a.productIds.crm] }),
      a.client.patch(`/entities/${a.entityId}`, { name: value, country: 'Other' }),
      a.client.post('/users', newUser({ lastName: value })),
      a.client.post('/users', newUser({ password: `secret${value}`, confirmPassword: `secret${value}` })),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.error.code).toBe('validation_error');
    }
    expect(await rowCount()).toBe(before);
  });

  it('a NUL in a sign-in answers 400, and the server keeps answering', async () => {
    expect((await new Client(t).post('/auth/sign-in', { email: `${a.email}\u0000`, password: a.password })).status).toBe(400);
    expect((await new Client(t).post('/auth/sign-in', { email: a.email, password: a.password })).status).toBe(200);
  });
});

describe('names: NFKC, and no bidi, zero-width or other format characters (finding 14)', () => {
  it.each([
    ['a bidi override', '\u202egnp.exe'],
    ['only zero-width spaces', '\u200b\u200b'],
    ['a trailing zero-width space', 'RaceOrg\u200b'],
    ['a zero-width joiner', 'Race\u200dOrg'],
    ['a byte order mark inside', 'Race\ufeffOrg'],
    ['a left-to-right mark', '\u200eRaceOrg'],
  ])('refuses %s', async (_label, name) => {
    const res = await a.client.post('/organizations', { name });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(TEXT_MESSAGES.invalidCharacters);
    const signUp = await new Client(t).post('/auth/sign-up', signUpBody({ organizationName: name }, [a.productIds.crm]));
    expect(signUp.status).toBe(400);
    expect((await a.client.post('/users', newUser({ firstName: name }))).status).toBe(400);
  });

  it('stores the NFKC form, so a look-alike spelling meets the uniqueness rule', async () => {
    const base = `RaceOrg${randomUUID().slice(0, 4)}`;
    expect((await a.client.post('/organizations', { name: base })).status).toBe(201);
    const fullWidth = [...base].map((ch) => String.fromCodePoint(ch.codePointAt(0)! + 0xfee0)).join('');
    const twin = await a.client.post('/organizations', { name: fullWidth });
    expect(twin.status).toBe(409);
    expect(twin.body.error.message).toBe(ORGANIZATION_MESSAGES.duplicate);
    const ligature = await a.client.post('/organizations', { name: `ﬁnance ${base}` });
    expect(ligature.status).toBe(201);
    expect(ligature.body.name).toBe(`finance ${base}`);
  });

  it('keeps letters of every script and emoji', async () => {
    for (const name of ['Zürich Süd', '東京支社', 'Équipe 🙂', 'شركة']) {
      const res = await a.client.post('/organizations', { name: `${name} ${randomUUID().slice(0, 4)}` });
      expect(res.status, name).toBe(201);
    }
  });
});

describe('blank passwords (finding 15)', () => {
  it('sign-up refuses a password of only spaces with its own message', async () => {
    const res = await new Client(t).post('/auth/sign-up', signUpBody({ password: '      ', confirmPassword: '      ' }, [a.productIds.crm]));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(AUTH_MESSAGES.passwordBlank);
  });

  it('user creation refuses one too, and accepts spaces inside a password', async () => {
    const blank = await a.client.post('/users', newUser({ password: '\t       ', confirmPassword: '\t       ' }));
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toBe(USER_MESSAGES.passwordBlank);
    const body = newUser({ password: ' correct horse ', confirmPassword: ' correct horse ' });
    expect((await a.client.post('/users', body)).status).toBe(201);
    expect((await new Client(t).post('/auth/sign-in', { email: body.email, password: ' correct horse ' })).status).toBe(200);
  });
});

describe('multi-line fields keep line breaks and tabs; every other control character is still refused (issue 31)', () => {
  let m: Awaited<ReturnType<typeof signUpCompany>>;
  let interviewer: Awaited<ReturnType<typeof addAtsUser>>;
  beforeAll(async () => {
    m = await signUpCompany(t, ['ats', 'crm', 'projects']);
    interviewer = await addAtsUser(t, m, [{ entityId: m.entityId, role: 'member' }]);
  });

  /** An interview of a new application with `interviewer` on its panel. */
  const interview = async () => {
    const job = await addJob(m.client, m.entityId);
    const app = await apply(m.client, (await addCandidate(m.client, m.entityId)).id, job.id);
    const startsAt = new Date(Date.now() + 86_400_000).toISOString();
    const res = await m.client.post('/ats/interviews', { applicationId: app.id, startsAt, durationMinutes: 60, interviewerIds: [interviewer.id] });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };

  /** Each field a form shows as a text box: a write with `value` in it, and where its answer shows the text kept. */
  const fields: [string, (value: string) => Promise<{ status: number; body: Record<string, unknown> }>, (body: never) => unknown][] = [
    ['ATS job description', (v) => m.client.post('/ats/jobs', jobBody(m.entityId, { description: v })), (b: { description: string }) => b.description],
    [
      'ATS job description (edit)',
      async (v) => {
        const job = await addJob(m.client, m.entityId);
        return m.client.patch(`/ats/jobs/${job.id}`, { description: v, version: job.version });
      },
      (b: { description: string }) => b.description,
    ],
    [
      'ATS rejection reason',
      async (v) => {
        const app = await apply(m.client, (await addCandidate(m.client, m.entityId)).id, (await addJob(m.client, m.entityId)).id);
        return m.client.post(`/ats/applications/${app.id}/move`, { stage: 'rejected', reason: v, version: app.version });
      },
      (b: { rejectionReason: string }) => b.rejectionReason,
    ],
    [
      'ATS interview feedback notes',
      async (v) => interviewer.client.post(`/ats/interviews/${await interview()}/feedback`, { rating: 4, notes: v }),
      (b: { interviewers: { notes: string }[] }) => b.interviewers[0]!.notes,
    ],
    [
      'CRM activity note',
      async (v) => m.client.post('/crm/activities', { type: 'note', body: v, clientId: (await addClient(m.client, m.entityId)).id }),
      (b: { body: string }) => b.body,
    ],
    ['Projects project description', (v) => m.client.post('/projects/projects', { entityId: m.entityId, name: 'Relaunch', key: newKey(), description: v }), (b: { description: string }) => b.description],
    [
      'Projects task description',
      async (v) => m.client.post('/projects/tasks', { projectId: (await addProject(m.client, m.entityId)).id, title: 'Write it up', description: v }),
      (b: { description: string }) => b.description,
    ],
    [
      'Projects task comment',
      async (v) => m.client.post(`/projects/tasks/${(await addTask(m.client, (await addProject(m.client, m.entityId)).id)).id}/comments`, { body: v }),
      (b: { body: string }) => b.body,
    ],
  ];

  it.each(fields)('%s: two lines and a tab are kept, a Windows line break as "\\n"', async (_label, write, read) => {
    const res = await write('First line\r\n\tsecond line, indented\nthird line');
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    expect(read(res.body as never)).toBe('First line\n\tsecond line, indented\nthird line');
  });

  // A lone carriage return is not a line break the forms send (browsers send "\n"): refused like the rest.
  const controls = ['a\u0000b', 'a\u001bb', 'a\u007fb', 'a\u0085b', 'a\u0007\nb', 'a\rb', 'a\u000bb', '\ud800'];
  it.each(fields)('%s: every other control character answers 400 in words', async (_label, write) => {
    for (const value of controls) {
      const res = await write(`Two lines\n${value}`);
      expect(res.status, JSON.stringify(value)).toBe(400);
      expect(res.body.error).toEqual({ code: 'validation_error', message: TEXT_MESSAGES.controlCharacters, requestId: expect.any(String) });
    }
  });

  it('names and single-line fields still refuse a line break or a tab', async () => {
    const project = await addProject(m.client, m.entityId);
    for (const value of ['Two\nlines', 'Tab\there']) {
      for (const res of await Promise.all([
        m.client.post('/organizations', { name: value }),
        m.client.post('/ats/jobs', jobBody(m.entityId, { title: value })),
        m.client.post('/ats/jobs', jobBody(m.entityId, { department: value })),
        m.client.post('/projects/tasks', { projectId: project.id, title: value }),
        m.client.post('/crm/clients', { entityId: m.entityId, name: value }),
      ])) {
        expect(res.status, JSON.stringify(res.body)).toBe(400);
      }
    }
  });

  it('a CSV export quotes a multi-line text whole: one cell, its line break inside the quotes', async () => {
    const project = await addProject(m.client, m.entityId);
    expect((await m.client.post('/projects/tasks', { projectId: project.id, title: 'Exported', description: 'Step one\nStep two' })).status).toBe(201);
    const csv = String((await m.client.get(`/projects/tasks/export?projectId=${project.id}`)).body);
    expect(csv).toContain(',Exported,"Step one\nStep two",');
  });
});

describe('a refused body is told in a sentence about the task, never in the schema\'s words (issue 31)', () => {
  /** zod's own wording (its English locale): "Unrecognized key: …", "Invalid input: expected …", "Too big: …", "Invalid UUID"… */
  const ZOD_WORDING = /^(Unrecognized keys?:|Invalid (input|option|string|number|key|element|discriminator|email address|UUID|URL|ISO)\b|Too (big|small):)/;

  it('a field the form may not send: "This form sent a field it may not change."', async () => {
    for (const res of await Promise.all([
      a.client.patch(`/organizations/${a.organizationId}`, { name: 'Renamed', companyId: randomUUID() }),
      a.client.patch(`/entities/${a.entityId}`, { name: 'London HQ', country: 'Other', entityId: randomUUID() }),
      a.client.post('/users', newUser({ role: 'super_admin' })),
    ])) {
      expect(res.status).toBe(400);
      expect(res.body.error).toMatchObject({ code: 'validation_error', message: VALIDATION_MESSAGES.unknownField });
    }
  });

  it('a value of the wrong kind or size, where the schema has no sentence of its own, gets one of ours', async () => {
    const p = await signUpCompany(t, ['projects']);
    const project = (overrides: Record<string, unknown>) => p.client.post('/projects/projects', { entityId: p.entityId, name: 'Relaunch', key: newKey(), ...overrides });
    const wrongKind = await project({ memberIds: 'everyone' });
    expect(wrongKind.status).toBe(400);
    expect(wrongKind.body.error.message).toBe(VALIDATION_MESSAGES.invalid);
    const tooMany = await project({ memberIds: Array.from({ length: 201 }, () => randomUUID()) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toBe('Too many were chosen: at most 200.');
    // A schema's own sentence is kept as it is.
    expect((await project({ name: '' })).body.error.message).toBe(PROJECTS_MESSAGES.nameRequired);
  });

  it('every route that takes a body: an unknown field, an empty body and a list instead of an object are answered in words', async () => {
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>> };
    let checked = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        if (!op.requestBody?.content['application/json'] || path === '/api/auth/sign-out') continue;
        const url = path.replace(/^\/api/, '').replace(/\{\w+\}/g, randomUUID());
        for (const body of [{ [`unexpected${checked}`]: 1 }, {}, []]) {
          const res = await a.client.request(method.toUpperCase(), url, JSON.stringify(body));
          if (res.status !== 400) continue;
          checked++;
          expect(res.body.error.message, `${method.toUpperCase()} ${path} ${JSON.stringify(body)}`).not.toMatch(ZOD_WORDING);
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
  });
});

describe('pagination cursors (finding 7)', () => {
  const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const id = randomUUID();
  const tampered = [
    ['1', id],
    ['2024-02-30', id],
    ['2024-02-30 00:00:00+00', id],
    ['2023-02-29 12:00:00+00', id],
    ['+275760-09-13 00:00:00+00', id],
    ['275760-09-13 00:00:00+00', id],
    ['2024-01-01 24:00:00+00', id],
    ['2024-01-01 10:00:00+16', id],
    ['epoch', id],
    ['now', id],
    ['infinity', id],
    ['2024-01-01 10:00:00+00', 'not-a-uuid'],
    ['2024-01-01 10:00:00+00', 5],
    ['2024-01-01 10:00:00+00'],
    { ts: '2024-01-01 10:00:00+00', id },
  ];

  it.each(['/users', '/organizations', '/entities'])('%s answers 400 "Invalid cursor" for a tampered one', async (path) => {
    for (const value of tampered) {
      const res = await a.client.get(`${path}?cursor=${cursor(value)}`);
      expect(res.status, `${path} ${JSON.stringify(value)}`).toBe(400);
      expect(res.body.error.message).toBe('Invalid cursor');
    }
  });

  it('follows its own cursors, and one whose id is in upper case', async () => {
    await a.client.post('/organizations', { name: `Paged ${randomUUID().slice(0, 6)}` });
    const first = await a.client.get('/organizations?limit=1');
    expect(first.status).toBe(200);
    const next = first.body.nextCursor as string;
    const second = await a.client.get(`/organizations?limit=1&cursor=${next}`);
    expect(second.status).toBe(200);
    expect(second.body.items[0].id).not.toBe(first.body.items[0].id);
    const [ts, rowId] = JSON.parse(Buffer.from(next, 'base64url').toString()) as [string, string];
    const upper = await a.client.get(`/organizations?limit=1&cursor=${cursor([ts, rowId.toUpperCase()])}`);
    expect(upper.body.items).toEqual(second.body.items);
  });
});

describe('every string a route accepts carries a character rule (the mechanism for future routes)', () => {
  type Schema = { type?: string | string[]; pattern?: string; format?: string; enum?: unknown[]; allOf?: Schema[]; anyOf?: Schema[]; oneOf?: Schema[]; properties?: Record<string, Schema>; items?: Schema; $ref?: string };

  it('has a pattern, format or enum on each string of each request body and query', async () => {
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { parameters?: { in: string; name: string; schema: Schema }[]; requestBody?: { content: Record<string, { schema: Schema }> } }>>;
    };
    const unruled: string[] = [];
    const walk = (schema: Schema | undefined, where: string) => {
      if (!schema) return;
      const parts = [schema, ...(schema.allOf ?? [])];
      const isString = parts.some((p) => p.type === 'string' || (Array.isArray(p.type) && p.type.includes('string')));
      if (isString && !parts.some((p) => p.pattern || p.format || p.enum)) unruled.push(where);
      for (const [key, child] of Object.entries(schema.properties ?? {})) walk(child, `${where}.${key}`);
      walk(schema.items, `${where}[]`);
      for (const child of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) walk(child, where);
    };
    let bodies = 0;
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const [type, content] of Object.entries(op.requestBody?.content ?? {})) {
          bodies++;
          walk(content.schema, `${method.toUpperCase()} ${path} ${type}`);
        }
        // Path ids are checked by their handlers (404 for a malformed one).
        for (const p of op.parameters ?? []) if (p.in === 'query') walk(p.schema, `${method.toUpperCase()} ${path} ?${p.name}`);
      }
    }
    expect(bodies).toBeGreaterThanOrEqual(5);
    expect(unruled).toEqual([]);
  });
});
