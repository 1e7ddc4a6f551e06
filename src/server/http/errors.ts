import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { codeOfMessage } from '@/shared/error-codes';
import { ERROR_CODES, ERROR_MESSAGES, VALIDATION_MESSAGES } from '@/shared/errors';

/** An error whose status and message are meant for the client, as they are. */
export class AppError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** An error of `status` whose code is the message's domain code (shared/error-codes.ts), else `fallback`. */
const fail = (status: ContentfulStatusCode, fallback: string) => (message: string) => new AppError(status, codeOfMessage(message, fallback), message);

export const badRequest = fail(400, ERROR_CODES.validation);
export const unauthorized = (message: string = ERROR_MESSAGES.notSignedIn) => new AppError(401, ERROR_CODES.unauthorized, message);
export const forbidden = (message = 'Not allowed') => fail(403, ERROR_CODES.forbidden)(message);
export const notFound = (message: string = ERROR_MESSAGES.notFound) => fail(404, ERROR_CODES.notFound)(message);
export const conflict = fail(409, ERROR_CODES.conflict);
export const tooManyRequests = fail(429, ERROR_CODES.rateLimited);

type Issue = z.core.$ZodIssue;

/**
 * Whether an issue's message is zod's own wording rather than a sentence of our schemas: it is
 * what zod's locale says for that issue. (An "expected string, received number" names the input,
 * which the finished issue no longer holds: its opening is compared.)
 */
function isZodWording(issue: Issue): boolean {
  if (issue.code === 'invalid_type') return issue.message.startsWith('Invalid input');
  const own = z.config().localeError?.(issue as never);
  return issue.message === (typeof own === 'string' ? own : own?.message);
}

/**
 * The message of a 400 for a refused input: the schema's sentence where it has one, else a
 * sentence about the task in place of zod's wording (VALIDATION_MESSAGES). Both the answer
 * (app.ts, the validation hook) and the API reference's examples (route.ts) go through here.
 */
export function validationMessage(issue: Issue): string {
  if (!isZodWording(issue)) return issue.message;
  switch (issue.code) {
    case 'unrecognized_keys':
      return VALIDATION_MESSAGES.unknownField;
    case 'invalid_type':
      return issue.message.endsWith('received undefined') ? VALIDATION_MESSAGES.missing : VALIDATION_MESSAGES.invalid;
    case 'too_big':
      if (issue.origin === 'string') return VALIDATION_MESSAGES.tooLong(issue.maximum);
      if (issue.origin === 'array' || issue.origin === 'set') return VALIDATION_MESSAGES.tooMany(issue.maximum);
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') return VALIDATION_MESSAGES.tooLarge(issue.maximum);
      return VALIDATION_MESSAGES.invalid;
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? VALIDATION_MESSAGES.empty : VALIDATION_MESSAGES.tooShort(issue.minimum);
      if (issue.origin === 'array' || issue.origin === 'set') return VALIDATION_MESSAGES.tooFew(issue.minimum);
      if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') return VALIDATION_MESSAGES.tooSmall(issue.minimum);
      return VALIDATION_MESSAGES.invalid;
    default:
      return VALIDATION_MESSAGES.invalid;
  }
}
