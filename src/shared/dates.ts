import { z } from 'zod';

/**
 * The shared rules for dates a client sends (issue 30, finding 5). Every date, date and time, and
 * year a route takes is built from these, so every route answers 400 in words for one outside the
 * range instead of passing it to the database:
 *
 * - PostgreSQL has no year 0 ("0000-01-01" is SQLSTATE 22008, a 500), and JavaScript writes a year
 *   past 9999 as "+010000-…", which neither PostgreSQL nor our own parsers read back; an offset can
 *   move a date and time across either edge ("9999-12-31T23:59:59-12:00" is in year 10000);
 * - so one range for all of them, the one date fields already had: the years 1900 to 2200. That
 *   holds every date a business records (hire dates, leave, due dates, interviews, the audit log)
 *   and catches typed slips such as 20266, and in it every value has a four-digit year in UTC and
 *   in every offset;
 * - a date and time is an instant: it must carry its offset (Z or ±hh:mm, so +14:00 and -12:00
 *   too), the range applies to the instant in UTC, and the server receives it as that instant
 *   (`toISOString`, always Z), so no offset reaches a query.
 */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2200;

export const DATE_MESSAGES = {
  dateOutOfRange: `Dates must be in the years ${FIRST_YEAR} to ${LAST_YEAR}.`,
  dateTimeOutOfRange: `Dates and times must be in the years ${FIRST_YEAR} to ${LAST_YEAR} (UTC).`,
  year: `year must be a whole number from ${FIRST_YEAR} to ${LAST_YEAR}`,
} as const;

const FIRST_INSTANT = Date.UTC(FIRST_YEAR, 0, 1);
/** Exclusive: the first instant after the range. */
const END_INSTANT = Date.UTC(LAST_YEAR + 1, 0, 1);
const inRange = (ms: number) => ms >= FIRST_INSTANT && ms < END_INSTANT;

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** A day that exists in the calendar as YYYY-MM-DD (2026-02-31 is not one), in any year. */
const isCalendarDay = (value: string) => {
  if (!DATE_SHAPE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
};

/** A real calendar day as YYYY-MM-DD within the years the suite accepts. */
export const isIsoDate = (value: string) => isCalendarDay(value) && inRange(Date.parse(`${value}T00:00:00Z`));

/**
 * A date field: the YYYY-MM-DD pattern (in the API reference) and a real calendar day, with the
 * field's own message; then the range, with the shared one. Each step stops the next (`abort`),
 * so a client reads one message, the one that says what is wrong.
 */
export const isoDate = (message: string) =>
  z
    .string({ error: message })
    .regex(DATE_SHAPE, { message, abort: true })
    .refine(isCalendarDay, { message, abort: true })
    .refine(isIsoDate, DATE_MESSAGES.dateOutOfRange);

/**
 * A date and time field: ISO 8601 with its offset (format `date-time` in the API reference), with
 * the field's own message; then the range of the instant, with the shared one; then normalised to
 * that instant in UTC, so "2026-01-01T00:00:00+14:00" reaches the server as
 * "2025-12-31T10:00:00.000Z".
 */
export const isoDateTime = (message: string) =>
  z.iso
    .datetime({ offset: true, error: message, abort: true })
    .refine((v) => inRange(Date.parse(v)), { message: DATE_MESSAGES.dateTimeOutOfRange, abort: true })
    .overwrite((v) => new Date(Date.parse(v)).toISOString());

/** `?year=`: a whole year within the range. */
export const yearParam = z.coerce
  .number({ error: DATE_MESSAGES.year })
  .int(DATE_MESSAGES.year)
  .min(FIRST_YEAR, DATE_MESSAGES.year)
  .max(LAST_YEAR, DATE_MESSAGES.year);
