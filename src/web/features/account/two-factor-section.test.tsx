import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ADMIN, apiError, mockApi, renderPage } from '@/web/test/admin';
import { TwoFactorSection } from './two-factor-section';

afterEach(() => vi.unstubAllGlobals());

const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);
const SETUP = { totpUri: 'otpauth://totp/WorkSphere:grace%40example.com?secret=JBSWY3DPEHPK3PXP', secret: 'JBSWY3DPEHPK3PXP', qrCodeSvg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>' };

describe('two-factor authentication on /account/security', () => {
  it('enables it in three steps: password, QR code and code, then the recovery codes once', async () => {
    let enabled = false;
    const calls = mockApi({
      'GET /me/two-factor': () => ({ body: { enabled, required: false, recoveryCodesLeft: enabled ? 10 : null } }),
      'POST /me/two-factor/setup': ({ body }) => ((body as { password: string }).password === 'secret123' ? { body: SETUP } : apiError(400, 'Incorrect password')),
      'POST /me/two-factor/confirm': ({ body }) => {
        if ((body as { code: string }).code !== '123456') return apiError(400, 'Invalid code. Please try again.');
        enabled = true;
        return { body: { recoveryCodes: CODES } };
      },
      'GET /session': () => ({ body: { user: { ...ADMIN, twoFactorEnabled: enabled } } }),
    });
    renderPage(<TwoFactorSection />, { path: '/account/security' });
    const section = await screen.findByRole('region', { name: /Two-Factor Authentication/ });
    expect(await within(section).findByText('Disabled')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Enable Two-Factor Authentication' }));

    const dialog = await screen.findByRole('dialog', { name: 'Enable Two-Factor Authentication' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please enter your password');
    await userEvent.type(within(dialog).getByLabelText('Password'), 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Incorrect password')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText('Password'));
    await userEvent.type(within(dialog).getByLabelText('Password'), 'secret123');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));

    const qr = await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml;charset=utf-8,/);
    expect(within(dialog).getByTestId('two-factor-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    await userEvent.type(within(dialog).getByLabelText('Verification Code'), '12 34');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify and Enable' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('The code is 6 digits');
    await userEvent.clear(within(dialog).getByLabelText('Verification Code'));
    await userEvent.type(within(dialog).getByLabelText('Verification Code'), '123 456');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Verify and Enable' }));

    const list = await within(dialog).findByRole('list', { name: 'Recovery codes' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(CODES);
    expect(within(dialog).getByRole('button', { name: 'Download Codes' })).toBeEnabled();
    expect(calls.find((c) => c.path === '/me/two-factor/confirm' && (c.body as { code: string }).code === '123456')).toBeDefined();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(section).findByText('Enabled')).toBeInTheDocument();
    expect(within(section).getByText('Recovery codes left: 10')).toBeInTheDocument();
  });

  it('disabling asks for the password and says what the server answered', async () => {
    mockApi({
      'GET /me/two-factor': { body: { enabled: true, required: false, recoveryCodesLeft: 7 } },
      'POST /me/two-factor/disable': apiError(400, 'Incorrect password'),
    });
    renderPage(<TwoFactorSection />, { path: '/account/security' });
    await userEvent.click(await screen.findByRole('button', { name: 'Disable Two-Factor Authentication' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable Two-Factor Authentication' });
    await userEvent.type(within(dialog).getByLabelText('Password'), 'nope');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Incorrect password');
  });
});
