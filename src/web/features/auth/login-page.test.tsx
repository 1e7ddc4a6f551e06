import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, apiError, mockApi, renderPage } from '@/web/test/admin';
import { LoginPage } from './login-page';

afterEach(() => vi.unstubAllGlobals());

async function enterPassword() {
  await userEvent.type(screen.getByLabelText('Email'), 'grace@example.com');
  await userEvent.type(screen.getByLabelText('Password', { selector: 'input' }), 'secret123');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('sign-in with two-factor authentication on', () => {
  it('asks for the code on its own step, then for a recovery code when asked, and sends "trust this device"', async () => {
    const calls = mockApi({
      'POST /auth/sign-in': { body: { twoFactorRequired: true } },
      'POST /auth/two-factor': ({ body }) =>
        (body as { code: string }).code === 'abcde-12345' ? { body: { user: ADMIN } } : apiError(401, 'Invalid code. Please try again.'),
    });
    renderPage(<LoginPage />, { path: '/login', user: null, guarded: false });
    await enterPassword();

    expect(await screen.findByRole('heading', { name: 'Two-Factor Authentication' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Please enter the 6-digit code', {}, { timeout: 5000 })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Authentication Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid code. Please try again.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByLabelText('Authentication Code')).toHaveValue('');

    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await userEvent.type(screen.getByLabelText('Recovery Code'), 'abcde-12345');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Trust this device for 30 days' }));
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Products hub', {}, { timeout: 5000 })).toBeInTheDocument();
    const last = calls.filter((c) => c.path === '/auth/two-factor').at(-1);
    expect(last?.body).toEqual({ code: 'abcde-12345', trustDevice: true });
  });

  it('goes back to the password when the sign-in is over', async () => {
    mockApi({
      'POST /auth/sign-in': { body: { twoFactorRequired: true } },
      'POST /auth/two-factor': apiError(429, 'Too many wrong codes. Please sign in again.'),
    });
    renderPage(<LoginPage />, { path: '/login', user: null, guarded: false });
    await enterPassword();
    await userEvent.type(await screen.findByLabelText('Authentication Code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('button', { name: 'Sign In' }, { timeout: 5000 })).toBeInTheDocument();
    expect(within(document.body).getByText('Too many wrong codes. Please sign in again.')).toBeInTheDocument();
  });
});
