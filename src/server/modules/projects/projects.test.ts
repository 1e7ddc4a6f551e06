import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULE_MESSAGES } from '@/shared/modules';
import { mentionMarkup } from '@/shared/mentions';
import { PROJECTS_MESSAGES } from '@/shared/projects';
import { Client, createTestApp, signUpCompany, uniqueEmail, type TestApp } from '../../test/harness';
import { openStream } from '../../test/event-stream';
import { addEntity, addProject, addTask, addUser, newKey, type Company } from './test-fixtures';

let t: TestApp;
let a: Company;
let entityB: string;
beforeAll(async () => {
  t = await createTestApp();
  a = await signUpCompany(t, ['crm', 'projects']);
  entityB = await addEntity(a);
}, 180_000);
afterAll(() => t.close());

const ids = (body: { items: { id: string }[] }) => body.items.map((x) => x.id);

describe('projects: scope and roles', () => {
  it("a member at entity A sees A's projects and gets 404 for entity B's", async () => {
    const mine = await addProject(a.client, a.entityId);
    const theirs = await addProject(a.client, entityB);
    const member = await addUser(t, a, [{ entityId: a.entityId, role: 'member' }]);
    const list = await member.client.get('/projects/projects?limit=100');
    expect(list.status).toBe(200);
    expect(ids(list.body)).toContain(mine.id);
    expect(ids(list.body)).not.toContain(theirs.id);
    expect((await member.client.get(`/projects/projects/${theirs.id}`)).status).toBe(404);
    expect((await member.client.get(`/projects/projects/${theirs.id.toUpperCase()}`)).status).toBe(404);
    expect((await member.client.get(`/projects/projects/${mine.id.toUpperCase()}`)).status).toBe(200);
    expect((await member.client.patch(`/projects/projects/${theirs.id}`, { name: 'Taken', version: 1 })).status).toBe(404);
    expect((await member.client.post('/projects/projects', { entityId: entityB, name: 'In B', key: newKey() })).status).toBe(404);
    expect((await member.client.post('/projects/tasks', { projectId: theirs.id, title: 'In B' })).status).toBe(404);
    expect((await member.client.get(`/projects/projects/${theirs.id}/board`)).status).toBe(404);
    expect((await member.client.get(`/projects/tasks?entityId=${entityB}`)).status).toBe(404);
    const [row] = await t.sql<{ task_counter: number }>('select task_counter from projects_projects where id = $1', [theirs.id]);
    expect(row!.task_counter).toBe(0);
  });

  it('a viewer reads but cannot change anything; a user without Projects gets 403', async () => {
    const p = await addProject(a.client, a.entityId);
    const task = await addTask(a.client, p.id);
    const viewer = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer' }]);
    expect((await viewer.client.get(`/projects/projects/${p.id}`)).status).toBe(200);
    expect((await viewer.client.get(`/projects/tasks/${task.id}`)).status).toBe(200);
    const create = await viewer.client.post('/projects/projects', { entityId: a.entityId, name: 'No', key: newKey() });
    expect(create.status).toBe(403);
    expect(create.body.error.message).toBe(MODULE_MESSAGES.memberRequired);
    expect((await viewer.client.post('/projects/tasks', { projectId: p.id, title: 'No' })).status).toBe(403);
    expect((await viewer.client.patch(`/projects/tasks/${task.id}`, { title: 'No', version: task.version })).status).toBe(403);
    expect((await viewer.client.post(`/projects/tasks/${task.id}/move`, { status: 'done' })).status).toBe(403);
    expect((await viewer.client.post(`/projects/tasks/${task.id}/comments`, { body: 'No' })).status).toBe(403);
    const crmOnly = await addUser(t, a, [{ entityId: a.entityId, role: 'app_admin', productId: a.productIds.crm }]);
    const denied = await crmOnly.client.get('/projects/projects');
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe(MODULE_MESSAGES.noAccess);
    expect((await crmOnly.client.get('/projects/events')).status).toBe(403);
  });
});

