import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { VALIDATION_MESSAGES } from '@/shared/errors';
import { apiError, mockApi } from '@/web/test/admin';
import { api, CLIENT_ERRORS, errorMessage } from './api';

afterEach(() => vi.unstubAllGlobals());

/** The error a request failed with, and what a page with `fallback` shows for it. */
async function failure(request: Promise<unknown>, fallback = 'Failed to save. Please try again.') {
  const error = await request.then(
    () => expect.fail('the request should fail'),
    (e: unknown) => e,
  );
  return { error: error as Error, shown: errorMessage(error, fallback) };
}

describe('what a page shows for a failed request (issue 31)', () => {
  it("the server's message, as it is", async () => {
    mockApi({ 'PATCH /organizations/x': apiError(400, VALIDATION_MESSAGES.unknownField, 'validation_error') });
    const { error, shown } = await failure(api.patch('/organizations/x', null, { name: 'Europe' }));
    expect(shown).toBe(VALIDATION_MESSAGES.unknownField);
    expect(error.message).toBe(VALIDATION_MESSAGES.unknownField);
  });

  it("an answer without the server's words (a proxy's 502 page): the page's own sentence; the error's own is a sentence too", async () => {
    mockApi({ 'POST /users': { status: 502, body: 'Bad gateway' } });
    const { error, shown } = await failure(api.post('/users', null, {}), 'Failed to create user');
    expect(shown).toBe('Failed to create user');
    expect(error.message).toBe(CLIENT_ERRORS.noAnswer);
  });

  it("an answer of a shape the page does not expect: never zod's list of paths", async () => {
    mockApi({ 'GET /things': { body: { items: 'not a list' } } });
    const { error, shown } = await failure(api.get('/things', z.object({ items: z.array(z.string()) })), 'Failed to load things.');
    expect(shown).toBe('Failed to load things.');
    expect(error.message).toBe(CLIENT_ERRORS.unexpectedAnswer);
  });

  it('no server at all: says so, whatever the page would have said', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const { shown } = await failure(api.get('/things'));
    expect(shown).toBe(CLIENT_ERRORS.network);
  });

  it("an error of the page's own code (not a request's): the page's sentence, never its raw text", () => {
    expect(errorMessage(new TypeError("Cannot read properties of undefined (reading 'id')"), 'Failed to save.')).toBe('Failed to save.');
  });
});
