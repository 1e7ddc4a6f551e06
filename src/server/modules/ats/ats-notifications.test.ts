import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ical, { type VEvent } from 'node-ical';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ATS_MESSAGES } from '@/shared/ats';
import { MODULE_MESSAGES } from '@/shared/modules';
import { deliverPendingEmail } from '../../mail/sender';
import { fileTransport } from '../../mail/transport';
import { notificationMailComposer } from '../../platform/notifications';
import { createTestApp, ORIGIN, signUpCompany, type TestApp } from '../../test/harness';
import { remindFeedbackDue } from './feedback-due';
import { addCandidate, addJob, addUser, apply, type Company } from './test-fixtures';

/*
 * Interview notifications (issue 33): who hears of a scheduled, moved and cancelled interview, the
 * calendar file their email carries as a calendar client reads it back from the .eml, the
 * feedback-due reminder, and the hiring manager's news of stage moves.
 */

const log = pino({ level: 'silent' });
let t: TestApp;
let a: Company;
type Person = Awaited<ReturnType<typeof addUser>>;
/** Schedules (a Member, also on panels: never told of their own changes). */
let scheduler: Person;
let ida: Person;
let ivan: Person;
let iris: Person;
let manager: Person;

beforeAll(async () => {
  t = await createTestApp();
  a = await signUpCompany(t, ['ats', 'crm']);
  const member = (role: 'member' | 'viewer' = 'member') => addUser(t, a, [{ entityId: a.entityId, role }]);
  [scheduler, ida, ivan, iris, manager] = [await member(), await member('viewer'), await member(), await member('viewer'), await member()];
}, 180_000);
afterAll(() => t.close());
// Each test reads only the emails its own changes queued.
afterEach(async () => void (await deliver()));

type Notice = { category: string; title: string; url: string };
const noticesOf = async (p: Person, category = 'interviews'): Promise<Notice[]> =>
  ((await p.client.get('/notifications?limit=100')).body.items as Notice[]).filter((n) => n.category === category);

/** An application of a fresh candidate to a fresh Open job whose hiring manager is `manager`. */
async function application() {
  const job = await addJob(a.client, a.entityId, { hiringManagerId: manager.id, title: 'Platform Engineer' });
  const candidate = await addCandidate(a.client, a.entityId, { firstName: 'Grace' });
  const app = await apply(a.client, candidate.id, job.id);
  return { job, candidate, application: app };
}

async function schedule(body: Record<string, unknown>, by: Person = scheduler) {
  const res = await by.client.post('/ats/interviews', { durationMinutes: 45, location: 'Room 2', ...body });
  expect(res.status).toBe(201);
  return res.body as { id: string; version: number };
}

interface SentMail {
  to: string;
  subject: string;
  /** The text/calendar part's Content-Type header. */
  calendarType: string;
  /** The calendar file, decoded. */
  ics: string;
  event: VEvent;
}

/** Quoted-printable or base64 undone. */
function decode(body: string, encoding: string) {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/quoted-printable/i.test(encoding)) return Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8');
  return body;
}

/** The text/calendar part of a raw message (.eml), as a mail client finds it: its Content-Type, and the file. */
function calendarPart(raw: string): { type: string; ics: string } | null {
  const at = raw.search(/^Content-Type: text\/calendar/im);
  if (at < 0) return null;
  const part = raw.slice(at);
  const headerEnd = part.search(/\r?\n\r?\n/);
  const headers = part.slice(0, headerEnd).replace(/\r?\n[ \t]+/g, ' ');
  const body = part.slice(headerEnd).replace(/^\s+/, '').split(/\r?\n--/)[0]!;
  return { type: /^Content-Type: (.*)$/im.exec(headers)![1]!, ics: decode(body, /^Content-Transfer-Encoding: (.*)$/im.exec(headers)?.[1] ?? '7bit') };
}

/**
 * Delivers every pending message through the .eml file writer (DATA_DIR/outbox in the server),
 * composing notification emails as the server does, and reads the files back.
 */
