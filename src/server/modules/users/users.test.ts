import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@/shared/auth';
import { VALIDATION_MESSAGES } from '@/shared/errors';
import { USER_MESSAGES } from '@/shared/users';
import { Client, createTestApp, signUpCompany, uniqueEmail, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newUser = (access: { productId: string; entityId: string }[], overrides: Record<string, unknown> = {}) => ({
  firstName: 'Alan',
  lastName: 'Turing',
  email: uniqueEmail('member'),
  password: 'enigma1',
  confirmPassword: 'enigma1',
  access: access.map((a) => ({ ...a, roleType: 'app_admin' })),
  ...overrides,
});

describe('users', () => {
  it('creates a user who can sign in at once and sees exactly the products granted', async () => {
    const a = await signUpCompany(t, ['crm', 'hrms']);
    const body = newUser([{ productId: a.productIds.hrms, entityId: a.entityId }]);
    const res = await a.client.post('/users', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ firstName: 'Alan', lastName: 'Turing', email: body.email, role: 'user' });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);

    const member = new Client(t);
    const signIn = await member.post('/auth/sign-in', { email: body.email, password: body.password });
    expect(signIn.status).toBe(200);
    expect(signIn.body.user).toMatchObject({ role: 'user', companyId: a.companyId });
    const products = await member.get('/me/products');
    expect(products.body.items.map((p: { type: string }) => p.type)).toEqual(['hrms']);

    const list = await a.client.get('/users');
    expect(list.body.items.map((u: { email: string }) => u.email)).toEqual([body.email, a.email]);
  });

  it('refuses a grant at an entity that does not hold the product, writing nothing', async () => {
    const a = await signUpCompany(t, ['crm', 'hrms']);
    const other = await a.client.post('/entities', {
      name: 'CRM only',
      organizationId: a.organizationId,
      country: 'Other',
      productIds: [a.productIds.crm],
    });
    const body = newUser([
      { productId: a.productIds.crm, entityId: other.body.id },
      { productId: a.productIds.hrms, entityId: other.body.id },
    ]);
    const res = await a.client.post('/users', body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(USER_MESSAGES.invalidAccess);
    expect(await t.sql('select 1 from users where email = $1', [body.email])).toHaveLength(0);
    expect(await t.sql("select 1 from accounts a join users u on u.id = a.user_id where u.email = $1", [body.email])).toHaveLength(0);
  });

  it("refuses another company's entity", async () => {
    const a = await signUpCompany(t, ['crm']);
    const b = await signUpCompany(t, ['crm']);
    const res = await b.client.post('/users', newUser([{ productId: b.productIds.crm, entityId: a.entityId }]));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(USER_MESSAGES.invalidAccess);
  });

  it.each([
    [{ firstName: '' }, USER_MESSAGES.firstNameRequired],
    [{ lastName: ' ' }, USER_MESSAGES.lastNameRequired],
    [{ email: '' }, USER_MESSAGES.emailRequired],
    [{ email: 'no-at-sign' }, USER_MESSAGES.invalidEmail],
    [{ password: '', confirmPassword: '' }, USER_MESSAGES.passwordRequired],
    [{ password: '12345', confirmPassword: '12345' }, USER_MESSAGES.passwordTooShort],
    [{ confirmPassword: 'nope123' }, USER_MESSAGES.passwordsDoNotMatch],
    [{ access: [] }, USER_MESSAGES.configureAccess],
    [{ role: 'super_admin' }, VALIDATION_MESSAGES.unknownField],
  ])('refuses %j with the spec message', async (overrides, message) => {
    const a = await signUpCompany(t, ['crm']);
    const res = await a.client.post('/users', newUser([{ productId: a.productIds.crm, entityId: a.entityId }], overrides));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
  });

  it('refuses a taken email', async () => {
    const a = await signUpCompany(t, ['crm']);
    const res = await a.client.post('/users', newUser([{ productId: a.productIds.crm, entityId: a.entityId }], { email: a.email.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(AUTH_MESSAGES.emailTaken);
  });

  it('deletes a user: their access, sessions and account go, an open session stops working', async () => {
    const a = await signUpCompany(t, ['crm']);
    const body = newUser([{ productId: a.productIds.crm, entityId: a.entityId }]);
    const created = (await a.client.post('/users', body)).body;
    const member = new Client(t);
    await member.post('/auth/sign-in', { email: body.email, password: body.password });
    expect((await member.get('/me/products')).status).toBe(200);

    expect((await a.client.delete(`/users/${created.id}`)).status).toBe(204);
    expect((await member.get('/me/products')).status).toBe(401);
    expect((await new Client(t).post('/auth/sign-in', { email: body.email, password: body.password })).status).toBe(401);
    expect(await t.sql('select 1 from user_product_access where user_id = $1', [created.id])).toHaveLength(0);
    expect(await t.sql('select 1 from sessions where user_id = $1', [created.id])).toHaveLength(0);
    expect(await t.sql('select 1 from accounts where user_id = $1', [created.id])).toHaveLength(0);
    expect((await a.client.delete(`/users/${created.id}`)).status).toBe(404);
  });

  it('does not let a super admin delete themselves', async () => {
    const a = await signUpCompany(t, ['crm']);
    const res = await a.client.delete(`/users/${a.userId}`);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(USER_MESSAGES.cannotDeleteSelf);
  });

  it("answers 404 for another company's user and keeps them", async () => {
    const a = await signUpCompany(t, ['crm']);
    const b = await signUpCompany(t, ['crm']);
    expect((await b.client.delete(`/users/${a.userId}`)).status).toBe(404);
    expect(await t.sql('select 1 from users where id = $1', [a.userId])).toHaveLength(1);
    const list = await b.client.get('/users');
    expect(list.body.items.map((u: { id: string }) => u.id)).toEqual([b.userId]);
  });

  it('forbids members every administration route', async () => {
    const a = await signUpCompany(t, ['crm']);
    const body = newUser([{ productId: a.productIds.crm, entityId: a.entityId }]);
    await a.client.post('/users', body);
    const member = new Client(t);
    await member.post('/auth/sign-in', { email: body.email, password: body.password });
    const calls = [
      member.get('/users'),
      member.post('/users', newUser([{ productId: a.productIds.crm, entityId: a.entityId }])),
      member.delete(`/users/${a.userId}`),
      member.get('/organizations'),
      member.get('/organizations/options'),
      member.post('/organizations', { name: 'Member Org' }),
      member.patch(`/organizations/${a.organizationId}`, { name: 'Member Org' }),
      member.get('/entities'),
      member.get('/entity-options'),
      member.post('/entities', { name: 'M', organizationId: a.organizationId, country: 'Other', productIds: [a.productIds.crm] }),
      member.patch(`/entities/${a.entityId}`, { name: 'M', country: 'Other' }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(USER_MESSAGES.accessDenied);
    }
    expect(await t.sql('select 1 from users where id = $1', [a.userId])).toHaveLength(1);
  });
});
