import { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  forgotPasswordInput,
  linkCheck,
  linkCheckInput,
  messageResult,
  passwordChangeInput,
  profileInput,
  setPasswordInput,
} from '@/shared/account';
import { AUTH_MESSAGES, sessionResponse } from '@/shared/auth';
import { auditContext } from '../../audit/context';
import { clientIp } from '../../http/client-ip';
import type { AppEnv } from '../../http/env';
import { tooManyRequests } from '../../http/errors';
import { keyOf, reserveAttempt } from '../../http/rate-limit';
import { requestLog } from '../../http/request-context';
import { defineRoute, errorContent, jsonBody, jsonContent } from '../../http/route';
import { signInWithPassword } from '../auth/public';
import { acceptInvitation, changePassword, checkLink, requestPasswordReset, resetPassword, updateProfile } from './service';

const forgot = defineRoute('public', {
  method: 'post',
  path: '/auth/forgot-password',
  summary: 'Email a password-reset link (valid 1 hour, single use)',
  description:
    'The answer is the same whether or not an account has that email. Limited per client address and per email address (`PASSWORD_RESET_MAX_REQUESTS` per `RATE_LIMIT_WINDOW_SECONDS`).',
  tags: ['Auth'],
  request: { body: jsonBody(forgotPasswordInput) },
  responses: { 200: jsonContent(messageResult), 429: errorContent(ACCOUNT_MESSAGES.tooManyResetRequests) },
});

const check = defineRoute('public', {
  method: 'post',
  path: '/auth/check-link',
  summary: 'Whether an invitation or password-reset link can still be used',
  description: 'The token travels in the body, not the URL, so it stays out of access logs.',
  tags: ['Auth'],
  request: { body: jsonBody(linkCheckInput) },
  responses: { 200: jsonContent(linkCheck) },
});

const reset = defineRoute('public', {
  method: 'post',
  path: '/auth/reset-password',
  summary: 'Set a new password with a reset link; every session of the user ends',
  tags: ['Auth'],
  request: { body: jsonBody(setPasswordInput) },
  responses: {
    200: jsonContent(messageResult),
    400: errorContent(
      ACCOUNT_MESSAGES.linkExpired,
      ACCOUNT_MESSAGES.linkUsed,
      ACCOUNT_MESSAGES.linkNoLongerValid,
      ACCOUNT_MESSAGES.linkAccountDeactivated,
      ACCOUNT_MESSAGES.linkInvalid,
    ),
  },
});

const accept = defineRoute('public', {
  method: 'post',
  path: '/auth/accept-invite',
  summary: 'Accept an invitation: choose a password and sign in',
  tags: ['Auth'],
  request: { body: jsonBody(setPasswordInput) },
  responses: {
    200: jsonContent(z.object({ user: sessionResponse.shape.user.unwrap() }), 'Signed in; the response sets the session cookie'),
    400: errorContent(
      ACCOUNT_MESSAGES.linkExpired,
      ACCOUNT_MESSAGES.linkUsed,
      ACCOUNT_MESSAGES.linkNoLongerValid,
      ACCOUNT_MESSAGES.linkAccountDeactivated,
      ACCOUNT_MESSAGES.linkInvalid,
    ),
  },
});

const profile = defineRoute('user', {
  method: 'patch',
  path: '/me',
  summary: 'Change your own name',
  tags: ['Account'],
  request: { body: jsonBody(profileInput) },
  responses: { 200: jsonContent(messageResult) },
});

const password = defineRoute('user', {
  method: 'post',
  path: '/me/password',
  summary: 'Change your own password; your other sessions end',
  description: 'The current password is required. Wrong current passwords count like failed sign-ins (`SIGN_IN_MAX_FAILURES`).',
  tags: ['Account'],
  request: { body: jsonBody(passwordChangeInput) },
  responses: {
    200: jsonContent(messageResult),
    400: errorContent(ACCOUNT_MESSAGES.currentPasswordWrong),
    429: errorContent(AUTH_MESSAGES.tooManySignIns),
  },
});

export const accountRoutes = new OpenAPIHono<AppEnv>()
  .openapi(forgot, async (c) => {
    const config = c.get('config');
    const email = c.req.valid('json').email.trim().toLowerCase();
    const limits = c.get('rateLimits');
    const window = config.RATE_LIMIT_WINDOW_SECONDS;
    const [byAddress, byEmail] = await Promise.all([
      limits.hit(`reset:${clientIp(c)}`, window),
      limits.hit(`reset-email:${keyOf(email)}`, window),
    ]);
    if (byAddress > config.PASSWORD_RESET_MAX_REQUESTS || byEmail > config.PASSWORD_RESET_MAX_REQUESTS) {
      throw tooManyRequests(ACCOUNT_MESSAGES.tooManyResetRequests);
    }
    await requestPasswordReset(c.get('database').db, config.baseUrl, email, auditContext(c, null));
    requestLog(c).info({ event: 'password_reset_requested' }, 'password reset requested');
    return c.json({ message: ACCOUNT_MESSAGES.resetLinkSent }, 200);
  })
  .openapi(check, async (c) => {
    const { token, kind } = c.req.valid('json');
    return c.json(await checkLink(c.get('database').db, kind, token), 200);
  })
  .openapi(reset, async (c) => {
    const { token, password: newPassword } = c.req.valid('json');
    await resetPassword(c.get('database').db, c.get('auth'), token, newPassword, auditContext(c, null));
    requestLog(c).info({ event: 'password_reset_completed' }, 'password reset');
    return c.json({ message: ACCOUNT_MESSAGES.passwordReset }, 200);
  })
  .openapi(accept, async (c) => {
    const { token, password: newPassword } = c.req.valid('json');
    const { email } = await acceptInvitation(c.get('database').db, c.get('auth'), token, newPassword, auditContext(c, null));
    const user = await signInWithPassword(c, email, newPassword);
    // Null only when two-factor sign-in is on, which an account that just chose its first password cannot have.
    if (!user) throw new Error('accept-invite: two-factor sign-in on a new account');
    requestLog(c).info({ event: 'invitation_accepted', userId: user.id }, 'invitation accepted');
    return c.json({ user }, 200);
  })
  .openapi(profile, async (c) => {
    await updateProfile(c.get('database').db, c.get('user'), c.req.valid('json'), auditContext(c));
    return c.json({ message: ACCOUNT_MESSAGES.profileUpdated }, 200);
  })
  .openapi(password, async (c) => {
    const config = c.get('config');
    const user = c.get('user');
    const attempt = await reserveAttempt(
      c.get('rateLimits'),
      [{ key: `password-change:${user.id}`, max: config.SIGN_IN_MAX_FAILURES }],
      config.RATE_LIMIT_WINDOW_SECONDS,
    );
    if (!attempt) throw tooManyRequests(AUTH_MESSAGES.tooManySignIns);
    const input = c.req.valid('json');
    try {
      await changePassword(c.get('database').db, c.get('auth'), user, c.get('sessionId'), input, auditContext(c));
    } catch (e) {
      // Only a wrong current password counts (a guess); anything else gives the attempt back.
      if (!(e instanceof Error && e.message === ACCOUNT_MESSAGES.currentPasswordWrong)) await attempt.release();
      throw e;
    }
    await attempt.release();
    requestLog(c).info({ event: 'password_changed', userId: user.id }, 'password changed');
    return c.json({ message: ACCOUNT_MESSAGES.passwordChanged }, 200);
  });
