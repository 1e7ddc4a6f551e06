import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFF_CYCLE_FORM_MESSAGES, PAY_RUN_MESSAGES, type PayRun } from '@/shared/payroll';
import { apiError, deferred, mockApi, renderPage, uuid, type Reply } from '@/web/test/admin';
import { OffCycleRunDialog } from './off-cycle-dialog';

const ADA = uuid(11);
const ALAN = uuid(12);
const GRACE = uuid(13);

const line = (employeeId: string, employeeName: string) => ({
  employeeId,
  employeeName,
  gross: '6000.00',
  grossRule: 'USD 72,000.00 a year ÷ 12',
  lines: [],
  earnings: [],
  net: '4919.83',
  ytd: {},
  change: { previousGross: null, previousNet: null, gross: '6000.00', net: '4919.83' },
});

const run: PayRun = {
  id: uuid(100),
  entityId: uuid(1),
  scheduleId: uuid(2),
  scheduleName: 'Monthly',
  kind: 'regular',
  status: 'approved',
  country: 'US',
  currency: 'USD',
  taxYear: '2025',
  period: 1,
  periodStart: '2025-01-01',
  periodEnd: '2025-01-31',
  payDate: '2025-01-31',
  totals: { gross: '18000.00', deductions: '0.00', net: '18000.00', employerCosts: '0.00', employees: 3 },
  version: 3,
  lines: [line(ADA, 'Ada Lovelace'), line(ALAN, 'Alan Turing'), line(GRACE, 'Grace Brewster')],
  previousRunId: null,
  bonuses: [],
};

afterEach(() => vi.unstubAllGlobals());

function open(reply: Reply | (() => Promise<Reply>) = { status: 201, body: { ...run, id: uuid(200), kind: 'off_cycle', status: 'draft' } }) {
  const calls = mockApi({ 'POST /hrms/payroll/runs': reply });
  const onCreated = vi.fn();
  const onOpenChange = vi.fn();
  renderPage(<OffCycleRunDialog open onOpenChange={onOpenChange} run={run} onCreated={onCreated} />, { path: '/hrms/payroll/runs/x' });
  const dialog = screen.getByRole('dialog', { name: 'New Off-Cycle Run' });
  const payment = (n: number) => within(dialog).getByRole('group', { name: `Payment ${n}` });
  const gross = (n: number) => within(payment(n)).getByLabelText('Gross (USD)');
  const employee = (n: number) => within(payment(n)).getByLabelText('Employee');
  const send = () => userEvent.click(within(dialog).getByRole('button', { name: 'Calculate Draft' }));
  return { calls, onCreated, onOpenChange, dialog, payment, gross, employee, send };
}

