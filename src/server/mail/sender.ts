import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import type { MailTransport } from './transport';

export interface DeliveryOptions {
  /** Messages claimed per round. */
  batch?: number;
  /** How long a claim holds a message: a sender that dies mid-send leaves it to another after this. */
  leaseSeconds?: number;
  /** Attempts before a message is marked failed. */
  maxAttempts?: number;
}

interface Claimed extends Record<string, unknown> {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
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
    returning id, to_address, subject, text_body, html_body, attempts`);
  let sent = 0;
  let failed = 0;
  for (const row of rows) {
    try {
      await transport.send({ id: row.id, to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body });
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
