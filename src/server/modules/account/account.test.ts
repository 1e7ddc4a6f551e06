import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@/shared/account';
import { AUTH_MESSAGES } from '@/shared/auth';
import { USER_MESSAGES } from '@/shared/users';
import { Client, createTestApp, signUpCompany, uniqueEmail, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  // Reset requests are limited per client address: these tests come from one, so a roomy limit.
  t = await createTestApp({ PASSWORD_RESET_MAX_REQUESTS: '1000', SIGN_UP_MAX_ATTEMPTS: '1000' });
});
afterAll(() => t.close());

type Company = Awaited<ReturnType<typeof signUpCompany>>;

/** The newest message in the outbox to `to`, and the token of the link it carries. */
async function lastMail(to: string) {
  const rows = await t.sql<{ subject: string; text_body: string; html_body: string; status: string }>(
    'select subject, text_body, html_body, status from email_outbox where to_address = $1 order by created_at desc, id desc limit 1',
    [to],
  );
  const mail = rows[0];
  const token = mail ? /token=([A-Za-z0-9_-]{43})/.exec(mail.text_body)?.[1] : undefined;
  return { mail, token };
}

const mailCount = async (to: string) => Number((await t.sql<{ n: string }>('select count(*) as n from email_outbox where to_address = $1', [to]))[0]!.n);

async function addMember(a: Company) {
  const email = uniqueEmail('member');
  const res = await a.client.post('/users', {
    firstName: 'Alan',
    lastName: 'Turing',
    email,
    password: 'enigma1',
    confirmPassword: 'enigma1',
    access: [{ productId: a.productIds.crm, entityId: a.entityId, roleType: 'member' }],
  });
  expect(res.status).toBe(201);
  const client = new Client(t);
  expect((await client.post('/auth/sign-in', { email, password: 'enigma1' })).status).toBe(200);
  return { id: res.body.id as string, email, client };
}

async function invite(a: Company) {
  const email = uniqueEmail('invitee');
  const res = await a.client.post('/users/invitations', {
    firstName: 'Grace',
    lastName: 'Hopper',
    email,
    access: [{ productId: a.productIds.crm, entityId: a.entityId, roleType: 'viewer' }],
  });
  expect(res.status).toBe(201);
  return { id: res.body.id as string, email, token: (await lastMail(email)).token! };
}

