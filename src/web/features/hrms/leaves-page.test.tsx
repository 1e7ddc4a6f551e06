import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HRMS_MESSAGES } from '@/shared/hrms';
import { ADMIN, MEMBER, apiError, mockApi, renderPage, uuid } from '@/web/test/admin';
import { LeavesPage } from './leaves-page';

const HRMS = { id: uuid(50), name: 'HRMS', type: 'hrms', description: null };
const A = uuid(100);
const ME = uuid(200);
const ANNUAL = uuid(300);
const WHOLE = uuid(302);

const balance = (b: Record<string, unknown>) => ({
  allowanceDays: 20,
  accrual: 'yearly',
  entitlement: 20,
  accrued: 20,
  carriedOver: 0,
  carryOverExpiresOn: null,
  expiring: 0,
  taken: 0,
  pending: 0,
  overdrawn: false,
  ...b,
});

const request = (n: number, overrides: Record<string, unknown> = {}) => ({
  id: uuid(400 + n),
  entityId: A,
  employeeId: uuid(210 + n),
  employeeName: `Person ${n}`,
  leaveTypeId: ANNUAL,
  leaveTypeName: 'Annual',
  startDate: '2031-03-03',
  endDate: '2031-03-07',
  startHalf: false,
  endHalf: false,
  days: 5,
  reason: 'Holiday',
  status: 'pending',
  decisionComment: '',
  decidedAt: null,
  canDecide: false,
  canCancel: false,
  version: 1,
  createdAt: '2031-01-01T00:00:00.000Z',
  ...overrides,
});

afterEach(() => vi.unstubAllGlobals());

function serve(role: 'app_admin' | 'member' | 'viewer', items: unknown[], extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /me/products': { body: { items: [HRMS] } },
    'GET /hrms/context': { body: { entities: [{ id: A, name: 'London', role }] } },
    'GET /hrms/me': { body: { employees: [{ id: ME, entityId: A, name: 'Alan Turing' }] } },
    [`GET /hrms/employees/${ME}/balances`]: {
      body: {
        year: 2031,
        items: [
          balance({ leaveTypeId: ANNUAL, name: 'Annual', taken: 3, pending: 5, remaining: 12 }),
          balance({ leaveTypeId: uuid(301), name: 'Unpaid', allowanceDays: 0, entitlement: 0, taken: 1, remaining: null }),
        ],
      },
    },
    'GET /hrms/away': { body: { items: [] } },
    'GET /hrms/leave-types': {
      body: {
        items: [
          { id: ANNUAL, entityId: A, name: 'Annual', allowanceDays: 20, accrual: 'yearly', carryOverDays: 0, carryOverExpiryMonths: null, halfDays: true, version: 1 },
          { id: WHOLE, entityId: A, name: 'Training', allowanceDays: 5, accrual: 'yearly', carryOverDays: 0, carryOverExpiryMonths: null, halfDays: false, version: 1 },
        ],
      },
    },
    // The server's count: the entity's holidays are not counted (here a company day on Wednesday 5 March).
    'GET /hrms/leave/days': ({ url }) =>
      url.searchParams.get('startDate') === '2031-03-03'
        ? { body: { days: 4, byYear: { 2031: 4 }, holidays: [{ date: '2031-03-05', name: 'Founders Day' }] } }
        : { body: { days: 0.5, byYear: { 2031: 0.5 }, holidays: [] } },
    'GET /hrms/leave-requests': { body: { items, nextCursor: null } },
    ...extra,
  });
}

