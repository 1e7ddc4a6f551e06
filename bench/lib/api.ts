/** A minimal API client for setting up the measured accounts (sign-up, sign-in, user creation). */
export const SESSION_COOKIE = 'better-auth.session_token';

export class ApiClient {
  cookie = '';

  constructor(readonly origin: string) {}

  async request(method: string, path: string, body?: unknown): Promise<{ status: number; body: any; headers: Headers }> { // eslint-disable-line @typescript-eslint/no-explicit-any
    const res = await fetch(`${this.origin}/api${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET' ? {} : { origin: this.origin }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    for (const c of res.headers.getSetCookie()) {
      const pair = c.split(';')[0]!;
      if (pair.startsWith(`${SESSION_COOKIE}=`)) this.cookie = /max-age=0/i.test(c) ? '' : pair;
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  async expect(status: number, method: string, path: string, body?: unknown) {
    const res = await this.request(method, path, body);
    if (res.status !== status) throw new Error(`${method} ${path}: expected ${status}, got ${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    return res.body;
  }

  /** The session token (without the signature) from the cookie: the value the sessions table holds. */
  get sessionToken(): string {
    const value = decodeURIComponent(this.cookie.slice(SESSION_COOKIE.length + 1));
    return value.split('.')[0]!;
  }
}

export interface Product {
  id: string;
  type: string;
}

export interface SignedUp {
  client: ApiClient;
  email: string;
  password: string;
  userId: string;
  companyId: string;
  organizationId: string;
  entityId: string;
  productIds: string[];
}

export const PASSWORD = 'bench-password-1';

export function signUpBody(tag: string, productIds: string[]) {
  return {
    firstName: 'Bench',
    lastName: tag,
    email: `admin-${tag}@bench.example`,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    companyName: `Bench ${tag}`,
    organizationName: `Bench ${tag} Org`,
    entityName: `Bench ${tag} Entity`,
    country: 'Other',
    selectedProducts: productIds,
  };
}

export async function catalogue(origin: string): Promise<Product[]> {
  const body = await new ApiClient(origin).expect(200, 'GET', '/products');
  return body.items as Product[];
}

export async function signUpCompany(origin: string, tag: string, productIds: string[]): Promise<SignedUp> {
  const client = new ApiClient(origin);
  const body = signUpBody(tag, productIds);
  const res = await client.expect(201, 'POST', '/auth/sign-up', body);
  return {
    client,
    email: body.email,
    password: body.password,
    userId: res.user.id,
    companyId: res.companyId,
    organizationId: res.organizationId,
    entityId: res.entityId,
    productIds,
  };
}

/** Creates a user (role user) through the admin API, with access to `productIds` at the admin's entity. */
export async function createUser(admin: SignedUp, tag: string, productIds: string[]) {
  const email = `user-${tag}@bench.example`;
  const res = await admin.client.expect(201, 'POST', '/users', {
    firstName: 'Bench',
    lastName: tag,
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    access: productIds.map((productId) => ({ productId, entityId: admin.entityId, roleType: 'app_admin' })),
  });
  return { id: res.id as string, email };
}

export async function signIn(origin: string, email: string, password = PASSWORD) {
  const client = new ApiClient(origin);
  await client.expect(200, 'POST', '/auth/sign-in', { email, password });
  return client;
}
