import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATS_MESSAGES, MAX_RESUME_BYTES, type Job } from '@/shared/ats';
import { HRMS_MESSAGES } from '@/shared/hrms';
import { MODULE_MESSAGES } from '@/shared/modules';
import { withTenant } from '../../db/tenant';
import { DOWNLOAD_PIECE_BYTES, DOWNLOAD_SLICE_BYTES } from '../../platform/files';
import { createTestApp, signUpCompany, uniqueEmail, type TestApp } from '../../test/harness';
import { auditView } from './jobs';
import { addCandidate, addEntity, addJob, addUser, apply, candidateBody, jobBody, pdf, png, upload, type Company } from './test-fixtures';

let t: TestApp;
let a: Company;
/** A second entity of A, with ATS only (no HRMS). */
let entityB: string;
beforeAll(async () => {
  t = await createTestApp();
  a = await signUpCompany(t, ['ats', 'hrms', 'crm']);
  entityB = await addEntity(a, ['ats']);
}, 180_000);
afterAll(() => t.close());

const isPg = Boolean(process.env.DATABASE_URL);

describe('module scope', () => {
  it("a member with ATS at entity A sees A's records and gets 404 for entity B's", async () => {
    const mine = await addJob(a.client, a.entityId);
    const theirs = await addJob(a.client, entityB);
    const theirCandidate = await addCandidate(a.client, entityB);
    const member = await addUser(t, a, [{ entityId: a.entityId, role: 'member' }]);
    const list = await member.client.get('/ats/jobs?limit=100');
    expect(list.status).toBe(200);
    const ids = list.body.items.map((j: { id: string }) => j.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect((await member.client.get(`/ats/jobs/${theirs.id}`)).status).toBe(404);
    expect((await member.client.get(`/ats/jobs/${theirs.id.toUpperCase()}`)).status).toBe(404);
    expect((await member.client.get(`/ats/jobs/${mine.id.toUpperCase()}`)).status).toBe(200);
    expect((await member.client.patch(`/ats/jobs/${theirs.id}`, { title: 'Taken', version: 1 })).status).toBe(404);
    expect((await member.client.get(`/ats/jobs/${theirs.id}/board`)).status).toBe(404);
    expect((await member.client.get(`/ats/candidates/${theirCandidate.id}`)).status).toBe(404);
    expect((await member.client.get(`/ats/candidates/${theirCandidate.id}/resume`)).status).toBe(404);
    expect((await member.client.post('/ats/jobs', jobBody(entityB))).status).toBe(404);
    expect((await member.client.post('/ats/candidates', candidateBody(entityB))).status).toBe(404);
    expect((await member.client.get(`/ats/candidates?entityId=${entityB}`)).status).toBe(404);
    const [row] = await t.sql<{ title: string }>('select title from ats_jobs where id = $1', [theirs.id]);
    expect(row!.title).toBe('Backend Engineer');
  });

  it('a viewer reads but cannot change anything; a user without ATS gets 403', async () => {
    const job = await addJob(a.client, a.entityId);
    const viewer = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer' }]);
    expect((await viewer.client.get(`/ats/jobs/${job.id}`)).status).toBe(200);
    const create = await viewer.client.post('/ats/jobs', jobBody(a.entityId));
    expect(create.status).toBe(403);
    expect(create.body.error.message).toBe(MODULE_MESSAGES.memberRequired);
    expect((await viewer.client.patch(`/ats/jobs/${job.id}`, { title: 'x', version: job.version })).status).toBe(403);
    expect((await viewer.client.post('/ats/candidates', candidateBody(a.entityId))).status).toBe(403);
    const hrmsOnly = await addUser(t, a, [{ entityId: a.entityId, role: 'app_admin', product: 'hrms' }]);
    const denied = await hrmsOnly.client.get('/ats/jobs');
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe(MODULE_MESSAGES.noAccess);
  });

  it('row-level security hides ATS rows without the entity setting and refuses writes outside it', async () => {
    await addJob(a.client, entityB);
    const db = t.database.db;
    const none = await withTenant(db, a.companyId, (tx) => tx.execute(sql`select count(*)::int as n from ats_jobs`));
    expect(none.rows[0]).toEqual({ n: 0 });
    await expect(
      withTenant(db, a.companyId, async (tx) => {
        await tx.execute(sql`select set_config('app.entity_ids', ${`{${a.entityId}}`}, true)`);
        await tx.execute(sql`insert into ats_jobs (company_id, entity_id, title, employment_type) values (${a.companyId}, ${entityB}, 'X', 'full_time')`);
      }),
    ).rejects.toThrow();
  });
});

describe('jobs', () => {
  it('posts a Draft job by default, checks the hiring manager, edits with versions, and records audit events', async () => {
    const manager = await addUser(t, a, [{ entityId: a.entityId, role: 'member' }]);
    const outsider = await addUser(t, a, [{ entityId: entityB, role: 'member' }]);
    const draft = await a.client.post('/ats/jobs', { entityId: a.entityId, title: 'Designer', employmentType: 'part_time', hiringManagerId: manager.id });
    expect(draft.status).toBe(201);
    expect(draft.body).toMatchObject({ status: 'draft', openings: 1, hiringManagerId: manager.id, hiringManagerName: expect.stringContaining('Rita'), version: 1 });
    const wrongManager = await a.client.post('/ats/jobs', jobBody(a.entityId, { hiringManagerId: outsider.id }));
    expect(wrongManager.status).toBe(400);
    expect(wrongManager.body.error.message).toBe(ATS_MESSAGES.hiringManagerInvalid);
    const opened = await a.client.patch(`/ats/jobs/${draft.body.id}`, { status: 'open', version: 1 });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ status: 'open', version: 2 });
    const stale = await a.client.patch(`/ats/jobs/${draft.body.id}`, { status: 'closed', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(MODULE_MESSAGES.staleVersion);
    const events = await t.sql<{ action: string }>("select action from audit_events where target_id = $1 order by created_at", [draft.body.id]);
    expect(events.map((e) => e.action)).toEqual(['ats.job.created', 'ats.job.updated']);
    expect((await a.client.post('/ats/jobs', { entityId: a.entityId, title: '  ', employmentType: 'full_time' })).body.error.message).toBe(ATS_MESSAGES.titleRequired);
    const drafts = await a.client.get(`/ats/jobs?status=draft&entityId=${a.entityId}&limit=100`);
    expect(drafts.body.items.every((j: { status: string }) => j.status === 'draft')).toBe(true);
  });
});

describe('audit events', () => {
  type Change = { field: string; before?: unknown; after?: unknown };
  const changesOf = async (action: string, id: string) => {
    const events = await t.sql<{ changes: Change[] }>('select changes from audit_events where action = $1 and target_id = $2', [action, id]);
    expect(events, action).toHaveLength(1);
    return events[0]!.changes;
  };
  const afterOf = (changes: Change[]) => Object.fromEntries(changes.map((c) => [c.field, c.after ?? null]));
  it('a create and an edit log the values as stored (not read back since): the hiring manager by name, input made canonical', async () => {
    const rita = await addUser(t, a, [{ entityId: a.entityId, role: 'member' }]);
    const sam = await addUser(t, a, [{ entityId: a.entityId, role: 'member' }]);
    const job = await addJob(a.client, a.entityId, { title: '  Audit   Lead ', hiringManagerId: rita.id.toUpperCase(), status: 'draft' });
    const created = (await a.client.get(`/ats/jobs/${job.id}`)).body as Job;
    expect(afterOf(await changesOf('ats.job.created', job.id))).toEqual(auditView(created));
    expect((await a.client.patch(`/ats/jobs/${job.id}`, { title: 'Audit Lead II', openings: 3, hiringManagerId: sam.id, version: job.version })).status).toBe(200);
    const updated = (await a.client.get(`/ats/jobs/${job.id}`)).body as Job;
    expect(updated.hiringManagerName).not.toBe(created.hiringManagerName);
    expect(await changesOf('ats.job.updated', job.id)).toEqual(
      (['title', 'openings', 'hiringManager'] as const).map((field) => ({ field, before: auditView(created)[field], after: auditView(updated)[field] })),
    );

    const candidate = await addCandidate(a.client, a.entityId, { email: uniqueEmail('AUDIT').toUpperCase() });
    const view = (c: Record<string, unknown>) => ({ firstName: c.firstName, lastName: c.lastName, email: c.email, phone: c.phone, source: c.source });
    expect(afterOf(await changesOf('ats.candidate.created', candidate.id))).toEqual(view((await a.client.get(`/ats/candidates/${candidate.id}`)).body));
    expect((await a.client.patch(`/ats/candidates/${candidate.id}`, { email: uniqueEmail('AUDIT2').toUpperCase(), source: 'Agency', version: candidate.version })).status).toBe(200);
    const edited = view((await a.client.get(`/ats/candidates/${candidate.id}`)).body);
    expect(await changesOf('ats.candidate.updated', candidate.id)).toEqual([
      { field: 'email', before: candidate.email, after: edited.email },
      { field: 'source', before: 'Referral', after: 'Agency' },
    ]);
  });
});

describe('candidates', () => {
  it('one candidate per email per entity, whatever the case; another entity may have the same email', async () => {
    const first = await addCandidate(a.client, a.entityId);
    const dup = await a.client.post('/ats/candidates', candidateBody(a.entityId, { email: first.email.toUpperCase() }));
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe(ATS_MESSAGES.candidateEmailTaken);
    expect((await a.client.post('/ats/candidates', candidateBody(entityB, { email: first.email }))).status).toBe(201);
  });

  it('a second application reuses the candidate; a job must be Open and of the same entity; no duplicate application', async () => {
    const job1 = await addJob(a.client, a.entityId);
    const job2 = await addJob(a.client, a.entityId, { title: 'Frontend Engineer' });
    const draft = await addJob(a.client, a.entityId, { status: 'draft' });
    const elsewhere = await addJob(a.client, entityB);
    const created = await a.client.post('/ats/candidates', candidateBody(a.entityId, { jobId: job1.id }));
    expect(created.status).toBe(201);
    expect(created.body.applications).toBe(1);
    const second = await apply(a.client, created.body.id, job2.id);
    expect(second.stage).toBe('applied');
    expect((await a.client.get(`/ats/candidates/${created.body.id}`)).body.applications).toBe(2);
    const again = await a.client.post('/ats/applications', { candidateId: created.body.id, jobId: job1.id });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(ATS_MESSAGES.alreadyApplied);
    const closed = await a.client.post('/ats/applications', { candidateId: created.body.id, jobId: draft.id });
    expect(closed.status).toBe(400);
    expect(closed.body.error.message).toBe(ATS_MESSAGES.jobNotOpen);
    const cross = await a.client.post('/ats/applications', { candidateId: created.body.id, jobId: elsewhere.id });
    expect(cross.status).toBe(400);
    expect(cross.body.error.message).toBe(ATS_MESSAGES.differentEntity);
    // A candidate created with a draft job's id is not created at all (one transaction).
    const email = `draft-${Date.now()}@example.com`;
    expect((await a.client.post('/ats/candidates', candidateBody(a.entityId, { email, jobId: draft.id }))).status).toBe(400);
    expect(await t.sql('select 1 from ats_candidates where email = $1', [email])).toHaveLength(0);
  });

  it('searches by the start of the name, last name or email; % and _ are plain characters', async () => {
    const entity = await addEntity(a, ['ats']);
    const grace = await addCandidate(a.client, entity, { firstName: 'Grace', lastName: 'Hopper', email: `ghopper-${Date.now()}@navy.example` });
    await addCandidate(a.client, entity, { firstName: 'Alan', lastName: 'Kay', email: `a_kay-${Date.now()}@example.com` });
    const ids = async (q: string) =>
      ((await a.client.get(`/ats/candidates?entityId=${entity}&q=${encodeURIComponent(q)}`)).body.items as { id: string }[]).map((c) => c.id);
    expect(await ids('gra')).toEqual([grace.id]);
    expect(await ids('HOP')).toEqual([grace.id]);
    expect(await ids('grace h')).toEqual([grace.id]);
    expect(await ids('ghopper')).toEqual([grace.id]);
    expect(await ids('race')).toEqual([]);
    expect(await ids('%')).toEqual([]);
    expect(await ids('a_k')).toHaveLength(1);
    expect(await ids('a%k')).toEqual([]);
  });
});

describe('résumés', () => {
  it('takes a PDF, serves it back as an attachment, byte for byte, to those who may see the candidate', async () => {
    const candidate = await addCandidate(a.client, a.entityId);
    const file = pdf(600_000);
    const put = await t.app.request(`/api/ats/candidates/${candidate.id}/resume?fileName=${encodeURIComponent('CV Ünal.pdf')}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/pdf', origin: 'http://localhost:3000', cookie: a.client.cookie },
      body: file,
    });
    expect(put.status).toBe(200);
    const saved = (await put.json()) as { resume: { fileName: string; size: number } };
    expect(saved.resume).toMatchObject({ fileName: 'CV Ünal.pdf', size: file.length });
    const viewer = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer' }]);
    const res = await t.app.request(`/api/ats/candidates/${candidate.id}/resume`, { headers: { cookie: viewer.client.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="CV _nal.pdf"; filename\*=UTF-8''CV%20%C3%9Cnal\.pdf$/);
    expect(res.headers.get('content-length')).toBe(String(file.length));
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(file))).toBe(true);
    // Someone of another entity, and another company, get 404.
    const other = await addUser(t, a, [{ entityId: entityB, role: 'app_admin' }]);
    expect((await other.client.get(`/ats/candidates/${candidate.id}/resume`)).status).toBe(404);
    const b = await signUpCompany(t, ['ats']);
    expect((await b.client.get(`/ats/candidates/${candidate.id}/resume`)).status).toBe(404);
    expect((await upload(t, b.client, `/ats/candidates/${candidate.id}/resume`, pdf())).status).toBe(404);
    // A viewer may not upload.
    expect((await upload(t, viewer.client, `/ats/candidates/${candidate.id}/resume`, pdf())).status).toBe(403);
    const events = await t.sql<{ action: string }>("select action from audit_events where target_id = $1 and action = 'ats.resume.uploaded'", [candidate.id]);
    expect(events).toHaveLength(1);
  });

  it('serves any résumé back byte for byte, whatever its size against the slices and their rows', async () => {
    const candidate = await addCandidate(a.client, a.entityId);
    const path = `/api/ats/candidates/${candidate.id}/resume`;
    // Random bytes (no pattern a misplaced piece could repeat): the largest allowed, and sizes on
    // each side of a slice's and a row's end (DOWNLOAD_SLICE_BYTES, DOWNLOAD_PIECE_BYTES).
    const sizes = [MAX_RESUME_BYTES, DOWNLOAD_SLICE_BYTES + DOWNLOAD_PIECE_BYTES + 1, DOWNLOAD_SLICE_BYTES, DOWNLOAD_PIECE_BYTES - 1, 5];
    for (const size of sizes) {
      const file = Buffer.concat([Buffer.from('%PDF-'), randomBytes(size - 5)]);
      expect((await upload(t, a.client, path.slice(4), new Uint8Array(file))).status).toBe(200);
      const res = await t.app.request(path, { headers: { cookie: a.client.cookie } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-length')).toBe(String(size));
      const got = Buffer.from(await res.arrayBuffer());
      expect(got.length).toBe(size);
      expect(got.equals(file)).toBe(true);
    }
  });

  it('refuses a renamed non-PDF, a PDF sent as another type, an empty file and one over 5 MB', async () => {
    const candidate = await addCandidate(a.client, a.entityId);
    const path = `/ats/candidates/${candidate.id}/resume`;
    const renamed = await upload(t, a.client, `${path}?fileName=photo.pdf`, png(), 'application/pdf');
    expect(renamed.status).toBe(400);
    expect(renamed.body.error!.message).toBe(ATS_MESSAGES.resumeNotPdf);
    const wrongType = await upload(t, a.client, path, pdf(), 'image/png');
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error!.message).toBe(ATS_MESSAGES.resumeNotPdf);
    const json = await a.client.request('PUT', path, { content: 'x' });
    expect(json.status).toBe(400);
    expect((await upload(t, a.client, path, new Uint8Array(0))).status).toBe(400);
    const big = await upload(t, a.client, path, pdf(MAX_RESUME_BYTES + 1));
    expect(big.status).toBe(413);
    expect(await t.sql('select 1 from ats_resumes where candidate_id = $1', [candidate.id])).toHaveLength(0);
    expect((await a.client.get(`${path}`)).body.error.message).toBe(ATS_MESSAGES.resumeNotFound);
    // Exactly 5 MB is accepted, and replaces nothing else.
    const max = await upload(t, a.client, path, pdf(MAX_RESUME_BYTES));
    expect(max.status).toBe(200);
    const [stored] = await t.sql<{ size: number }>('select size from ats_resumes where candidate_id = $1', [candidate.id]);
    expect(Number(stored!.size)).toBe(MAX_RESUME_BYTES);
    const replaced = await upload(t, a.client, path, pdf(3000));
    expect(replaced.status).toBe(200);
    expect(await t.sql('select 1 from ats_resumes where candidate_id = $1', [candidate.id])).toHaveLength(1);
    const again = await t.app.request(`/api${path}`, { headers: { cookie: a.client.cookie } });
    expect((await again.arrayBuffer()).byteLength).toBe(3000);
  });
});

describe('pipeline', () => {
  it('moves through the stages with history (who and when); Rejected needs a reason; stale moves 409', async () => {
    const job = await addJob(a.client, a.entityId);
    const candidate = await addCandidate(a.client, a.entityId);
    const app = await apply(a.client, candidate.id, job.id);
    const review = await a.client.post(`/ats/applications/${app.id}/move`, { stage: 'review', version: app.version });
    expect(review.status).toBe(200);
    expect(review.body).toMatchObject({ stage: 'review', version: app.version + 1 });
    const stale = await a.client.post(`/ats/applications/${app.id}/move`, { stage: 'phone_screen', version: app.version });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(MODULE_MESSAGES.staleVersion);
    const noReason = await a.client.post(`/ats/applications/${app.id}/move`, { stage: 'rejected', version: review.body.version });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toBe(ATS_MESSAGES.rejectionReasonRequired);
    const rejected = await a.client.post(`/ats/applications/${app.id}/move`, { stage: 'rejected', reason: 'Not enough experience', version: review.body.version });
    expect(rejected.status).toBe(200);
    expect(rejected.body.rejectionReason).toBe('Not enough experience');
    expect(rejected.body.history.map((h: { fromStage: string | null; toStage: string }) => [h.fromStage, h.toStage])).toEqual([
      [null, 'applied'],
      ['applied', 'review'],
      ['review', 'rejected'],
    ]);
    expect(rejected.body.history[2]).toMatchObject({ reason: 'Not enough experience', changedByName: 'Ada Lovelace', changedAt: expect.any(String) });
    const viewer = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer' }]);
    expect((await viewer.client.post(`/ats/applications/${app.id}/move`, { stage: 'review', version: rejected.body.version })).status).toBe(403);
    const audit = await t.sql<{ action: string }>("select action from audit_events where target_id = $1 order by created_at", [app.id]);
    expect(audit.map((e) => e.action)).toEqual(['ats.application.created', 'ats.application.moved', 'ats.application.moved']);
  });

  it('keeps the order of cards within a column and pages each column', async () => {
    const job = await addJob(a.client, a.entityId);
    const apps = [];
    for (let i = 0; i < 5; i++) apps.push(await apply(a.client, (await addCandidate(a.client, a.entityId)).id, job.id));
    const board = await a.client.get(`/ats/jobs/${job.id}/board?limit=2`);
    expect(board.status).toBe(200);
    const applied = board.body.columns.find((c: { stage: string }) => c.stage === 'applied');
    expect(applied.total).toBe(5);
    expect(applied.items.map((c: { id: string }) => c.id)).toEqual([apps[0]!.id, apps[1]!.id]);
    // The last card moves to the top, then the first one after the third.
    expect((await a.client.post(`/ats/applications/${apps[4]!.id}/move`, { stage: 'applied', afterId: null, version: apps[4]!.version })).status).toBe(200);
    expect((await a.client.post(`/ats/applications/${apps[0]!.id}/move`, { stage: 'applied', afterId: apps[2]!.id, version: apps[0]!.version })).status).toBe(200);
    const order: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { status: number; body: { items: { id: string }[]; nextCursor: string | null; total: number } } = await a.client.get(
        `/ats/jobs/${job.id}/board-column?stage=applied&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(page.status).toBe(200);
      expect(page.body.total).toBe(5);
      order.push(...page.body.items.map((c) => c.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(order).toEqual([apps[4]!.id, apps[1]!.id, apps[2]!.id, apps[0]!.id, apps[3]!.id]);
    // A card of another column as the place: refused.
    const other = await apply(a.client, (await addCandidate(a.client, a.entityId)).id, job.id);
    await a.client.post(`/ats/applications/${other.id}/move`, { stage: 'review', version: other.version });
    const bad = await a.client.post(`/ats/applications/${apps[1]!.id}/move`, { stage: 'interview', afterId: other.id, version: apps[1]!.version });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(ATS_MESSAGES.positionInvalid);
    expect((await a.client.get(`/ats/jobs/${job.id}/board-column?stage=applied&cursor=bm90LWEtY3Vyc29y`)).status).toBe(400);
    // The board's job has the job's own counts (the board counts the applications once, by stage).
    const hire = await apply(a.client, (await addCandidate(a.client, a.entityId)).id, job.id);
    expect((await a.client.post(`/ats/applications/${hire.id}/move`, { stage: 'hired', version: hire.version })).status).toBe(200);
    const counted = await a.client.get(`/ats/jobs/${job.id}/board`);
    expect(counted.body.job).toMatchObject({ activeApplications: 6, hired: 1 });
    expect(counted.body.job).toEqual((await a.client.get(`/ats/jobs/${job.id}`)).body);
    // Every column is read in the same statement: each holds its own stage's cards, in order.
    type Column = { stage: string; total: number; items: { id: string; stage: string }[]; nextCursor: string | null };
    const columns = Object.fromEntries((counted.body.columns as Column[]).map((c) => [c.stage, c]));
    expect(columns.applied!.items.map((c) => c.id)).toEqual([apps[4]!.id, apps[1]!.id, apps[2]!.id, apps[0]!.id, apps[3]!.id]);
    expect(columns.review).toMatchObject({ total: 1, items: [{ id: other.id, stage: 'review' }], nextCursor: null });
    expect(columns.hired).toMatchObject({ total: 1, items: [{ id: hire.id, stage: 'hired' }], nextCursor: null });
    expect(columns.offer).toEqual({ stage: 'offer', total: 0, items: [], nextCursor: null });
  });
});

describe('hire → employee', () => {
  async function hireable(entityId = a.entityId, overrides: Record<string, unknown> = {}) {
    const job = await addJob(a.client, entityId, { title: 'Data Engineer', department: 'Data', employmentType: 'contractor' });
    const candidate = await addCandidate(a.client, entityId, overrides);
    const app = await apply(a.client, candidate.id, job.id);
    return { job, candidate, app };
  }

  it('creates the HRMS employee from the candidate and the job with the move to Hired', async () => {
    const { candidate, app } = await hireable();
    const res = await a.client.post(`/ats/applications/${app.id}/move`, { stage: 'hired', createEmployee: { startDate: '2030-03-01' }, version: app.version });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ stage: 'hired', employeeId: expect.any(String) });
    const employee = await a.client.get(`/hrms/employees/${res.body.employeeId}`);
    expect(employee.status).toBe(200);
    expect(employee.body).toMatchObject({
      firstName: candidate.firstName,
      lastName: candidate.lastName,
      workEmail: candidate.email,
      jobTitle: 'Data Engineer',
      department: 'Data',
      employmentType: 'contractor',
      startDate: '2030-03-01',
      entityId: a.entityId,
    });
    const actions = await t.sql<{ action: string }>("select action from audit_events where company_id = $1 and (target_id = $2 or target_id = $3)", [a.companyId, app.id, res.body.employeeId]);
    expect(actions.map((x) => x.action).sort()).toEqual(['ats.application.created', 'ats.application.moved', 'hrms.employee.created']);
    // Once only.
    const back = await a.client.post(`/ats/applications/${app.id}/move`, { stage: 'offer', version: res.body.version });
    const twice = await a.client.post(`/ats/applications/${app.id}/move`, { stage: 'hired', createEmployee: { startDate: '2030-03-01' }, version: back.body.version });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe(ATS_MESSAGES.alreadyEmployee);
  });

  it('needs HRMS at the entity and HRMS Member for the caller; nothing changes otherwise', async () => {
    const noHrms = await hireable(entityB);
    const res = await a.client.post(`/ats/applications/${noHrms.app.id}/move`, { stage: 'hired', createEmployee: { startDate: '2030-03-01' }, version: noHrms.app.version });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(ATS_MESSAGES.hireNeedsHrms);
    const { app } = await hireable();
    const atsOnly = await addUser(t, a, [{ entityId: a.entityId, role: 'member' }, { entityId: a.entityId, role: 'viewer', product: 'hrms' }]);
    const denied = await atsOnly.client.post(`/ats/applications/${app.id}/move`, { stage: 'hired', createEmployee: { startDate: '2030-03-01' }, version: app.version });
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe(ATS_MESSAGES.hireNeedsHrmsRole);
    const [row] = await t.sql<{ stage: string }>('select stage from ats_applications where id = $1', [app.id]);
    expect(row!.stage).toBe('applied');
    // Without the employee record, the same user may hire.
    expect((await atsOnly.client.post(`/ats/applications/${app.id}/move`, { stage: 'hired', version: app.version })).status).toBe(200);
  });

  it('an employee email already taken in HRMS refuses the whole move', async () => {
    const { candidate, app } = await hireable();
    await a.client.post('/hrms/employees', {
      entityId: a.entityId, firstName: 'Taken', lastName: 'Email', workEmail: candidate.email, employmentType: 'full_time', startDate: '2024-01-01',
    });
    const res = await a.client.post(`/ats/applications/${app.id}/move`, { stage: 'hired', createEmployee: { startDate: '2030-03-01' }, version: app.version });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(HRMS_MESSAGES.emailTaken);
    const [row] = await t.sql<{ stage: string; version: number }>('select stage, version from ats_applications where id = $1', [app.id]);
    expect(row).toMatchObject({ stage: 'applied', version: app.version });
  });

  it('a failure after the employee is written rolls back the employee and the move (one transaction)', async () => {
    const { candidate, app } = await hireable();
    // The stage history insert comes after the employee insert: make it fail.
    await t.sql(`create or replace function ats_test_fail() returns trigger language plpgsql as $$ begin raise exception 'late failure'; end $$`);
    await t.sql(`create trigger ats_test_fail before insert on ats_stage_history for each row when (new.to_stage = 'hired') execute function ats_test_fail()`);
    try {
      const res = await a.client.post(`/ats/applications/${app.id}/move`, { stage: 'hired', createEmployee: { startDate: '2030-03-01' }, version: app.version });
      expect(res.status).toBe(500);
    } finally {
      await t.sql('drop trigger ats_test_fail on ats_stage_history');
      await t.sql('drop function ats_test_fail()');
    }
    expect(await t.sql('select 1 from hrms_employees where lower(work_email) = $1', [candidate.email])).toHaveLength(0);
    const [row] = await t.sql<{ stage: string; employee_id: string | null }>('select stage, employee_id from ats_applications where id = $1', [app.id]);
    expect(row).toEqual({ stage: 'applied', employee_id: null });
    expect(await t.sql("select 1 from audit_events where action = 'hrms.employee.created' and target_label = $1", [`${candidate.firstName} ${candidate.lastName}`])).toHaveLength(0);
  });
});

describe('interviews and feedback', () => {
  it('schedules with ATS users only, and shows feedback to an interviewer only after they gave theirs', async () => {
    const job = await addJob(a.client, a.entityId);
    const app = await apply(a.client, (await addCandidate(a.client, a.entityId)).id, job.id);
    const first = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer' }]);
    const second = await addUser(t, a, [{ entityId: a.entityId, role: 'member' }]);
    const recruiter = await addUser(t, a, [{ entityId: a.entityId, role: 'member' }]);
    const outsider = await addUser(t, a, [{ entityId: entityB, role: 'member' }]);
    const startsAt = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const bad = await a.client.post('/ats/interviews', { applicationId: app.id, startsAt, durationMinutes: 60, interviewerIds: [first.id, outsider.id] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(ATS_MESSAGES.interviewerInvalid);
    const created = await a.client.post('/ats/interviews', { applicationId: app.id, startsAt, durationMinutes: 60, interviewerIds: [first.id, second.id], location: 'Room 2' });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await recruiter.client.post(`/ats/interviews/${id}/feedback`, { rating: 3, notes: 'x' })).body.error.message).toBe(ATS_MESSAGES.notInterviewer);
    expect((await first.client.post(`/ats/interviews/${id}/feedback`, { rating: 6 })).status).toBe(400);
    const given = await first.client.post(`/ats/interviews/${id}/feedback`, { rating: 4, notes: 'Strong on SQL' });
    expect(given.status).toBe(200);
    expect((await first.client.post(`/ats/interviews/${id}/feedback`, { rating: 5 })).status).toBe(409);
    const panel = (body: { interviewers: { userId: string; rating: number | null; notes: string | null; submitted: boolean }[] }, userId: string) =>
      body.interviewers.find((p) => p.userId === userId)!;
    // The second interviewer has not given theirs: they see that the first did, not what.
    const beforeOwn = await second.client.get(`/ats/interviews/${id}`);
    expect(panel(beforeOwn.body, first.id)).toMatchObject({ submitted: true, rating: null, notes: null });
    expect(beforeOwn.body.awaitingMyFeedback).toBe(true);
    const mine = await second.client.get('/ats/interviews?mine=true');
    expect(mine.body.items.map((i: { id: string }) => i.id)).toContain(id);
    expect(mine.body.items.find((i: { id: string }) => i.id === id).interviewers.find((p: { userId: string }) => p.userId === first.id).rating).toBeNull();
    // Someone not on the panel sees what was submitted.
    expect(panel((await recruiter.client.get(`/ats/interviews/${id}`)).body, first.id)).toMatchObject({ rating: 4, notes: 'Strong on SQL' });
    // The first interviewer sees their own, and not the second's (none yet).
    expect(panel((await first.client.get(`/ats/interviews/${id}`)).body, first.id)).toMatchObject({ rating: 4 });
    await second.client.post(`/ats/interviews/${id}/feedback`, { rating: 2, notes: 'Weak on design' });
    const after = await second.client.get(`/ats/interviews/${id}`);
    expect(panel(after.body, first.id)).toMatchObject({ rating: 4, notes: 'Strong on SQL' });
    expect(panel((await first.client.get(`/ats/interviews/${id}`)).body, second.id)).toMatchObject({ rating: 2 });
    expect((await outsider.client.get(`/ats/interviews/${id}`)).status).toBe(404);
  });
});

describe('dashboard, import and export', () => {
  it('counts open jobs, the pipeline by stage, interviews this week and the median days to hire for the scope', async () => {
    const entity = await addEntity(a, ['ats', 'hrms']);
    const job = await addJob(a.client, entity);
    await addJob(a.client, entity, { status: 'draft' });
    const apps = [];
    for (let i = 0; i < 3; i++) apps.push(await apply(a.client, (await addCandidate(a.client, entity)).id, job.id));
    await a.client.post(`/ats/applications/${apps[0]!.id}/move`, { stage: 'interview', version: apps[0]!.version });
    await a.client.post(`/ats/applications/${apps[1]!.id}/move`, { stage: 'hired', version: apps[1]!.version });
    // The hire took 10 days.
    await t.sql("update ats_applications set applied_at = hired_at - interval '10 days' where id = $1", [apps[1]!.id]);
    const res = await a.client.get(`/ats/dashboard?entityId=${entity}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ openJobs: 1, inPipeline: 2, medianDaysToHire: 10 });
    expect(res.body.byStage.find((s: { stage: string }) => s.stage === 'interview').candidates).toBe(1);
    expect(res.body.byStage.find((s: { stage: string }) => s.stage === 'applied').candidates).toBe(1);
  });

  it('imports candidates with a per-row report and exports the lists as CSV', async () => {
    const entity = await addEntity(a, ['ats']);
    const taken = await addCandidate(a.client, entity);
    const csv = ['First Name,Last Name,Email,Phone,Source', `Ada,King,ada.king@example.com,,LinkedIn`, `Bad,Email,not-an-email,,`, `Dup,Licate,${taken.email},,`, `=cmd,Inject,inject@example.com,,`].join('\n');
    const res = await a.client.post('/ats/candidates/import', { entityId: entity, csv });
    expect(res.status).toBe(200);
    expect(res.body.created).toBe(2);
    expect(res.body.errors).toEqual([
      { row: 3, message: `Email: ${ATS_MESSAGES.invalidEmail}` },
      { row: 4, message: ATS_MESSAGES.candidateEmailTaken },
    ]);
    const exported = await a.client.get(`/ats/candidates/export?entityId=${entity}&sort=name&dir=asc`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = String(exported.body).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('First Name,Last Name,Email,Phone,Source,Applications,Résumé,Entity,Added');
    expect(lines).toHaveLength(4);
    expect(lines.some((l) => l.startsWith("'=cmd,"))).toBe(true);
    const jobs = await a.client.get(`/ats/jobs/export?entityId=${entity}`);
    expect(jobs.status).toBe(200);
    expect((await a.client.get('/ats/interviews/export?mine=false')).status).toBe(200);
  });
});

describe.runIf(isPg)('concurrency (PostgreSQL)', () => {
  it('two moves of one application with the same version: one wins, the other gets 409', async () => {
    const job = await addJob(a.client, a.entityId);
    const app = await apply(a.client, (await addCandidate(a.client, a.entityId)).id, job.id);
    const peer = await t.peer();
    const { Client } = await import('../../test/harness');
    const other = new Client({ app: peer });
    other.cookie = a.client.cookie;
    const [r1, r2] = await Promise.all([
      a.client.post(`/ats/applications/${app.id}/move`, { stage: 'review', version: app.version }),
      other.post(`/ats/applications/${app.id}/move`, { stage: 'phone_screen', version: app.version }),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([200, 409]);
    const history = await t.sql('select 1 from ats_stage_history where application_id = $1', [app.id]);
    expect(history).toHaveLength(2);
  });

  it('two candidates with one email at once: one is created, the other gets 409', async () => {
    const peer = await t.peer();
    const { Client } = await import('../../test/harness');
    const other = new Client({ app: peer });
    other.cookie = a.client.cookie;
    const body = candidateBody(a.entityId);
    const results = await Promise.all([a.client.post('/ats/candidates', body), other.post('/ats/candidates', body)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
  });
});
