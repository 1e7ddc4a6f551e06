import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '@/shared/auth';
import { VALIDATION_MESSAGES } from '@/shared/errors';
import { USER_MESSAGES } from '@/shared/users';
import { Client, createTestApp, signUpCompany, uniqueEmail, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  // Many companies from one client address.
  t = await createTestApp({ SIGN_UP_MAX_ATTEMPTS: '1000' });
});
afterAll(() => t.close());

type Company = Awaited<ReturnType<typeof signUpCompany>>;

/** Adds a member (or, promoted after creation, a super admin) and signs them in on a client of their own. */
async function addUser(a: Company, access: { productId: string; entityId: string; roleType?: string }[], role: 'user' | 'super_admin' = 'user') {
  const email = uniqueEmail('person');
  const created = await a.client.post('/users', {
    firstName: 'Alan',
    lastName: 'Turing',
    email,
    password: 'enigma1',
    confirmPassword: 'enigma1',
    access: access.map((x) => ({ roleType: 'app_admin', ...x })),
  });
  expect(created.status).toBe(201);
  if (role === 'super_admin') expect((await a.client.patch(`/users/${created.body.id}`, { role: 'super_admin' })).status).toBe(200);
  const client = new Client(t);
  expect((await client.post('/auth/sign-in', { email, password: 'enigma1' })).status).toBe(200);
  return { id: created.body.id as string, email, password: 'enigma1', client };
}

const events = (companyId: string, targetId: string) =>
  t.sql<{ action: string; changes: unknown }>('select action, changes from audit_events where company_id = $1 and target_id = $2 order by created_at, id', [companyId, targetId]);

