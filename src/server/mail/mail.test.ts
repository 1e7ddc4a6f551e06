import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, createTestApp, signUpCompany, uniqueEmail, type TestApp } from '../test/harness';
import { deliverPendingEmail } from './sender';
import { fileTransport, smtpTransport, type MailTransport } from './transport';

let t: TestApp;
let smtp: SMTPServer;
let smtpUrl: string;
const received: { to: string[]; raw: string }[] = [];
const log = pino({ level: 'silent' });

beforeAll(async () => {
  t = await createTestApp({ PASSWORD_RESET_MAX_REQUESTS: '1000', SIGN_UP_MAX_ATTEMPTS: '1000' });
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await t.close();
});

/** Quoted-printable undone, so a link split over lines reads whole. */
const decodeQp = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
const messagesTo = (email: string) => received.filter((m) => m.to.includes(email));
const pending = async (email: string) =>
  t.sql<{ status: string; attempts: number; last_error: string | null; next_attempt_at: Date | string }>(
    'select status, attempts, last_error, next_attempt_at from email_outbox where to_address = $1',
    [email],
  );

async function memberWithResetRequested() {
  const a = await signUpCompany(t, ['crm']);
  const email = uniqueEmail('mail');
  await a.client.post('/users', {
    firstName: 'Mary',
    lastName: 'Jackson',
    email,
    password: 'first-pass',
    confirmPassword: 'first-pass',
    access: [{ productId: a.productIds.crm, entityId: a.entityId, roleType: 'member' }],
  });
  expect((await new Client(t).post('/auth/forgot-password', { email })).status).toBe(200);
  return email;
}

/** Delivers everything due until nothing is left (other tests' mail included). */
async function drain(transport: MailTransport, db = t.database.db) {
  for (;;) {
    const { claimed } = await deliverPendingEmail(db, transport, log);
    if (claimed === 0) return;
  }
}

describe('the outbox and its sender', () => {
  it('delivers through SMTP as multipart text + HTML, and the link in the received message resets the password', async () => {
    const email = await memberWithResetRequested();
    expect((await pending(email))[0]!.status).toBe('pending');
    const transport = smtpTransport(smtpUrl, 'WorkSphere <no-reply@example.com>');
    await drain(transport);
    transport.close();

    const [message] = messagesTo(email);
    expect(message).toBeDefined();
    const raw = decodeQp(message!.raw);
    expect(raw).toMatch(/^Subject: Reset your WorkSphere password$/m);
    expect(raw).toMatch(/^From: WorkSphere <no-reply@example\.com>$/m);
    expect(raw).toMatch(/multipart\/alternative/);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    const token = /\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(raw)?.[1];
    expect(token).toBeDefined();
    expect((await pending(email))[0]).toMatchObject({ status: 'sent', attempts: 1, last_error: null });

    const res = await new Client(t).post('/auth/reset-password', { token, password: 'second-pass', confirmPassword: 'second-pass' });
    expect(res.status).toBe(200);
    expect((await new Client(t).post('/auth/sign-in', { email, password: 'first-pass' })).status).toBe(401);
    expect((await new Client(t).post('/auth/sign-in', { email, password: 'second-pass' })).status).toBe(200);
  });

  it('a message committed while no sender runs (the server stopped before delivery) goes out once after the next start', async () => {
    const email = await memberWithResetRequested();
    // "Restart": a sender of another app instance on the same data (its own pool on PostgreSQL).
    const db = (await t.peerDatabase()).db;
    const transport = smtpTransport(smtpUrl, 'WorkSphere <no-reply@example.com>');
    await drain(transport, db);
    await drain(transport, db);
    transport.close();
    expect(messagesTo(email)).toHaveLength(1);
  });

  it('a claim whose sender died is taken up again once its lease runs out, and sent once', async () => {
    const email = await memberWithResetRequested();
    // A sender claimed it and died before sending: attempts 1, lease running.
    await t.sql("update email_outbox set attempts = 1, next_attempt_at = now() + interval '2 minutes' where to_address = $1", [email]);
    const transport = smtpTransport(smtpUrl, 'WorkSphere <no-reply@example.com>');
    await drain(transport);
    expect(messagesTo(email)).toHaveLength(0);
    await t.sql("update email_outbox set next_attempt_at = now() - interval '1 second' where to_address = $1", [email]);
    await drain(transport);
    transport.close();
    expect(messagesTo(email)).toHaveLength(1);
    expect((await pending(email))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('retries with backoff when delivery fails, and gives up after the last attempt', async () => {
    const email = await memberWithResetRequested();
    let calls = 0;
    const failing: MailTransport = {
      kind: 'smtp',
      send: async () => {
        calls++;
        throw Object.assign(new Error('451 try later, with a link http://x/reset-password?token=secret'), { responseCode: 451 });
      },
      close: () => {},
    };
    await deliverPendingEmail(t.database.db, failing, log, { maxAttempts: 2 });
    const [first] = await pending(email);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, last_error: '451' });
    expect(new Date(first!.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: nothing is tried.
    const before = calls;
    await deliverPendingEmail(t.database.db, failing, log, { maxAttempts: 2 });
    expect(calls).toBe(before);
    await t.sql("update email_outbox set next_attempt_at = now() - interval '1 second' where to_address = $1", [email]);
    await deliverPendingEmail(t.database.db, failing, log, { maxAttempts: 2 });
    expect((await pending(email))[0]).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('two senders at once (two processes on one database) send each message once', async () => {
    const emails = await Promise.all(Array.from({ length: 6 }, () => memberWithResetRequested()));
    const slow = (tag: string, sent: string[]): MailTransport => ({
      kind: 'smtp',
      send: async (mail) => {
        await new Promise((r) => setTimeout(r, 20));
        sent.push(`${tag}:${mail.to}`);
      },
      close: () => {},
    });
    const sent: string[] = [];
    const peerDb = (await t.peerDatabase()).db;
    await Promise.all([
      deliverPendingEmail(t.database.db, slow('one', sent), log, { batch: 3 }),
      deliverPendingEmail(peerDb, slow('two', sent), log, { batch: 3 }),
      deliverPendingEmail(t.database.db, slow('one', sent), log, { batch: 3 }),
      deliverPendingEmail(peerDb, slow('two', sent), log, { batch: 3 }),
    ]);
    await drain(slow('three', sent));
    for (const email of emails) expect(sent.filter((s) => s.endsWith(`:${email}`)), email).toHaveLength(1);
  });

  it('without SMTP_URL, writes each message as an .eml file and logs its subject and link', async () => {
    const email = await memberWithResetRequested();
    const dir = await mkdtemp(join(tmpdir(), 'outbox-'));
    const lines: Record<string, unknown>[] = [];
    const capture = pino({ level: 'info' }, { write: (line: string) => lines.push(JSON.parse(line)) });
    try {
      await drain(fileTransport(dir, 'WorkSphere <no-reply@localhost>', capture));
      const files = await readdir(dir);
      const mine: string[] = [];
      for (const f of files) if ((await readFile(join(dir, f), 'utf8')).includes(email)) mine.push(f);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatch(/\.eml$/);
      const raw = decodeQp(await readFile(join(dir, mine[0]!), 'utf8'));
      expect(raw).toMatch(/^Subject: Reset your WorkSphere password$/m);
      const line = lines.find((l) => l.to === email);
      expect(line).toMatchObject({ event: 'mail_written', subject: 'Reset your WorkSphere password' });
      expect(String(line!.link)).toMatch(/^http:\/\/localhost:3000\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

