import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { ZodType } from 'zod';
import { apiError } from '@/shared/errors';
import { requireAccess, type Access } from '../auth/guard';

/**
 * Declares a route with who may call it. The access rule is the first middleware (none for public
 * routes) and is published in the OpenAPI document as `x-access`, which the authorization tests walk.
 */
export function defineRoute<P extends string, R extends Omit<RouteConfig, 'path' | 'middleware'> & { path: P }>(
  access: Access,
  config: R,
) {
  return createRoute({
    ...config,
    // Public routes get no middleware layer at all (each layer costs promises on every request).
    middleware: (access === 'public' ? [] : [requireAccess(access)]) as MiddlewareHandler[],
    'x-access': access,
    responses: { ...standardErrors(access), ...config.responses },
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

export const errorContent = (description: string) => jsonContent(apiError, description);

function standardErrors(access: Access) {
  const errors: Record<number, ReturnType<typeof errorContent>> = {
    400: errorContent('Invalid input'),
    429: errorContent('Too many requests'),
  };
  if (access !== 'public') errors[401] = errorContent('No session');
  if (access === 'super_admin') errors[403] = errorContent('Not a super admin');
  return errors;
}
