import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { ZodType } from 'zod';
import { codeOfMessage } from '@/shared/error-codes';
import { apiError, ERROR_CODES, ERROR_MESSAGES, VALIDATION_MESSAGES } from '@/shared/errors';
import { TWO_FACTOR_MESSAGES } from '@/shared/two-factor-messages';
import { requireAccess, type Access, type AccessOptions } from '../auth/guard';
import { validationMessage } from './errors';
import { UNSAFE_METHODS } from './origin-check';
import { SESSION_SECURITY_SCHEME, type ApiTag } from './openapi';

/** What the API reference needs of every route: enforced by the type of defineRoute's config. */
export interface RouteDoc {
  /** One line: what the route does. */
  summary: string;
  /** More, in Markdown, where the summary is not enough (rules, side effects, limits). */
  description?: string;
  /** The reference's group(s): see API_TAGS. */
  tags: [ApiTag, ...ApiTag[]];
}

/**
 * Declares a route with who may call it. The access rule is the first middleware (none for public
 * routes) and is published in the OpenAPI document as `x-access`, which the authorization tests walk.
 * Every route gets the error responses it can answer with besides its own (400 when it takes input,
 * 401/403 from its access rule, 403/413 for requests that change something, 500), each with examples
 * of the real messages; `src/server/http/openapi.test.ts` checks the result.
 */
export function defineRoute<
  P extends string,
  R extends Omit<RouteConfig, 'path' | 'middleware' | 'summary' | 'tags'> & RouteDoc & { path: P },
>(access: Access, config: R, options: AccessOptions = {}) {
  const responses = mergeErrors(config.responses, standardErrors(access, config));
  return createRoute({
    ...config,
    // Public routes get no middleware layer at all (each layer costs promises on every request).
    middleware: (access === 'public' ? [] : [requireAccess(access, options)]) as MiddlewareHandler[],
    'x-access': access,
    ...(options.beforeTwoFactorSetup ? { 'x-before-two-factor-setup': true } : {}),
    ...(access === 'public' ? {} : { security: [{ [SESSION_SECURITY_SCHEME]: [] }] }),
    responses,
  } as R & { middleware: MiddlewareHandler[] });
}

export const jsonBody = <T extends ZodType>(schema: T) => ({
  content: { 'application/json': { schema } },
  required: true,
});

export const jsonContent = <T extends ZodType>(schema: T, description = 'OK') => ({
  content: { 'application/json': { schema } },
  description,
});

interface ErrorExample {
  summary: string;
  value: { error: { code: string; message: string } };
}
export type ErrorResponse = {
  description: string;
  content: { 'application/json': { schema: typeof apiError; examples: Record<string, ErrorExample> } };
};

/** Responses made by errorContent: defineRoute completes their codes and merges them with its own. */
const errorResponses = new WeakSet<object>();

/**
 * An error response of a route, with the messages it answers with (the real texts, from
 * src/shared): `409: errorContent(ORGANIZATION_MESSAGES.duplicate)`. defineRoute fills in the
 * `code` of each example from the status.
 */
export function errorContent(message: string, ...more: string[]): ErrorResponse {
  const response: ErrorResponse = {
    description: message,
    content: { 'application/json': { schema: apiError, examples: examplesOf([message, ...more], '') } },
  };
  errorResponses.add(response);
  return response;
}

/** The `code` of each error status (see AppError and the app's error handler). */
export const ERROR_CODE_BY_STATUS: Record<number, string> = {
  400: ERROR_CODES.validation,
  401: ERROR_CODES.unauthorized,
  403: ERROR_CODES.forbidden,
  404: ERROR_CODES.notFound,
  409: ERROR_CODES.conflict,
  413: ERROR_CODES.tooLarge,
  429: ERROR_CODES.rateLimited,
  500: ERROR_CODES.internal,
  503: ERROR_CODES.notReady,
};

const STATUS_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input: the message names the first problem',
  401: 'No session, or it has ended',
  403: 'Not allowed',
  404: 'Not found (also for ids of another company)',
  409: 'Conflict with existing data',
  413: 'Request body too large',
  429: 'Too many requests: wait and try again',
  500: 'Unexpected error: the request id is logged',
  503: 'Not ready',
};

/**
 * The examples of an error response. A message a route throws answers with its domain code
 * (shared/error-codes.ts), else the status's; a request schema's refusals (`schemaMessages`, the
 * standard 400) are `validation_error` whatever their sentence, as the validation hook answers.
 */