describe('Leaves page', () => {
  it('a member sees their balances and requests leave; the dialog checks dates first and shows the server refusal', async () => {
    const calls = serve('member', [], {
      'POST /hrms/leave-requests': ({ body }) =>
        (body as { startDate: string }).startDate === '2031-03-03'
          ? apiError(409, HRMS_MESSAGES.overlap, 'conflict')
          : { status: 201, body: request(9, { employeeId: ME }) },
    });
    renderPage(<LeavesPage />, { path: '/hrms/leaves', user: MEMBER });
    const balances = await screen.findByRole('region', { name: 'My Balances 2031' });
    expect(within(balances).getByText('12')).toBeInTheDocument();
    expect(within(balances).getByText('Unlimited')).toBeInTheDocument();
    expect(screen.getByText('No leave requests yet')).toBeInTheDocument();
    expect(screen.getByText('Nobody is away in the next 14 days.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Request Leave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Leave' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request Leave' }));
    const alerts = await within(dialog).findAllByRole('alert');
    expect(alerts.map((a) => a.textContent)).toEqual(expect.arrayContaining([HRMS_MESSAGES.leaveTypeRequired, HRMS_MESSAGES.firstDayRequired]));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.selectOptions(within(dialog).getByLabelText('Leave Type'), ANNUAL);
    fireEvent.change(within(dialog).getByLabelText('First Day'), { target: { value: '2031-03-07' } });
    fireEvent.change(within(dialog).getByLabelText('Last Day'), { target: { value: '2031-03-03' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request Leave' }));
    expect(await within(dialog).findByText(HRMS_MESSAGES.lastBeforeFirst)).toBeInTheDocument();

    // Monday to Sunday: the server counts 4 working days (a company holiday on the Wednesday), and says which it left out.
    fireEvent.change(within(dialog).getByLabelText('First Day'), { target: { value: '2031-03-03' } });
    fireEvent.change(within(dialog).getByLabelText('Last Day'), { target: { value: '2031-03-09' } });
    expect(await within(dialog).findByText('This request uses 4 working days.')).toBeInTheDocument();
    expect(within(dialog).getByText('Not counted: Founders Day (Mar 5, 2031).')).toBeInTheDocument();
    const asked = calls.filter((c) => c.path === '/hrms/leave/days').at(-1)!.url.searchParams;
    expect(Object.fromEntries(asked)).toEqual({ employeeId: ME, startDate: '2031-03-03', endDate: '2031-03-09', startHalf: 'false', endHalf: 'false' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request Leave' }));
    expect(await within(dialog).findByText(HRMS_MESSAGES.overlap)).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('First Day'), { target: { value: '2031-03-10' } });
    fireEvent.change(within(dialog).getByLabelText('Last Day'), { target: { value: '2031-03-10' } });
    await userEvent.click(within(dialog).getByLabelText('Last day: morning only'));
    expect(await within(dialog).findByText('This request uses 0.5 working days.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request Leave' }));
    expect(await screen.findByText(HRMS_MESSAGES.leaveRequested)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toMatchObject({ leaveTypeId: ANNUAL, startDate: '2031-03-10', endDate: '2031-03-10', endHalf: true });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a type taken in whole days offers no half days', async () => {
    serve('member', []);
    renderPage(<LeavesPage />, { path: '/hrms/leaves', user: MEMBER });
    await userEvent.click(await screen.findByRole('button', { name: 'Request Leave' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request Leave' });
    expect(within(dialog).getByLabelText('First day: afternoon only')).toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByLabelText('Leave Type'), WHOLE);
    expect(within(dialog).queryByLabelText('First day: afternoon only')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Training leave is taken in whole days.')).toBeInTheDocument();
  });

  it('balances per year: another year is asked for, an overdrawn balance is shown as negative', async () => {
    const calls = serve('member', [], {
      [`GET /hrms/employees/${ME}/balances`]: ({ url }) =>
        url.searchParams.get('year') === '2030'
          ? { body: { year: 2030, items: [balance({ leaveTypeId: ANNUAL, name: 'Annual', allowanceDays: 5, entitlement: 5, accrued: 5, taken: 8, remaining: -3, overdrawn: true })] } }
          : { body: { year: 2031, items: [balance({ leaveTypeId: ANNUAL, name: 'Annual', carriedOver: 5, carryOverExpiresOn: '2031-03-31', expiring: 5, remaining: 20 })] } },
    });
    renderPage(<LeavesPage />, { path: '/hrms/leaves', user: MEMBER });
    const now = await screen.findByRole('region', { name: 'My Balances 2031' });
    expect(within(now).getByText('5 carried over, 5 expire after Mar 31, 2031')).toBeInTheDocument();
    await userEvent.selectOptions(within(now).getByLabelText('Year'), '2030');
    const before = await screen.findByRole('region', { name: 'My Balances 2030' });
    expect(within(before).getByText('-3')).toBeInTheDocument();
    expect(within(before).getByText('Overdrawn: more booked than the allowance')).toBeInTheDocument();
    expect(calls.some((c) => c.url.searchParams.get('year') === '2030')).toBe(true);
  });

  it('an approver approves with a comment and rejects; each answer is a toast', async () => {
    const calls = serve('app_admin', [request(1, { canDecide: true }), request(2, { canDecide: true, employeeName: 'Person 2' })], {
      [`POST /hrms/leave-requests/${uuid(401)}/approve`]: { body: request(1, { status: 'approved' }) },
      [`POST /hrms/leave-requests/${uuid(402)}/reject`]: apiError(409, 'This request was decided by someone else.', 'conflict'),
    });
    renderPage(<LeavesPage />, { path: '/hrms/leaves', user: ADMIN });
    const table = await screen.findByRole('table', { name: 'Leave requests' });
    await userEvent.click(within(table).getByRole('button', { name: "Approve Person 1's leave" }));
    const approve = await screen.findByRole('dialog', { name: 'Approve Leave' });
    expect(within(approve).getByText(/Reason: Holiday/)).toBeInTheDocument();
    await userEvent.type(within(approve).getByLabelText('Comment (optional)'), 'Enjoy');
    await userEvent.click(within(approve).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText(HRMS_MESSAGES.leaveApproved)).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/approve'))!.body).toEqual({ comment: 'Enjoy' });

    await userEvent.click(within(table).getByRole('button', { name: "Reject Person 2's leave" }));
    const reject = await screen.findByRole('dialog', { name: 'Reject Leave' });
    await userEvent.click(within(reject).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('This request was decided by someone else.')).toBeInTheDocument();
  });

  it('a viewer sees requests but no button that changes them; linked, they request their own leave (issue 34)', async () => {
    serve('viewer', [request(1)]);
    renderPage(<LeavesPage />, { path: '/hrms/leaves', user: MEMBER });
    const table = await screen.findByRole('table', { name: 'Leave requests' });
    expect(within(table).getByText('Person 1')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Request Leave' })).toBeInTheDocument();
    expect(within(table).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the approver’s comment with the decision', async () => {
    serve('member', [request(1, { status: 'rejected', decisionComment: 'Not enough cover that week' }), request(2)]);
    renderPage(<LeavesPage />, { path: '/hrms/leaves', user: MEMBER });
    const table = await screen.findByRole('table', { name: 'Leave requests' });
    const status = within(within(table).getByRole('row', { name: /Person 1/ })).getAllByRole('cell')[4]!;
    expect(status).toHaveTextContent(/^RejectedNot enough cover that week$/);
  });
});
