import type { Logger } from 'pino';
import type { SessionUser } from '@/shared/auth';
import type { RequestIdVariables } from 'hono/request-id';
import type { Auth } from '../auth/auth';
import type { Database } from '../db/client';
import type { Config } from '../config';
import type { RateLimitStore } from './rate-limit';

export interface AppVariables extends RequestIdVariables {
  log: Logger;
  auth: Auth;
  database: Database;
  config: Config;
  rateLimits: RateLimitStore;
  /** Set by the access guard on routes that need a session. */
  user: SessionUser;
  sessionId: string;
}

export type AppEnv = { Variables: AppVariables };
