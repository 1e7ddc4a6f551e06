import { z } from 'zod';

/** Every API error has this body; `message` is the spec's text where the spec has one. */
export const apiError = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    requestId: z.string().optional(),
  }),
}).meta({ id: 'ApiError', description: 'The body of every error response.' });
export type ApiErrorBody = z.infer<typeof apiError>;

export const ERROR_CODES = {
  validation: 'validation_error',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  notFound: 'not_found',
  conflict: 'conflict',
  tooLarge: 'payload_too_large',
  rateLimited: 'rate_limited',
  internal: 'internal_error',
  notReady: 'not_ready',
} as const;

export const GENERIC_ERROR = 'An unexpected error occurred';

/** The messages of the errors every route can answer with (the API reference shows them too). */
export const ERROR_MESSAGES = {
  notSignedIn: 'Not signed in',
  accessChanged: 'Your access changed while this was being done. Nothing was changed: please try again.',
  superAdminOnly: 'Access denied. Super admin privileges required.',
  crossSite: 'Cross-site request refused',
  tooLarge: 'The request body is too large',
  notFound: 'Not found',
  notReady: 'The database is not available',
  internal: GENERIC_ERROR,
} as const;

/**
 * What a 400 says when a schema has no sentence of its own for the problem: zod's wording
 * ('Unrecognized key: "entityId"', "Invalid input: expected string, received number", "Too big:
 * expected string to have <=200 characters") speaks of the schema, not of the user's task. The
 * API puts these in its place (server/http/errors.ts, validationMessage); a form that sent them has
 * a fault, not its user, so they say what to do next.
 */
export const VALIDATION_MESSAGES = {
  unknownField: 'This form sent a field it may not change. Reload the page and try again.',
  missing: 'A required field is missing. Fill it in and try again.',
  empty: 'A required field is empty. Fill it in and try again.',
  tooLong: (max: number | bigint) => `A text is too long: at most ${max} characters.`,
  tooShort: (min: number | bigint) => `A text is too short: at least ${min} characters.`,
  tooMany: (max: number | bigint) => `Too many were chosen: at most ${max}.`,
  tooFew: (min: number | bigint) => `Too few were chosen: at least ${min}.`,
  tooLarge: (max: number | bigint) => `A number is too large: at most ${max}.`,
  tooSmall: (min: number | bigint) => `A number is too small: at least ${min}.`,
  invalid: 'Something in this form is not valid. Check what you entered and try again.',
} as const;
