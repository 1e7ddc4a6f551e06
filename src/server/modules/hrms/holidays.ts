import Holidays from 'date-holidays';
import { and, asc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { SessionUser } from '@/shared/auth';
import type { Country } from '@/shared/countries';
import { HRMS_MESSAGES, type Holiday, type HolidayList, type holidayCreateInput, type holidayUpdateInput } from '@/shared/hrms';
import type { AuditContext } from '../../audit/record-event';
import type { Db } from '../../db/client';
import { entities, hrmsHolidays } from '../../db/schema';
import type { Tx } from '../../db/tenant';
import { textArray } from '../../platform/sql';
import { recordHolidayDeleted, recordHolidayEvent } from './audit';
import { hrms, uniqueOr409 } from './module';

/**
 * Public holidays come from date-holidays (national days of type `public` only: not observances,
 * bank or school holidays, nor a state's own days), in English where the library has it, for each
 * country of the spec's list. "Other" has none.
 */
const HOLIDAY_COUNTRIES: Record<Country, string | null> = {
  'United States': 'US',
  'United Kingdom': 'GB',
  Canada: 'CA',
  Australia: 'AU',
  Germany: 'DE',
  France: 'FR',
  India: 'IN',
  Japan: 'JP',
  China: 'CN',
  Brazil: 'BR',
  Mexico: 'MX',
  Italy: 'IT',
  Spain: 'ES',
  Netherlands: 'NL',
  Sweden: 'SE',
  Other: null,
};

export const holidayCountryCode = (country: string) => HOLIDAY_COUNTRIES[country as Country] ?? null;

/** A country's public holidays of a year, computed once per process (the rules do not change while it runs). */
const publicCache = new Map<string, { date: string; name: string }[]>();

export function publicHolidays(country: string, year: number): { date: string; name: string }[] {
  const code = holidayCountryCode(country);
  if (code === null) return [];
  const key = `${code}:${year}`;
  let days = publicCache.get(key);
  if (!days) {
    const byDate = new Map<string, string>();
    // `date` is the holiday's local day ("2026-12-25 00:00:00"); two on one day keep the first name.
    for (const h of new Holidays(code, { languages: ['en'] }).getHolidays(year, 'en')) {
      if (h.type === 'public' && !byDate.has(h.date.slice(0, 10))) byDate.set(h.date.slice(0, 10), h.name);
    }
    days = [...byDate].map(([date, name]) => ({ date, name })).sort((a, b) => a.date.localeCompare(b.date));
    publicCache.set(key, days);
  }
  return days;
}

/**
 * An entity's days off from `from` to `to`: its country's public holidays and the company's own,
 * as one map from day to name (a company day on a public holiday keeps the public name). The
 * entity may be a subquery (an employee's entity); both are read together: one round trip.
 */
export async function entityHolidays(tx: Tx, entityId: string | SQL, from: string, to: string): Promise<Map<string, string>> {
  const [[entity], own] = await Promise.all([
    tx.select({ country: entities.country }).from(entities).where(eq(entities.id, entityId)),
    tx
      .select({ date: hrmsHolidays.date, name: hrmsHolidays.name })
      .from(hrmsHolidays)
      .where(and(eq(hrmsHolidays.entityId, entityId), gte(hrmsHolidays.date, from), lte(hrmsHolidays.date, to))),
  ]);
  const days = new Map<string, string>();
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const h of publicHolidays(entity?.country ?? 'Other', year)) if (h.date >= from && h.date <= to) days.set(h.date, h.name);
  }
  for (const h of own) if (!days.has(h.date)) days.set(h.date, h.name);
  return days;
}

/**
 * Whether `day` is a day off at the entity (entityHolidays), as a condition: for a statement that
 * decides by it without reading the calendar first. The countries are those whose public holiday
 * it is (computed here); the company's own days are looked up.
 */