async function deliver(): Promise<SentMail[]> {
  const dir = await mkdtemp(join(tmpdir(), 'ats-outbox-'));
  try {
    const compose = notificationMailComposer(t.database.db, { baseUrl: ORIGIN, secret: 'test-secret-test-secret-test-secret!' });
    while ((await deliverPendingEmail(t.database.db, fileTransport(dir, 'WorkSphere <no-reply@localhost>', log), log, { compose })).claimed > 0);
    const mails: SentMail[] = [];
    for (const file of await readdir(dir)) {
      const raw = await readFile(join(dir, file), 'utf8');
      const headers = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
      const calendar = calendarPart(raw);
      if (!calendar) continue;
      const events = Object.values(ical.sync.parseICS(calendar.ics)).filter((c): c is VEvent => c?.type === 'VEVENT');
      expect(events).toHaveLength(1);
      mails.push({
        to: /^To: (.*)$/im.exec(headers)![1]!.trim(),
        subject: /^Subject: (.*)$/im.exec(headers)![1]!,
        calendarType: calendar.type,
        ics: calendar.ics,
        event: events[0]!,
      });
    }
    return mails;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const mailTo = (mails: SentMail[], email: string) => {
  const mine = mails.filter((m) => m.to === email);
  expect(mine, `one email to ${email}`).toHaveLength(1);
  return mine[0]!;
};

/** An attendee's or organizer's address, as node-ical gives it (`mailto:…`). */
const address = (p: unknown) => String(typeof p === 'string' ? p : (p as { val: string }).val).replace(/^mailto:/i, '').toLowerCase();
const attendees = (e: VEvent) => [e.attendee ?? []].flat().map(address).sort();
const method = (m: SentMail) => /^METHOD:(.*)$/m.exec(m.ics)![1]!.trim();

describe('interview invitations', () => {
  it('scheduling tells each interviewer but not the scheduler, emails the candidate when ticked, and each .eml carries a calendar invitation', async () => {
    const { candidate, application: app } = await application();
    const startsAt = '2099-03-03T10:00:00.000Z';
    const interview = await schedule({ applicationId: app.id, startsAt, interviewerIds: [scheduler.id, ida.id, ivan.id], emailCandidate: true });

    for (const p of [ida, ivan]) expect(await noticesOf(p)).toEqual([expect.objectContaining({ title: expect.stringMatching(/^Interview scheduled: Grace .* for Platform Engineer, Tue, 3 Mar 2099, 10:00 UTC$/), url: '/ats/interviews' })]);
    // The scheduler made the change; the hiring manager and an outsider are not on the panel.
    for (const p of [scheduler, manager, iris]) expect(await noticesOf(p)).toEqual([]);

    const mails = await deliver();
    expect(mails.filter((m) => m.to === scheduler.email)).toEqual([]);
    const everyone = [scheduler.email, ida.email, ivan.email, candidate.email].sort();
    for (const email of [ida.email, ivan.email, candidate.email]) {
      const m = mailTo(mails, email);
      expect(m.calendarType).toMatch(/^text\/calendar; charset=utf-8; method=REQUEST$/i);
      expect(method(m)).toBe('REQUEST');
      expect(m.event.uid).toBe(`${interview.id}@worksphere`);
      expect(m.event.start.toISOString()).toBe(startsAt);
      expect(m.event.end!.toISOString()).toBe('2099-03-03T10:45:00.000Z');
      expect(Number(m.event.sequence)).toBe(0);
      expect(m.event.location).toBe('Room 2');
      expect(address(m.event.organizer)).toBe(scheduler.email);
      expect(attendees(m.event)).toEqual(everyone);
    }
    const toCandidate = mailTo(mails, candidate.email);
    const [company] = await t.sql<{ name: string }>('select name from companies where id = $1', [a.companyId]);
    expect(toCandidate.subject).toBe(`Interview invitation: Platform Engineer at ${company!.name}`);
  });

  it('without "Email the candidate" the candidate gets nothing and is not an attendee', async () => {
    const { candidate, application: app } = await application();
    await schedule({ applicationId: app.id, startsAt: '2099-04-01T09:00:00Z', interviewerIds: [ida.id] });
    const mails = await deliver();
    expect(mails.filter((m) => m.to === candidate.email)).toEqual([]);
    expect(attendees(mailTo(mails, ida.email).event)).toEqual([ida.email]);
    expect(await t.sql('select 1 from email_outbox where lower(to_address) = $1', [candidate.email.toLowerCase()])).toEqual([]);
  });

  it('a move keeps the UID with a higher SEQUENCE; an added interviewer is invited, a removed one gets a CANCEL; a cancellation is METHOD:CANCEL', async () => {
    const { candidate, application: app } = await application();
    const created = await schedule({ applicationId: app.id, startsAt: '2099-05-05T10:00:00Z', interviewerIds: [ida.id, ivan.id], emailCandidate: true });
    await deliver();

    const moved = await scheduler.client.patch(`/ats/interviews/${created.id}`, { startsAt: '2099-05-05T14:30:00Z', interviewerIds: [ida.id, iris.id], version: created.version });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ emailCandidate: true, cancelledAt: null, version: created.version + 1 });
    expect(new Date(moved.body.startsAt).toISOString()).toBe('2099-05-05T14:30:00.000Z');
    expect((await noticesOf(ida)).map((n) => n.title)).toContainEqual(expect.stringMatching(/^Interview changed: .* now Tue, 5 May 2099, 14:30 UTC$/));
    expect((await noticesOf(iris)).map((n) => n.title)).toEqual([expect.stringMatching(/^Interview scheduled: /)]);
    expect((await noticesOf(ivan))[0]!.title).toMatch(/^You are no longer on the panel of /);

    let mails = await deliver();
    for (const email of [ida.email, iris.email, candidate.email]) {
      const m = mailTo(mails, email);
      expect(method(m)).toBe('REQUEST');
      expect(m.event.uid).toBe(`${created.id}@worksphere`);
      expect(Number(m.event.sequence)).toBe(1);
      expect(m.event.start.toISOString()).toBe('2099-05-05T14:30:00.000Z');
      expect(attendees(m.event)).toEqual([ida.email, iris.email, candidate.email].sort());
    }
    expect(mailTo(mails, candidate.email).subject).toMatch(/^Interview changed: /);
    const removed = mailTo(mails, ivan.email);
    expect(method(removed)).toBe('CANCEL');
    expect(removed.calendarType).toMatch(/method=CANCEL/i);
    expect(removed.event.uid).toBe(`${created.id}@worksphere`);
    expect(Number(removed.event.sequence)).toBe(1);
    expect(attendees(removed.event)).toEqual([ivan.email]);

    // Nothing changed: nobody hears of it and the SEQUENCE stays.
    const same = await scheduler.client.patch(`/ats/interviews/${created.id}`, { location: 'Room 2', version: moved.body.version });
    expect(same.status).toBe(200);
    expect(await deliver()).toEqual([]);

    const cancelled = await scheduler.client.post(`/ats/interviews/${created.id}/cancel`, { version: same.body.version });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.cancelledAt).not.toBeNull();
    expect((await noticesOf(iris))[0]!.title).toMatch(/^Interview cancelled: /);
    mails = await deliver();
    expect(mails.filter((m) => m.to === ivan.email)).toEqual([]);
    for (const email of [ida.email, iris.email, candidate.email]) {
      const m = mailTo(mails, email);
      expect(method(m)).toBe('CANCEL');
      expect(m.event.uid).toBe(`${created.id}@worksphere`);
      expect(Number(m.event.sequence)).toBe(2);
      expect(m.event.status).toBe('CANCELLED');
    }
    expect(mailTo(mails, candidate.email).subject).toMatch(/^Interview cancelled: /);

    // A cancelled interview is no longer upcoming and no longer changes.
    const upcoming = await ida.client.get('/ats/interviews?when=upcoming&mine=true&limit=100');
    expect(upcoming.body.items.map((x: { id: string }) => x.id)).not.toContain(created.id);
    const again = await scheduler.client.post(`/ats/interviews/${created.id}/cancel`, { version: cancelled.body.version });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'interview_is_cancelled', message: ATS_MESSAGES.interviewIsCancelled });
    expect((await scheduler.client.patch(`/ats/interviews/${created.id}`, { location: 'Room 9', version: cancelled.body.version })).status).toBe(409);
  });

  it('ticking "Email the candidate" later sends them the invitation at the current SEQUENCE', async () => {
    const { candidate, application: app } = await application();
    const created = await schedule({ applicationId: app.id, startsAt: '2099-06-01T08:00:00Z', interviewerIds: [ida.id] });
    const moved = await scheduler.client.patch(`/ats/interviews/${created.id}`, { durationMinutes: 60, version: created.version });
    await deliver();
    const ticked = await scheduler.client.patch(`/ats/interviews/${created.id}`, { emailCandidate: true, version: moved.body.version });
    expect(ticked.status).toBe(200);
    const mails = await deliver();
    expect(mails.map((m) => m.to)).toEqual([candidate.email]);
    expect(mails[0]!.subject).toMatch(/^Interview invitation: /);
    expect(Number(mails[0]!.event.sequence)).toBe(1);
    expect(mails[0]!.event.end!.toISOString()).toBe('2099-06-01T09:00:00.000Z');
  });

  it('refuses what it must: a stale version, a viewer, an interviewer outside ATS, removing one who gave feedback', async () => {
    const { application: app } = await application();
    const created = await schedule({ applicationId: app.id, startsAt: '2020-01-01T10:00:00Z', interviewerIds: [ida.id, ivan.id] });
    const stale = await scheduler.client.patch(`/ats/interviews/${created.id}`, { location: 'Elsewhere', version: created.version + 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('version_conflict');
    const byViewer = await ida.client.post(`/ats/interviews/${created.id}/cancel`, { version: created.version });
    expect(byViewer.status).toBe(403);
    expect(byViewer.body.error.message).toBe(MODULE_MESSAGES.memberRequired);
    const crmOnly = await addUser(t, a, [{ entityId: a.entityId, role: 'member', product: 'crm' }]);
    const outsider = await scheduler.client.patch(`/ats/interviews/${created.id}`, { interviewerIds: [ida.id, crmOnly.id], version: created.version });
    expect(outsider.status).toBe(400);
    expect(outsider.body.error.message).toBe(ATS_MESSAGES.interviewerInvalid);
    expect((await ida.client.post(`/ats/interviews/${created.id}/feedback`, { rating: 4, notes: 'Good' })).status).toBe(200);
    const dropReviewer = await scheduler.client.patch(`/ats/interviews/${created.id}`, { interviewerIds: [ivan.id], version: created.version });
    expect(dropReviewer.status).toBe(400);
    expect(dropReviewer.body.error.message).toBe(ATS_MESSAGES.reviewedInterviewerStays);
    const [row] = await t.sql<{ sequence: number; location: string }>('select sequence, location from ats_interviews where id = $1', [created.id]);
    expect(row).toEqual({ sequence: 0, location: 'Room 2' });
  });

  it('an interviewer who lost ATS access before delivery gets no email (skipped); the others still do', async () => {
    const lapsing = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer' }]);
    const { application: app } = await application();
    await schedule({ applicationId: app.id, startsAt: '2099-07-07T07:00:00Z', interviewerIds: [lapsing.id, ida.id] });
    expect(await noticesOf(lapsing)).toHaveLength(1);
    expect((await a.client.patch(`/users/${lapsing.id}`, { access: [{ productId: a.productIds.crm, entityId: a.entityId, roleType: 'member' }] })).status).toBe(200);
    const mails = await deliver();
    expect(mails.filter((m) => m.to === lapsing.email)).toEqual([]);
    mailTo(mails, ida.email);
    expect(await t.sql('select status from email_outbox where to_address = $1', [lapsing.email])).toEqual([{ status: 'skipped' }]);
  });
});