describe('OffCycleRunDialog', () => {
  it('shows the period it corrects and sends the run’s schedule and period with each employee’s gross', async () => {
    const form = open();
    expect(within(form.dialog).getByLabelText('The period it corrects')).toHaveTextContent('Monthly');
    expect(within(form.dialog).getByLabelText('The period it corrects')).toHaveTextContent('Period 1 of tax year 2025');
    expect(form.employee(1)).toHaveValue(ADA);
    await userEvent.type(form.gross(1), ' 1000 ');
    await userEvent.click(within(form.dialog).getByRole('button', { name: 'Add Employee' }));
    expect(form.employee(2)).toHaveValue(ALAN);
    expect(form.employee(2)).toHaveFocus();
    await userEvent.selectOptions(form.employee(2), 'Grace Brewster');
    await userEvent.type(form.gross(2), '250.5');
    await form.send();
    await vi.waitFor(() => expect(form.onCreated).toHaveBeenCalledWith(uuid(200)));
    expect(form.calls.map((c) => c.body)).toEqual([
      {
        scheduleId: run.scheduleId,
        taxYear: '2025',
        period: 1,
        kind: 'off_cycle',
        items: [
          { employeeId: ADA, gross: '1000' },
          { employeeId: GRACE, gross: '250.5' },
        ],
      },
    ]);
    expect(await screen.findByText('Off-cycle run created as a draft: review it, then approve.')).toBeInTheDocument();
    expect(form.onOpenChange).toHaveBeenCalledWith(false);
  });

  it('says in words what is wrong with each row and sends nothing', async () => {
    const form = open();
    await userEvent.click(within(form.dialog).getByRole('button', { name: 'Add Employee' }));
    await userEvent.click(within(form.dialog).getByRole('button', { name: 'Add Employee' }));
    await userEvent.selectOptions(form.employee(3), 'Ada Lovelace');
    await userEvent.type(form.gross(2), '0.00');
    await userEvent.type(form.gross(3), '12.345');
    await form.send();
    expect(within(form.payment(1)).getByText(OFF_CYCLE_FORM_MESSAGES.grossRequired)).toBeInTheDocument();
    expect(within(form.payment(2)).getByText(OFF_CYCLE_FORM_MESSAGES.gross)).toBeInTheDocument();
    expect(within(form.payment(3)).getByText(OFF_CYCLE_FORM_MESSAGES.gross)).toBeInTheDocument();
    expect(within(form.payment(3)).getByText(OFF_CYCLE_FORM_MESSAGES.employeeTwice('Ada Lovelace'))).toBeInTheDocument();
    expect(form.gross(2)).toHaveAttribute('aria-invalid', 'true');
    for (const wrong of ['-5', '1e3', '5,00']) {
      await userEvent.clear(form.gross(1));
      await userEvent.type(form.gross(1), wrong);
      await form.send();
      expect(within(form.payment(1)).getByText(OFF_CYCLE_FORM_MESSAGES.gross)).toBeInTheDocument();
    }
    // A changed field's message goes at once.
    await userEvent.selectOptions(form.employee(3), 'Grace Brewster');
    expect(within(form.payment(3)).queryByText(/listed twice/)).toBeNull();
    expect(form.calls).toEqual([]);
  });

  it('adds rows up to the run’s employees and removes any but the last one left', async () => {
    const form = open();
    const add = within(form.dialog).getByRole('button', { name: 'Add Employee' });
    expect(within(form.dialog).getByRole('button', { name: 'Remove payment 1 to Ada Lovelace' })).toBeDisabled();
    await userEvent.click(add);
    await userEvent.click(add);
    expect(form.employee(3)).toHaveValue(GRACE);
    expect(add).toBeDisabled();
    expect(within(form.dialog).getByText('Every employee of this run has a payment.')).toBeInTheDocument();
    await userEvent.click(within(form.dialog).getByRole('button', { name: 'Remove payment 2 to Alan Turing' }));
    expect(within(form.dialog).queryByRole('group', { name: 'Payment 3' })).toBeNull();
    expect(add).toHaveFocus();
    expect(form.employee(2)).toHaveValue(GRACE);
    expect(add).toBeEnabled();
    await userEvent.type(form.gross(1), '10');
    await userEvent.type(form.gross(2), '20');
    await form.send();
    await vi.waitFor(() => expect(form.calls).toHaveLength(1));
    expect((form.calls[0]!.body as { items: unknown[] }).items).toEqual([
      { employeeId: ADA, gross: '10' },
      { employeeId: GRACE, gross: '20' },
    ]);
  });

  it('reads Calculating... while the server works, then shows its sentence when it refuses', async () => {
    const answer = deferred<Reply>();
    const form = open(() => answer.promise);
    await userEvent.type(form.gross(1), '100');
    await form.send();
    expect(await within(form.dialog).findByRole('button', { name: 'Calculating...' })).toBeDisabled();
    answer.resolve(apiError(400, PAY_RUN_MESSAGES.offCycleEmployee));
    expect(await within(form.dialog).findByText(PAY_RUN_MESSAGES.offCycleEmployee)).toBeInTheDocument();
    expect(within(form.dialog).getByRole('button', { name: 'Calculate Draft' })).toBeEnabled();
    expect(form.onCreated).not.toHaveBeenCalled();
  });
});
