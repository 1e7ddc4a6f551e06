import { z } from 'zod';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  WEB_ROOT: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || /^postgres(ql)?:\/\/[^\s]+$/.test(v) && URL.canParse(v), {
      message: 'DATABASE_URL must be a postgres:// or postgresql:// URL',
    }),
  DATABASE_POOL_SIZE: positiveInt(10),
  /** Threads hashing passwords; unset = one per core. */
  PASSWORD_HASH_THREADS: z.coerce.number().int().min(1).max(64).optional(),
  APP_URL: z.url().optional(),
  TRUSTED_ORIGINS: z
    .string()
    .default('')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean)),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  REDIS_URL: z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || (/^rediss?:\/\//.test(v) && URL.canParse(v)), { message: 'REDIS_URL must be a redis:// or rediss:// URL' }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SIGN_IN_MAX_FAILURES: positiveInt(10),
  /** Failed sign-ins per email address and window, from any client address (distributed guessing). */
  SIGN_IN_MAX_FAILURES_PER_EMAIL: positiveInt(30),
  SIGN_UP_MAX_ATTEMPTS: positiveInt(20),
  RATE_LIMIT_WINDOW_SECONDS: positiveInt(600),
  BODY_LIMIT_BYTES: positiveInt(100 * 1024),
  SHUTDOWN_TIMEOUT_MS: positiveInt(10_000),
  /**
   * The server's own database work besides requests: the email outbox's sender, notification
   * digests, ATS feedback-due notices and the audit purge. `false` only for benches that count a
   * request's database round trips (bench/roundtrips.ts): no mail goes out while it is off.
   */
  BACKGROUND_JOBS: z.stringbool().default(true),
  TRUST_PROXY: z.stringbool().default(false),
  /** Proxies in front of the server that each append to X-Forwarded-For (read with TRUST_PROXY). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  /** Audit events older than this many days are purged once a day. */
  AUDIT_RETENTION_DAYS: positiveInt(365),
  /** smtp:// or smtps:// URL of the mail server; unset = messages written under DATA_DIR/outbox. */
  SMTP_URL: z
    .string()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || (/^smtps?:\/\//.test(v) && URL.canParse(v)), { message: 'SMTP_URL must be an smtp:// or smtps:// URL' }),
  MAIL_FROM: z.string().min(3).default('WorkSphere <no-reply@localhost>'),
  /** Password-reset requests allowed per client address and per email address per window. */
  PASSWORD_RESET_MAX_REQUESTS: positiveInt(5),
});

export type Config = z.infer<typeof schema> & { baseUrl: string };

export class ConfigError extends Error {}

/** Reads the environment once; a bad value stops start-up with one line naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')}: ${issue.message}`);
  }
  const c = parsed.data;
  return { ...c, baseUrl: c.APP_URL ?? `http://localhost:${c.PORT}` };
}
