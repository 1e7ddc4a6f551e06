import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMBER, mockApi, renderPage, uuid } from '@/web/test/admin';
import { AttendancePage } from './attendance-page';

const HRMS = { id: uuid(50), name: 'HRMS', type: 'hrms', description: null };
const A = uuid(100);
const person = (n: number, name: string) => ({ employeeId: uuid(200 + n), employeeName: name, entityId: A });
const TODAY = new Date().toISOString().slice(0, 10);
const TUESDAY = '2026-11-24';

/** A day's answer: today two are in and nobody is missing; Tuesday one was late and 50 and more were missing. */
function dayOf(day: string | null) {
  if (day === TUESDAY) {
    return {
      date: TUESDAY,
      isToday: false,
      counts: { in: 1, late: 1, missing: 50 },
      more: { in: false, late: false, missing: true },
      in: [{ ...person(1, 'Ada Lovelace'), since: `${TUESDAY}T11:05:00+00:00` }],
      late: [{ ...person(1, 'Ada Lovelace'), firstClockIn: `${TUESDAY}T11:05:00+00:00` }],
      missing: Array.from({ length: 50 }, (_, i) => person(10 + i, i === 0 ? 'Grace Hopper' : `Person ${i}`)),
    };
  }
  return {
    date: TODAY,
    isToday: true,
    counts: { in: 2, late: 0, missing: 0 },
    more: { in: false, late: false, missing: false },
    in: [
      { ...person(1, 'Ada Lovelace'), since: `${TODAY}T08:00:00+00:00` },
      { ...person(2, 'Alan Turing'), since: `${TODAY}T08:30:00+00:00` },
    ],
    late: [],
    missing: [],
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('Attendance page', () => {
  it('shows today, then the day picked in the Day field (who was in, late and missing), and back to today', async () => {
    const calls = mockApi({
      'GET /me/products': { body: { items: [HRMS] } },
      'GET /hrms/context': { body: { entities: [{ id: A, name: 'London', role: 'member', currency: 'GBP' }] } },
      'GET /hrms/attendance/today': ({ url }) => ({ body: dayOf(url.searchParams.get('day')) }),
      'GET /hrms/attendance/timesheets': { body: { items: [], nextCursor: null } },
    });
    renderPage(<AttendancePage />, { path: '/hrms/attendance', user: MEMBER });

    expect(await screen.findByRole('heading', { name: 'Clocked In: 2' })).toBeInTheDocument();
    expect(screen.getByText('Nobody is missing today.')).toBeInTheDocument();
    const field = screen.getByLabelText('Day');
    expect(field).toHaveValue(TODAY);
    expect(field).toHaveAttribute('max', TODAY);

    // HR asks who was missing last Tuesday.
    fireEvent.change(field, { target: { value: TUESDAY } });
    expect(await screen.findByRole('heading', { name: 'Missing: 50+' })).toBeInTheDocument();
    const asked = calls.filter((c) => c.path === '/hrms/attendance/today').at(-1)!.url.searchParams;
    expect(asked.get('day')).toBe(TUESDAY);
    expect(screen.getByLabelText('Day')).toHaveValue(TUESDAY);
    expect(screen.getByRole('heading', { name: 'Clocked In: 1' })).toBeInTheDocument();
    expect(screen.getByText('Clocked in that day')).toBeInTheDocument();
    expect(screen.getByText('Grace Hopper')).toBeInTheDocument();
    expect(screen.getByText('and more')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Late: 1' })).toBeInTheDocument();
    // In and late that day: the same person in both lists.
    expect(screen.getAllByText('Ada Lovelace')).toHaveLength(2);

    // Back to today with the keyboard.
    const back = screen.getByRole('button', { name: 'Today' });
    back.focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Clocked In: 2' })).toBeInTheDocument();
    expect(screen.getByLabelText('Day')).toHaveValue(TODAY);
    expect(screen.queryByRole('button', { name: 'Today' })).not.toBeInTheDocument();
  });
});
