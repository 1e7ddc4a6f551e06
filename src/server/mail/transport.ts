import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { DeliverableEmail } from './outbox';

export interface MailTransport {
  kind: 'smtp' | 'file';
  /** Delivers one message or throws; the sender retries what throws. */
  send(mail: DeliverableEmail & { id: string }): Promise<void>;
  close(): void;
}

/** nodemailer, loaded on the first message: start-up (and a refused configuration) does not wait for it. */
function lazyTransporter(options: Parameters<typeof import('nodemailer').createTransport>[0]) {
  let made: Promise<Transporter> | undefined;
  return {
    get: () => (made ??= import('nodemailer').then((m) => m.default.createTransport(options) as Transporter)),
    close: () => void made?.then((t) => t.close()),
  };
}

/**
 * nodemailer's message: multipart text + HTML, with the message's own headers (List-Unsubscribe…)
 * and its calendar file as a `text/calendar; method=…` alternative (nodemailer's icalEvent), the
 * part Outlook and Google Calendar read an invitation from.
 */
const message = (from: string, mail: DeliverableEmail & { id: string }) => ({
  from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
  messageId: `<${mail.id}@worksphere>`,
  ...(mail.headers ? { headers: mail.headers } : {}),
  ...(mail.calendar ? { icalEvent: { method: mail.calendar.method, content: mail.calendar.content, filename: mail.calendar.method === 'CANCEL' ? 'cancel.ics' : 'invite.ics' } } : {}),
});

/** Through an SMTP server (SMTP_URL: smtp:// or smtps://, credentials in the URL), as multipart text + HTML. */
export function smtpTransport(url: string, from: string): MailTransport {
  const transporter = lazyTransporter(url);
  return {
    kind: 'smtp',
    async send(mail) {
      await (await transporter.get()).sendMail(message(from, mail));
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP_URL (the embedded default): each message is written as an .eml file under `dir`
 * and its subject and link are logged, so whoever runs the server can follow the link. The link
 * is a live token: this mode is for a machine of one's own, not for production.
 */
export function fileTransport(dir: string, from: string, log: Logger): MailTransport {
  const transporter = lazyTransporter({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    async send(mail) {
      const info = await (await transporter.get()).sendMail(message(from, mail));
      await mkdir(dir, { recursive: true });
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.id}.eml`);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      const link = /https?:\/\/\S+/.exec(mail.text)?.[0];
      log.info({ event: 'mail_written', file, to: mail.to, subject: mail.subject, link }, `email written to ${file}: ${mail.subject} ${link ?? ''}`.trim());
    },
    close: () => transporter.close(),
  };
}
