import { describe, expect, it } from 'vitest';
import { employeeStatusLabel, formatStatusDay } from './format';

describe('employee status labels', () => {
  it('read day, short month and year; the year only when it is not this one', () => {
    expect(formatStatusDay('2027-01-04', '2026-11-27')).toBe('4 Jan 2027');
    expect(formatStatusDay('2026-12-31', '2026-11-27')).toBe('31 Dec');
    expect(formatStatusDay('2026-09-01', '2026-01-01')).toBe('1 Sep');
  });

  it('name the date that changes the status: Starting before the first day, Leaving before the last', () => {
    const today = '2026-11-27';
    expect(employeeStatusLabel({ status: 'starting', startDate: '2027-01-04', endDate: null }, today)).toBe('Starting 4 Jan 2027');
    expect(employeeStatusLabel({ status: 'active', startDate: '2024-01-15', endDate: '2026-12-31' }, today)).toBe('Leaving 31 Dec');
    expect(employeeStatusLabel({ status: 'active', startDate: '2024-01-15', endDate: null }, today)).toBe('Active');
    expect(employeeStatusLabel({ status: 'on_leave', startDate: '2024-01-15', endDate: '2026-12-31' }, today)).toBe('On Leave');
    expect(employeeStatusLabel({ status: 'terminated', startDate: '2024-01-15', endDate: '2026-06-30' }, today)).toBe('Terminated');
  });
});
