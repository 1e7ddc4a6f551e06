import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAY_RUN_MESSAGES } from '@/shared/payroll';
import { MEMBER, apiError, mockApi, renderPage, uuid } from '@/web/test/admin';
import { MyPayslipsCard } from './my-payslips-card';

const payslip = (n: number, overrides: Record<string, unknown> = {}) => ({
  runId: uuid(500 + n),
  payDate: '2025-01-31',
  periodStart: '2025-01-01',
  periodEnd: '2025-01-31',
  kind: 'regular',
  currency: 'USD',
  gross: '6000.00',
  net: '4919.83',
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

const show = (reply: Parameters<typeof mockApi>[0][string]) => {
  mockApi({ 'GET /hrms/me/payslips': reply });
  renderPage(<MyPayslipsCard />, { path: '/hrms/portal', user: MEMBER });
};

describe('MyPayslipsCard', () => {
  it('lists each payslip with its pay date, period and net pay, and a labelled link to its PDF', async () => {
    show({ body: { items: [payslip(2, { payDate: '2025-02-28', periodStart: '2025-02-01', periodEnd: '2025-02-28', kind: 'off_cycle', net: '250.00' }), payslip(1)] } });
    const table = await screen.findByRole('table', { name: 'My payslips' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Feb 28, 2025Off-cyclefor Feb 1, 2025 – Feb 28, 2025USD 250.00PDF',
      'Jan 31, 2025for Jan 1, 2025 – Jan 31, 2025USD 4,919.83PDF',
    ]);
    const link = screen.getByRole('link', { name: 'Download payslip for Jan 31, 2025 (PDF)' });
    expect(link).toHaveAttribute('href', `/api/hrms/me/payslips/${uuid(501)}.pdf`);
    expect(link).toHaveAttribute('download');
  });

  it('says so when there is none yet', async () => {
    show({ body: { items: [] } });
    expect(await screen.findByRole('heading', { name: 'No payslips yet' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows the server’s words for a failure', async () => {
    show(apiError(403, 'You do not have access to HRMS', 'no_access'));
    expect(await screen.findByRole('alert')).toHaveTextContent('You do not have access to HRMS');
  });

  it('falls back to the card’s own words for an answer without an error', async () => {
    show({ status: 502, body: { unexpected: true } });
    expect(await screen.findByRole('alert')).toHaveTextContent(PAY_RUN_MESSAGES.myPayslipsLoadFailed);
  });
});
