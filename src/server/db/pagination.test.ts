import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isoFromPgTimestamptz } from './pagination';

/** How node-postgres reads a timestamptz column: what every other list's createdAt comes from. */
const driverDate = pg.types.getTypeParser(pg.types.builtins.TIMESTAMPTZ, 'text') as (text: string) => Date;

describe('isoFromPgTimestamptz', () => {
  it('writes a UTC session’s text as toISOString writes the instant', () => {
    expect(isoFromPgTimestamptz('2024-02-29 13:05:09.123456+00')).toBe('2024-02-29T13:05:09.123Z');
    expect(isoFromPgTimestamptz('2024-02-29 13:05:09+00')).toBe('2024-02-29T13:05:09.000Z');
    expect(isoFromPgTimestamptz('2024-02-29 13:05:09.5+00')).toBe('2024-02-29T13:05:09.500Z');
    // Cut, not rounded, as a Date cuts it.
    expect(isoFromPgTimestamptz('1999-12-31 23:59:59.999999+00')).toBe('1999-12-31T23:59:59.999Z');
  });

  it('moves text written with another offset to UTC, across a day and a year', () => {
    expect(isoFromPgTimestamptz('2026-01-01 01:00:00.25+05')).toBe('2025-12-31T20:00:00.250Z');
    expect(isoFromPgTimestamptz('2026-11-26 03:15:40.1+05:30')).toBe('2026-11-25T21:45:40.100Z');
    expect(isoFromPgTimestamptz('2024-02-28 22:30:00-03')).toBe('2024-02-29T01:30:00.000Z');
    // A local mean time offset has seconds (PostgreSQL writes them for old dates).
    expect(isoFromPgTimestamptz('1880-01-01 00:00:00+00:09:21')).toBe('1879-12-31T23:50:39.000Z');
  });

  it('agrees with node-postgres for every fraction and offset form', () => {
    for (const fraction of ['', '.1', '.12', '.123', '.1234', '.000999', '.999', '.100001', '.57', '.009']) {
      for (const offset of ['+00', '-00:30', '+05:45', '-11', '+14']) {
        const text = `2026-03-29 00:59:59${fraction}${offset}`;
        expect(isoFromPgTimestamptz(text), text).toBe(driverDate(text).toISOString());
      }
    }
  });

  it('refuses text of another form instead of guessing a date', () => {
    for (const text of ['', '2024-02-29T13:05:09Z', '2024-02-29 13:05:09', '2024-02-29 13:05:09.1234567+00', 'infinity', '2024-02-29 13:05:09+00\u0000']) {
      expect(() => isoFromPgTimestamptz(text), JSON.stringify(text)).toThrow(/not a timestamptz text/);
    }
  });
});
