import { randomUUID } from 'node:crypto';
import pg from 'pg';
import pino, { type Logger } from 'pino';
import type { ProductType } from '@/shared/products';
import { createApp } from '../app';
import { createAuth } from '../auth/auth';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/client';
import { MemoryRateLimitStore, type RateLimitStore } from '../http/rate-limit';

export const ORIGIN = 'http://localhost:3000';

/**
 * A fresh app on a fresh database: in-memory PGlite, or a database of its own on the server at
 * DATABASE_URL (created here, dropped by close()).
 */
export interface AppOptions {
  log?: Logger;
  rateLimits?: RateLimitStore;
  /**
   * Another test app whose database this one uses (and leaves open when it closes), instead of a
   * fresh one: for a file that needs many apps of different settings, at the cost of one database
   * rather than one each (each PGlite is WebAssembly code for V8; see pgliteModules in
   * db/client.ts for the crash that led here).
   */
  sharing?: { database: Database };
  /** Folder of a web build to serve, as the server does with WEB_ROOT. */
  webRoot?: string;
}

const SECRET = 'test-secret-test-secret-test-secret!';

function buildApp(config: Config, database: Database, options: AppOptions) {
  const log = options.log ?? pino({ level: 'silent' });
  const auth = createAuth({ db: database.db, secret: SECRET, baseUrl: config.baseUrl, trustedOrigins: config.TRUSTED_ORIGINS, log });
  return createApp({
    config,
    database,
    auth,
    log,
    rateLimits: options.rateLimits ?? new MemoryRateLimitStore(),
    webRoot: options.webRoot,
  });
}

/** `env` is laid over APP_URL=ORIGIN; a key given as undefined stays unset (`{ APP_URL: undefined }`: the default). */
export async function createTestApp(env: Record<string, string | undefined> = {}, options: AppOptions = {}) {
  const config: Config = loadConfig({ LOG_LEVEL: 'silent', APP_URL: ORIGIN, ...env });
  let database: Database;
  let databaseUrl: string | undefined;
  let dropDatabase = async () => {};
  const serverUrl = process.env.DATABASE_URL;
  let closeDatabase = () => database.close();
  if (options.sharing) {
    database = options.sharing.database;
    closeDatabase = async () => {};
  } else if (serverUrl) {
    const name = `test_${randomUUID().replace(/-/g, '')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    database = await openDatabase({ url: databaseUrl, poolSize: 5 });
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  } else {
    database = await openDatabase({ dataDir: undefined });
  }
  const app = buildApp(config, database, options);
  const peers: Database[] = [];
  const peerDatabase = async () => {
    const opened = databaseUrl ? await openDatabase({ url: databaseUrl, poolSize: 5 }) : database;
    if (opened !== database) peers.push(opened);
    return opened;
  };
  return {
    app,
    database,
    config,
    /**
     * Another app instance on the same data, as a second server process would be: its own
     * connection pool on PostgreSQL (the embedded database is one connection, so it is shared).
     */
    peer: async (peerOptions: AppOptions = {}) => buildApp(config, await peerDatabase(), peerOptions),
    /** The same data through another connection pool on PostgreSQL (the same database on PGlite). */
    peerDatabase,
    /** Runs SQL as the database owner (bypasses row-level security): for seeding and inspecting. */
    sql: async <T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> => {
      const result = await database.db.$client.query(text, params);
      return result.rows as T[];
    },
    close: async () => {
      for (const p of peers) await p.close();
      await closeDatabase();
      await dropDatabase();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** An API client with a cookie jar, as a browser on ORIGIN would be. */
export class Client {
  cookie = '';

  constructor(private readonly t: { app: { request: TestApp['app']['request'] } }) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await this.t.app.request(`/api${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET' ? {} : { origin: ORIGIN }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    for (const setCookie of res.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      if (pair && /max-age=0/i.test(setCookie)) this.cookie = '';
      else if (pair) this.cookie = pair;
    }
    // An event stream does not end: read its first message (it sends one when it opens), then hang up.
    if (res.headers.get('content-type')?.startsWith('text/event-stream') && res.body) {
      const reader = res.body.getReader();
      const first = await reader.read();
      await reader.cancel();
      return { status: res.status, body: first.value ? new TextDecoder().decode(first.value) : '', headers: res.headers };
    }
    const text = await res.text();
    return { status: res.status, body: parseBody(text), headers: res.headers };
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body: unknown = {}) => this.request('POST', path, body);
  patch = (path: string, body: unknown) => this.request('PATCH', path, body);
  delete = (path: string) => this.request('DELETE', path);
}

/** Test responses are read loosely: each test asserts the fields it cares about. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

function parseBody(text: string): Loose {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}-${++counter}-${randomUUID().slice(0, 6)}@example.com`;

export async function catalogue(t: TestApp) {
  const res = await new Client(t).get('/products');
  return res.body.items as { id: string; name: string; type: string }[];
}

export async function productId(t: TestApp, type: string) {
  const p = (await catalogue(t)).find((x) => x.type === type);
  if (!p) throw new Error(`no product ${type}`);
  return p.id;
}

export function signUpBody(overrides: Record<string, unknown> = {}, productIds: string[] = []) {
  const tag = randomUUID().slice(0, 6);
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: uniqueEmail('admin'),
    password: 'secret123',
    confirmPassword: 'secret123',
    companyName: `Engines ${tag}`,
    organizationName: `Engines Org ${tag}`,
    entityName: `London ${tag}`,
    country: 'United Kingdom',
    selectedProducts: productIds,
    ...overrides,
  };
}

/** Signs a new company up; returns its super admin's signed-in client and the new ids. */
export async function signUpCompany(t: TestApp, types: ProductType[] = ['crm', 'hrms'], overrides: Record<string, unknown> = {}) {
  const ids = await Promise.all(types.map((type) => productId(t, type)));
  const body = signUpBody(overrides, ids);
  const client = new Client(t);
  const res = await client.post('/auth/sign-up', body);
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  return {
    client,
    email: body.email as string,
    password: body.password as string,
    userId: res.body.user.id as string,
    companyId: res.body.companyId as string,
    organizationId: res.body.organizationId as string,
    organizationName: body.organizationName as string,
    entityId: res.body.entityId as string,
    // Only the requested types are present; tests ask for the ones they signed up with.
    productIds: Object.fromEntries(types.map((type, i) => [type, ids[i]!])) as Record<ProductType, string>,
  };
}
