import type { ZodType } from 'zod';
import type { ApiErrorBody } from '@/shared/errors';

/**
 * An error of a request; `message` is a sentence that may be shown as is. `fromServer`: the
 * message is the API's own, about this request (an error body); otherwise it is one of ours
 * below, and a page that has a sentence of its own for the failure says that instead (errorMessage).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fromServer = true,
  ) {
    super(message);
  }
}

/** Our sentences for a failure the API did not word (no error body, or an answer of another shape). */
export const CLIENT_ERRORS = {
  network: 'Cannot reach the server. Check your connection and try again.',
  noAnswer: 'The server could not complete this request. Try again in a moment.',
  unexpectedAnswer: 'The server answered in a way this page does not understand. Reload the page and try again.',
} as const;

let onUnauthorized: () => void = () => {};
/** Called when a request that needed a session got 401: the session ended while the page was open. */
export function setUnauthorizedHandler(handler: () => void) {
  onUnauthorized = handler;
}

let onTwoFactorSetupRequired: () => void = () => {};
/** Called when a request got 403 `two_factor_setup_required`: the company now requires a setup first. */
export function setTwoFactorSetupRequiredHandler(handler: () => void) {
  onTwoFactorSetupRequired = handler;
}

type Query = Record<string, string | number | undefined>;

/**
 * Responses are typed by the shared contract. A caller may pass a schema to check one at run
 * time; the first pages pass none, so zod stays out of their bundles.
 */
type Schema<T> = ZodType<T> | null | undefined;

const isErrorBody = (value: unknown): value is ApiErrorBody =>
  typeof (value as ApiErrorBody | null)?.error?.message === 'string' && typeof (value as ApiErrorBody).error.code === 'string';

/** A file sent as the request body itself (an upload route), with its media type. */
interface FileBody {
  file: Blob;
  contentType: string;
}

async function request<T>(method: string, path: string, schema: Schema<T>, body?: unknown, query?: Query, fileBody?: FileBody): Promise<T> {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) url.searchParams.set(key, String(value));
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: fileBody
        ? { 'content-type': fileBody.contentType, accept: 'application/json' }
        : body === undefined
          ? { accept: 'application/json' }
          : { 'content-type': 'application/json', accept: 'application/json' },
      body: fileBody ? fileBody.file : body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    // Ours, but the best sentence there is for it: shown even where the page has its own.
    throw new ApiError(0, 'network_error', CLIENT_ERRORS.network, false);
  }
  if (!response.ok) {
    const payload: unknown = await response.json().catch(() => null);
    const error = isErrorBody(payload)
      ? new ApiError(response.status, payload.error.code, payload.error.message)
      : new ApiError(response.status, 'http_error', CLIENT_ERRORS.noAnswer, false);
    if (response.status === 401 && !path.startsWith('/auth/')) onUnauthorized();
    // The code is TWO_FACTOR_SETUP_REQUIRED (shared/two-factor-messages), written out to keep this module small.
    if (response.status === 403 && error.code === 'two_factor_setup_required') onTwoFactorSetupRequired();
    throw error;
  }
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json();
  if (!schema) return data as T;
  // zod's error would read as a list of schema paths: never shown to a user.
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new ApiError(response.status, 'unexpected_response', CLIENT_ERRORS.unexpectedAnswer, false);
  return parsed.data;
}

export const api = {
  get: <T>(path: string, schema?: Schema<T>, query?: Query) => request<T>('GET', path, schema, undefined, query),
  post: <T>(path: string, schema?: Schema<T>, body?: unknown) => request<T>('POST', path, schema, body ?? {}),
  patch: <T>(path: string, schema: Schema<T>, body: unknown) => request<T>('PATCH', path, schema, body),
  put: <T>(path: string, schema: Schema<T>, body: unknown) => request<T>('PUT', path, schema, body),
  delete: (path: string) => request<void>('DELETE', path, null),
  /** PUT a file as the body (upload routes: see the server's platform/files.ts). */
  upload: <T>(path: string, file: Blob, contentType: string, query?: Query) => request<T>('PUT', path, null, undefined, query, { file, contentType }),
};

/**
 * The sentence to show for a failed request: the server's message, or ours when the server could
 * not be reached; otherwise (no error body, an answer of another shape, an error of the page's own
 * code) the page's `fallback`, never an error's raw text.
 */
export const errorMessage = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.message && (error.fromServer || error.code === 'network_error') ? error.message : fallback;
