import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ERROR_CODES, ERROR_MESSAGES } from '@/shared/errors';

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

export const badRequest = (message: string) => new AppError(400, ERROR_CODES.validation, message);
export const unauthorized = (message: string = ERROR_MESSAGES.notSignedIn) => new AppError(401, ERROR_CODES.unauthorized, message);
export const forbidden = (message = 'Not allowed') => new AppError(403, ERROR_CODES.forbidden, message);
export const notFound = (message: string = ERROR_MESSAGES.notFound) => new AppError(404, ERROR_CODES.notFound, message);
export const conflict = (message: string) => new AppError(409, ERROR_CODES.conflict, message);
export const tooManyRequests = (message: string) => new AppError(429, ERROR_CODES.rateLimited, message);
