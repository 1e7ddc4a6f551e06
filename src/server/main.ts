import closeWithGrace from 'close-with-grace';
import { closeEventStreams } from './platform/events';
import { fileURLToPath } from 'node:url';
import { createApp, SECURITY_HEADERS } from './app';
import { createAuth } from './auth/auth';
import { closePasswordPool, setPasswordThreads } from './auth/password';
import { ConfigError, loadConfig } from './config';
import { scheduleAuditPurge } from './audit/purge';
import { startMailSender } from './mail/sender';
import { notificationMailComposer, scheduleNotificationDigests } from './platform/notifications';
import { fileTransport, smtpTransport } from './mail/transport';
import { scheduleFeedbackDue } from './modules/ats/feedback-due';
import { join } from 'node:path';
import { openDatabase, type Database } from './db/client';
import { DataDirError, lockDataDir } from './db/data-dir-lock';
import type { Redis } from 'ioredis';
import { connectRateLimitRedis, MemoryRateLimitStore, redisRateLimits, type RateLimitStore } from './http/rate-limit';
import { serveApp } from './http/serve';
import { createLogger } from './logger';
import { resolveAuthSecret } from './secret';

const defaultWebRoot = fileURLToPath(new URL('../../dist', import.meta.url));

/** Bad configuration ends start-up with one line saying what is wrong. */
function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) fail(e.message);
    throw e;
  }
  const log = createLogger(config.LOG_LEVEL);
  setPasswordThreads(config.PASSWORD_HASH_THREADS);

  let releaseLock = () => {};
  let database: Database;
  try {
    if (!config.DATABASE_URL) releaseLock = lockDataDir(config.DATA_DIR);
    const secret = resolveAuthSecret(config.AUTH_SECRET, config.DATA_DIR);
    database = config.DATABASE_URL
      ? await openDatabase({
          url: config.DATABASE_URL,
          poolSize: config.DATABASE_POOL_SIZE,
          onConnectionError: (err) => log.warn({ code: (err as { code?: string }).code, reason: err.message }, 'database connection lost; the pool replaces it'),
        })
      : await openDatabase({ dataDir: config.DATA_DIR });
    const auth = createAuth({ db: database.db, secret, baseUrl: config.baseUrl, trustedOrigins: config.TRUSTED_ORIGINS, log });
    let redis: Redis | undefined;
    let rateLimits: RateLimitStore = new MemoryRateLimitStore();
    if (config.REDIS_URL) {
      redis = connectRateLimitRedis(config.REDIS_URL);
      try {
        await redis.connect();
      } catch (e) {
        fail(`Cannot connect to REDIS_URL: ${(e as Error).message}`);
      }
      // Once running, a Redis outage does not stop sign-in: counting falls back to this process.
      rateLimits = redisRateLimits(redis, log);
    }
    const app = createApp({ config, database, auth, log, rateLimits, webRoot: config.WEB_ROOT ?? defaultWebRoot });

    const server = serveApp({ fetch: app.fetch, port: config.PORT, hostname: config.HOST, security: SECURITY_HEADERS });
    server.on('error', (e: NodeJS.ErrnoException) => {
      releaseLock();
      fail(e.code === 'EADDRINUSE' ? `Port ${config.PORT} is already in use; set PORT to a free port` : `Cannot listen on port ${config.PORT}: ${e.message}`);
    });
    server.on('listening', () => {
      log.info({ port: config.PORT, database: database.kind, rateLimits: redis ? 'redis' : 'memory' }, `WorkSphere is listening on http://localhost:${config.PORT}`);
    });

    // BACKGROUND_JOBS=false (benches counting round trips only) leaves the database to requests.
    const jobs = config.BACKGROUND_JOBS;
    const idle = async () => {};
    if (!jobs) log.warn('BACKGROUND_JOBS=false: no mail is sent, no digests, feedback-due notices or audit purge run');
    const stopAuditPurge = jobs ? scheduleAuditPurge(database.db, config.AUDIT_RETENTION_DAYS, log) : () => {};
    // The outbox's sender: mail committed before a crash goes out after the next start.
    const mail = config.SMTP_URL ? smtpTransport(config.SMTP_URL, config.MAIL_FROM) : fileTransport(join(config.DATA_DIR, 'outbox'), config.MAIL_FROM, log);
    // Notification emails and digests are composed as they are sent (the stream rule at delivery).
    const stopMailSender = jobs
      ? startMailSender(database.db, mail, log, 2000, {
          compose: notificationMailComposer(database.db, { baseUrl: config.baseUrl, secret }),
        })
      : idle;
    const stopDigests = jobs ? scheduleNotificationDigests(database.db, log) : idle;
    // Interviewers hear once that their feedback is due, after the interview ends.
    const stopFeedbackDue = jobs ? scheduleFeedbackDue(database.db, log) : idle;

    closeWithGrace({ delay: config.SHUTDOWN_TIMEOUT_MS }, async ({ signal, err }) => {
      if (err) log.error({ err }, 'shutting down after an error');
      else log.info({ signal }, 'shutting down');
      // Stop accepting connections and wait for requests in flight, then close the database.
      // Open event streams never finish by themselves: end them first.
      closeEventStreams();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      stopAuditPurge();
      await stopDigests();
      await stopFeedbackDue();
      await stopMailSender();
      await database.close();
      await redis?.quit().catch(() => {});
      await closePasswordPool();
      releaseLock();
    });
  } catch (e) {
    releaseLock();
    if (e instanceof DataDirError) fail(e.message);
    const message = (e as Error).message ?? String(e);
    if (config.DATABASE_URL) fail(`Cannot open the database at DATABASE_URL: ${message}`);
    fail(`Cannot start: ${message}`);
  }
}

await main();