describe('feedback due', () => {
  it('tells each interviewer without feedback once the interview has ended, once, even with two processes at once', async () => {
    // People of their own: the other tests leave ended interviews without feedback too.
    const [ida, ivan, iris] = [await addUser(t, a, [{ entityId: a.entityId, role: 'viewer' }]), await addUser(t, a, [{ entityId: a.entityId, role: 'member' }]), await addUser(t, a, [{ entityId: a.entityId, role: 'viewer' }])];
    const { application: app } = await application();
    const ended = await schedule({ applicationId: app.id, startsAt: new Date(Date.now() - 2 * 3_600_000).toISOString(), interviewerIds: [ida.id, ivan.id, scheduler.id] });
    const cancelled = await schedule({ applicationId: app.id, startsAt: new Date(Date.now() - 3 * 3_600_000).toISOString(), interviewerIds: [iris.id] });
    await scheduler.client.post(`/ats/interviews/${cancelled.id}/cancel`, { version: cancelled.version });
    await schedule({ applicationId: app.id, startsAt: new Date(Date.now() + 3_600_000).toISOString(), interviewerIds: [iris.id] });
    expect((await ivan.client.post(`/ats/interviews/${ended.id}/feedback`, { rating: 5, notes: '' })).status).toBe(200);

    const peer = await t.peerDatabase();
    await Promise.all([remindFeedbackDue(t.database.db), remindFeedbackDue(peer.db), remindFeedbackDue(t.database.db)]);
    await remindFeedbackDue(peer.db);

    for (const p of [ida, scheduler]) {
      expect(await noticesOf(p, 'interview_feedback')).toEqual([
        expect.objectContaining({ title: expect.stringMatching(/^Your feedback is due: interview of Grace .* for Platform Engineer$/), url: '/ats/interviews?when=past' }),
      ]);
    }
    // Ivan gave his; Iris's interviews were cancelled or are still ahead.
    for (const p of [ivan, iris]) expect(await noticesOf(p, 'interview_feedback')).toEqual([]);
  });
});

describe('stage moves', () => {
  it("tell the job's hiring manager, not when they move the candidate themselves, nor for a reorder within a stage", async () => {
    const { job, application: app } = await application();
    const review = await scheduler.client.post(`/ats/applications/${app.id}/move`, { stage: 'review', version: app.version });
    expect(review.status).toBe(200);
    const mine = async () => (await noticesOf(manager, 'candidates')).filter((n) => n.url === `/ats/jobs/${job.id}`);
    expect(await mine()).toEqual([expect.objectContaining({ title: expect.stringMatching(/^Grace .* moved to Review for Platform Engineer$/) })]);
    const reordered = await scheduler.client.post(`/ats/applications/${app.id}/move`, { stage: 'review', version: review.body.version });
    expect(reordered.status).toBe(200);
    const byManager = await manager.client.post(`/ats/applications/${app.id}/move`, { stage: 'phone_screen', version: reordered.body.version });
    expect(byManager.status).toBe(200);
    expect(await mine()).toHaveLength(1);
    // Nobody else hears of it.
    for (const p of [scheduler, ida]) expect(await noticesOf(p, 'candidates')).toEqual([]);
  });
});
