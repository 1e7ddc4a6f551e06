import { z } from 'zod';

/** Country choices, in the spec's order (§2, sign-up). */
export const COUNTRIES = [
  'United States',
  'United Kingdom',
  'Canada',
  'Australia',
  'Germany',
  'France',
  'India',
  'Japan',
  'China',
  'Brazil',
  'Mexico',
  'Italy',
  'Spain',
  'Netherlands',
  'Sweden',
  'Other',
] as const;

export type Country = (typeof COUNTRIES)[number];
export const isCountry = (value: string): value is Country => (COUNTRIES as readonly string[]).includes(value);
export const country = z.enum(COUNTRIES);

/**
 * The currency (ISO 4217) of an entity's country: module amounts (CRM opportunities) are in it.
 * "Other" has no country to go by: US dollars.
 */
export const COUNTRY_CURRENCY: Record<Country, string> = {
  'United States': 'USD',
  'United Kingdom': 'GBP',
  Canada: 'CAD',
  Australia: 'AUD',
  Germany: 'EUR',
  France: 'EUR',
  India: 'INR',
  Japan: 'JPY',
  China: 'CNY',
  Brazil: 'BRL',
  Mexico: 'MXN',
  Italy: 'EUR',
  Spain: 'EUR',
  Netherlands: 'EUR',
  Sweden: 'SEK',
  Other: 'USD',
};
export const currencyOf = (country: string) => (isCountry(country) ? COUNTRY_CURRENCY[country] : 'USD');
