import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMBER, mockApi, renderPage, uuid } from '@/web/test/admin';
import { ClockCard } from './clock-card';

const EMPLOYEE = uuid(300);
const ENTRY = uuid(301);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

/** This week with an entry open since `clockIn`. */
const weekWithOpen = (clockIn: string) => {
  const entry = { id: ENTRY, entityId: uuid(100), employeeId: EMPLOYEE, clockIn, clockOut: null, breakMinutes: 0, workedMinutes: 60, note: '', version: 1 };
  return { employeeId: EMPLOYEE, weekStart: daysAgo(0), workedMinutes: 60, expectedMinutes: 2400, overtimeMinutes: 0, openEntry: entry, entries: [entry], timesheet: null, canCorrect: false };
};

afterEach(() => vi.unstubAllGlobals());

describe('Clock card: a forgotten clock-out', () => {
  it('an entry of an earlier day shows its day and asks for the time the employee left, which is sent', async () => {
    const day = daysAgo(2);
    const calls = mockApi({
      'GET /hrms/attendance/week': { body: weekWithOpen(`${day}T08:00:00+00:00`) },
      [`POST /hrms/attendance/entries/${ENTRY}/clock-out`]: { body: {} },
    });
    renderPage(<ClockCard employeeId={EMPLOYEE} />, { path: '/hrms/portal', user: MEMBER });
    const dayName = new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
    expect(await screen.findByText(`Clocked in since ${dayName}, 08:00`)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clock Out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Clock Out' });
    fireEvent.change(screen.getByLabelText('Clock-out time (UTC)'), { target: { value: `${day}T17:15` } });
    await userEvent.click(screen.getAllByRole('button', { name: 'Clock Out' }).find((b) => dialog.contains(b))!);
    await vi.waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ clockOut: `${day}T17:15:00.000Z`, breakMinutes: 0 }));
  });

  it("today's entry clocks out now: no time to give", async () => {
    mockApi({ 'GET /hrms/attendance/week': { body: weekWithOpen(`${daysAgo(0)}T00:00:00+00:00`) } });
    renderPage(<ClockCard employeeId={EMPLOYEE} />, { path: '/hrms/portal', user: MEMBER });
    expect(await screen.findByText('Clocked in since 00:00')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clock Out' }));
    await screen.findByRole('dialog', { name: 'Clock Out' });
    expect(screen.queryByLabelText('Clock-out time (UTC)')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Break (minutes)')).toBeInTheDocument();
  });
});
