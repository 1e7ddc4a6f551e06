import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type { SessionUser } from '@/shared/auth';
import type { Auth } from '../auth/auth';
import type { Database } from '../db/client';
import type { Config } from '../config';
import type { RateLimitStore } from './rate-limit';

export interface AppVariables {
  requestId: string;
  /** The app's logger; use requestLog(c), which adds the request's id and user. */
  logger: Logger;
  /** requestLog(c)'s logger, made on first use. */
  requestLogger: Logger;
  auth: Auth;
  database: Database;
  config: Config;
  rateLimits: RateLimitStore;
  /** Set by the access guard on routes that need a session. */
  user: SessionUser;
  sessionId: string;
}

/**
 * What @hono/node-server passes as the environment: Node's own request and response. Absent when
 * the app is called directly (app.request() in tests).
 */
export interface AppBindings {
  incoming?: IncomingMessage;
  outgoing?: ServerResponse;
}

export type AppEnv = { Variables: AppVariables; Bindings: AppBindings };