describe('projects', () => {
  it('keys are 2–6 capital letters, unique per entity', async () => {
    for (const key of ['web', 'A', 'ABCDEFG', 'W3B', 'ÄB']) {
      const res = await a.client.post('/projects/projects', { entityId: a.entityId, name: 'Bad key', key });
      expect(res.status, key).toBe(400);
      expect(res.body.error.message).toBe(PROJECTS_MESSAGES.keyInvalid);
    }
    const key = newKey();
    await addProject(a.client, a.entityId, { key });
    const dup = await a.client.post('/projects/projects', { entityId: a.entityId, name: 'Again', key });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe(PROJECTS_MESSAGES.keyTaken);
    expect((await a.client.post('/projects/projects', { entityId: entityB, name: 'Elsewhere', key })).status).toBe(201);
  });

  it('lead and members must hold Projects at the entity; stale versions get 409; progress is the share of tasks done', async () => {
    const inA = await addUser(t, a, [{ entityId: a.entityId, role: 'member' }], 'Lena');
    const inB = await addUser(t, a, [{ entityId: entityB, role: 'member' }]);
    const refused = await a.client.post('/projects/projects', { entityId: a.entityId, name: 'X', key: newKey(), memberIds: [inB.id] });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(PROJECTS_MESSAGES.userNotEligible);
    const p = await addProject(a.client, a.entityId, {
      leadId: inA.id,
      memberIds: [inA.id, a.userId],
      status: 'in_progress',
      priority: 'high',
      startDate: '2026-01-01',
      dueDate: '2026-03-01',
    });
    const read = await a.client.get(`/projects/projects/${p.id}`);
    expect(read.body).toMatchObject({ status: 'in_progress', priority: 'high', lead: { id: inA.id, name: 'Lena User' }, startDate: '2026-01-01', progress: 0 });
    expect(read.body.members.map((m: { id: string }) => m.id).sort()).toEqual([inA.id, a.userId].sort());
    const badDates = await a.client.patch(`/projects/projects/${p.id}`, { dueDate: '2025-12-01', version: p.version });
    expect(badDates.status).toBe(400);
    expect(badDates.body.error.message).toBe(PROJECTS_MESSAGES.dueBeforeStart);
    const ok = await a.client.patch(`/projects/projects/${p.id}`, { memberIds: [a.userId], name: 'Renamed', version: p.version });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ name: 'Renamed', version: p.version + 1, members: [{ id: a.userId }] });
    const stale = await a.client.patch(`/projects/projects/${p.id}`, { name: 'Stale', version: p.version });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(MODULE_MESSAGES.staleVersion);
    const t1 = await addTask(a.client, p.id);
    await addTask(a.client, p.id);
    await addTask(a.client, p.id);
    await a.client.post(`/projects/tasks/${t1.id}/move`, { status: 'done' });
    expect((await a.client.get(`/projects/projects/${p.id}`)).body).toMatchObject({ taskCount: 3, doneCount: 1, progress: 33 });
    const events = await t.sql<{ action: string }>("select action from audit_events where target_id = $1 order by created_at", [p.id]);
    expect(events.map((e) => e.action)).toEqual(['project.created', 'project.updated']);
  });
});

