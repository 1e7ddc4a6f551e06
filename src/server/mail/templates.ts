import { PRODUCT_NAME } from '@/shared/brand';
import type { OutgoingEmail } from './outbox';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** A plain, readable message: a greeting, what happened, one button (if any), the link as text, the expiry. */
function layout(to: string, subject: string, lines: string[], action: { label: string; url: string } | null, footer: string, signature = PRODUCT_NAME): OutgoingEmail {
  const text = [...lines, ...(action ? ['', `${action.label}: ${action.url}`] : []), '', footer, '', `— ${signature}`].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="margin:0;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px">
<tr><td style="padding:24px 32px;border-bottom:1px solid #e2e8f0;font-size:18px;font-weight:700">${escapeHtml(signature)}</td></tr>
<tr><td style="padding:24px 32px;font-size:15px;line-height:1.6">
${lines.map((l) => `<p style="margin:0 0 12px">${escapeHtml(l)}</p>`).join('\n')}
${
  action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#0f172a;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 12px;font-size:13px;color:#475569">Or open this link: <a href="${escapeHtml(action.url)}" style="color:#0f172a;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : ''
}
<p style="margin:0;font-size:13px;color:#475569">${escapeHtml(footer)}</p>
</td></tr></table></td></tr></table>
</body></html>`;
  return { to, subject, text, html };
}

export function passwordResetEmail(to: string, firstName: string, url: string): OutgoingEmail {
  return layout(
    to,
    `Reset your ${PRODUCT_NAME} password`,
    [`Hello ${firstName},`, `Someone asked to reset the password of your ${PRODUCT_NAME} account (${to}). Choose a new password with the button below.`],
    { label: 'Reset Password', url },
    'The link works once and expires in 1 hour. If you did not ask for it, ignore this email: your password stays as it is.',
  );
}

export function invitationEmail(to: string, firstName: string, inviter: string, companyName: string, url: string): OutgoingEmail {
  return layout(
    to,
    `You are invited to ${companyName} on ${PRODUCT_NAME}`,
    [`Hello ${firstName},`, `${inviter} invited you to join ${companyName} on ${PRODUCT_NAME}. Choose your password to get started.`],
    { label: 'Accept Invitation', url },
    'The link works once and expires in 7 days. If you were not expecting it, ignore this email.',
  );
}

export interface CandidateInterviewEmail {
  firstName: string;
  companyName: string;
  jobTitle: string;
  /** The start, in words ("Tue, 3 Mar 2026, 10:00 UTC"). */
  when: string;
  duration: string;
  location: string;
  change: 'scheduled' | 'moved' | 'cancelled';
}

/**
 * To a candidate, who has no account: what, when and where, from the company (its name as the
 * sender's signature), with the calendar file attached by the caller. No link into the app.
 */
export function candidateInterviewEmail(to: string, m: CandidateInterviewEmail): OutgoingEmail {
  const lead = {
    scheduled: `${m.companyName} invites you to an interview for the ${m.jobTitle} position.`,
    moved: `The time or place of your interview for the ${m.jobTitle} position at ${m.companyName} has changed.`,
    cancelled: `Your interview for the ${m.jobTitle} position at ${m.companyName}, planned for ${m.when}, is cancelled.`,
  }[m.change];
  const details = m.change === 'cancelled' ? [] : [`When: ${m.when} (${m.duration})`, ...(m.location ? [`Where: ${m.location}`] : [])];
  const subject = { scheduled: 'Interview invitation', moved: 'Interview changed', cancelled: 'Interview cancelled' }[m.change];
  return layout(
    to,
    `${subject}: ${m.jobTitle} at ${m.companyName}`,
    [`Hello ${m.firstName},`, lead, ...details],
    null,
    m.change === 'cancelled' ? 'The attached calendar file removes it from your calendar.' : 'The attached calendar file adds it to your calendar.',
    m.companyName,
  );
}
