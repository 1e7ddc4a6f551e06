import { emailOutbox } from '../db/schema';
import type { Tx } from '../db/tenant';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Puts a message in the outbox inside the caller's transaction: it is sent only if the change that
 * causes it commits, and it is not lost if the process stops before the sender delivers it.
 */
export async function enqueueEmail(tx: Pick<Tx, 'insert'>, companyId: string, mail: OutgoingEmail): Promise<void> {
  await tx.insert(emailOutbox).values({ companyId, toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html });
}
