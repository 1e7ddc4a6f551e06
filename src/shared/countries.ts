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
