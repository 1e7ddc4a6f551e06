import { emailOutbox } from '../db/schema';
import { deferStatement, type Tx } from '../db/tenant';

/**
 * An iCalendar file sent with a message (an interview's invitation, change or cancellation): the
 * transport adds it as a `text/calendar; method=…` part, which Outlook and Google Calendar place
 * and update by its UID and SEQUENCE. Stored with the outbox row as written at the change.
 */
export interface CalendarPart {
  method: 'REQUEST' | 'CANCEL';
  /** The whole VCALENDAR text. */
  content: string;
}

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  calendar?: CalendarPart;
}

/** A message as the transport sends it: extra headers (List-Unsubscribe) are set at delivery. */
export interface DeliverableEmail extends OutgoingEmail {
  headers?: Record<string, string>;
}

/**
 * Puts a message in the outbox inside the caller's transaction: it is sent only if the change that
 * causes it commits, and it is not lost if the process stops before the sender delivers it.
 */
export async function enqueueEmail(tx: Pick<Tx, 'insert'>, companyId: string, mail: OutgoingEmail): Promise<void> {
  // Nobody reads its result: on PostgreSQL it goes with the commit (db/tenant.ts).
  await deferStatement(
    tx as Tx,
    tx.insert(emailOutbox).values({ companyId, toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html, calendar: mail.calendar ?? null }),
  );
}

/**
 * A message the sender composes when it delivers it (sender.ts, DeliveryOptions.compose): a
 * notification's email or a daily digest. Only the reference is written with the change, so
 * whether it goes at all, to which address and with what, is decided at delivery under the stream
 * rule (the recipient may have lost access, or unsubscribed, in between). `to` is the address at
 * the time of writing, for the operator reading the table.
 */
export type DeferredEmail = { to: string; notificationId: string; digestId?: never } | { to: string; digestId: string; notificationId?: never };

/** `calendar`: the file every one of these messages carries, as it is now (a snapshot; see CalendarPart). */
export async function enqueueDeferredEmails(tx: Pick<Tx, 'insert'>, companyId: string, mails: readonly DeferredEmail[], calendar?: CalendarPart): Promise<void> {
  if (mails.length === 0) return;
  await deferStatement(
    tx as Tx,
    tx.insert(emailOutbox).values(
      mails.map((m) => ({ companyId, toAddress: m.to, notificationId: m.notificationId ?? null, digestId: m.digestId ?? null, calendar: calendar ?? null })),
    ),
  );
}
