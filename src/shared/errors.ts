import { z } from 'zod';

/** Every API error has this body; `message` is the spec's text where the spec has one. */
export const apiError = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    requestId: z.string().optional(),
  }),
});
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
} as const;

export const GENERIC_ERROR = 'An unexpected error occurred';