describe('tasks', () => {
  it('are numbered KEY-n per project, without gaps or twins under concurrent creation', async () => {
    const p = await addProject(a.client, a.entityId, { key: newKey() });
    const other = await addProject(a.client, a.entityId);
    expect((await addTask(a.client, other.id)).number).toBe(1);
    const first = await addTask(a.client, p.id);
    expect(first.code).toBe(`${p.key}-1`);
    // A refused creation (bad assignee) gives its number back.
    const outsider = await addUser(t, a, [{ entityId: entityB, role: 'member' }]);
    expect((await a.client.post('/projects/tasks', { projectId: p.id, title: 'x', assigneeId: outsider.id })).status).toBe(400);
    // Two server processes (their own pools on PostgreSQL) create at once.
    const peer = await t.peer();
    const clients = [a.client, Object.assign(new Client({ app: peer }), { cookie: a.client.cookie })];
    const created = await Promise.all(Array.from({ length: 24 }, (_, i) => clients[i % 2]!.post('/projects/tasks', { projectId: p.id, title: `Race ${i}` })));
    expect(created.map((r) => r.status)).toEqual(created.map(() => 201));
    const numbers = created.map((r) => r.body.number as number).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 24 }, (_, i) => i + 2));
    const ranks = await t.sql<{ rank: string }>("select rank from projects_tasks where project_id = $1 and status = 'todo'", [p.id]);
    expect(new Set(ranks.map((r) => r.rank)).size).toBe(25);
  });

  it('moves between and within columns write one row, in rank order; the board and column pages follow it', async () => {
    const p = await addProject(a.client, a.entityId);
    const [t1, t2, t3] = [await addTask(a.client, p.id), await addTask(a.client, p.id), await addTask(a.client, p.id)];
    const before = await t.sql<{ id: string; rank: string; updated_at: string }>('select id, rank, updated_at::text from projects_tasks where project_id = $1 order by id', [p.id]);
    // t3 to the top of To Do.
    const moved = await a.client.post(`/projects/tasks/${t3!.id}/move`, { status: 'todo', afterId: null, beforeId: t1!.id });
    expect(moved.status).toBe(200);
    const after = await t.sql<{ id: string; rank: string; updated_at: string }>('select id, rank, updated_at::text from projects_tasks where project_id = $1 order by id', [p.id]);
    expect(after.filter((r, i) => r.rank !== before[i]!.rank || r.updated_at !== before[i]!.updated_at).map((r) => r.id)).toEqual([t3!.id]);
    let board = (await a.client.get(`/projects/projects/${p.id}/board`)).body;
    expect(board.columns.map((c: { status: string }) => c.status)).toEqual(['todo', 'in_progress', 'in_review', 'done']);
    expect(ids(board.columns[0])).toEqual([t3!.id, t1!.id, t2!.id]);
    // t1 into In Progress (empty column), then t2 above it.
    expect((await a.client.post(`/projects/tasks/${t1!.id}/move`, { status: 'in_progress' })).status).toBe(200);
    expect((await a.client.post(`/projects/tasks/${t2!.id}/move`, { status: 'in_progress', beforeId: t1!.id })).status).toBe(200);
    board = (await a.client.get(`/projects/projects/${p.id}/board`)).body;
    expect(ids(board.columns[0])).toEqual([t3!.id]);
    expect(ids(board.columns[1])).toEqual([t2!.id, t1!.id]);
    expect(board.columns[1].total).toBe(2);
    // A neighbour that is not in the target column (any more): 409, nothing written.
    const stale = await a.client.post(`/projects/tasks/${t3!.id}/move`, { status: 'done', afterId: t1!.id });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(PROJECTS_MESSAGES.neighbourNotFound);
    // Column pages in rank order.
    for (let i = 0; i < 4; i++) await addTask(a.client, p.id, { status: 'in_progress' });
    const page1 = await a.client.get(`/projects/tasks?projectId=${p.id}&status=in_progress&sort=rank&dir=asc&limit=3`);
    const page2 = await a.client.get(`/projects/tasks?projectId=${p.id}&status=in_progress&sort=rank&dir=asc&limit=3&cursor=${page1.body.nextCursor}`);
    const all = [...ids(page1.body), ...ids(page2.body)];
    expect(all.slice(0, 2)).toEqual([t2!.id, t1!.id]);
    expect(all).toHaveLength(6);
    expect(page2.body.nextCursor).toBeNull();
  });

  it('content edits take the version (409 when stale); a move is not blocked by an edit, nor an edit by a move', async () => {
    const p = await addProject(a.client, a.entityId);
    const task = await addTask(a.client, p.id);
    const edited = await a.client.patch(`/projects/tasks/${task.id}`, { description: 'Now with **details**', version: task.version });
    expect(edited.status).toBe(200);
    expect(edited.body.version).toBe(task.version + 1);
    // The mover read the task before the edit: the move still goes through.
    expect((await a.client.post(`/projects/tasks/${task.id}/move`, { status: 'in_review' })).status).toBe(200);
    // An editor who read the task before the move: their edit still goes through.
    const second = await a.client.patch(`/projects/tasks/${task.id}`, { title: 'Renamed', version: edited.body.version });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ title: 'Renamed', status: 'in_review', description: 'Now with **details**' });
    const stale = await a.client.patch(`/projects/tasks/${task.id}`, { title: 'Stale', version: edited.body.version });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(MODULE_MESSAGES.staleVersion);
  });

  it('keeps comments with author and time, and an activity history', async () => {
    const p = await addProject(a.client, a.entityId);
    const task = await addTask(a.client, p.id);
    const c = await a.client.post(`/projects/tasks/${task.id}/comments`, { body: 'Looks good <script>x</script>' });
    expect(c.status).toBe(201);
    expect(c.body).toMatchObject({ authorName: 'Ada Lovelace', body: 'Looks good <script>x</script>' });
    expect((await a.client.post(`/projects/tasks/${task.id}/comments`, { body: '   ' })).status).toBe(400);
    await a.client.patch(`/projects/tasks/${task.id}`, { priority: 'critical', version: task.version });
    await a.client.post(`/projects/tasks/${task.id}/move`, { status: 'done' });
    const detail = (await a.client.get(`/projects/tasks/${task.id}`)).body;
    expect(detail.comments).toHaveLength(1);
    expect(detail.comments[0].author.id).toBe(a.userId);
    expect(detail.activity.map((x: { kind: string }) => x.kind)).toEqual(['moved', 'updated', 'commented', 'created']);
    expect(detail.activity[1].changes).toEqual([{ field: 'priority', before: 'medium', after: 'critical' }]);
    const actions = await t.sql<{ action: string }>('select action from audit_events where target_id = $1 order by created_at', [task.id]);
    expect(actions.map((x) => x.action)).toEqual(['task.created', 'task.commented', 'task.updated', 'task.moved']);
  });

  it('filters by project, status, assignee, label and overdue', async () => {
    const p = await addProject(a.client, a.entityId);
    const dev = await addUser(t, a, [{ entityId: a.entityId, role: 'member' }]);
    const x = await addTask(a.client, p.id, { assigneeId: dev.id, labels: ['bug', 'ui'], dueDate: '2020-01-01' });
    const y = await addTask(a.client, p.id, { labels: ['ui'], dueDate: '2020-01-01', status: 'done' });
    const z = await addTask(a.client, p.id, { dueDate: '2199-01-01' });
    const q = (s: string) => a.client.get(`/projects/tasks?projectId=${p.id}&limit=100${s}`).then((r) => ids(r.body).sort());
    expect(await q('')).toEqual([x.id, y.id, z.id].sort());
    expect(await q(`&assigneeId=${dev.id}`)).toEqual([x.id]);
    expect(await q('&assigneeId=none')).toEqual([y.id, z.id].sort());
    expect(await q('&label=ui')).toEqual([x.id, y.id].sort());
    expect(await q('&overdue=true')).toEqual([x.id]);
    expect(await q('&status=done')).toEqual([y.id]);
    // Search: words anywhere in the title, any case; % and _ are plain characters.
    const w = await addTask(a.client, p.id, { title: 'Fix 100% of the Login_page' });
    expect(await q(`&q=${encodeURIComponent('LOGIN_')}`)).toEqual([w.id]);
    expect(await q(`&q=${encodeURIComponent('0%')}`)).toEqual([w.id]);
    expect(await q(`&q=${encodeURIComponent('%')}`)).toEqual([w.id]);
    const byKey = await a.client.get(`/projects/projects?q=${p.key.toLowerCase()}`);
    expect(ids(byKey.body)).toContain(p.id);
    const labelTooLong = await a.client.post('/projects/tasks', { projectId: p.id, title: 'x', labels: ['x'.repeat(31)] });
    expect(labelTooLong.status).toBe(400);
  });

  it('imports tasks from CSV with a per-row report, and exports lists as CSV', async () => {
    const p = await addProject(a.client, a.entityId);
    const csv = [
      'Project Key,Title,Description,Status,Priority,Assignee Email,Due Date,Labels',
      `${p.key},First,Do it,To Do,High,${a.email},2026-05-01,bug; ui`,
      `${p.key},,No title,,,,,`,
      `NOPE,Wrong project,,,,,,`,
      `${p.key.toLowerCase()},Second,,In Review,Low,,,`,
      `${p.key},Bad date,,,,,2026-02-31,`,
    ].join('\n');
    const report = await a.client.post('/projects/tasks/import', { entityId: a.entityId, csv });
    expect(report.status).toBe(200);
    expect(report.body.created).toBe(2);
    expect(report.body.errors).toEqual([
      { row: 3, message: `Title: ${PROJECTS_MESSAGES.titleRequired}` },
      { row: 4, message: 'Project Key: no project with the key NOPE in this entity.' },
      { row: 6, message: `Due Date: ${PROJECTS_MESSAGES.dueDateInvalid}` },
    ]);
    const list = await a.client.get(`/projects/tasks?projectId=${p.id}&sort=number&dir=asc`);
    expect(list.body.items.map((x: { code: string; status: string }) => [x.code, x.status])).toEqual([
      [`${p.key}-1`, 'todo'],
      [`${p.key}-2`, 'in_review'],
    ]);
    expect(list.body.items[0].labels).toEqual(['bug', 'ui']);
    const exported = await a.client.get(`/projects/tasks/export?projectId=${p.id}&sort=number&dir=asc`);
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-type')).toContain('text/csv');
    const lines = String(exported.body).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Code,Project Key,Title,Description,Status,Priority,Assignee Email,Due Date,Labels,Created At');
    // Labels are joined with "; ": quoted, so a spreadsheet whose separator is ";" keeps them in one cell.
    expect(lines[1]).toContain(`${p.key}-1,${p.key},First,Do it,To Do,High,${a.email},2026-05-01,"bug; ui",`);
    const projects = await a.client.get(`/projects/projects/export?q=${p.key}`);
    expect(String(projects.body)).toContain(`${p.key},`);
  });

  it('answers an assignee email of a user without Projects here exactly as one nobody has', async () => {
    const p = await addProject(a.client, a.entityId);
    const member = await addUser(t, a, [{ entityId: a.entityId, role: 'member' }]);
    const email = uniqueEmail('pm');
    const csv = `Project Key,Title,Description,Status,Priority,Assignee Email,Due Date,Labels\n${p.key},Assigned,,,,${email},,`;
    const importing = async () => {
      const res = await member.client.request('POST', '/projects/tasks/import', { entityId: a.entityId, csv }, { 'x-request-id': 'same-request' });
      return `${res.status} ${JSON.stringify(res.body)}`;
    };
    const nobody = await importing();
    // Now a user of the company with that email, holding Projects at another entity only.
    const res = await a.client.post('/users', {
      firstName: 'Elsewhere',
      lastName: 'User',
      email,
      password: 'secret123',
      confirmPassword: 'secret123',
      access: [{ productId: a.productIds.projects, entityId: entityB, roleType: 'member' }],
    });
    expect(res.status).toBe(201);
    expect(await importing()).toBe(nobody);
    expect(nobody).toBe(`200 ${JSON.stringify({ created: 0, errors: [{ row: 2, message: `Assignee Email: no user with Projects access in this entity has the email ${email}.` }] })}`);
    // Given Projects here, the same row goes in.
    const grant = await a.client.patch(`/users/${res.body.id}`, {
      access: [
        { productId: a.productIds.projects, entityId: entityB, roleType: 'member' },
        { productId: a.productIds.projects, entityId: a.entityId, roleType: 'viewer' },
      ],
    });
    expect(grant.status).toBe(200);
    expect((await member.client.post('/projects/tasks/import', { entityId: a.entityId, csv })).body).toEqual({ created: 1, errors: [] });
  });
});