describe('GET and PATCH /api/users/{id}', () => {
  it('reads a user with their access rows, and edits everything in one save with its audit events', async () => {
    const a = await signUpCompany(t, ['crm', 'hrms']);
    const m = await addUser(a, [{ productId: a.productIds.crm, entityId: a.entityId, roleType: 'member' }]);
    const read = await a.client.get(`/users/${m.id}`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: m.id, firstName: 'Alan', role: 'user', status: 'active', access: [{ productId: a.productIds.crm, entityId: a.entityId, roleType: 'member' }] });

    const email = uniqueEmail('renamed');
    const res = await a.client.patch(`/users/${m.id}`, {
      firstName: 'Alan M.',
      lastName: 'Turing',
      email: email.toUpperCase(),
      role: 'user',
      access: [{ productId: a.productIds.hrms, entityId: a.entityId, roleType: 'viewer' }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'Alan M.', email, role: 'user', status: 'active' });
    expect((await a.client.get(`/users/${m.id}`)).body.access).toEqual([{ productId: a.productIds.hrms, entityId: a.entityId, roleType: 'viewer' }]);
    const actions = (await events(a.companyId, m.id)).map((e) => e.action);
    expect(actions.slice(-3)).toEqual(['user.updated', 'user.access_revoked', 'user.access_granted']);
  });

  it('access changes take effect on the next request, without signing in again', async () => {
    const a = await signUpCompany(t, ['crm', 'hrms']);
    const m = await addUser(a, [
      { productId: a.productIds.crm, entityId: a.entityId },
      { productId: a.productIds.hrms, entityId: a.entityId },
    ]);
    const types = async () => ((await m.client.get('/me/products')).body.items as { type: string }[]).map((p) => p.type);
    expect(await types()).toEqual(['crm', 'hrms']);
    expect((await m.client.get(`/hrms/context`)).status).toBe(200);

    expect((await a.client.patch(`/users/${m.id}`, { access: [{ productId: a.productIds.crm, entityId: a.entityId, roleType: 'app_admin' }] })).status).toBe(200);
    expect(await types()).toEqual(['crm']);
    expect((await m.client.get('/hrms/employees')).status).toBe(403);
  });

  it('promotes and demotes: a new super admin reaches administration routes at once, a demoted one loses them', async () => {
    const a = await signUpCompany(t, ['crm']);
    const m = await addUser(a, [{ productId: a.productIds.crm, entityId: a.entityId }]);
    expect((await m.client.get('/users')).status).toBe(403);
    const up = await a.client.patch(`/users/${m.id}`, { role: 'super_admin' });
    expect(up.body.role).toBe('super_admin');
    expect((await m.client.get('/users')).status).toBe(200);
    expect((await a.client.patch(`/users/${m.id}`, { role: 'user' })).status).toBe(200);
    expect((await m.client.get('/users')).status).toBe(403);
    expect((await events(a.companyId, m.id)).filter((e) => e.action === 'user.role_changed')).toHaveLength(2);
  });

  it('refuses a taken email (any case) and changes nothing', async () => {
    const a = await signUpCompany(t, ['crm']);
    const b = await signUpCompany(t, ['crm']);
    const m = await addUser(a, [{ productId: a.productIds.crm, entityId: a.entityId }]);
    const res = await a.client.patch(`/users/${m.id}`, { firstName: 'Changed', email: b.email.toUpperCase() });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(AUTH_MESSAGES.emailTaken);
    expect((await a.client.get(`/users/${m.id}`)).body).toMatchObject({ firstName: 'Alan', email: m.email });
  });

  it.each([
    [{ firstName: '' }, USER_MESSAGES.firstNameRequired],
    [{ lastName: ' ' }, USER_MESSAGES.lastNameRequired],
    [{ email: '' }, USER_MESSAGES.emailRequired],
    [{ email: 'no-at-sign' }, USER_MESSAGES.invalidEmail],
    [{ access: [] }, USER_MESSAGES.configureAccess],
    [{ role: 'owner' }, undefined],
    [{ password: 'secret123' }, VALIDATION_MESSAGES.unknownField],
    [{ companyId: '00000000-0000-4000-8000-000000000000' }, VALIDATION_MESSAGES.unknownField],
  ])('refuses %j with the wizard message', async (body, message) => {
    const a = await signUpCompany(t, ['crm']);
    const m = await addUser(a, [{ productId: a.productIds.crm, entityId: a.entityId }]);
    const res = await a.client.patch(`/users/${m.id}`, body);
    expect(res.status).toBe(400);
    if (message) expect(res.body.error.message).toBe(message);
  });

  it("refuses access at an entity without the product or of another company, and leaves the user's access as it was", async () => {
    const a = await signUpCompany(t, ['crm', 'hrms']);
    const b = await signUpCompany(t, ['crm']);
    const crmOnly = await a.client.post('/entities', { name: 'CRM only', organizationId: a.organizationId, country: 'Other', productIds: [a.productIds.crm] });
    const m = await addUser(a, [{ productId: a.productIds.crm, entityId: a.entityId }]);
    for (const access of [
      [{ productId: a.productIds.hrms, entityId: crmOnly.body.id, roleType: 'member' }],
      [{ productId: b.productIds.crm, entityId: b.entityId, roleType: 'member' }],
    ]) {
      const res = await a.client.patch(`/users/${m.id}`, { firstName: 'Nope', access });
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(USER_MESSAGES.invalidAccess);
    }
    expect((await a.client.get(`/users/${m.id}`)).body).toMatchObject({
      firstName: 'Alan',
      access: [{ productId: a.productIds.crm, entityId: a.entityId, roleType: 'app_admin' }],
    });
  });

  it("answers 404 for another company's user, an unknown id and a malformed one; B's user is unchanged", async () => {
    const a = await signUpCompany(t, ['crm']);
    const b = await signUpCompany(t, ['crm']);
    const bm = await addUser(b, [{ productId: b.productIds.crm, entityId: b.entityId }]);
    for (const id of [bm.id, bm.id.toUpperCase(), '00000000-0000-4000-8000-000000000000', 'not-an-id']) {
      expect((await a.client.get(`/users/${id}`)).status).toBe(404);
      expect((await a.client.patch(`/users/${id}`, { firstName: 'Hijacked' })).status).toBe(404);
      expect((await a.client.post(`/users/${id}/deactivate`, {})).status).toBe(404);
      expect((await a.client.post(`/users/${id}/reactivate`, {})).status).toBe(404);
    }
    expect((await b.client.get(`/users/${bm.id}`)).body).toMatchObject({ firstName: 'Alan', status: 'active' });
    expect((await bm.client.get('/me/products')).status).toBe(200);
  });
});