describe('forgot password and reset', () => {
  it('answers the same for a known and an unknown email; only the known one gets a link, which resets once and ends every session', async () => {
    const a = await signUpCompany(t, ['crm']);
    const m = await addMember(a);
    const unknown = await new Client(t).post('/auth/forgot-password', { email: uniqueEmail('nobody') });
    const known = await new Client(t).post('/auth/forgot-password', { email: `  ${m.email.toUpperCase()} ` });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe(ACCOUNT_MESSAGES.resetLinkSent);

    const { mail, token } = await lastMail(m.email);
    expect(mail).toMatchObject({ status: 'pending', subject: 'Reset your WorkSphere password' });
    expect(mail!.text_body).toContain(`http://localhost:3000/reset-password?token=${token}`);
    expect(mail!.html_body).toContain('Reset Password');
    // Only the hash is stored.
    expect(await t.sql('select 1 from user_tokens where token_hash = $1', [token])).toHaveLength(0);

    expect((await new Client(t).post('/auth/check-link', { token, kind: 'password_reset' })).body).toEqual({ state: 'valid', email: m.email });
    const res = await new Client(t).post('/auth/reset-password', { token, password: 'new-secret', confirmPassword: 'new-secret' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(ACCOUNT_MESSAGES.passwordReset);
    expect((await m.client.get('/me/products')).status).toBe(401);
    expect((await new Client(t).post('/auth/sign-in', { email: m.email, password: 'enigma1' })).status).toBe(401);
    expect((await new Client(t).post('/auth/sign-in', { email: m.email, password: 'new-secret' })).status).toBe(200);

    const again = await new Client(t).post('/auth/reset-password', { token, password: 'third-one', confirmPassword: 'third-one' });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toBe(ACCOUNT_MESSAGES.linkUsed);
    expect((await new Client(t).post('/auth/check-link', { token, kind: 'password_reset' })).body).toEqual({ state: 'used', email: null });
    const actions = await t.sql<{ action: string }>('select action from audit_events where target_id = $1 order by created_at', [m.id]);
    expect(actions.map((r) => r.action)).toEqual(expect.arrayContaining(['user.password_reset_requested', 'user.password_reset_completed']));
  });

  it('sends nothing for an invited or deactivated account', async () => {
    const a = await signUpCompany(t, ['crm']);
    const m = await addMember(a);
    const i = await invite(a);
    expect((await a.client.post(`/users/${m.id}/deactivate`, {})).status).toBe(200);
    for (const email of [m.email, i.email]) {
      const before = await mailCount(email);
      expect((await new Client(t).post('/auth/forgot-password', { email })).status).toBe(200);
      expect(await mailCount(email)).toBe(before);
    }
  });

  it('refuses expired, revoked, tampered and wrong-kind tokens, and a password that breaks the sign-up rules', async () => {
    const a = await signUpCompany(t, ['crm']);
    const m = await addMember(a);
    await new Client(t).post('/auth/forgot-password', { email: m.email });
    const first = (await lastMail(m.email)).token!;
    await new Client(t).post('/auth/forgot-password', { email: m.email });
    const second = (await lastMail(m.email)).token!;
    const body = (token: string) => ({ token, password: 'new-secret', confirmPassword: 'new-secret' });

    const revoked = await new Client(t).post('/auth/reset-password', body(first));
    expect(revoked.body.error.message).toBe(ACCOUNT_MESSAGES.linkNoLongerValid);
    const tampered = second.slice(0, -1) + (second.endsWith('A') ? 'B' : 'A');
    expect((await new Client(t).post('/auth/reset-password', body(tampered))).body.error.message).toBe(ACCOUNT_MESSAGES.linkInvalid);
    expect((await new Client(t).post('/auth/reset-password', body('not a token'))).body.error.message).toBe(ACCOUNT_MESSAGES.linkInvalid);
    expect((await new Client(t).post('/auth/accept-invite', body(second))).body.error.message).toBe(ACCOUNT_MESSAGES.linkInvalid);
    expect((await new Client(t).post('/auth/check-link', { token: second, kind: 'invitation' })).body.state).toBe('invalid');

    const short = await new Client(t).post('/auth/reset-password', { token: second, password: '12345', confirmPassword: '12345' });
    expect(short.body.error.message).toBe(AUTH_MESSAGES.passwordTooShort);
    const mismatch = await new Client(t).post('/auth/reset-password', { token: second, password: '123456', confirmPassword: '1234567' });
    expect(mismatch.body.error.message).toBe(AUTH_MESSAGES.passwordsDoNotMatch);

    await t.sql("update user_tokens set expires_at = now() - interval '1 second' where user_id = $1 and used_at is null and revoked_at is null", [m.id]);
    const expired = await new Client(t).post('/auth/reset-password', body(second));
    expect(expired.status).toBe(400);
    expect(expired.body.error.message).toBe(ACCOUNT_MESSAGES.linkExpired);
    expect((await m.client.get('/me/products')).status).toBe(200);
    expect((await new Client(t).post('/auth/sign-in', { email: m.email, password: 'enigma1' })).status).toBe(200);
  });

  it('two resets with one link at the same moment: one succeeds', async () => {
    const a = await signUpCompany(t, ['crm']);
    const m = await addMember(a);
    await new Client(t).post('/auth/forgot-password', { email: m.email });
    const { token } = await lastMail(m.email);
    const peer = await t.peer();
    const results = await Promise.all([
      new Client(t).post('/auth/reset-password', { token, password: 'first-pass', confirmPassword: 'first-pass' }),
      new Client({ app: peer }).post('/auth/reset-password', { token, password: 'second-pass', confirmPassword: 'second-pass' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('limits requests per client address and per email address', async () => {
    const limited = await createTestApp({ PASSWORD_RESET_MAX_REQUESTS: '2', TRUST_PROXY: 'true' });
    try {
      const from = (ip: string, email: string) => new Client(limited).request('POST', '/auth/forgot-password', { email }, { 'x-forwarded-for': ip });
      expect((await from('10.0.0.1', 'a@example.com')).status).toBe(200);
      expect((await from('10.0.0.1', 'b@example.com')).status).toBe(200);
      const third = await from('10.0.0.1', 'c@example.com');
      expect(third.status).toBe(429);
      expect(third.body.error.message).toBe(ACCOUNT_MESSAGES.tooManyResetRequests);
      expect((await from('10.0.0.2', 'target@example.com')).status).toBe(200);
      expect((await from('10.0.0.3', 'target@example.com')).status).toBe(200);
      expect((await from('10.0.0.4', 'target@example.com')).status).toBe(429);
    } finally {
      await limited.close();
    }
  });

  it('a super admin sends the same email from a user row; not for another company, not for an invited user', async () => {
    const a = await signUpCompany(t, ['crm']);
    const b = await signUpCompany(t, ['crm']);
    const m = await addMember(a);
    const i = await invite(a);
    expect((await a.client.post(`/users/${m.id}/send-password-reset`, {})).status).toBe(204);
    expect((await lastMail(m.email)).mail?.subject).toBe('Reset your WorkSphere password');
    expect((await b.client.post(`/users/${m.id}/send-password-reset`, {})).status).toBe(404);
    const invited = await a.client.post(`/users/${i.id}/send-password-reset`, {});
    expect(invited.status).toBe(409);
    expect(invited.body.error.message).toBe(USER_MESSAGES.notActive);
    expect((await m.client.post(`/users/${a.userId}/send-password-reset`, {})).status).toBe(403);
  });
});

describe('invitations', () => {
  it('invite → the invitee is Invited and cannot sign in → accepts with a password, lands signed in with the access granted', async () => {
    const a = await signUpCompany(t, ['crm', 'hrms']);
    const i = await invite(a);
    const { mail } = await lastMail(i.email);
    expect(mail!.subject).toMatch(/^You are invited to .+ on WorkSphere$/);
    expect(mail!.text_body).toContain(`http://localhost:3000/accept-invite?token=${i.token}`);
    expect((await a.client.get(`/users/${i.id}`)).body.status).toBe('invited');
    expect(await t.sql('select 1 from accounts where user_id = $1', [i.id])).toHaveLength(0);
    const signIn = await new Client(t).post('/auth/sign-in', { email: i.email, password: 'anything1' });
    expect(signIn.status).toBe(401);
    expect(signIn.body.error.message).toBe(AUTH_MESSAGES.invalidCredentials);

    expect((await new Client(t).post('/auth/check-link', { token: i.token, kind: 'invitation' })).body).toEqual({ state: 'valid', email: i.email });
    const invitee = new Client(t);
    const res = await invitee.post('/auth/accept-invite', { token: i.token, password: 'chosen1', confirmPassword: 'chosen1' });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ email: i.email, role: 'user', companyId: a.companyId });
    expect(((await invitee.get('/me/products')).body.items as { type: string }[]).map((p) => p.type)).toEqual(['crm']);
    expect((await a.client.get(`/users/${i.id}`)).body.status).toBe('active');

    const reuse = await new Client(t).post('/auth/accept-invite', { token: i.token, password: 'other12', confirmPassword: 'other12' });
    expect(reuse.status).toBe(400);
    expect(reuse.body.error.message).toBe(ACCOUNT_MESSAGES.linkUsed);
    expect((await new Client(t).post('/auth/sign-in', { email: i.email, password: 'chosen1' })).status).toBe(200);
    const actions = (await t.sql<{ action: string }>('select action from audit_events where target_id = $1 order by created_at, id', [i.id])).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['user.created', 'user.access_granted', 'user.invitation_sent', 'user.invitation_accepted']));
  });

  it('resend replaces the link; revoke ends it; expired links say so; Invited users cannot be deactivated', async () => {
    const a = await signUpCompany(t, ['crm']);
    const i = await invite(a);
    expect((await a.client.post(`/users/${i.id}/resend-invitation`, {})).status).toBe(204);
    const fresh = (await lastMail(i.email)).token!;
    expect(fresh).not.toBe(i.token);
    expect((await new Client(t).post('/auth/check-link', { token: i.token, kind: 'invitation' })).body.state).toBe('revoked');
    expect((await new Client(t).post('/auth/check-link', { token: fresh, kind: 'invitation' })).body.state).toBe('valid');

    const deactivate = await a.client.post(`/users/${i.id}/deactivate`, {});
    expect(deactivate.status).toBe(409);
    expect(deactivate.body.error.message).toBe(USER_MESSAGES.invitedCannotBeDeactivated);

    expect((await a.client.post(`/users/${i.id}/revoke-invitation`, {})).status).toBe(204);
    const revoked = await new Client(t).post('/auth/accept-invite', { token: fresh, password: 'chosen1', confirmPassword: 'chosen1' });
    expect(revoked.body.error.message).toBe(ACCOUNT_MESSAGES.linkNoLongerValid);

    expect((await a.client.post(`/users/${i.id}/resend-invitation`, {})).status).toBe(204);
    const third = (await lastMail(i.email)).token!;
    await t.sql("update user_tokens set expires_at = now() - interval '1 second' where user_id = $1", [i.id]);
    expect((await new Client(t).post('/auth/check-link', { token: third, kind: 'invitation' })).body.state).toBe('expired');
    expect((await new Client(t).post('/auth/accept-invite', { token: third, password: 'chosen1', confirmPassword: 'chosen1' })).body.error.message).toBe(
      ACCOUNT_MESSAGES.linkExpired,
    );
  });

  it('a taken email or a bad grant writes nothing, no user, no mail', async () => {
    const a = await signUpCompany(t, ['crm']);
    const b = await signUpCompany(t, ['crm']);
    const taken = await a.client.post('/users/invitations', {
      firstName: 'X',
      lastName: 'Y',
      email: b.email.toUpperCase(),
      access: [{ productId: a.productIds.crm, entityId: a.entityId, roleType: 'viewer' }],
    });
    expect(taken.status).toBe(409);
    const email = uniqueEmail('bad-grant');
    const bad = await a.client.post('/users/invitations', {
      firstName: 'X',
      lastName: 'Y',
      email,
      access: [{ productId: b.productIds.crm, entityId: b.entityId, roleType: 'viewer' }],
    });
    expect(bad.status).toBe(400);
    expect(await mailCount(email)).toBe(0);
    expect(await mailCount(b.email)).toBe(0);
    expect(await t.sql('select 1 from users where email = $1', [email])).toHaveLength(0);
  });

  it("resend and revoke answer 404 for another company's invitee and 409 for an active user", async () => {
    const a = await signUpCompany(t, ['crm']);
    const b = await signUpCompany(t, ['crm']);
    const i = await invite(a);
    expect((await b.client.post(`/users/${i.id}/resend-invitation`, {})).status).toBe(404);
    expect((await b.client.post(`/users/${i.id}/revoke-invitation`, {})).status).toBe(404);
    expect((await new Client(t).post('/auth/check-link', { token: i.token, kind: 'invitation' })).body.state).toBe('valid');
    const active = await a.client.post(`/users/${a.userId}/resend-invitation`, {});
    expect(active.status).toBe(409);
    expect(active.body.error.message).toBe(USER_MESSAGES.notInvited);
  });
});

describe('links after an email change or a deactivation (issue 30 #1, #2)', () => {
  const setPassword = (path: string, token: string, password = 'taken-over1') => new Client(t).post(path, { token, password, confirmPassword: password });
  const check = async (token: string, kind: 'invitation' | 'password_reset') => (await new Client(t).post('/auth/check-link', { token, kind })).body;
  const changes = async (userId: string, action: string) =>
    (await t.sql<{ changes: { field: string; before?: unknown; after?: unknown }[] }>('select changes from audit_events where target_id = $1 and action = $2 order by created_at desc limit 1', [userId, action]))[0]!.changes;

  it("a new email revokes the invitation sent to the old one: it neither checks as valid nor signs anyone in", async () => {
    const a = await signUpCompany(t, ['crm']);
    const i = await invite(a);
    const newEmail = uniqueEmail('corrected');
    expect((await a.client.patch(`/users/${i.id}`, { email: newEmail })).status).toBe(200);

    expect(await check(i.token, 'invitation')).toEqual({ state: 'revoked', email: null });
    const accepted = await setPassword('/auth/accept-invite', i.token);
    expect(accepted.status).toBe(400);
    expect(accepted.body.error.message).toBe(ACCOUNT_MESSAGES.linkNoLongerValid);
    expect(accepted.headers.getSetCookie()).toEqual([]);
    expect((await a.client.get(`/users/${i.id}`)).body.status).toBe('invited');
    expect((await new Client(t).post('/auth/sign-in', { email: newEmail, password: 'taken-over1' })).status).toBe(401);
    expect(await changes(i.id, 'user.updated')).toContainEqual({ field: 'links', before: 1, after: 0 });

    // A new invitation goes to the new address and works.
    expect((await a.client.post(`/users/${i.id}/resend-invitation`, {})).status).toBe(204);
    const fresh = (await lastMail(newEmail)).token!;
    expect(await check(fresh, 'invitation')).toEqual({ state: 'valid', email: newEmail });
    expect((await setPassword('/auth/accept-invite', fresh, 'chosen12')).status).toBe(200);
  });

  it('a new email revokes a reset link asked for the old address; a name change keeps it', async () => {
    const a = await signUpCompany(t, ['crm']);
    const m = await addMember(a);
    await new Client(t).post('/auth/forgot-password', { email: m.email });
    const kept = (await lastMail(m.email)).token!;
    expect((await a.client.patch(`/users/${m.id}`, { firstName: 'Alan M.' })).status).toBe(200);
    expect(await check(kept, 'password_reset')).toEqual({ state: 'valid', email: m.email });

    const newEmail = uniqueEmail('moved');
    expect((await a.client.patch(`/users/${m.id}`, { email: newEmail })).status).toBe(200);
    expect(await check(kept, 'password_reset')).toEqual({ state: 'revoked', email: null });
    const reset = await setPassword('/auth/reset-password', kept);
    expect(reset.status).toBe(400);
    expect(reset.body.error.message).toBe(ACCOUNT_MESSAGES.linkNoLongerValid);
    expect((await new Client(t).post('/auth/sign-in', { email: newEmail, password: 'taken-over1' })).status).toBe(401);
    expect((await new Client(t).post('/auth/sign-in', { email: newEmail, password: 'enigma1' })).status).toBe(200);
  });

  it('deactivation revokes a reset link, which says why, and it stays revoked after reactivation', async () => {
    const a = await signUpCompany(t, ['crm']);
    const m = await addMember(a);
    await new Client(t).post('/auth/forgot-password', { email: m.email });
    const { token } = await lastMail(m.email);
    expect((await a.client.post(`/users/${m.id}/deactivate`, {})).status).toBe(200);
    expect(await changes(m.id, 'user.deactivated')).toContainEqual({ field: 'links', before: 1, after: 0 });

    expect(await check(token!, 'password_reset')).toEqual({ state: 'deactivated', email: null });
    const whileDeactivated = await setPassword('/auth/reset-password', token!);
    expect(whileDeactivated.status).toBe(400);
    expect(whileDeactivated.body.error.message).toBe(ACCOUNT_MESSAGES.linkAccountDeactivated);

    expect((await a.client.post(`/users/${m.id}/reactivate`, {})).status).toBe(200);
    expect(await check(token!, 'password_reset')).toEqual({ state: 'revoked', email: null });
    const afterReactivation = await setPassword('/auth/reset-password', token!);
    expect(afterReactivation.status).toBe(400);
    expect(afterReactivation.body.error.message).toBe(ACCOUNT_MESSAGES.linkNoLongerValid);
    expect((await new Client(t).post('/auth/sign-in', { email: m.email, password: 'taken-over1' })).status).toBe(401);
    expect((await new Client(t).post('/auth/sign-in', { email: m.email, password: 'enigma1' })).status).toBe(200);
  });

  it('a link still unrevoked (sent before this fix) of a deactivated account says the account is deactivated, not "used"', async () => {
    const a = await signUpCompany(t, ['crm']);
    const m = await addMember(a);
    await new Client(t).post('/auth/forgot-password', { email: m.email });
    const { token } = await lastMail(m.email);
    await t.sql("update users set status = 'deactivated' where id = $1", [m.id]);
    expect(await check(token!, 'password_reset')).toEqual({ state: 'deactivated', email: null });
    const res = await setPassword('/auth/reset-password', token!);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(ACCOUNT_MESSAGES.linkAccountDeactivated);
    // The refusal spent nothing: the token is still unused.
    expect(await t.sql('select 1 from user_tokens where user_id = $1 and used_at is null and revoked_at is null', [m.id])).toHaveLength(1);
  });
});

describe('/me: own name and password', () => {
  it('changes the name', async () => {
    const a = await signUpCompany(t, ['crm']);
    const m = await addMember(a);
    expect((await m.client.patch('/me', { firstName: 'Alan M.', lastName: 'Turing' })).status).toBe(200);
    expect((await m.client.get('/session')).body.user).toMatchObject({ firstName: 'Alan M.', lastName: 'Turing' });
    expect((await m.client.patch('/me', { firstName: '', lastName: 'T' })).status).toBe(400);
    expect((await m.client.patch('/me', { firstName: 'A', lastName: 'T', role: 'super_admin' })).status).toBe(400);
  });

  it('changes the password with the current one; other sessions end, this one stays', async () => {
    const a = await signUpCompany(t, ['crm']);
    const m = await addMember(a);
    const other = new Client(t);
    await other.post('/auth/sign-in', { email: m.email, password: 'enigma1' });

    const wrong = await m.client.post('/me/password', { currentPassword: 'nope123', password: 'brand-new', confirmPassword: 'brand-new' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(ACCOUNT_MESSAGES.currentPasswordWrong);
    const ok = await m.client.post('/me/password', { currentPassword: 'enigma1', password: 'brand-new', confirmPassword: 'brand-new' });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(ACCOUNT_MESSAGES.passwordChanged);
    expect((await m.client.get('/me/products')).status).toBe(200);
    expect((await other.get('/me/products')).status).toBe(401);
    expect((await new Client(t).post('/auth/sign-in', { email: m.email, password: 'enigma1' })).status).toBe(401);
    expect((await new Client(t).post('/auth/sign-in', { email: m.email, password: 'brand-new' })).status).toBe(200);
    expect(JSON.stringify(await t.sql("select changes from audit_events where action = 'user.password_changed' and target_id = $1", [m.id]))).not.toMatch(
      /brand-new|enigma1/,
    );
  });

  it('limits wrong current passwords', async () => {
    const limited = await createTestApp({ SIGN_IN_MAX_FAILURES: '2' });
    try {
      const a = await signUpCompany(limited, ['crm']);
      const body = { currentPassword: 'wrong-one', password: 'brand-new', confirmPassword: 'brand-new' };
      expect((await a.client.post('/me/password', body)).status).toBe(400);
      expect((await a.client.post('/me/password', body)).status).toBe(400);
      expect((await a.client.post('/me/password', body)).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('secrets stay out of logs and responses', () => {
  it('no token, password or hash in the log lines or answers of reset, invitation and password change', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'trace' }, { write: (line: string) => lines.push(line) });
    const logged = await createTestApp({ PASSWORD_RESET_MAX_REQUESTS: '1000' }, { log });
    try {
      const a = await signUpCompany(logged, ['crm']);
      const answers: string[] = [];
      const keep = <T extends { body: unknown }>(res: T) => (answers.push(JSON.stringify(res.body ?? '')), res);
      const mailTo = async (email: string) => {
        const [row] = await logged.sql<{ text_body: string }>('select text_body from email_outbox where to_address = $1 order by created_at desc limit 1', [email]);
        return /token=([A-Za-z0-9_-]{43})/.exec(row!.text_body)![1]!;
      };
      keep(await new Client(logged).post('/auth/forgot-password', { email: a.email }));
      const resetToken = await mailTo(a.email);
      keep(await new Client(logged).post('/auth/check-link', { token: resetToken, kind: 'password_reset' }));
      keep(await new Client(logged).post('/auth/reset-password', { token: resetToken, password: 'reset-pass-1', confirmPassword: 'reset-pass-1' }));
      keep(await a.client.post('/auth/sign-in', { email: a.email, password: 'reset-pass-1' }));
      const email = uniqueEmail('leak');
      keep(await a.client.post('/users/invitations', { firstName: 'L', lastName: 'K', email, access: [{ productId: a.productIds.crm, entityId: a.entityId }] }));
      const inviteToken = await mailTo(email);
      const invitee = new Client(logged);
      keep(await invitee.post('/auth/accept-invite', { token: inviteToken, password: 'invite-pass-1', confirmPassword: 'invite-pass-1' }));
      keep(await invitee.post('/me/password', { currentPassword: 'invite-pass-1', password: 'changed-pass-1', confirmPassword: 'changed-pass-1' }));
      const hashes = (await logged.sql<{ password: string }>('select password from accounts')).map((r) => r.password);
      const secrets = [resetToken, inviteToken, 'reset-pass-1', 'invite-pass-1', 'changed-pass-1', ...hashes];
      const events = JSON.stringify(await logged.sql('select changes from audit_events'));
      for (const secret of secrets) {
        for (const line of lines) expect(line, 'log line').not.toContain(secret);
        for (const answer of answers) expect(answer, 'response').not.toContain(secret);
        expect(events, 'audit log').not.toContain(secret);
      }
      expect(lines.length).toBeGreaterThan(5);
    } finally {
      await logged.close();
    }
  }, 120_000);
});