export function holidayAt(entityId: string, day: string): SQL {
  const year = Number(day.slice(0, 4));
  const countries = Object.keys(HOLIDAY_COUNTRIES).filter((country) => publicHolidays(country, year).some((h) => h.date === day));
  return sql`(exists (select 1 from ${entities} a where a.id = ${entityId}::uuid and a.country = any(${textArray(countries)}))
    or exists (select 1 from ${hrmsHolidays} h where h.entity_id = ${entityId}::uuid and h.date = ${day}::date))`;
}

// ----- the holidays list and the company's own days (HRMS settings) ------------------------------------

const holidayFields = { id: hrmsHolidays.id, entityId: hrmsHolidays.entityId, date: hrmsHolidays.date, name: hrmsHolidays.name, version: hrmsHolidays.version };
const companyHoliday = (h: { id: string; entityId: string; date: string; name: string; version: number }): Holiday => ({ ...h, source: 'company' });

/** An entity's holidays of a year, public and the company's, by date (viewers read them). */
export function listHolidays(db: Db, user: SessionUser, query: { entityId: string; year: number }): Promise<HolidayList> {
  return hrms.scope(
    db,
    user,
    'viewer',
    async (tx) => {
      // Read together: one round trip.
      const [[entity], own] = await Promise.all([
        tx.select({ country: entities.country }).from(entities).where(eq(entities.id, query.entityId)),
        tx
          .select(holidayFields)
          .from(hrmsHolidays)
          .where(and(eq(hrmsHolidays.entityId, query.entityId), gte(hrmsHolidays.date, `${query.year}-01-01`), lte(hrmsHolidays.date, `${query.year}-12-31`)))
          .orderBy(asc(hrmsHolidays.date)),
      ]);
      const country = entity?.country ?? 'Other';
      const items: Holiday[] = [
        ...publicHolidays(country, query.year).map((h) => ({ id: null, entityId: query.entityId, date: h.date, name: h.name, source: 'public' as const, version: null })),
        ...own.map(companyHoliday),
      ].sort((a, b) => a.date.localeCompare(b.date) || a.source.localeCompare(b.source));
      return { year: query.year, country, items };
    },
    query.entityId,
  );
}

const uniqueDate = <T>(write: () => Promise<T>) => uniqueOr409('hrms_holidays_entity_date_key', HRMS_MESSAGES.holidayTaken, write);

export function createHoliday(db: Db, user: SessionUser, input: z.output<typeof holidayCreateInput>, audit: AuditContext): Promise<Holiday> {
  return uniqueDate(() =>
    hrms.scope(
      db,
      user,
      'app_admin',
      async (tx, scope) => {
        const [row] = await tx.insert(hrmsHolidays).values({ companyId: scope.companyId, ...input }).returning(holidayFields);
        const created = companyHoliday(row!);
        await recordHolidayEvent(tx, scope, audit, 'hrms.holiday.created', created);
        return created;
      },
      input.entityId,
    ),
  );
}

export function updateHoliday(db: Db, user: SessionUser, id: string, input: z.output<typeof holidayUpdateInput>, audit: AuditContext): Promise<Holiday> {
  return uniqueDate(() =>
    hrms.scope(db, user, 'app_admin', async (tx, scope) => {
      const before = companyHoliday(await hrms.lock(tx, hrmsHolidays, id, input.version, HRMS_MESSAGES.holidayNotFound));
      const after = companyHoliday(await hrms.save(tx, hrmsHolidays, id, { date: input.date, name: input.name }));
      await recordHolidayEvent(tx, scope, audit, 'hrms.holiday.updated', after, before);
      return after;
    }),
  );
}

/** Deletes a company holiday (App Admin of its entity); requests already made keep their count. */
export function deleteHoliday(db: Db, user: SessionUser, id: string, version: number, audit: AuditContext): Promise<Holiday> {
  return hrms.scope(db, user, 'app_admin', async (tx, scope) => {
    const before = companyHoliday(await hrms.lock(tx, hrmsHolidays, id, version, HRMS_MESSAGES.holidayNotFound));
    await tx.delete(hrmsHolidays).where(eq(hrmsHolidays.id, id));
    await recordHolidayDeleted(tx, scope, audit, before);
    return before;
  });
}
