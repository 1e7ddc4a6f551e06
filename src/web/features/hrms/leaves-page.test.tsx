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
          { leaveTypeId: ANNUAL, name: 'Annual', allowanceDays: 20, taken: 3, pending: 5, remaining: 12 },
          { leaveTypeId: uuid(301), name: 'Unpaid', allowanceDays: 0, taken: 1, pending: 0, remaining: null },
        ],
      },
    },
    'GET /hrms/away': { body: { items: [] } },
    'GET /hrms/leave-types': { body: { items: [{ id: ANNUAL, entityId: A, name: 'Annual', allowanceDays: 20, version: 1 }] } },
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

    // Monday to Friday: five working days, counted as the dates change.
    fireEvent.change(within(dialog).getByLabelText('First Day'), { target: { value: '2031-03-03' } });
    fireEvent.change(within(dialog).getByLabelText('Last Day'), { target: { value: '2031-03-09' } });
    expect(within(dialog).getByText('5 working days.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request Leave' }));
    expect(await within(dialog).findByText(HRMS_MESSAGES.overlap)).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('First Day'), { target: { value: '2031-03-10' } });
    fireEvent.change(within(dialog).getByLabelText('Last Day'), { target: { value: '2031-03-10' } });
    await userEvent.click(within(dialog).getByLabelText('Last day: morning only'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request Leave' }));
    expect(await screen.findByText(HRMS_MESSAGES.leaveRequested)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toMatchObject({ leaveTypeId: ANNUAL, startDate: '2031-03-10', endDate: '2031-03-10', endHalf: true });
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
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

  it('a viewer sees requests but no button that changes anything', async () => {
    serve('viewer', [request(1)]);
    renderPage(<LeavesPage />, { path: '/hrms/leaves', user: MEMBER });
    const table = await screen.findByRole('table', { name: 'Leave requests' });
    expect(within(table).getByText('Person 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request Leave' })).not.toBeInTheDocument();
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