describe('dashboard', () => {
  it('counts active projects, open, overdue and done-this-week tasks for the scope', async () => {
    const other = await signUpCompany(t, ['projects']);
    const p = await addProject(other.client, other.entityId, { priority: 'critical' });
    await addProject(other.client, other.entityId, { status: 'completed', priority: 'low' });
    await addTask(other.client, p.id, { dueDate: '2020-01-01' });
    const done = await addTask(other.client, p.id);
    await other.client.post(`/projects/tasks/${done.id}/move`, { status: 'done' });
    const d = (await other.client.get('/projects/dashboard')).body;
    expect(d).toMatchObject({ activeProjects: 1, openTasks: 1, overdueTasks: 1, doneThisWeek: 1 });
    expect(d.tasksByStatus).toEqual([
      { status: 'todo', tasks: 1 },
      { status: 'in_progress', tasks: 0 },
      { status: 'in_review', tasks: 0 },
      { status: 'done', tasks: 1 },
    ]);
    expect(d.projectsByPriority).toEqual([
      { priority: 'critical', projects: 1 },
      { priority: 'high', projects: 0 },
      { priority: 'medium', projects: 0 },
      { priority: 'low', projects: 1 },
    ]);
  });
});

describe('live events', () => {
  it("reach the users who may read the task, across server processes, and never anyone else's", async () => {
    const pA = await addProject(a.client, a.entityId);
    const pB = await addProject(a.client, entityB);
    const memberA = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer' }]);
    const stranger = await signUpCompany(t, ['projects']);
    const admin = await openStream(t.app, a.client, '/projects/events');
    const watcher = await openStream(t.app, memberA.client, '/projects/events');
    const boardOnly = await openStream(t.app, a.client, `/projects/events?projectId=${pA.id}`);
    const outsider = await openStream(t.app, stranger.client, '/projects/events');
    // Written through another server process: PostgreSQL carries the notification over.
    const peer = await t.peer();
    const writer = Object.assign(new Client({ app: peer }), { cookie: a.client.cookie });
    const inB = await addTask(writer, pB.id, { title: 'Secret B' });
    const inA = await addTask(writer, pA.id, { title: 'Visible A' });
    expect(await admin.next()).toMatchObject({ event: 'task', data: { kind: 'created', task: { id: inB.id } } });
    expect(await admin.next()).toMatchObject({ event: 'task', data: { kind: 'created', task: { id: inA.id } } });
    // The member of A only and the project's board get A's task first: B's was never sent.
    expect(await watcher.next()).toMatchObject({ event: 'task', data: { kind: 'created', task: { id: inA.id, title: 'Visible A' } } });
    expect(await boardOnly.next()).toMatchObject({ event: 'task', data: { task: { id: inA.id } } });
    await writer.post(`/projects/tasks/${inA.id}/move`, { status: 'in_progress' });
    expect(await watcher.next()).toMatchObject({ event: 'task', data: { kind: 'moved', task: { id: inA.id, status: 'in_progress' } } });
    // The other company's user: their first event is about their own task, none of A's.
    const own = await addProject(stranger.client, stranger.entityId);
    const theirs = await addTask(stranger.client, own.id);
    expect(await outsider.next()).toMatchObject({ event: 'task', data: { task: { id: theirs.id } } });
    for (const s of [admin, watcher, boardOnly, outsider]) await s.close();
  });

  it.runIf(process.env.DATABASE_URL)('after the LISTEN connection is lost: reconnects, tells open streams to reload (reset), and carries on', async () => {
    const p = await addProject(a.client, a.entityId);
    const stream = await openStream(t.app, a.client, `/projects/events?projectId=${p.id}`);
    // As a database restart or a network drop would.
    const ended = await t.sql<{ ended: boolean }>(
      "select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = current_database() and query ilike 'listen %'",
    );
    expect(ended.length).toBeGreaterThan(0);
    expect(await stream.next()).toMatchObject({ event: 'reset' });
    const task = await addTask(a.client, p.id);
    expect(await stream.next()).toMatchObject({ event: 'task', data: { kind: 'created', task: { id: task.id } } });
    await stream.close();
  });

  it('checks the scope when the event happens: a user who lost access gets nothing more, and the stream ends', async () => {
    const p = await addProject(a.client, a.entityId);
    const viewer = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer' }]);
    const stream = await openStream(t.app, viewer.client, `/projects/events?projectId=${p.id}`);
    expect((await a.client.delete(`/users/${viewer.id}`)).status).toBe(204);
    await addTask(a.client, p.id, { title: 'After the revocation' });
    await expect(stream.next()).rejects.toThrow('stream ended');
  });

  it('refuses a project outside the scope with 404 before streaming', async () => {
    const pB = await addProject(a.client, entityB);
    const memberA = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer' }]);
    expect((await memberA.client.get(`/projects/events?projectId=${pB.id}`)).status).toBe(404);
    expect((await memberA.client.get(`/projects/events?entityId=${entityB}`)).status).toBe(404);
  });
});