function examplesOf(messages: readonly string[], code: string, schemaMessages: ReadonlySet<string> = new Set()): Record<string, ErrorExample> {
  const examples: Record<string, ErrorExample> = {};
  for (const message of new Set(messages)) {
    const key = message.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'error';
    const exampleCode = code && (schemaMessages.has(message) ? code : codeOfMessage(message, code));
    examples[key] = { summary: message, value: { error: { code: exampleCode, message } } };
  }
  return examples;
}

const errorResponse = (messages: readonly string[]) => errorContent(messages[0]!, ...messages.slice(1));

/**
 * The route's own responses plus the standard errors. For a status both have, the examples are
 * merged. Every error response gets its status's description and code.
 */
function mergeErrors(own: RouteConfig['responses'], standard: Record<number, ErrorResponse>): RouteConfig['responses'] {
  const merged: RouteConfig['responses'] = {};
  const statuses = new Set([...Object.keys(standard), ...Object.keys(own)].map(Number));
  for (const status of [...statuses].sort((a, b) => a - b)) {
    const mine = own[status] as object | undefined;
    const base = standard[status];
    if (mine && !errorResponses.has(mine)) {
      merged[status] = mine as RouteConfig['responses'][number];
      continue;
    }
    const parts = [mine as ErrorResponse | undefined, base].filter((r): r is ErrorResponse => Boolean(r));
    const messagesOf = (r: ErrorResponse | undefined) => Object.values(r?.content['application/json'].examples ?? {}).map((e) => e.value.error.message);
    const messages = parts.flatMap(messagesOf);
    const thrown = new Set(messagesOf(mine as ErrorResponse | undefined));
    const schemaMessages = new Set(status === 400 ? messagesOf(base).filter((m) => !thrown.has(m)) : []);
    merged[status] = {
      description: STATUS_DESCRIPTIONS[status] ?? messages[0] ?? 'Error',
      content: {
        'application/json': { schema: apiError, examples: examplesOf(messages, ERROR_CODE_BY_STATUS[status] ?? ERROR_CODES.internal, schemaMessages) },
      },
    };
  }
  return merged;
}

/** Messages a schema answers with for some bad inputs: real examples for the route's 400. */
function validationMessages(config: Pick<RouteConfig, 'request'>): string[] {
  const messages: string[] = [];
  const collect = (schema: unknown, input: unknown) => {
    const result = (schema as ZodType | undefined)?.safeParse(input);
    if (result && !result.success) messages.push(...result.error.issues.map(validationMessage));
  };
  const media = config.request?.body?.content?.['application/json'];
  const body = media && 'schema' in media ? media.schema : undefined;
  if (body) collect(body, {});
  for (const schema of [config.request?.query, config.request?.params]) {
    const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
    for (const key of Object.keys(shape ?? {})) {
      collect(schema, { [key]: 'not-a-value' });
      collect(schema, { [key]: 'x'.repeat(1000) });
    }
  }
  return [...new Set(messages)].slice(0, 5);
}

/** The errors a route can answer with because of its access rule, method and input. */
function standardErrors(access: Access, config: Pick<RouteConfig, 'method' | 'request'>): Record<number, ErrorResponse> {
  const errors: Record<number, ErrorResponse> = {};
  const unsafe = UNSAFE_METHODS.includes(config.method.toUpperCase());
  const hasInput = Boolean(config.request?.body || config.request?.query || config.request?.params);
  if (hasInput) {
    const messages = validationMessages(config);
    errors[400] = errorResponse(messages.length ? messages : [VALIDATION_MESSAGES.invalid]);
  }
  if (access !== 'public') errors[401] = errorResponse([ERROR_MESSAGES.notSignedIn]);
  // The caller's role, company or two-factor state changed while the request ran on their cached
  // session: the work is not done (auth/guard.ts).
  if (access !== 'public') errors[409] = errorResponse([ERROR_MESSAGES.accessChanged]);
  const forbidden = [
    ...(access === 'super_admin' ? [ERROR_MESSAGES.superAdminOnly] : []),
    ...(access !== 'public' ? [TWO_FACTOR_MESSAGES.setupRequired] : []),
    ...(unsafe ? [ERROR_MESSAGES.crossSite] : []),
  ];
  if (forbidden.length) errors[403] = errorResponse(forbidden);
  if (unsafe) errors[413] = errorResponse([ERROR_MESSAGES.tooLarge]);
  errors[500] = errorResponse([ERROR_MESSAGES.internal]);
  return errors;
}
