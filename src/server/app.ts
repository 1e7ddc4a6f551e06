import { OpenAPIHono } from '@hono/zod-openapi';
import { serveStatic } from '@hono/node-server/serve-static';
import { HTTPException } from 'hono/http-exception';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { ERROR_CODES, ERROR_MESSAGES, GENERIC_ERROR, VALIDATION_MESSAGES } from '@/shared/errors';
import type { Auth } from './auth/auth';
import type { Config } from './config';
import type { Database } from './db/client';
import { OPENAPI_PATH, registerApiDocs } from './http/api-docs';
import { AppError, validationMessage } from './http/errors';
import { StaticMatchRouter } from './http/router';
import type { AppEnv } from './http/env';
import { originCheck, UNSAFE_METHODS } from './http/origin-check';
import { openApiDocument, SESSION_SECURITY_SCHEME } from './http/openapi';
import { requestContext, requestLog, securityHeaders } from './http/request-context';
import type { RateLimitStore } from './http/rate-limit';
import { accountRoutes } from './modules/account/routes';
import { auditRoutes } from './modules/audit/routes';
import { serializeError } from './logger';
import { isUploadPath, MAX_UPLOAD_BYTES } from './platform/files';
import { authRoutes } from './modules/auth/routes';
import { entityRoutes } from './modules/entities/routes';
import { crmRoutes } from './modules/crm/routes';
import { atsRoutes } from './modules/ats/routes';
import { hrmsRoutes } from './modules/hrms/routes';
import { projectsRoutes } from './modules/projects/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { UNSUBSCRIBE_PATH } from './platform/notifications';
import { organizationRoutes } from './modules/organizations/routes';
import { productRoutes } from './modules/products/routes';
import { sessionRoutes } from './modules/sessions/routes';
import { systemRoutes } from './modules/system/routes';
import { twoFactorRoutes } from './modules/two-factor/routes';
import { userRoutes } from './modules/users/routes';

export interface AppDeps {
  config: Config;
  database: Database;
  auth: Auth;
  log: Logger;
  rateLimits: RateLimitStore;
  /** Folder of the built web app; when absent only the API is served. */
  webRoot?: string;
}

const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Radix, sonner and recharts set inline style attributes.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** The security headers of every response (also those the Node server answers itself: http/serve.ts). */
export const SECURITY_HEADERS = await securityHeaders({
  contentSecurityPolicy: CSP,
  referrerPolicy: 'strict-origin-when-cross-origin',
  crossOriginEmbedderPolicy: false,
});

export function createApp(deps: AppDeps) {
  const app = new OpenAPIHono<AppEnv>({
    router: new StaticMatchRouter(),
    defaultHook: (result) => {
      if (!result.success) {
        const issue = result.error.issues[0];
        throw new AppError(400, ERROR_CODES.validation, issue ? validationMessage(issue) : VALIDATION_MESSAGES.invalid);
      }
    },
  });

  // Few middleware layers on purpose: once better-auth has used AsyncLocalStorage, Node 20 tracks
  // every promise, and each layer costs a few (bench/README.md, figure 1).
  app.use(
    requestContext({
      security: SECURITY_HEADERS,
      logger: deps.log,
      vars: { auth: deps.auth, database: deps.database, config: deps.config, rateLimits: deps.rateLimits },
    }),
  );
  // Requests that change something: the CSRF origin check, then the body size limit (bodyLimit
  // reads the raw body stream, which costs a full Request object per call).
  const checkOrigin = originCheck(deps.config);
  const limitBody = bodyLimit({
    maxSize: deps.config.BODY_LIMIT_BYTES,
    onError: () => {
      throw new AppError(413, ERROR_CODES.tooLarge, ERROR_MESSAGES.tooLarge);
    },
  });
  // File uploads (platform/files.ts) take a file of up to MAX_UPLOAD_BYTES; every other body the
  // configured limit.
  const limitUpload = bodyLimit({
    maxSize: MAX_UPLOAD_BYTES,
    onError: () => {
      throw new AppError(413, ERROR_CODES.tooLarge, ERROR_MESSAGES.tooLarge);
    },
  });
  // Registered for those methods only, so reads do not pass through it at all.
  app.on(UNSAFE_METHODS, '/api/*', (c, next) => {
    // The emails' one-click unsubscribe is posted by mail providers, without an Origin: its signed
    // token is the credential, and it uses no cookie (platform/notifications.ts).
    if (c.req.path !== UNSUBSCRIBE_PATH) checkOrigin(c);
    return isUploadPath(c.req.path) ? limitUpload(c, next) : limitBody(c, next);
  });

  const api = new OpenAPIHono<AppEnv>()
    .route('/', systemRoutes)
    .route('/', authRoutes)
    .route('/', productRoutes)
    .route('/', organizationRoutes)
    .route('/', entityRoutes)
    .route('/', userRoutes)
    .route('/', auditRoutes)
    .route('/', sessionRoutes)
    .route('/', accountRoutes)
    .route('/', twoFactorRoutes)
    .route('/', notificationRoutes)
    // Modules (docs/modules.md): one line each.
    .route('/', hrmsRoutes)
    .route('/', atsRoutes)
    .route('/', projectsRoutes)
    .route('/', crmRoutes);
  app.route('/api', api);

  app.openAPIRegistry.registerComponent('securitySchemes', SESSION_SECURITY_SCHEME, {
    type: 'apiKey',
    in: 'cookie',
    name: 'better-auth.session_token',
    description: 'The session cookie set by sign-in and sign-up (`__Secure-` prefixed behind https). Browsers send it by themselves.',
  });
  app.doc31(OPENAPI_PATH, openApiDocument);
  registerApiDocs(app, `${openApiDocument.info.title} reference`);

  app.all('/api/*', () => {
    throw new AppError(404, ERROR_CODES.notFound, ERROR_MESSAGES.notFound);
  });

  if (deps.webRoot && existsSync(join(deps.webRoot, 'index.html'))) serveWeb(app, deps.webRoot);

  app.onError((err, c) => {
    if (err instanceof AppError) {
      return c.json({ error: { code: err.code, message: err.message, requestId: c.get('requestId') } }, err.status);
    }
    if (err instanceof HTTPException && err.status < 500) {
      const code = err.status === 413 ? ERROR_CODES.tooLarge : ERROR_CODES.validation;
      return c.json({ error: { code, message: err.message || 'Bad request', requestId: c.get('requestId') } }, err.status);
    }
    // Serialized here, whatever logger the app was given: never a query's parameters (logger.ts).
    (c.get('logger') ? requestLog(c) : deps.log).error({ err: serializeError(err) }, 'unhandled error');
    return c.json({ error: { code: ERROR_CODES.internal, message: GENERIC_ERROR, requestId: c.get('requestId') } }, 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;

/** Serves the built web app: hashed assets cached for a year, every other path gets index.html. */
function serveWeb(app: OpenAPIHono<AppEnv>, webRoot: string) {
  const indexHtml = readFileSync(join(webRoot, 'index.html'), 'utf8');
  // Registered after every API route and the API's 404, so API requests never reach it.
  app.use(compress());
  app.use(
    '/assets/*',
    serveStatic({
      root: webRoot,
      precompressed: true,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.get('*', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.html(indexHtml);
  });
}
