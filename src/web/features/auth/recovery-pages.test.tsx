import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@/shared/account';
import { AUTH_MESSAGES } from '@/shared/auth-messages';
import { ADMIN, apiError, mockApi, renderPage } from '@/web/test/admin';
import { AcceptInvitePage } from './accept-invite-page';
import { ForgotPasswordPage } from './forgot-password-page';
import { ResetPasswordPage } from './reset-password-page';

afterEach(() => vi.unstubAllGlobals());
const TOKEN = 'A'.repeat(43);

describe('forgot password', () => {
  it('asks for the email, sends it, and shows the same answer whatever the address', async () => {
    const calls = mockApi({ 'POST /auth/forgot-password': { body: { message: ACCOUNT_MESSAGES.resetLinkSent } } });
    renderPage(<ForgotPasswordPage />, { path: '/forgot-password', user: null, guarded: false });
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByText(ACCOUNT_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.resetLinkSent)).toBeInTheDocument();
    expect(calls.map((c) => c.body)).toEqual([{ email: 'ada@example.com' }]);
  });

  it('says when requests are limited', async () => {
    mockApi({ 'POST /auth/forgot-password': apiError(429, ACCOUNT_MESSAGES.tooManyResetRequests) });
    renderPage(<ForgotPasswordPage />, { path: '/forgot-password', user: null, guarded: false });
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.tooManyResetRequests)).toBeInTheDocument();
  });
});

describe('reset password', () => {
  it('checks the link, validates like sign-up, resets and goes to sign-in', async () => {
    const calls = mockApi({
      'POST /auth/check-link': { body: { state: 'valid', email: 'ada@example.com' } },
      'POST /auth/reset-password': { body: { message: ACCOUNT_MESSAGES.passwordReset } },
    });
    renderPage(<ResetPasswordPage />, { path: '/reset-password', entry: `/reset-password?token=${TOKEN}`, user: null, guarded: false });
    expect(await screen.findByText('For ada@example.com')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New Password'), '12345');
    await userEvent.type(screen.getByLabelText('Confirm Password'), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText(AUTH_MESSAGES.passwordTooShort)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('New Password'));
    await userEvent.type(screen.getByLabelText('New Password'), 'secret12');
    await userEvent.clear(screen.getByLabelText('Confirm Password'));
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'secret13');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(screen.getByText(AUTH_MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Confirm Password'));
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'secret12');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(await screen.findByText(ACCOUNT_MESSAGES.passwordReset)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/auth/reset-password')?.body).toEqual({ token: TOKEN, password: 'secret12', confirmPassword: 'secret12' });
    // The token never goes into an API URL.
    for (const call of calls) expect(call.url.search).toBe('');
  });

  it.each([
    ['expired', ACCOUNT_MESSAGES.linkExpired],
    ['used', ACCOUNT_MESSAGES.linkUsed],
    ['revoked', ACCOUNT_MESSAGES.linkNoLongerValid],
    ['invalid', ACCOUNT_MESSAGES.linkInvalid],
  ])('a %s link says so and what to do', async (state, message) => {
    mockApi({ 'POST /auth/check-link': { body: { state, email: null } } });
    renderPage(<ResetPasswordPage />, { path: '/reset-password', entry: `/reset-password?token=${TOKEN}`, user: null, guarded: false });
    expect(await screen.findByRole('alert')).toHaveTextContent(`${message} ${ACCOUNT_MESSAGES.resetWhatToDo}`);
    expect(screen.getByRole('link', { name: 'Send a New Link' })).toHaveAttribute('href', '/forgot-password');
  });

  it("a deactivated account's link says so, and offers no new link (none would be sent)", async () => {
    mockApi({ 'POST /auth/check-link': { body: { state: 'deactivated', email: null } } });
    renderPage(<ResetPasswordPage />, { path: '/reset-password', entry: `/reset-password?token=${TOKEN}`, user: null, guarded: false });
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.linkAccountDeactivated);
    expect(screen.getByRole('alert')).not.toHaveTextContent(ACCOUNT_MESSAGES.resetWhatToDo);
    expect(screen.queryByRole('link', { name: 'Send a New Link' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });

  it('a link that stopped working on submit shows the reason the server gives', async () => {
    mockApi({
      'POST /auth/check-link': { body: { state: 'valid', email: 'ada@example.com' } },
      'POST /auth/reset-password': apiError(400, ACCOUNT_MESSAGES.linkAccountDeactivated),
    });
    renderPage(<ResetPasswordPage />, { path: '/reset-password', entry: `/reset-password?token=${TOKEN}`, user: null, guarded: false });
    await userEvent.type(await screen.findByLabelText('New Password'), 'secret12');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'secret12');
    await userEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(ACCOUNT_MESSAGES.linkAccountDeactivated)).toBeInTheDocument();
  });

  it('a link without a token is invalid without asking the server', async () => {
    const calls = mockApi({});
    renderPage(<ResetPasswordPage />, { path: '/reset-password', user: null, guarded: false });
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.linkInvalid);
    expect(calls).toHaveLength(0);
  });
});

describe('accept invitation', () => {
  it('chooses a password and lands signed in on the products hub', async () => {
    mockApi({
      'POST /auth/check-link': { body: { state: 'valid', email: 'grace@example.com' } },
      'POST /auth/accept-invite': { body: { user: ADMIN } },
    });
    renderPage(<AcceptInvitePage />, { path: '/accept-invite', entry: `/accept-invite?token=${TOKEN}`, user: null, guarded: false });
    expect(await screen.findByText('Choose a password for grace@example.com')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('New Password'), 'chosen1');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'chosen1');
    await userEvent.click(screen.getByRole('button', { name: 'Accept Invitation' }));
    await waitFor(() => expect(screen.getByText('Products hub')).toBeInTheDocument());
  });

  it('an expired invitation tells the invitee to ask for a new one', async () => {
    mockApi({ 'POST /auth/check-link': { body: { state: 'expired', email: null } } });
    renderPage(<AcceptInvitePage />, { path: '/accept-invite', entry: `/accept-invite?token=${TOKEN}`, user: null, guarded: false });
    expect(await screen.findByRole('alert')).toHaveTextContent(`${ACCOUNT_MESSAGES.linkExpired} ${ACCOUNT_MESSAGES.inviteWhatToDo}`);
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });
});
