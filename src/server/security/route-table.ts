import type { TestApp } from '../test/harness';

export type Access = 'public' | 'user' | 'super_admin';

export interface RouteInfo {
  method: string;
  /** OpenAPI form: /organizations/{id} */
  path: string;
  access: Access;
}

/** Every API route with its declared access rule, read from the OpenAPI document. */
export async function routeTable(t: TestApp): Promise<RouteInfo[]> {
  const doc = (await (await t.app.request('/api/openapi.json')).json()) as {
    paths: Record<string, Record<string, { 'x-access'?: Access }>>;
  };
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase(),
      path: path.replace(/^\/api/, ''),
      access: op['x-access']!,
    })),
  );
}

/** The API's own description and reference (public, read-only, not JSON): not part of the route table. */
const DOCUMENTATION_ROUTES = /^\/api\/(openapi\.json|docs(\/.*)?)$/;

/** Every handler registered under /api in the app itself (not only the documented ones). */
export function registeredApiRoutes(t: TestApp) {
  return t.app.routes
    .filter((r) => r.path.startsWith('/api/') && r.method !== 'ALL' && r.path !== '/api/*' && !DOCUMENTATION_ROUTES.test(r.path))
    .map((r) => `${r.method} ${r.path.replace(/^\/api/, '').replace(/:(\w+)/g, '{$1}')}`);
}

export const routeKey = (r: Pick<RouteInfo, 'method' | 'path'>) => `${r.method} ${r.path}`;
