import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, signUpCompany, type TestApp } from '../test/harness';
import { openStream, type OpenStream } from '../test/event-stream';
import { addProject, addTask, addUser, type Company } from '../modules/projects/test-fixtures';

/**
 * The stream rule (platform/live.ts, docs/decisions/007-the-stream-rule.md): a live stream ends
 * within seconds of its caller's right to read it ending, however it ends, and never delivers an
 * event the caller could not read with a plain GET at that moment. The stream is served by one
 * server process and the right is ended through another (on PostgreSQL: two connection pools, the
 * revocation reaching the first process only through LISTEN/NOTIFY).
 */

let t: TestApp;
let a: Company;
/** A second server process on the same data. */
let peer: TestApp['app'];
let projectId: string;

beforeAll(async () => {
  t = await createTestApp();
  a = await signUpCompany(t, ['crm', 'projects']);
  peer = await t.peer();
  projectId = (await addProject(a.client, a.entityId)).id;
}, 180_000);
afterAll(() => t.close());

/** The same signed-in browser, talking to the other process. */
const onPeer = (client: Client) => Object.assign(new Client({ app: peer }), { cookie: client.cookie });

/** Well under the heartbeat (20 s), whose own check would end the stream too. */
const WITHIN_MS = 5_000;

/** Resolves when the stream ends by itself; fails if it delivers anything first or is still open after WITHIN_MS. */
async function endsWithin(stream: OpenStream) {
  const outcome = await Promise.race([
    stream.next().then(
      (message) => `delivered ${message.event}`,
      (error: Error) => error.message,
    ),
    new Promise<string>((resolve) => setTimeout(() => resolve('still open'), WITHIN_MS)),
  ]);
  expect(outcome).toBe('stream ended');
}

const crmGrant = () => [{ productId: a.productIds.crm, entityId: a.entityId, roleType: 'viewer' }];

type Watcher = Awaited<ReturnType<typeof addUser>> & { stream: OpenStream };

/** A Projects viewer (or, promoted, a super admin) watching the project's board, who has just seen a task arrive. */
async function watcher(role: 'viewer' | 'super_admin' = 'viewer'): Promise<Watcher> {
  const user = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer' }]);
  if (role === 'super_admin') {
    // A super admin reads every entity's Projects without a grant of their own.
    const promoted = await a.client.patch(`/users/${user.id}`, { role: 'super_admin', access: [] });
    expect(promoted.status).toBe(200);
  }
  const stream = await openStream(t.app, user.client, `/projects/events?projectId=${projectId}`);
  const before = await addTask(a.client, projectId, { title: 'Before' });
  expect(await stream.next()).toMatchObject({ event: 'task', data: { task: { id: before.id } } });
  return { ...user, stream };
}

const ways: [string, 'viewer' | 'super_admin', (w: Watcher) => Promise<{ status: number }>][] = [
  ['signs out', 'viewer', (w) => onPeer(w.client).post('/auth/sign-out')],
  ['has the session ended from the sessions page', 'viewer', async (w) => {
    const sessions = await onPeer(w.client).get('/me/sessions');
    const current = sessions.body.items.find((s: { current: boolean }) => s.current);
    // A session cannot end itself there; a second browser of theirs ends it.
    const other = new Client({ app: peer });
    expect((await other.post('/auth/sign-in', { email: w.email, password: 'secret123' })).status).toBe(200);
    return other.delete(`/me/sessions/${current.id}`);
  }],
  ['is signed out everywhere by an admin', 'viewer', (w) => onPeer(a.client).post(`/users/${w.id}/sign-out-everywhere`)],
  ['is deactivated', 'viewer', (w) => onPeer(a.client).post(`/users/${w.id}/deactivate`)],
  ['is deleted', 'viewer', (w) => onPeer(a.client).delete(`/users/${w.id}`)],
  ['is demoted from super admin', 'super_admin', (w) => onPeer(a.client).patch(`/users/${w.id}`, { role: 'user', access: crmGrant() })],
  ['loses the Projects grant', 'viewer', (w) => onPeer(a.client).patch(`/users/${w.id}`, { access: crmGrant() })],
];

describe('a live stream outlives no right to read it', () => {
  for (const [way, role, revoke] of ways) {
    it(`ends within seconds when its user ${way}, and delivers nothing after`, async () => {
      const w = await watcher(role);
      const res = await revoke(w);
      expect(res.status).toBeLessThan(300);
      await endsWithin(w.stream);
      // And a task written now reaches nobody who lost the right (the stream has ended; a new one is refused).
      await addTask(onPeer(a.client), projectId, { title: 'After' });
      expect((await w.client.get(`/projects/events?projectId=${projectId}`)).status).toBeGreaterThanOrEqual(400);
    });
  }

  it('an event that arrives right after the revocation is not delivered, even before the revocation is heard', async () => {
    const w = await watcher('super_admin');
    // One transaction on the peer demotes; the next, straight after, writes a task: the stream must
    // judge the task by the demoted user, never by the copy it was opened with.
    await onPeer(a.client).patch(`/users/${w.id}`, { role: 'user', access: crmGrant() });
    await addTask(onPeer(a.client), projectId, { title: 'Secret after demotion' });
    await endsWithin(w.stream);
  });

  it('a change that leaves the right in place keeps the stream open and delivering', async () => {
    const w = await watcher('viewer');
    // Another grant added (CRM): the user's rights changed, Projects stays.
    expect((await onPeer(a.client).patch(`/users/${w.id}`, { access: [...crmGrant(), { productId: a.productIds.projects, entityId: a.entityId, roleType: 'viewer' }] })).status).toBe(200);
    const task = await addTask(onPeer(a.client), projectId, { title: 'Still visible' });
    expect(await w.stream.next()).toMatchObject({ event: 'task', data: { task: { id: task.id, title: 'Still visible' } } });
    await w.stream.close();
  });

  it('an entity losing the product ends a super admin’s stream', async () => {
    const w = await watcher('super_admin');
    // The database's own rule, as any path that removes the product would: the access row goes.
    await t.sql('delete from entity_product_access where entity_id = $1 and product_id = $2', [a.entityId, a.productIds.projects]);
    await endsWithin(w.stream);
    await t.sql('insert into entity_product_access (entity_id, product_id, company_id) values ($1, $2, $3)', [a.entityId, a.productIds.projects, a.companyId]);
  });
});
