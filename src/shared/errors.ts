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
  superAdminOnly: 'Access denied. Super admin privileges required.',
  crossSite: 'Cross-site request refused',
  tooLarge: 'The request body is too large',
  notFound: 'Not found',
  notReady: 'The database is not available',
  internal: GENERIC_ERROR,
} as const;
