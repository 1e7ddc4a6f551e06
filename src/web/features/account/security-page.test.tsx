import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SessionInfo } from '@/shared/sessions';
import { apiError, deferred, MEMBER, mockApi, renderPage, uuid, type Reply } from '@/web/test/admin';
import { SecurityPage } from './security-page';

afterEach(() => vi.unstubAllGlobals());

const session = (n: number, overrides: Partial<SessionInfo> = {}): SessionInfo => ({
  id: uuid(n),
  browser: 'Chrome 142',
  os: 'Windows 10',
  ipAddress: '203.0.113.7',
  signedInAt: '2026-03-05T12:00:00.000Z',
  lastActiveAt: '2026-03-06T12:00:00.000Z',
  expiresAt: '2026-03-12T12:00:00.000Z',
  current: false,
  ...overrides,
});

const here = session(1, { current: true });
const phone = session(2, { browser: 'Safari 18', os: 'iOS 18.1', ipAddress: '198.51.100.4' });

describe('account security page', () => {
  it("lists the user's sessions with device, address and times; marks this device", async () => {
    mockApi({ 'GET /me/sessions': { body: { items: [here, phone] } } });
    renderPage(<SecurityPage />, { path: '/account/security', user: MEMBER });
    expect(screen.getByRole('heading', { level: 1, name: 'Account Security' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Products' })).toHaveAttribute('href', '/products');
    const list = await screen.findByRole('list', { name: 'Your sessions' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Chrome 142 on Windows 10');
    expect(within(first!).getByText('This device')).toBeInTheDocument();
    expect(first).toHaveTextContent('203.0.113.7');
    expect(first).toHaveTextContent(/Signed in:\s*Mar 5, 2026/);
    expect(first).toHaveTextContent(/Last active:\s*Mar 6, 2026/);
    expect(second).toHaveTextContent('Safari 18 on iOS 18.1');
    expect(within(second!).queryByText('This device')).not.toBeInTheDocument();
  });

  it('signs out another session, busy until the server answers, then reloads the list', async () => {
    let items = [here, phone];
    const done = deferred<Reply>();
    const calls = mockApi({
      'GET /me/sessions': () => ({ body: { items } }),
      [`DELETE /me/sessions/${phone.id}`]: async () => {
        const reply = await done.promise;
        items = [here];
        return reply;
      },
    });
    renderPage(<SecurityPage />, { path: '/account/security' });
    const button = await screen.findByRole('button', { name: 'Sign Out Safari 18 on iOS 18.1' });
    await userEvent.click(button);
    expect(await screen.findByRole('button', { name: 'Sign Out Safari 18 on iOS 18.1' })).toBeDisabled();
    done.resolve({ status: 204 });
    // Toasts load sonner on first use: give the import time on a busy machine.
    expect(await screen.findByText('Session signed out', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Safari 18 on iOS 18.1')).not.toBeInTheDocument());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/me/sessions/${phone.id}`]);
  });

  it('signs out the other sessions; the button is off when there are none', async () => {
    let items = [here, phone];
    mockApi({
      'GET /me/sessions': () => ({ body: { items } }),
      'POST /me/sessions/sign-out-others': () => {
        items = [here];
        return { body: { revoked: 1 } };
      },
    });
    renderPage(<SecurityPage />, { path: '/account/security' });
    await screen.findByText('Safari 18 on iOS 18.1');
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out Other Sessions' }));
    expect(await screen.findByText('Other sessions signed out', {}, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign Out Other Sessions' })).toBeDisabled());
  });

  it('signs this device out through the ordinary sign-out and goes to /login', async () => {
    const calls = mockApi({ 'GET /me/sessions': { body: { items: [here, phone] } }, 'POST /auth/sign-out': { status: 204 } });
    renderPage(<SecurityPage />, { path: '/account/security' });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Out of this device' }));
    expect(await screen.findByText('Login page')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /auth/sign-out');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('says when the list cannot be loaded, and offers to try again', async () => {
    mockApi({ 'GET /me/sessions': apiError(500, 'An unexpected error occurred'), 'GET /me/two-factor': { body: { enabled: false, required: false, recoveryCodesLeft: null } } });
    renderPage(<SecurityPage />, { path: '/account/security' });
    expect(await screen.findByText('An unexpected error occurred', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