// ---- Issue 33: who hears about a task (assignment, status changes to followers, mentions), and who may be mentioned.

type Person = Awaited<ReturnType<typeof addUser>>;
type Notice = { category: string; title: string; url: string };

/** What the person's bell lists about the task. */
const toldAbout = async (who: Pick<Person, 'client'>, taskId: string): Promise<Notice[]> =>
  ((await who.client.get('/notifications?limit=100')).body.items as Notice[]).filter((n) => n.url === `/projects/tickets/${taskId}`);

/** How many rows `from …` finds. */
const countOf = async (from: string, params: unknown[]) => (await t.sql<{ n: number }>(`select count(*)::int as n ${from}`, params))[0]!.n;

/** Every notification row written for the person about the task, whether or not they may list it. */
const rowsFor = (userId: string, taskId: string) => countOf('from notifications where user_id = $1 and record_id = $2', [userId, taskId]);

const member = (firstName = 'Pm') => addUser(t, a, [{ entityId: a.entityId, role: 'member' }], firstName);
const viewer = (firstName = 'Pm') => addUser(t, a, [{ entityId: a.entityId, role: 'viewer' }], firstName);

describe('task assigned', () => {
  it('tells the new assignee, never the one who assigned; an edit keeping the assignee tells nobody again', async () => {
    const lead = await member();
    const ada = await member('Ada');
    const bob = await member('Bob');
    const p = await addProject(lead.client, a.entityId);
    const task = await addTask(lead.client, p.id, { title: 'Fix the login', assigneeId: ada.id });
    expect(await toldAbout(ada, task.id)).toEqual([expect.objectContaining({ category: 'tasks', title: `Pm User assigned you ${task.code} Fix the login` })]);
    expect(await rowsFor(lead.id, task.id)).toBe(0);

    const own = await addTask(lead.client, p.id, { assigneeId: lead.id });
    expect(await rowsFor(lead.id, own.id)).toBe(0);

    const edited = await lead.client.patch(`/projects/tasks/${task.id}`, { title: 'Fix the login page', assigneeId: ada.id, version: task.version });
    expect(edited.status).toBe(200);
    expect(await toldAbout(ada, task.id)).toHaveLength(1);

    const moved = await lead.client.patch(`/projects/tasks/${task.id}`, { assigneeId: bob.id, version: edited.body.version });
    expect(moved.status).toBe(200);
    expect(await toldAbout(bob, task.id)).toEqual([expect.objectContaining({ category: 'tasks', title: `Pm User assigned you ${task.code} Fix the login page` })]);
    expect(await toldAbout(ada, task.id)).toHaveLength(1);
    // The creator and each assignee follow it.
    for (const who of [lead, ada, bob]) expect((await who.client.get(`/projects/tasks/${task.id}`)).body).toMatchObject({ following: true, followers: 3 });
  });

  it('an assignee the caller may not name is refused, and nobody hears of it', async () => {
    const lead = await member();
    const elsewhere = await addUser(t, a, [{ entityId: entityB, role: 'member' }]);
    const p = await addProject(lead.client, a.entityId);
    const refused = await lead.client.post('/projects/tasks', { projectId: p.id, title: 'Sneaky', assigneeId: elsewhere.id });
    expect(refused.status).toBe(400);
    expect(await countOf('from notifications where user_id = $1', [elsewhere.id])).toBe(0);
  });
});

