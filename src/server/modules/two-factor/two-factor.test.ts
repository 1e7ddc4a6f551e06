import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TWO_FACTOR_MESSAGES, TWO_FACTOR_SETUP_REQUIRED } from '@/shared/two-factor';
import { createTestApp, ORIGIN, signUpCompany, uniqueEmail, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ SIGN_IN_MAX_FAILURES: '50' });
});
afterAll(() => t.close());

/** A browser: every cookie kept by name (the harness client keeps one), removed when expired. */
class Browser {
  readonly jar = new Map<string, string>();
  constructor(
    private readonly app: TestApp['app'],
    private readonly userAgent = 'TwoFactorTest/1',
  ) {}

  get cookie() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(method: string, path: string, body?: unknown) {
    const res = await this.app.request(`/api${path}`, {
      method,
      headers: {
        'user-agent': this.userAgent,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET' ? {} : { origin: ORIGIN }),
        ...(this.jar.size ? { cookie: this.cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const setCookie of res.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      if (/max-age=0/i.test(setCookie)) this.jar.delete(name);
      else this.jar.set(name, pair!.slice(eq + 1));
    }
    const text = await res.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.status, body: (text ? JSON.parse(text) : undefined) as any, headers: res.headers };
  }

  get = (path: string) => this.request('GET', path);
  post = (path: string, body: unknown = {}) => this.request('POST', path, body);
  patch = (path: string, body: unknown) => this.request('PATCH', path, body);

  /** Only the cookies whose name contains `part` (to carry a trusted-device cookie to a new browser). */
  cookiesLike(part: string) {
    return [...this.jar].filter(([k]) => k.includes(part));
  }
}

const totpOf = (uri: string) => OTPAuth.URI.parse(uri) as OTPAuth.TOTP;
/** A valid code other than the current one's neighbours would also pass: use the current period's. */
const codeOf = (uri: string) => totpOf(uri).generate();
/**
 * The next period's code, which the window accepts too: for the first sign-in after the setup,
 * whose confirmation used the current period's (each code works once).
 */
const nextCodeOf = (uri: string) => totpOf(uri).generate({ timestamp: Date.now() + 30_000 });
/** A 6-digit code that is wrong now (none of the window's three). */
function wrongCode(uri: string) {
  const totp = totpOf(uri);
  const valid = new Set([-1, 0, 1].map((d) => totp.generate({ timestamp: Date.now() + d * 30_000 })));
  for (let n = 0; ; n++) {
    const candidate = String(n).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

async function company() {
  const c = await signUpCompany(t, ['crm']);
  const browser = new Browser(t.app);
  expect((await browser.post('/auth/sign-in', { email: c.email, password: c.password })).status).toBe(200);
  return { ...c, browser };
}

/** Enables two-factor sign-in for the browser's user; returns the otpauth URI and the recovery codes. */
async function enable(browser: Browser, password: string) {
  const setup = await browser.post('/me/two-factor/setup', { password });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const confirmed = await browser.post('/me/two-factor/confirm', { code: codeOf(setup.body.totpUri) });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return { uri: setup.body.totpUri as string, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}

const eventsOf = (companyId: string, action: string) =>
  t.sql<{ action: string; actor_id: string | null; target_id: string; changes: unknown[] }>(
    'select action, actor_id, target_id, changes from audit_events where company_id = $1 and action = $2 order by created_at, id',
    [companyId, action],
  );

describe('enabling two-factor sign-in', () => {
  it('asks for the password, shows a QR code and the secret, confirms with a real code, then gives 10 recovery codes once', async () => {
    const a = await company();
    expect((await a.browser.get('/me/two-factor')).body).toEqual({ enabled: false, required: false, recoveryCodesLeft: null });

    const wrong = await a.browser.post('/me/two-factor/setup', { password: 'not-my-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(TWO_FACTOR_MESSAGES.incorrectPassword);

    const setup = await a.browser.post('/me/two-factor/setup', { password: a.password });
    expect(setup.status).toBe(200);
    expect(setup.body.totpUri).toMatch(/^otpauth:\/\/totp\/WorkSphere:/);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(totpOf(setup.body.totpUri).secret.base32.replace(/=+$/, '')).toBe(setup.body.secret.replace(/=+$/, ''));
    expect(setup.body.qrCodeSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(setup.body.qrCodeSvg).not.toMatch(/https?:\/\/(?!www\.w3\.org)/); // no third-party image
    // Not on until confirmed.
    expect((await a.browser.get('/me/two-factor')).body.enabled).toBe(false);

    const bad = await a.browser.post('/me/two-factor/confirm', { code: wrongCode(setup.body.totpUri) });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(TWO_FACTOR_MESSAGES.invalidCode);
    expect((await a.browser.post('/me/two-factor/confirm', { code: '12345' })).body.error.message).toBe(TWO_FACTOR_MESSAGES.codeFormat);

    const confirmed = await a.browser.post('/me/two-factor/confirm', { code: codeOf(setup.body.totpUri) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);
    expect((await a.browser.get('/me/two-factor')).body).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });
    expect((await a.browser.get('/session')).body.user.twoFactorEnabled).toBe(true);

    // Once: confirming again answers no codes, and no route shows them later.
    const again = await a.browser.post('/me/two-factor/confirm', { code: codeOf(setup.body.totpUri) });
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).not.toContain(confirmed.body.recoveryCodes[0]);
    expect((await a.browser.post('/me/two-factor/setup', { password: a.password })).status).toBe(409);

    const [event] = await eventsOf(a.companyId, 'user.two_factor_enabled');
    expect(event).toMatchObject({ actor_id: a.userId, target_id: a.userId, changes: [{ field: 'twoFactorEnabled', before: false, after: true }] });
    // Secrets are stored encrypted, and never in the log.
    const [row] = await t.sql<{ secret: string; backup_codes: string }>('select secret, backup_codes from two_factors where user_id = $1', [a.userId]);
    expect(row!.secret).not.toContain(setup.body.secret);
    expect(row!.backup_codes).not.toContain(confirmed.body.recoveryCodes[0]);
    const log = JSON.stringify(await t.sql('select * from audit_events where company_id = $1', [a.companyId]));
    expect(log).not.toContain(setup.body.secret);
    expect(log).not.toContain(confirmed.body.recoveryCodes[0]);
  });

  it('wrong passwords and codes on the signed-in routes are limited per user', async () => {
    const limited = await createTestApp({ SIGN_IN_MAX_FAILURES: '3' });
    try {
      const c = await signUpCompany(limited, ['crm']);
      for (let i = 0; i < 3; i++) expect((await c.client.post('/me/two-factor/setup', { password: 'wrong-one' })).status).toBe(400);
      const res = await c.client.post('/me/two-factor/setup', { password: c.password });
      expect(res.status).toBe(429);
      expect(res.body.error.message).toBe(TWO_FACTOR_MESSAGES.tooManyAttempts);
    } finally {
      await limited.close();
    }
  });
});

describe('signing in with two-factor sign-in on', () => {
  it('a deactivated account is told so after its password, before any code, and a wrong password still gets the generic failure', async () => {
    const a = await company();
    const email = uniqueEmail('member');
    const created = await a.browser.post('/users', {
      firstName: 'Ada',
      lastName: 'Member',
      email,
      password: 'secret123',
      confirmPassword: 'secret123',
      access: [{ productId: a.productIds.crm, entityId: a.entityId, roleType: 'member' }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const member = new Browser(t.app);
    expect((await member.post('/auth/sign-in', { email, password: 'secret123' })).status).toBe(200);
    await enable(member, 'secret123');
    expect((await a.browser.post(`/users/${created.body.id}/deactivate`, {})).status).toBe(200);

    const fresh = new Browser(t.app);
    const refused = await fresh.post('/auth/sign-in', { email, password: 'secret123' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe('Your account has been deactivated. Contact your administrator.');
    expect(refused.body.twoFactorRequired).toBeUndefined();
    const wrong = await fresh.post('/auth/sign-in', { email, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(JSON.stringify(wrong.body)).not.toContain('deactivated');
  });

  it('asks for the code on its own step: no session until a real code, then a session and its event', async () => {
    const a = await company();
    const { uri } = await enable(a.browser, a.password);

    const browser = new Browser(t.app, 'CodeStep/1');
    const first = await browser.post('/auth/sign-in', { email: a.email, password: a.password });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ twoFactorRequired: true });
    expect((await browser.get('/session')).body.user).toBeNull();
    expect((await browser.get('/me/products')).status).toBe(401);

    const wrong = await browser.post('/auth/two-factor', { code: wrongCode(uri) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toBe(TWO_FACTOR_MESSAGES.invalidCode);
    expect((await browser.get('/session')).body.user).toBeNull();
    await vi.waitFor(async () => expect(await eventsOf(a.companyId, 'auth.sign_in.failed')).toHaveLength(1));
    expect((await eventsOf(a.companyId, 'auth.sign_in.failed'))[0]).toMatchObject({ actor_id: null, target_id: a.userId });

    const ok = await browser.post('/auth/two-factor', { code: nextCodeOf(uri) });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.user).toMatchObject({ id: a.userId, twoFactorEnabled: true });
    expect(JSON.stringify(ok.body)).not.toMatch(/token/i);
    expect((await browser.get('/me/products')).status).toBe(200);
    const signIns = await t.sql<{ user_agent: string }>(
      "select user_agent from audit_events where company_id = $1 and action = 'auth.sign_in.succeeded' and user_agent = 'CodeStep/1'",
      [a.companyId],
    );
    expect(signIns).toHaveLength(1);

    // The code step is over: the same challenge cannot be used again.
    const replay = await new Browser(t.app).post('/auth/two-factor', { code: codeOf(uri) });
    expect(replay.status).toBe(401);
    expect(replay.body.error.message).toBe(TWO_FACTOR_MESSAGES.challengeExpired);
  });

  it('wrong codes: after 5 the sign-in must start again; after 10 in a row the account is locked', async () => {
    const a = await company();
    const { uri } = await enable(a.browser, a.password);
    const browser = new Browser(t.app);
    await browser.post('/auth/sign-in', { email: a.email, password: a.password });
    const bad = wrongCode(uri);
    for (let i = 0; i < 5; i++) expect((await browser.post('/auth/two-factor', { code: bad })).status).toBe(401);
    const sixth = await browser.post('/auth/two-factor', { code: nextCodeOf(uri) });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.message).toBe(TWO_FACTOR_MESSAGES.tooManyCodes);
    // A new sign-in: 5 more wrong codes reach the account's 10 in a row; then even the right code waits.
    expect((await browser.post('/auth/sign-in', { email: a.email, password: a.password })).body).toEqual({ twoFactorRequired: true });
    for (let i = 0; i < 5; i++) await browser.post('/auth/two-factor', { code: bad });
    expect((await browser.post('/auth/sign-in', { email: a.email, password: a.password })).body).toEqual({ twoFactorRequired: true });
    const locked = await browser.post('/auth/two-factor', { code: nextCodeOf(uri) });
    expect(locked.status).toBe(429);
    expect(locked.body.error.message).toBe(TWO_FACTOR_MESSAGES.locked);
    expect((await browser.get('/session')).body.user).toBeNull();
  });

  it('wrong codes are limited per client address too', async () => {
    const limited = await createTestApp({ SIGN_IN_MAX_FAILURES: '2' });
    try {
      const c = await signUpCompany(limited, ['crm']);
      const browser = new Browser(limited.app);
      await browser.post('/auth/sign-in', { email: c.email, password: c.password });
      // No challenge at all still counts as a guess.
      for (let i = 0; i < 2; i++) expect((await browser.post('/auth/two-factor', { code: '000000' })).status).toBe(401);
      const res = await browser.post('/auth/two-factor', { code: '000000' });
      expect(res.status).toBe(429);
      expect(res.body.error.message).toBe(TWO_FACTOR_MESSAGES.tooManyAttempts);
    } finally {
      await limited.close();
    }
  });

  it('a recovery code signs in once', async () => {
    const a = await company();
    const { recoveryCodes } = await enable(a.browser, a.password);
    const browser = new Browser(t.app);
    await browser.post('/auth/sign-in', { email: a.email, password: a.password });
    const ok = await browser.post('/auth/two-factor', { code: recoveryCodes[3] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await a.browser.get('/me/two-factor')).body.recoveryCodesLeft).toBe(9);

    const other = new Browser(t.app);
    await other.post('/auth/sign-in', { email: a.email, password: a.password });
    const reused = await other.post('/auth/two-factor', { code: recoveryCodes[3] });
    expect(reused.status).toBe(401);
    expect(reused.body.error.message).toBe(TWO_FACTOR_MESSAGES.invalidCode);
    expect((await other.post('/auth/two-factor', { code: recoveryCodes[4] })).status).toBe(200);
  });

  it('"Trust this device for 30 days" skips the code on that browser only, until two-factor sign-in is disabled', async () => {
    const a = await company();
    const { uri } = await enable(a.browser, a.password);
    const trusted = new Browser(t.app);
    await trusted.post('/auth/sign-in', { email: a.email, password: a.password });
    const ok = await trusted.post('/auth/two-factor', { code: nextCodeOf(uri), trustDevice: true });
    expect(ok.status).toBe(200);
    const trustCookie = ok.headers.getSetCookie().find((c) => c.includes('trust_device'));
    expect(trustCookie).toMatch(/Max-Age=2592000/i);
    expect(trustCookie).toMatch(/HttpOnly/i);
    expect((await trusted.post('/auth/sign-out')).status).toBe(204);

    const again = await trusted.post('/auth/sign-in', { email: a.email, password: a.password });
    expect(again.status).toBe(200);
    expect(again.body.user).toMatchObject({ id: a.userId });
    expect((await trusted.get('/me/products')).status).toBe(200);

    // Another browser still gets the code step.
    expect((await new Browser(t.app).post('/auth/sign-in', { email: a.email, password: a.password })).body).toEqual({ twoFactorRequired: true });
    // A trust cookie of another user's is worth nothing to this one.
    const b = await company();
    await enable(b.browser, b.password);
    const borrowed = new Browser(t.app);
    for (const [k, v] of trusted.cookiesLike('trust_device')) borrowed.jar.set(k, v);
    expect((await borrowed.post('/auth/sign-in', { email: b.email, password: b.password })).body).toEqual({ twoFactorRequired: true });
  });
});

describe('a code from the app is accepted once (RFC 6238 §5.2)', () => {
  /** A new browser through the password step: the code step is next. */
  async function atCodeStep(app: TestApp['app'], email: string, password: string) {
    const browser = new Browser(app);
    expect((await browser.post('/auth/sign-in', { email, password })).body).toEqual({ twoFactorRequired: true });
    return browser;
  }

  it('a code that signed in is refused to a second sign-in, as a wrong code and counted as one', async () => {
    const a = await company();
    const { uri } = await enable(a.browser, a.password);
    const code = nextCodeOf(uri);
    const first = await atCodeStep(t.app, a.email, a.password);
    expect((await first.post('/auth/two-factor', { code })).status).toBe(200);

    const second = await atCodeStep(t.app, a.email, a.password);
    const reused = await second.post('/auth/two-factor', { code });
    expect(reused.status).toBe(401);
    expect(reused.body.error.message).toBe(TWO_FACTOR_MESSAGES.invalidCode);
    expect((await second.get('/session')).body.user).toBeNull();
    // Counted as a wrong code of this sign-in: after 5, it must start again with the password.
    for (let i = 0; i < 4; i++) expect((await second.post('/auth/two-factor', { code })).status).toBe(401);
    const sixth = await second.post('/auth/two-factor', { code });
    expect(sixth.status).toBe(429);
    expect(sixth.body.error.message).toBe(TWO_FACTOR_MESSAGES.tooManyCodes);
  });

  it('the code that turned two-factor sign-in on does not also sign in', async () => {
    const a = await company();
    const setup = await a.browser.post('/me/two-factor/setup', { password: a.password });
    const code = codeOf(setup.body.totpUri);
    expect((await a.browser.post('/me/two-factor/confirm', { code })).status).toBe(200);

    const browser = await atCodeStep(t.app, a.email, a.password);
    const reused = await browser.post('/auth/two-factor', { code });
    expect(reused.status).toBe(401);
    expect(reused.body.error.message).toBe(TWO_FACTOR_MESSAGES.invalidCode);
    expect((await browser.post('/auth/two-factor', { code: nextCodeOf(setup.body.totpUri) })).status).toBe(200);
  });

  it('a right code refused for another reason (a spent sign-in) is not used up', async () => {
    const a = await company();
    const { uri } = await enable(a.browser, a.password);
    const spent = await atCodeStep(t.app, a.email, a.password);
    const bad = wrongCode(uri);
    for (let i = 0; i < 5; i++) expect((await spent.post('/auth/two-factor', { code: bad })).status).toBe(401);
    const code = nextCodeOf(uri);
    expect((await spent.post('/auth/two-factor', { code })).body.error.message).toBe(TWO_FACTOR_MESSAGES.tooManyCodes);
    expect((await (await atCodeStep(t.app, a.email, a.password)).post('/auth/two-factor', { code })).status).toBe(200);
  });

  it('of two sign-ins sending one code at once, exactly one is signed in', async () => {
    const a = await company();
    const { uri } = await enable(a.browser, a.password);
    const browsers = [await atCodeStep(t.app, a.email, a.password), await atCodeStep(t.app, a.email, a.password)];
    const code = nextCodeOf(uri);
    const answers = await Promise.all(browsers.map((b) => b.post('/auth/two-factor', { code })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401]);
    expect(answers.find((r) => r.status === 401)!.body.error.message).toBe(TWO_FACTOR_MESSAGES.invalidCode);
    const sessions = await Promise.all(browsers.map(async (b) => (await b.get('/session')).body.user?.id ?? null));
    expect(sessions.filter(Boolean)).toEqual([a.userId]);
  });

  it('a code accepted by one server process is refused by another on the same database', async () => {
    const other = await t.peer();
    const a = await company();
    const { uri } = await enable(a.browser, a.password);
    const code = nextCodeOf(uri);
    expect((await (await atCodeStep(t.app, a.email, a.password)).post('/auth/two-factor', { code })).status).toBe(200);
    const elsewhere = await (await atCodeStep(other, a.email, a.password)).post('/auth/two-factor', { code });
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body.error.message).toBe(TWO_FACTOR_MESSAGES.invalidCode);
  });

  it('a used code stays refused while the window accepts it; the next period\'s code works', async () => {
    const a = await company();
    const { uri } = await enable(a.browser, a.password);
    // The clock is the test's from here: 10 s into a period two after the setup's.
    const period = Math.floor(Date.now() / 30_000) + 2;
    const codeAt = (p: number) => totpOf(uri).generate({ timestamp: p * 30_000 });
    vi.setSystemTime(period * 30_000 + 10_000);
    try {
      expect((await (await atCodeStep(t.app, a.email, a.password)).post('/auth/two-factor', { code: codeAt(period) })).status).toBe(200);
      expect((await (await atCodeStep(t.app, a.email, a.password)).post('/auth/two-factor', { code: codeAt(period) })).status).toBe(401);
      // 30 s on, the window (the period before, this one and the next) still holds the used code.
      vi.setSystemTime((period + 1) * 30_000 + 10_000);
      expect((await (await atCodeStep(t.app, a.email, a.password)).post('/auth/two-factor', { code: codeAt(period) })).status).toBe(401);
      expect((await (await atCodeStep(t.app, a.email, a.password)).post('/auth/two-factor', { code: codeAt(period + 1) })).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('disabling two-factor sign-in', () => {
  it('needs the password; then the code step, the secret and trusted browsers are gone, with its event', async () => {
    const a = await company();
    const { uri } = await enable(a.browser, a.password);
    const trusted = new Browser(t.app);
    await trusted.post('/auth/sign-in', { email: a.email, password: a.password });
    expect((await trusted.post('/auth/two-factor', { code: nextCodeOf(uri), trustDevice: true })).status).toBe(200);

    const wrong = await a.browser.post('/me/two-factor/disable', { password: 'nope-nope' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(TWO_FACTOR_MESSAGES.incorrectPassword);
    expect((await a.browser.get('/me/two-factor')).body.enabled).toBe(true);

    expect((await a.browser.post('/me/two-factor/disable', { password: a.password })).status).toBe(204);
    expect((await a.browser.get('/me/two-factor')).body).toEqual({ enabled: false, required: false, recoveryCodesLeft: null });
    expect(await t.sql('select 1 from two_factors where user_id = $1', [a.userId])).toHaveLength(0);
    expect(await t.sql("select 1 from verifications where value = $1 and identifier like 'trust-device-%'", [a.userId])).toHaveLength(0);
    const signIn = await new Browser(t.app).post('/auth/sign-in', { email: a.email, password: a.password });
    expect(signIn.body.user).toMatchObject({ id: a.userId, twoFactorEnabled: false });
    expect((await eventsOf(a.companyId, 'user.two_factor_disabled'))[0]).toMatchObject({
      actor_id: a.userId,
      changes: [{ field: 'twoFactorEnabled', before: true, after: false }],
    });
    expect((await a.browser.post('/me/two-factor/disable', { password: a.password })).status).toBe(409);
  });
});

describe('no change without its event', () => {
  async function withFailingEvents<T>(run: () => Promise<T>) {
    await t.sql(`create or replace function inject_failure() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`);
    await t.sql('create trigger inject_failure before insert on audit_events for each row execute function inject_failure()');
    try {
      return await run();
    } finally {
      await t.sql('drop trigger inject_failure on audit_events');
    }
  }

  it('enabling: when the event cannot be written, two-factor sign-in stays off', async () => {
    const a = await company();
    const setup = await a.browser.post('/me/two-factor/setup', { password: a.password });
    const res = await withFailingEvents(() => a.browser.post('/me/two-factor/confirm', { code: codeOf(setup.body.totpUri) }));
    expect(res.status).toBe(500);
    expect(res.body.recoveryCodes).toBeUndefined();
    expect((await t.sql<{ two_factor_enabled: boolean }>('select two_factor_enabled from users where id = $1', [a.userId]))[0]!.two_factor_enabled).toBe(false);
    expect((await t.sql<{ verified: boolean }>('select verified from two_factors where user_id = $1', [a.userId]))[0]!.verified).toBe(false);
    expect((await new Browser(t.app).post('/auth/sign-in', { email: a.email, password: a.password })).body.user).toBeDefined();
  });

  it('disabling: when the event cannot be written, two-factor sign-in stays on', async () => {
    const a = await company();
    await enable(a.browser, a.password);
    const res = await withFailingEvents(() => a.browser.post('/me/two-factor/disable', { password: a.password }));
    expect(res.status).toBe(500);
    expect((await a.browser.get('/me/two-factor')).body).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    expect((await new Browser(t.app).post('/auth/sign-in', { email: a.email, password: a.password })).body).toEqual({ twoFactorRequired: true });
  });

  it('the requirement: when the event cannot be written, it does not change', async () => {
    const a = await company();
    await enable(a.browser, a.password);
    const res = await withFailingEvents(() => a.browser.patch('/company/security', { requireSuperAdminTwoFactor: true }));
    expect(res.status).toBe(500);
    expect((await a.browser.get('/company/security')).body).toEqual({ requireSuperAdminTwoFactor: false });
  });
});

describe('a company requiring two-factor sign-in of its super admins', () => {
  it('only an admin who has it may turn it on; then admins without it reach nothing but its setup until they set it up', async () => {
    const a = await company();
    const off = await a.browser.patch('/company/security', { requireSuperAdminTwoFactor: true });
    expect(off.status).toBe(409);
    expect(off.body.error.message).toBe(TWO_FACTOR_MESSAGES.ownTwoFactorFirst);
    await enable(a.browser, a.password);

    // A second super admin and a member, neither with two-factor sign-in.
    const admin2 = { firstName: 'Second', lastName: 'Admin', email: uniqueEmail('admin2'), password: 'secret123', confirmPassword: 'secret123' };
    const created = await a.browser.post('/users', { ...admin2, access: [{ productId: a.productIds.crm, entityId: a.entityId, roleType: 'app_admin' }] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await t.sql("update users set role = 'super_admin' where id = $1", [created.body.id]);
    const memberBody = { ...admin2, firstName: 'Plain', email: uniqueEmail('member') };
    expect((await a.browser.post('/users', { ...memberBody, access: [{ productId: a.productIds.crm, entityId: a.entityId, roleType: 'app_admin' }] })).status).toBe(201);
    const second = new Browser(t.app);
    await second.post('/auth/sign-in', { email: admin2.email, password: admin2.password });
    const member = new Browser(t.app);
    await member.post('/auth/sign-in', { email: memberBody.email, password: memberBody.password });

    const on = await a.browser.patch('/company/security', { requireSuperAdminTwoFactor: true });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ requireSuperAdminTwoFactor: true });
    expect((await eventsOf(a.companyId, 'company.two_factor_requirement_changed'))[0]).toMatchObject({
      actor_id: a.userId,
      changes: [{ field: 'requireSuperAdminTwoFactor', before: false, after: true }],
    });
    // The admin who has it, and members, carry on.
    expect((await a.browser.get('/users')).status).toBe(200);
    expect((await member.get('/me/products')).status).toBe(200);

    // The session says so, every other route answers 403 with a code of its own, the setup routes answer.
    expect((await second.get('/session')).body.user).toMatchObject({ twoFactorSetupRequired: true, twoFactorEnabled: false });
    for (const [method, path] of [['GET', '/me/products'], ['GET', '/users'], ['GET', '/me/sessions'], ['GET', '/company/security'], ['POST', '/organizations']] as const) {
      const res = await second.request(method, path, method === 'POST' ? { name: 'Blocked' } : undefined);
      expect(res.status, path).toBe(403);
      expect(res.body.error).toMatchObject({ code: TWO_FACTOR_SETUP_REQUIRED, message: TWO_FACTOR_MESSAGES.setupRequired });
    }
    expect(await t.sql("select 1 from organizations where name = 'Blocked'")).toHaveLength(0);
    expect((await second.get('/me/two-factor')).body).toEqual({ enabled: false, required: true, recoveryCodesLeft: null });

    // Signing in again changes nothing: the answer says where to go.
    const again = new Browser(t.app);
    const signIn = await again.post('/auth/sign-in', { email: admin2.email, password: admin2.password });
    expect(signIn.body.user).toMatchObject({ twoFactorSetupRequired: true });
    expect((await again.get('/me/products')).status).toBe(403);

    await enable(again, admin2.password);
    expect((await again.get('/me/products')).status).toBe(200);
    expect((await second.get('/me/products')).status).toBe(200);
    expect((await again.get('/session')).body.user).toMatchObject({ twoFactorSetupRequired: false, twoFactorEnabled: true });

    // Disabling it while required (a new phone) holds them at the setup again.
    expect((await again.post('/me/two-factor/disable', { password: admin2.password })).status).toBe(204);
    expect((await again.get('/me/products')).body.error.code).toBe(TWO_FACTOR_SETUP_REQUIRED);
    // No longer required: they carry on without it.
    expect((await a.browser.patch('/company/security', { requireSuperAdminTwoFactor: false })).status).toBe(200);
    expect((await again.get('/me/products')).status).toBe(200);
  });

  it('members cannot read or change the requirement, and another company is untouched', async () => {
    const a = await company();
    const b = await company();
    await enable(a.browser, a.password);
    expect((await a.browser.patch('/company/security', { requireSuperAdminTwoFactor: true })).status).toBe(200);
    expect((await b.browser.get('/company/security')).body).toEqual({ requireSuperAdminTwoFactor: false });
    expect((await b.browser.get('/me/products')).status).toBe(200);
    expect((await a.browser.patch('/company/security', { requireSuperAdminTwoFactor: true, companyId: b.companyId })).status).toBe(400);
  });
});
