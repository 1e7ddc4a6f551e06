import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { vi } from 'vitest';
import type { SessionUser } from '@/shared/auth';
import { RequireAuth } from '@/web/app/guards';
import { ToastHost } from '@/web/components/ui/toaster';
import { sessionKey } from '@/web/lib/session';

/** Test-only helpers shared by the administration features' component tests. */

export const ADMIN: SessionUser = {
  id: '00000000-0000-4000-8000-000000000001',
  firstName: 'Grace',
  lastName: 'Hopper',
  email: 'grace@example.com',
  role: 'super_admin',
  companyId: '00000000-0000-4000-8000-0000000000c1',
  organizationId: '00000000-0000-4000-8000-0000000000a1',
  entityId: '00000000-0000-4000-8000-0000000000e1',
};

export const MEMBER: SessionUser = { ...ADMIN, id: '00000000-0000-4000-8000-000000000002', firstName: 'Alan', lastName: 'Turing', role: 'user' };

export const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export type Reply = { status?: number; body?: unknown };
export type Handler = (request: { url: URL; body: unknown }) => Reply | Promise<Reply>;
export type Call = { method: string; path: string; url: URL; body: unknown };

export const apiError = (status: number, message: string, code = 'error'): Reply => ({ status, body: { error: { code, message } } });

/**
 * Answers `fetch` from a table keyed "METHOD /path" (path without /api and without the query).
 * Unknown routes answer 404 so a missing mock fails loudly. Returns every call made.
 */
export function mockApi(routes: Record<string, Handler | Reply>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const method = (init?.method ?? 'GET').toUpperCase();
      const path = url.pathname.replace(/^\/api/, '');
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, url, body });
      const route = routes[`${method} ${path}`];
      const reply = route === undefined ? apiError(404, `No mock for ${method} ${path}`) : typeof route === 'function' ? await route({ url, body }) : route;
      const status = reply.status ?? 200;
      return new Response(status === 204 ? null : JSON.stringify(reply.body ?? {}), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

/** A promise with its resolver exposed: holds a mocked request open to observe busy states. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

/**
 * Renders a page at `path` signed in as `user`, inside RequireAuth as the router has it (pass
 * `guarded: false` to see the page's own gates), with stub pages around it and the toaster.
 */
export function renderPage(
  ui: ReactElement,
  { path, user = ADMIN, guarded = true }: { path: string; user?: SessionUser | null; guarded?: boolean },
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  queryClient.setQueryData(sessionKey, user);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          {guarded ? (
            <Route element={<RequireAuth />}>
              <Route path={path} element={ui} />
            </Route>
          ) : (
            <Route path={path} element={ui} />
          )}
          <Route path="/products" element={<p>Products hub</p>} />
          <Route path="/login" element={<p>Login page</p>} />
          <Route path="*" element={<p>Elsewhere</p>} />
        </Routes>
      </MemoryRouter>
      <ToastHost />
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