describe('a followed task changes status', () => {
  it('tells its followers (creator, assignee, commenter, by hand), not the mover, not who unfollowed, not who lost access', async () => {
    const creator = await member('Cy');
    const assignee = await member('Ash');
    const commenter = await member('Kim');
    const byHand = await viewer('Val');
    const unfollowed = await viewer('Uma');
    const lost = await viewer('Lou');
    const mover = await member('Mo');
    const p = await addProject(creator.client, a.entityId);
    const task = await addTask(creator.client, p.id, { title: 'Ship it', assigneeId: assignee.id });
    expect((await commenter.client.post(`/projects/tasks/${task.id}/comments`, { body: 'On it' })).status).toBe(201);
    for (const who of [byHand, unfollowed, lost]) expect((await who.client.post(`/projects/tasks/${task.id}/follow`, {})).body.following).toBe(true);
    expect((await unfollowed.client.post(`/projects/tasks/${task.id}/unfollow`, {})).body).toEqual({ following: false, followers: 5 });
    // Lou keeps following but loses Projects at the entity (CRM instead).
    const revoked = await a.client.patch(`/users/${lost.id}`, { access: [{ productId: a.productIds.crm, entityId: a.entityId, roleType: 'viewer' }] });
    expect(revoked.status).toBe(200);

    expect((await mover.client.post(`/projects/tasks/${task.id}/move`, { status: 'in_progress' })).status).toBe(200);
    const title = `Mo User moved ${task.code} Ship it to In Progress`;
    for (const who of [creator, commenter, byHand]) expect(await toldAbout(who, task.id)).toEqual([expect.objectContaining({ category: 'tasks', title })]);
    expect((await toldAbout(assignee, task.id)).map((n) => n.title)).toEqual([title, `Cy User assigned you ${task.code} Ship it`]);
    for (const who of [unfollowed, lost, mover]) expect(await rowsFor(who.id, task.id)).toBe(0);

    // A move within the column (its order only) is not a change of status.
    await addTask(creator.client, p.id, { status: 'in_progress' });
    expect((await mover.client.post(`/projects/tasks/${task.id}/move`, { status: 'in_progress' })).status).toBe(200);
    expect(await toldAbout(byHand, task.id)).toHaveLength(1);
  });

  it('following: a viewer may follow; another entity’s task is 404; the detail says whether the caller follows', async () => {
    const watcher = await viewer();
    const p = await addProject(a.client, a.entityId);
    const task = await addTask(a.client, p.id);
    expect((await watcher.client.get(`/projects/tasks/${task.id}`)).body).toMatchObject({ following: false, followers: 1 });
    expect((await watcher.client.post(`/projects/tasks/${task.id.toUpperCase()}/follow`, {})).body).toEqual({ following: true, followers: 2 });
    // Twice is once.
    expect((await watcher.client.post(`/projects/tasks/${task.id}/follow`, {})).body).toEqual({ following: true, followers: 2 });
    expect((await watcher.client.get(`/projects/tasks/${task.id}`)).body).toMatchObject({ following: true, followers: 2 });
    const theirs = await addTask(a.client, (await addProject(a.client, entityB)).id);
    for (const action of ['follow', 'unfollow']) expect((await watcher.client.post(`/projects/tasks/${theirs.id}/${action}`, {})).status).toBe(404);
    expect(await countOf('from projects_task_followers where task_id = $1', [theirs.id])).toBe(1);
  });
});

