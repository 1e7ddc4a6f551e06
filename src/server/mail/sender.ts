import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import type { CalendarPart, DeliverableEmail } from './outbox';
import type { MailTransport } from './transport';

/** A claimed message that the sender composes as it delivers it (outbox.ts, enqueueDeferredEmails). */
export interface DeferredMessage {
  id: string;
  to: string;
  notificationId: string | null;
  digestId: string | null;
}

/**
 * Writes a deferred message at delivery, or answers null when it must not go at all (the
 * recipient may no longer read what it points to, or turned that email off): the row then ends as
 * `skipped`. Throwing is a failed attempt, tried again with backoff.
 */
export type ComposeEmail = (message: DeferredMessage) => Promise<DeliverableEmail | null>;

export interface DeliveryOptions {
  /** Messages claimed per round. */
  batch?: number;
  /** How long a claim holds a message: a sender that dies mid-send leaves it to another after this. */
  leaseSeconds?: number;
  /** Attempts before a message is marked failed. */
  maxAttempts?: number;
  /** Composes the messages written as references (notifications, digests); without it they wait. */
  compose?: ComposeEmail;
}

interface Claimed extends Record<string, unknown> {
  id: string;
  to_address: string;
  subject: string | null;
  text_body: string | null;
  html_body: string | null;
  notification_id: string | null;
  digest_id: string | null;
  calendar: CalendarPart | null;
  attempts: number;
}

class NoComposer extends Error {
  code = 'no_composer';
}

/**
 * The message of a claimed row: as stored, or composed now (null: not to be sent). A calendar
 * file is the row's own, written with the change: what is composed now never replaces it.
 */
async function messageOf(row: Claimed, compose: ComposeEmail | undefined): Promise<DeliverableEmail | null> {
  const calendar = row.calendar ? { calendar: row.calendar } : {};
  if (row.notification_id === null && row.digest_id === null) {
    return { to: row.to_address, subject: row.subject ?? '', text: row.text_body ?? '', html: row.html_body ?? '', ...calendar };
  }
  if (!compose) throw new NoComposer('no composer for a deferred message');
  const composed = await compose({ id: row.id, to: row.to_address, notificationId: row.notification_id, digestId: row.digest_id });
  return composed && { ...composed, ...calendar };
}

/** Seconds to wait before attempt n + 1: 30 s, 1 min, 2 min, … capped at 1 hour. */
export const backoffSeconds = (attempts: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));

/**
 * One round of delivery. Claiming is one short statement on the owner connection: due pending
 * messages are locked with FOR UPDATE SKIP LOCKED (another process's sender skips them) and
 * moved ahead by the lease, so no transaction stays open while mail is sent (PGlite is one
 * connection). Each message then gets its outcome: sent, tried again later with backoff, or
 * failed after `maxAttempts`. Returns how many were sent and how many failed this round.
 */
export async function deliverPendingEmail(db: Db, transport: MailTransport, log: Logger, options: DeliveryOptions = {}) {
  const { batch = 10, leaseSeconds = 120, maxAttempts = 8 } = options;
  const { rows } = await db.execute<Claimed>(sql`
    update email_outbox set attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
    where id in (
      select id from email_outbox
      where status = 'pending' and next_attempt_at <= now()
      order by next_attempt_at
      limit ${batch}
      for update skip locked
    )
    returning id, to_address, subject, text_body, html_body, notification_id, digest_id, calendar, attempts`);
  let sent = 0;
  let failed = 0;
  for (const row of rows) {
    try {
      const message = await messageOf(row, options.compose);
      if (!message) {
        // The stream rule at delivery: the recipient may no longer read it, or turned it off.
        await db.execute(sql`update email_outbox set status = 'skipped', last_error = null where id = ${row.id}`);
        log.info({ event: 'mail_skipped', mailId: row.id }, 'email not sent: no longer for its recipient');
        continue;
      }
      await transport.send({ ...message, id: row.id });
      await db.execute(sql`update email_outbox set status = 'sent', sent_at = now(), last_error = null where id = ${row.id}`);
      sent++;
      log.info({ event: 'mail_sent', mailId: row.id, attempts: row.attempts, transport: transport.kind }, 'email sent');
    } catch (e) {
      // The SMTP server's answer, never the message: it holds a link with a token.
      const reason = (e as { code?: string; responseCode?: number; message?: string }).code ?? String((e as { responseCode?: number }).responseCode ?? 'error');
      const giveUp = row.attempts >= maxAttempts;
      await db.execute(sql`
        update email_outbox
        set status = ${giveUp ? 'failed' : 'pending'},
            next_attempt_at = now() + make_interval(secs => ${backoffSeconds(row.attempts)}),
            last_error = ${reason.slice(0, 200)}
        where id = ${row.id}`);
      if (giveUp) failed++;
      log.warn({ event: 'mail_failed', mailId: row.id, attempts: row.attempts, reason, gaveUp: giveUp }, 'email not sent');
    }
  }
  return { sent, failed, claimed: rows.length };
}

/**
 * The server's sender: a round every `intervalMs` (rounds never overlap; a full batch goes again
 * at once). Several processes on one PostgreSQL may each run one. Returns a stop function that
 * waits for the round in flight.
 */
export function startMailSender(db: Db, transport: MailTransport, log: Logger, intervalMs = 2000, options: DeliveryOptions = {}) {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();
  const round = async () => {
    try {
      for (;;) {
        const { claimed } = await deliverPendingEmail(db, transport, log, options);
        if (stopped || claimed < (options.batch ?? 10)) break;
      }
    } catch (err) {
      log.error({ err }, 'mail sender round failed');
    }
    if (!stopped) {
      timer = setTimeout(() => (current = round()), intervalMs);
      timer.unref();
    }
  };
  timer = setTimeout(() => (current = round()), 0);
  timer.unref();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await current;
    transport.close();
  };
}