describe('never lock a company out', () => {
  it('the last active super admin cannot demote themselves', async () => {
    const a = await signUpCompany(t, ['crm']);
    const res = await a.client.patch(`/users/${a.userId}`, { role: 'user' });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(USER_MESSAGES.lastSuperAdmin);
    expect((await a.client.get('/users')).status).toBe(200);
  });

  it('with a second active super admin, one may step down; a deactivated one does not count', async () => {
    const a = await signUpCompany(t, ['crm']);
    const second = await addUser(a, [{ productId: a.productIds.crm, entityId: a.entityId }], 'super_admin');
    expect((await a.client.post(`/users/${second.id}/deactivate`, {})).status).toBe(200);
    expect((await a.client.patch(`/users/${a.userId}`, { role: 'user' })).status).toBe(409);
    expect((await a.client.post(`/users/${second.id}/reactivate`, {})).status).toBe(200);
    expect((await a.client.patch(`/users/${a.userId}`, { role: 'user' })).status).toBe(200);
    expect((await a.client.get('/users')).status).toBe(403);
  });

  it('a super admin cannot delete or deactivate their own account, in any letter case', async () => {
    const a = await signUpCompany(t, ['crm']);
    const del = await a.client.delete(`/users/${a.userId.toUpperCase()}`);
    expect(del.status).toBe(400);
    const res = await a.client.post(`/users/${a.userId.toUpperCase()}/deactivate`, {});
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(USER_MESSAGES.cannotDeactivateSelf);
  });

  it('two super admins deactivating each other at the same moment leave one active (serialized in the database)', async () => {
    const a = await signUpCompany(t, ['crm']);
    const second = await addUser(a, [{ productId: a.productIds.crm, entityId: a.entityId }], 'super_admin');
    const peer = await t.peer();
    const other = new Client({ app: peer });
    other.cookie = second.client.cookie;
    const results = await Promise.all([a.client.post(`/users/${second.id}/deactivate`, {}), other.post(`/users/${a.userId}/deactivate`, {})]);
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    // The second finds its actor deactivated (403), or the company with one admin left (409), or its session ended (401).
    expect([401, 403, 409]).toContain(statuses[1]);
    const active = await t.sql("select id from users where company_id = $1 and role = 'super_admin' and status = 'active'", [a.companyId]);
    expect(active).toHaveLength(1);
  });

  it('two super admins demoting each other at the same moment leave one super admin', async () => {
    for (let round = 0; round < 3; round++) {
      const a = await signUpCompany(t, ['crm']);
      const second = await addUser(a, [{ productId: a.productIds.crm, entityId: a.entityId }], 'super_admin');
      const peer = await t.peer();
      const other = new Client({ app: peer });
      other.cookie = second.client.cookie;
      await Promise.all([a.client.patch(`/users/${second.id}`, { role: 'user' }), other.patch(`/users/${a.userId}`, { role: 'user' })]);
      const admins = await t.sql("select id from users where company_id = $1 and role = 'super_admin' and status = 'active'", [a.companyId]);
      expect(admins).toHaveLength(1);
    }
  });
});