describe('mentions in comments', () => {
  it('tells the person mentioned and keeps the mention; anyone who may not read the task becomes plain text and hears nothing', async () => {
    const writer = await member('Wes');
    const ada = await viewer('Ada');
    const elsewhere = await addUser(t, a, [{ entityId: entityB, role: 'member' }], 'Eve');
    const crmOnly = await addUser(t, a, [{ entityId: a.entityId, role: 'member', productId: a.productIds.crm }], 'Cal');
    const gone = await member('Gus');
    expect((await a.client.post(`/users/${gone.id}/deactivate`, {})).status).toBe(200);
    const stranger = await signUpCompany(t, ['projects']);
    const p = await addProject(writer.client, a.entityId);
    const task = await addTask(writer.client, p.id, { title: 'Launch' });

    const body = [
      `Hi ${mentionMarkup('Chief', ada.id.toUpperCase())}, can you look?`,
      `Also ${mentionMarkup('Eve', elsewhere.id)} ${mentionMarkup('Cal', crmOnly.id)}`,
      `${mentionMarkup('Gus', gone.id)} ${mentionMarkup('Them', stranger.userId)} @[Nobody](user:not-a-uuid)`,
    ].join('\n');
    const res = await writer.client.post(`/projects/tasks/${task.id}/comments`, { body });
    expect(res.status).toBe(201);
    // The name is the person's own, whatever the client wrote; the rest is plain text; the lines stay.
    expect(res.body.body).toBe(`Hi ${mentionMarkup('Ada User', ada.id)}, can you look?\nAlso @Eve @Cal\n@Gus @Them @Nobody`);
    expect((await writer.client.get(`/projects/tasks/${task.id}`)).body.comments.at(-1).body).toBe(res.body.body);

    expect(await toldAbout(ada, task.id)).toEqual([expect.objectContaining({ category: 'mentions', title: `Wes User mentioned you on ${task.code} Launch` })]);
    for (const id of [elsewhere.id, crmOnly.id, gone.id, stranger.userId, writer.id]) expect(await rowsFor(id, task.id)).toBe(0);
    // The commenter follows the task now.
    expect((await writer.client.get(`/projects/tasks/${task.id}`)).body.following).toBe(true);
    // Ada loses Projects here after the mention: it leaves her list (and its email is not sent).
    expect((await a.client.patch(`/users/${ada.id}`, { access: [{ productId: a.productIds.crm, entityId: a.entityId, roleType: 'viewer' }] })).status).toBe(200);
    expect(await toldAbout(ada, task.id)).toEqual([]);
  });

  it('mentioning oneself or the same person twice tells each once, never the writer', async () => {
    const writer = await member('Wes');
    const ada = await member('Ada');
    const task = await addTask(writer.client, (await addProject(writer.client, a.entityId)).id);
    const body = `${mentionMarkup('Ada', ada.id)} ${mentionMarkup('Ada', ada.id)} ${mentionMarkup('Me', writer.id)}`;
    expect((await writer.client.post(`/projects/tasks/${task.id}/comments`, { body })).status).toBe(201);
    expect(await rowsFor(ada.id, task.id)).toBe(1);
    expect(await rowsFor(writer.id, task.id)).toBe(0);
  });
});

describe('who may be mentioned', () => {
  it('lists only the active users who may read the task, by a prefix of their name or email, any case', async () => {
    const writer = await member('Zed');
    const reader = await viewer('Zoe');
    const elsewhere = await addUser(t, a, [{ entityId: entityB, role: 'member' }], 'Zara');
    const crmOnly = await addUser(t, a, [{ entityId: a.entityId, role: 'member', productId: a.productIds.crm }], 'Zak');
    const gone = await member('Zeb');
    expect((await a.client.post(`/users/${gone.id}/deactivate`, {})).status).toBe(200);
    const stranger = await signUpCompany(t, ['projects'], { firstName: 'Zelda' });
    const task = await addTask(writer.client, (await addProject(writer.client, a.entityId)).id);

    const found = await writer.client.get(`/projects/tasks/${task.id}/mentionable?q=Z`);
    expect(found.status).toBe(200);
    const ids = found.body.items.map((x: { id: string }) => x.id);
    expect(ids).toEqual(expect.arrayContaining([writer.id, reader.id]));
    for (const id of [elsewhere.id, crmOnly.id, gone.id, stranger.userId]) expect(ids).not.toContain(id);
    expect((await writer.client.get(`/projects/tasks/${task.id}/mentionable?q=zOE`)).body.items).toEqual([{ id: reader.id, name: 'Zoe User', email: reader.email }]);
    expect((await writer.client.get(`/projects/tasks/${task.id}/mentionable?q=${encodeURIComponent(reader.email.toUpperCase())}`)).body.items).toHaveLength(1);
    // The company's super admin may read every entity's tasks.
    expect((await writer.client.get(`/projects/tasks/${task.id}/mentionable?q=ada%20lov`)).body.items.map((x: { id: string }) => x.id)).toContain(a.userId);
  });

  it('is asked by those who may comment, about tasks they may read', async () => {
    const writer = await member();
    const reader = await viewer();
    const task = await addTask(a.client, (await addProject(a.client, a.entityId)).id);
    const theirs = await addTask(a.client, (await addProject(a.client, entityB)).id);
    expect((await reader.client.get(`/projects/tasks/${task.id}/mentionable`)).status).toBe(403);
    expect((await writer.client.get(`/projects/tasks/${theirs.id}/mentionable`)).status).toBe(404);
    const stranger = await signUpCompany(t, ['projects']);
    expect((await stranger.client.get(`/projects/tasks/${task.id}/mentionable`)).status).toBe(404);
  });
});