describe('deactivate and reactivate', () => {
  it('ends every session at once, refuses sign-in after a correct password with the message, keeps data; reactivation restores', async () => {
    const a = await signUpCompany(t, ['crm']);
    const m = await addUser(a, [{ productId: a.productIds.crm, entityId: a.entityId }]);
    const second = new Client(t);
    await second.post('/auth/sign-in', { email: m.email, password: m.password });

    const res = await a.client.post(`/users/${m.id}/deactivate`, {});
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('deactivated');
    expect((await m.client.get('/me/products')).status).toBe(401);
    expect((await second.get('/me/products')).status).toBe(401);
    expect(await t.sql('select 1 from sessions where user_id = $1', [m.id])).toHaveLength(0);

    const right = await new Client(t).post('/auth/sign-in', { email: m.email, password: m.password });
    expect(right.status).toBe(403);
    expect(right.body.error.message).toBe(USER_MESSAGES.accountDeactivated);
    expect(right.headers.getSetCookie().some((c) => /session_token=[^;]+/.test(c) && !/max-age=0/i.test(c))).toBe(false);
    const wrong = await new Client(t).post('/auth/sign-in', { email: m.email, password: 'wrong-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error.message).toBe(AUTH_MESSAGES.invalidCredentials);
    expect(await t.sql('select 1 from sessions where user_id = $1', [m.id])).toHaveLength(0);
    expect(await t.sql('select 1 from user_product_access where user_id = $1', [m.id])).toHaveLength(1);

    const list = await a.client.get('/users');
    expect(list.body.items.find((u: { id: string }) => u.id === m.id).status).toBe('deactivated');

    expect((await a.client.post(`/users/${m.id}/reactivate`, {})).body.status).toBe('active');
    const again = new Client(t);
    expect((await again.post('/auth/sign-in', { email: m.email, password: m.password })).status).toBe(200);
    expect(((await again.get('/me/products')).body.items as { type: string }[]).map((p) => p.type)).toEqual(['crm']);
    const actions = (await events(a.companyId, m.id)).map((e) => e.action);
    expect(actions).toContain('user.deactivated');
    expect(actions).toContain('user.reactivated');
  });

  it('refuses to reactivate a user who is not deactivated only when invited; reactivating an active user changes nothing', async () => {
    const a = await signUpCompany(t, ['crm']);
    const m = await addUser(a, [{ productId: a.productIds.crm, entityId: a.entityId }]);
    const res = await a.client.post(`/users/${m.id}/reactivate`, {});
    expect(res.status).toBe(200);
    expect((await events(a.companyId, m.id)).map((e) => e.action)).not.toContain('user.reactivated');
    expect((await m.client.get('/me/products')).status).toBe(200);
  });

  it('members get 403 from every new route', async () => {
    const a = await signUpCompany(t, ['crm']);
    const m = await addUser(a, [{ productId: a.productIds.crm, entityId: a.entityId }]);
    for (const res of [
      await m.client.get(`/users/${a.userId}`),
      await m.client.patch(`/users/${m.id}`, { role: 'super_admin' }),
      await m.client.post(`/users/${a.userId}/deactivate`, {}),
      await m.client.post(`/users/${a.userId}/reactivate`, {}),
    ]) {
      expect(res.status).toBe(403);
    }
    expect((await a.client.get(`/users/${m.id}`)).body.role).toBe('user');
  });
});

describe('GET /api/users?search=&status=&role=', () => {
  it('finds by name anywhere or email from its start, any case; filters by status and role; counts when asked; pages by keyset', async () => {
    const a = await signUpCompany(t, ['crm'], { firstName: 'Ada', lastName: 'Lovelace' });
    const b = await signUpCompany(t, ['crm']);
    const grant = [{ productId: a.productIds.crm, entityId: a.entityId, roleType: 'member' }];
    const make = async (firstName: string, lastName: string, email: string) => {
      const res = await a.client.post('/users', { firstName, lastName, email, password: 'secret1', confirmPassword: 'secret1', access: grant });
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    const tag = Math.random().toString(36).slice(2, 8);
    const grace = await make('Grace', 'Hopper', `g.hopper-${tag}@navy.example`);
    const alan = await make('Alan', 'Turing', `alan-${tag}@bletchley.example`);
    await make('Katherine', 'Johnson', `kj-${tag}@nasa.example`);
    await make('Grace_%', 'Literal', `literal-${tag}@example.com`);
    const anders = await make('Anders', 'Ångström', `anders-${tag}@uppsala.example`);
    await a.client.post(`/users/${alan}/deactivate`, {});
    // Another company's user with the same name is never found.
    await b.client.post('/users', { firstName: 'Grace', lastName: 'Hopper', email: `other-${tag}@example.com`, password: 'secret1', confirmPassword: 'secret1', access: [{ productId: b.productIds.crm, entityId: b.entityId }] });

    const ids = async (query: string) => {
      const res = await a.client.get(`/users?${query}`);
      expect(res.status, query).toBe(200);
      return res.body as { items: { id: string; firstName: string }[]; total: number | null; nextCursor: string | null };
    };
    expect((await ids('search=HOPP')).items.map((u) => u.id)).toEqual([grace]);
    expect((await ids('search=ace%20hop')).items.map((u) => u.id)).toEqual([grace]);
    expect((await ids(`search=G.HOPPER-${tag}`)).items.map((u) => u.id)).toEqual([grace]);
    // Inside a word, across the space, with letters beyond ASCII, and under three letters (no
    // trigram to look up: the company's users are read).
    expect((await ids('search=rs%20%C3%A5ngstr')).items.map((u) => u.id)).toEqual([anders]);
    expect((await ids('search=gstr%C3%B6m')).items.map((u) => u.id)).toEqual([anders]);
    expect((await ids('search=pp')).items.map((u) => u.id)).toEqual([grace]);
    expect((await ids('search=hopperr')).items).toEqual([]);
    // The email matches from its start only.
    expect((await ids('search=navy.example')).items).toEqual([]);
    // % and _ are literal.
    expect((await ids('search=%25')).items.map((u) => u.firstName)).toEqual(['Grace_%']);
    expect((await ids('search=_')).items.map((u) => u.firstName)).toEqual(['Grace_%']);
    expect((await ids('status=deactivated')).items.map((u) => u.id)).toEqual([alan]);
    expect((await ids('role=super_admin&count=true')).items.map((u) => u.id)).toEqual([a.userId]);
    const counted = await ids('count=true&limit=2');
    expect(counted.total).toBe(6);
    expect(counted.items).toHaveLength(2);
    const second = await ids(`count=false&limit=2&cursor=${counted.nextCursor}`);
    expect(second.total).toBeNull();
    const third = await ids(`limit=2&cursor=${second.nextCursor}`);
    const all = [...counted.items, ...second.items, ...third.items].map((u) => u.id);
    expect(new Set(all).size).toBe(6);
    expect((await ids('search=grace&status=active&count=true')).total).toBe(2);
    // A search's first page counts every match, not the page's rows; so does a later page.
    const firstOfSearch = await ids('search=grace&count=true&limit=1');
    expect(firstOfSearch.items).toHaveLength(1);
    expect(firstOfSearch.total).toBe(2);
    expect((await ids(`search=grace&count=true&limit=1&cursor=${firstOfSearch.nextCursor}`)).total).toBe(2);
    expect((await ids('search=nobody-by-this-name&count=true')).total).toBe(0);
    // Found by its name and by its email: listed and counted once.
    const both = await ids('search=ALAN&count=true');
    expect(both.items.map((u) => u.id)).toEqual([alan]);
    expect(both.total).toBe(1);
    // Filters narrow the search's matches; a search's pages follow one another, and each user
    // reads the same as in the unsearched list.
    expect((await ids('search=grace&role=super_admin&count=true')).total).toBe(0);
    expect((await ids('search=alan&status=active')).items).toEqual([]);
    const firstPage = await ids('search=a&limit=3');
    const nextPage = await ids(`search=a&limit=3&cursor=${firstPage.nextCursor}`);
    const unsearched = (await ids('limit=50')).items;
    const searched = [...firstPage.items, ...nextPage.items];
    expect(new Set(searched.map((u) => u.id)).size).toBe(searched.length);
    expect(searched).toEqual(unsearched.filter((u) => searched.some((s) => s.id === u.id)));
    expect(searched.length).toBeGreaterThan(3);
  });

  it('refuses bad filters with 400', async () => {
    const a = await signUpCompany(t, ['crm']);
    for (const query of ['status=gone', 'role=owner', `search=${'x'.repeat(201)}`, 'search=%00', 'count=yes']) {
      expect((await a.client.get(`/users?${query}`)).status, query).toBe(400);
    }
  });

  it('finds names holding quotes, backslashes and search operators, and names of the longest allowed length', async () => {
    // The name half looks the search up as a prefix of the name's suffixes (migration 0025): the
    // search is one quoted term of a tsquery, so none of these characters may act as syntax, and
    // the suffixes are cut at 64 characters, so a longer search must still be decided in full.
    const a = await signUpCompany(t, ['crm']);
    const grant = [{ productId: a.productIds.crm, entityId: a.entityId }];
    const tag = Math.random().toString(36).slice(2, 8);
    const make = async (firstName: string, lastName: string) => {
      const res = await a.client.post('/users', { firstName, lastName, email: uniqueEmail(`odd-${tag}`), password: 'secret1', confirmPassword: 'secret1', access: grant });
      expect(res.status, `${firstName} ${lastName}`).toBe(201);
      return res.body.id as string;
    };
    const odd = await make("O'Brien & Co: !x", 'Back\\slash*|<->');
    const long = 'Q'.repeat(40) + 'w'.repeat(60);
    const longer = await make(long, `${'z'.repeat(99)}a`);
    const twin = await make(long, `${'z'.repeat(99)}b`);
    const found = async (search: string) => {
      const res = await a.client.get(`/users?search=${encodeURIComponent(search)}&count=true`);
      expect(res.status, search).toBe(200);
      return { ids: (res.body.items as { id: string }[]).map((u) => u.id).sort(), total: res.body.total as number };
    };
    for (const search of ["o'brien", "'b", 'co: !x', '& co', 'back\\slash', '\\s', 'slash*|<->', '*|', ': !', "n & co: !x back\\slash*|<->"]) {
      expect(await found(search), search).toEqual({ ids: [odd], total: 1 });
    }
    expect(await found("o''brien")).toEqual({ ids: [], total: 0 });
    expect(await found('back\\\\slash')).toEqual({ ids: [], total: 0 });
    // Past 64 characters the whole search still decides: the two share their first 199.
    expect(await found(`${'w'.repeat(30)} ${'z'.repeat(99)}`)).toEqual({ ids: [longer, twin].sort(), total: 2 });
    expect(await found(`${'w'.repeat(30)} ${'z'.repeat(99)}b`)).toEqual({ ids: [twin], total: 1 });
    expect(await found(`${'w'.repeat(60)} ${'z'.repeat(99)}a`)).toEqual({ ids: [longer], total: 1 });
    // A rename is found by its new name only.
    expect((await a.client.patch(`/users/${odd}`, { firstName: 'Renamed', lastName: 'Person' })).status).toBe(200);
    expect(await found("o'brien")).toEqual({ ids: [], total: 0 });
    expect(await found('named per')).toEqual({ ids: [odd], total: 1 });
  });

  it('the search statements are index-backed within the company when planned with parameters', async () => {
    // A probe table shaped like users, its indexes included, with 20,000 users in 2 companies: big
    // enough that the planner chooses by cost as it does for a real company. The conditions are
    // app_search_users' (migrations 0024 and 0025), planned as a PL/pgSQL function plans them: generic
    // plans, the values as parameters (a prefix LIKE with a parameter would be a filter over the
    // company).
    const company = '00000000-0000-4000-8000-000000000007';
    const plans = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`create temp table search_probe (like users including defaults including indexes) on commit drop`);
      await tx.execute(sql`
        insert into search_probe (name, email, first_name, last_name, company_id)
        select f || ' ' || l, lower(f || '.' || l || '.' || g) || '@example.com', f, l,
               ('00000000-0000-4000-8000-0000000000' || lpad((g % 2 * 7)::text, 2, '0'))::uuid
        from generate_series(1, 20000) g,
             lateral (select (array['Ada','Alan','Grace','Linus','Ken'])[1 + g % 5] as f, (array['Lovelace','Turing','Hopper','Torvalds','Thompson','Ritchie','Liskov'])[1 + g % 7] as l) n`);
      await tx.execute(sql`analyze search_probe`);
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql`set local enable_seqscan = off`);
      const explain = async (where: string, value: string) => {
        await tx.execute(sql.raw(`prepare search_probe_plan(uuid, text, tsquery) as select id from search_probe where company_id = $1 and ${where}`));
        const res = await tx.execute(
          sql.raw(`explain (format json) execute search_probe_plan('${company}', '${value}', app_name_query('${company}', 'ada lovelace'))`),
        );
        await tx.execute(sql.raw('deallocate search_probe_plan'));
        return JSON.stringify(res.rows);
      };
      return {
        name: await explain(`app_name_suffixes(company_id, lower(first_name || ' ' || last_name)) @@ $3 and lower(first_name || ' ' || last_name) like $2`, '%ada lovelace%'),
        email: await explain('email operator(pg_catalog.~>=~) $2 and email operator(pg_catalog.~<~) ($2 || chr(1114111)) and starts_with(email, $2)', 'ada.lovelace.1'),
      };
    });
    // The name: the GIN index of the company's name suffixes.
    expect(plans.name).toMatch(/"Index Name":"search_probe_app_name_suffixes_idx"/);
    expect(plans.name).toMatch(/"Index Cond":"\(app_name_suffixes\(company_id, lower\([^"]*@@ \$3\)"/);
    // The email: the prefix as an index range, not a filter.
    expect(plans.email).toMatch(/"Index Cond":"\(\(company_id = \$1\) AND \(email ~>=~ \$2\) AND \(email ~<~/);
    // And those are the function's conditions.
    const [fn] = await t.sql<{ def: string }>("select pg_get_functiondef('app_search_users(text, text)'::regprocedure) as def");
    expect(fn?.def).toContain("public.app_name_suffixes(u.company_id, lower(u.first_name || ' ' || u.last_name)) @@ v_name");
    expect(fn?.def).toContain("lower(u.first_name || ' ' || u.last_name) LIKE p_contains");
    expect(fn?.def).toContain('starts_with(u.email, p_search)');
    // A session that names no company finds no one, not every company's users (the earlier test
    // made users named Grace; so does this one's probe, in its own rolled-back table).
    const [none] = await t.sql<{ n: number }>("select count(*)::int as n from app_search_users('%grace%', 'grace')");
    expect(none?.n).toBe(0);
    const [some] = await t.sql<{ n: number }>("select count(*)::int as n from users where lower(first_name) like '%grace%'");
    expect(some?.n).toBeGreaterThan(0);
  });

  it("two companies whose index keys share a tag still never find each other's users", async () => {
    // The name index tags its keys with a 32-bit hash of the company (migration 0025): two companies
    // can share one, and then only the search's company condition tells their users apart. These
    // two ids share theirs (found by hashing 300,000 ids; checked first, so a change of the hash
    // fails here instead of passing without a collision).
    const [first, second] = ['00000000-0000-4000-8000-000000007220', '00000000-0000-4000-8000-000000027d86'];
    const rollback = new Error('rollback');
    const found: Record<string, string[]> = {};
    await t.database.db
      .transaction(async (tx) => {
        const [tags] = (await tx.execute<{ same: boolean }>(sql`select app_search_tag(${first}::uuid) = app_search_tag(${second}::uuid) as same`)).rows;
        expect(tags?.same).toBe(true);
        for (const company of [first, second]) {
          await tx.execute(sql`insert into companies (id, name) values (${company}, ${`Tag ${company}`})`);
          await tx.execute(sql`
            insert into users (name, email, first_name, last_name, company_id)
            values ('Ada Lovelace', ${`ada-${company}@example.com`}, 'Ada', 'Lovelace', ${company}),
                   ('Grace Hopper', ${`ada-grace-${company}@example.com`}, 'Grace', 'Hopper', ${company})`);
        }
        for (const company of [first, second]) {
          await tx.execute(sql`select set_config('app.company_id', ${company}, true)`);
          const name = await tx.execute<{ email: string }>(sql`select email from app_search_users('%ada lovelace%', 'ada lovelace') order by email`);
          const email = await tx.execute<{ email: string }>(sql`select email from app_search_users('%ada-%', 'ada-') order by email`);
          found[company] = [...name.rows, ...email.rows].map((r) => r.email);
        }
        throw rollback;
      })
      .catch((e: unknown) => {
        if (e !== rollback) throw e;
      });
    expect(found[first]).toEqual([`ada-${first}@example.com`, `ada-${first}@example.com`, `ada-grace-${first}@example.com`]);
    expect(found[second]).toEqual([`ada-${second}@example.com`, `ada-${second}@example.com`, `ada-grace-${second}@example.com`]);
  });
});
