import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRM_MESSAGES } from '@/shared/crm';
import { mentionMarkup } from '@/shared/mentions';
import { MODULE_MESSAGES } from '@/shared/modules';
import { Client, createTestApp, signUpCompany, uniqueEmail, type TestApp } from '../../test/harness';
import { addClient, addContact, addEntity, addLead, addOpportunity, addUser, type Company } from './test-fixtures';

let t: TestApp;
let a: Company;
let entityB: string;
const onPg = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  t = await createTestApp();
  a = await signUpCompany(t, ['crm', 'hrms']);
  entityB = await addEntity(a);
}, 180_000);
afterAll(() => t.close());

const ids = (res: { body: { items: { id: string }[] } }) => res.body.items.map((x) => x.id);
const eventsOf = async (action: string, targetId: string) =>
  t.sql<{ action: string; changes: unknown }>('select action, changes from audit_events where action = $1 and target_id = $2', [action, targetId]);

describe('scope and roles', () => {
  it("a member of entity A sees A's records and gets 404 for entity B's, whatever the route", async () => {
    const mine = await addClient(a.client, a.entityId);
    const theirs = await addClient(a.client, entityB);
    const theirContact = await addContact(a.client, entityB, { clientId: theirs.id });
    const theirLead = await addLead(a.client, entityB);
    const theirDeal = await addOpportunity(a.client, entityB, theirs.id);
    const member = await addUser(t, a, [{ entityId: a.entityId, role: 'member' }]);
    const list = await member.client.get('/crm/clients?limit=100');
    expect(list.status).toBe(200);
    expect(ids(list)).toContain(mine.id);
    expect(ids(list)).not.toContain(theirs.id);
    for (const path of [`/crm/clients/${theirs.id}`, `/crm/contacts/${theirContact.id}`, `/crm/leads/${theirLead.id}`, `/crm/opportunities/${theirDeal.id}`]) {
      expect((await member.client.get(path)).status, path).toBe(404);
      expect((await member.client.get(path.replace(/[0-9a-f-]{36}$/, (id) => id.toUpperCase()))).status, path).toBe(404);
    }
    expect((await member.client.patch(`/crm/clients/${theirs.id}`, { name: 'Taken', version: theirs.version })).status).toBe(404);
    expect((await member.client.post('/crm/clients', { entityId: entityB, name: 'Into B' })).status).toBe(404);
    expect((await member.client.get(`/crm/clients?entityId=${entityB}`)).status).toBe(404);
    expect((await member.client.post('/crm/activities', { type: 'note', body: 'x', clientId: theirs.id })).status).toBe(404);
    expect((await member.client.post(`/crm/leads/${theirLead.id}/convert`, { version: 1, opportunityName: 'x' })).status).toBe(404);
    // Another entity's client cannot be attached to a record of A.
    const cross = await member.client.post('/crm/opportunities', { entityId: a.entityId, clientId: theirs.id, name: 'Cross' });
    expect(cross.status).toBe(400);
    const board = await member.client.get('/crm/pipeline');
    const cards = board.body.columns.flatMap((c: { items: { id: string }[] }) => c.items.map((x) => x.id));
    expect(cards).not.toContain(theirDeal.id);
    const [row] = await t.sql<{ name: string }>('select name from crm_clients where id = $1', [theirs.id]);
    expect(row!.name).not.toBe('Taken');
  });

  it('a viewer reads but cannot change anything; a user without CRM gets 403', async () => {
    const target = await addClient(a.client, a.entityId);
    const lead = await addLead(a.client, a.entityId);
    const viewer = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer' }]);
    expect((await viewer.client.get(`/crm/clients/${target.id}`)).status).toBe(200);
    const create = await viewer.client.post('/crm/clients', { entityId: a.entityId, name: 'Nope' });
    expect(create.status).toBe(403);
    expect(create.body.error.message).toBe(MODULE_MESSAGES.memberRequired);
    expect((await viewer.client.patch(`/crm/clients/${target.id}`, { name: 'x', version: target.version })).status).toBe(403);
    expect((await viewer.client.patch(`/crm/leads/${lead.id}`, { status: 'qualified', version: lead.version })).status).toBe(403);
    expect((await viewer.client.post('/crm/activities', { type: 'note', body: 'x', clientId: target.id })).status).toBe(403);
    expect((await viewer.client.post('/crm/contacts/import', { entityId: a.entityId, csv: 'First Name,Last Name,Email,Phone,Job Title,Client\nA,B,,,,' })).status).toBe(403);
    const hrmsOnly = await addUser(t, a, [{ entityId: a.entityId, role: 'app_admin', productId: a.productIds.hrms }]);
    const denied = await hrmsOnly.client.get('/crm/clients');
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toBe(MODULE_MESSAGES.noAccess);
    expect((await viewer.client.get('/crm/context')).body.entities).toEqual([expect.objectContaining({ id: a.entityId, role: 'viewer' })]);
  });

  it('the owner is a user holding CRM at the entity (or a super admin); it defaults to the creator', async () => {
    const member = await addUser(t, a, [{ entityId: a.entityId, role: 'member' }]);
    const own = await member.client.post('/crm/clients', { entityId: a.entityId, name: 'Owned' });
    expect(own.body).toMatchObject({ ownerId: member.id, ownerName: 'Sales Person', status: 'prospect' });
    const elsewhere = await addUser(t, a, [{ entityId: entityB, role: 'member' }]);
    const refused = await member.client.post('/crm/clients', { entityId: a.entityId, name: 'Bad owner', ownerId: elsewhere.id });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(CRM_MESSAGES.ownerInvalid);
    const other = await signUpCompany(t, ['crm']);
    expect((await member.client.post('/crm/clients', { entityId: a.entityId, name: 'Foreign owner', ownerId: other.userId })).status).toBe(400);
    expect((await member.client.post('/crm/clients', { entityId: a.entityId, name: 'Admin owned', ownerId: a.userId })).status).toBe(201);
    const options = await member.client.get(`/crm/owner-options?entityId=${a.entityId}`);
    const optionIds = ids(options);
    expect(optionIds).toEqual(expect.arrayContaining([member.id, a.userId]));
    expect(optionIds).not.toContain(elsewhere.id);
  });
});

describe('clients', () => {
  it('lists with search, status filter, sorting and keyset pages that neither repeat nor skip', async () => {
    const entity = await addEntity(a);
    const names = ['Zeta Corp', 'Alpha Ltd', 'Beta_Co', 'Gamma Inc', 'Delta AG'];
    for (const [i, name] of names.entries()) await addClient(a.client, entity, { name, status: i % 2 ? 'inactive' : 'active', industry: i === 0 ? 'Mining' : 'Retail' });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await a.client.get(`/crm/clients?entityId=${entity}&limit=2&sort=name${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.items.map((c: { name: string }) => c.name));
      cursor = page.body.nextCursor ?? undefined;
    } while (cursor);
    expect(seen).toEqual([...names].sort());
    const search = await a.client.get(`/crm/clients?entityId=${entity}&q=beta_`);
    expect(search.body.items.map((c: { name: string }) => c.name)).toEqual(['Beta_Co']);
    // `_` is literal, not a wildcard.
    expect((await a.client.get(`/crm/clients?entityId=${entity}&q=b_t`)).body.items).toEqual([]);
    const inactive = await a.client.get(`/crm/clients?entityId=${entity}&status=inactive`);
    expect(inactive.body.items.map((c: { name: string }) => c.name).sort()).toEqual(['Alpha Ltd', 'Gamma Inc']);
    expect((await a.client.get(`/crm/clients?entityId=${entity}&cursor=bogus`)).status).toBe(400);
    const csv = await a.client.get(`/crm/clients/export?entityId=${entity}&status=active`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.body).toContain('Name,Website,Industry,Status,Owner,Entity');
    expect(csv.body).toContain('Zeta Corp');
    expect(csv.body).not.toContain('Gamma Inc');
  });

  it('refuses a stale version with 409, writes audit events, and keeps a formula out of the export', async () => {
    const c = await addClient(a.client, a.entityId, { name: '=HYPERLINK("x")', website: 'https://acme.example' });
    const ok = await a.client.patch(`/crm/clients/${c.id}`, { status: 'inactive', version: c.version });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ status: 'inactive', version: c.version + 1 });
    const stale = await a.client.patch(`/crm/clients/${c.id}`, { status: 'active', version: c.version });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toBe(MODULE_MESSAGES.staleVersion);
    expect((await a.client.get(`/crm/clients/${c.id}`)).body.status).toBe('inactive');
    expect(await eventsOf('crm.client.created', c.id)).toHaveLength(1);
    const [updated] = await eventsOf('crm.client.updated', c.id);
    expect(updated!.changes).toEqual([{ field: 'status', before: 'active', after: 'inactive' }]);
    const csv = await a.client.get(`/crm/clients/export?entityId=${a.entityId}&q=%3D`);
    expect(csv.body).toContain(`"'=HYPERLINK(""x"")"`);
    const bad = await a.client.post('/crm/clients', { entityId: a.entityId, name: 'Bad site', website: 'not a site' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(CRM_MESSAGES.invalidWebsite);
  });

  it.runIf(onPg)('two people saving the same version at once: one wins, the other gets 409 (PostgreSQL)', async () => {
    const c = await addClient(a.client, a.entityId);
    const peer = new Client({ app: await t.peer() });
    peer.cookie = a.client.cookie;
    const [x, y] = await Promise.all([
      a.client.patch(`/crm/clients/${c.id}`, { industry: 'One', version: c.version }),
      peer.patch(`/crm/clients/${c.id}`, { industry: 'Two', version: c.version }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const [row] = await t.sql<{ version: number }>('select version from crm_clients where id = $1', [c.id]);
    expect(row!.version).toBe(c.version + 1);
  });
});

describe('contacts', () => {
  it('flags a second contact with the same email in the entity, with a link to the first; not across entities', async () => {
    const email = uniqueEmail('dup');
    const first = await addContact(a.client, a.entityId, { email });
    const second = await addContact(a.client, a.entityId, { email: email.toUpperCase(), firstName: 'Second' });
    const elsewhere = await addContact(a.client, entityB, { email });
    expect((await a.client.get(`/crm/contacts/${first.id}`)).body.duplicateOf).toBeNull();
    const flagged = await a.client.get(`/crm/contacts/${second.id}`);
    expect(flagged.body.email).toBe(email);
    expect(flagged.body.duplicateOf).toEqual({ id: first.id, name: expect.stringContaining('Ada') });
    expect((await a.client.get(`/crm/contacts/${elsewhere.id}`)).body.duplicateOf).toBeNull();
    const list = await a.client.get(`/crm/contacts?entityId=${a.entityId}&q=${encodeURIComponent(email)}`);
    expect(list.body.items.map((k: { id: string; duplicateOf: unknown }) => [k.id, k.duplicateOf !== null]).sort()).toEqual(
      [[first.id, false], [second.id, true]].sort(),
    );
    const c = await addClient(a.client, a.entityId);
    const moved = await a.client.patch(`/crm/contacts/${second.id}`, { clientId: c.id, version: second.version });
    expect(moved.body).toMatchObject({ clientId: c.id, clientName: expect.any(String) });
    expect((await a.client.patch(`/crm/contacts/${second.id}`, { phone: '1', version: second.version })).status).toBe(409);
    expect((await a.client.post('/crm/contacts', { entityId: a.entityId, firstName: 'X', lastName: 'Y', email: 'not-an-email' })).body.error.message).toBe(
      CRM_MESSAGES.invalidEmail,
    );
  });

  it('search matches the start of the first name, last name, full name or email, in any case, within the entity', async () => {
    const entity = await addEntity(a);
    const grace = await addContact(a.client, entity, { firstName: 'Grace', lastName: 'Hopper', email: 'g.hopper@navy.example' });
    const ada = await addContact(a.client, entity, { firstName: 'Ada', lastName: 'Lovelace', email: 'countess@analytical.example' });
    const alan = await addContact(a.client, entity, { firstName: 'Alan', lastName: 'Turing', email: 'alan@bletchley.example' });
    await addContact(a.client, entityB, { firstName: 'Grace', lastName: 'Hopper', email: uniqueEmail('grace') });
    const search = async (q: string) =>
      ids(await a.client.get(`/crm/contacts?entityId=${entity}&q=${encodeURIComponent(q)}`)).sort();
    expect(await search('GRA')).toEqual([grace.id]); // first name
    expect(await search('lovel')).toEqual([ada.id]); // last name
    expect(await search('ada LOVELACE')).toEqual([ada.id]); // full name
    expect(await search('Countess@Ana')).toEqual([ada.id]); // email
    expect(await search('hopper grace')).toEqual([]); // the full name is first name first
    expect(await search('a')).toEqual([ada.id, alan.id].sort());
  });

  it('imports contacts with a per-row report, each row on its own, and names the column at fault', async () => {
    const entity = await addEntity(a);
    await addClient(a.client, entity, { name: 'Northwind' });
    const csv = [
      'Email,First Name,Last Name,Phone,Job Title,Client',
      `${uniqueEmail('imp')},Maria,Anders,+49 30 1234,Owner,northwind`,
      `not-an-email,Bad,Email,,,`,
      `${uniqueEmail('imp')},,Missing,,,`,
      `${uniqueEmail('imp')},No,Client,,,Nobody Inc`,
      `${uniqueEmail('imp')},Tom,Becker,,,`,
    ].join('\n');
    const res = await a.client.post('/crm/contacts/import', { entityId: entity, csv });
    expect(res.status).toBe(200);
    expect(res.body.created).toBe(2);
    expect(res.body.errors).toEqual([
      { row: 3, message: `Email: ${CRM_MESSAGES.invalidEmail}` },
      { row: 4, message: `First Name: ${CRM_MESSAGES.firstNameRequired}` },
      { row: 5, message: 'Client: no client named Nobody Inc in this entity.' },
    ]);
    const list = await a.client.get(`/crm/contacts?entityId=${entity}`);
    expect(list.body.items.map((k: { lastName: string; clientName: string | null }) => [k.lastName, k.clientName]).sort()).toEqual(
      [['Anders', 'Northwind'], ['Becker', null]].sort(),
    );
    const [count] = await t.sql<{ n: number }>("select count(*)::int as n from audit_events where action = 'crm.contact.created' and target_label like 'Maria%'");
    expect(count!.n).toBeGreaterThanOrEqual(1);
    const exported = await a.client.get(`/crm/contacts/export?entityId=${entity}`);
    expect(exported.body).toContain('Anders');
  });
});

describe('leads and conversion', () => {
  it('converts only a qualified lead: a new client, contact and opportunity, linked from the lead', async () => {
    const entity = await addEntity(a, 'Germany');
    const lead = await addLead(a.client, entity, { name: 'Lena Ortiz', companyName: 'Tailspin Toys' });
    const early = await a.client.post(`/crm/leads/${lead.id}/convert`, { version: lead.version, opportunityName: 'Toys deal' });
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(CRM_MESSAGES.notQualified);
    const qualified = await a.client.patch(`/crm/leads/${lead.id}`, { status: 'qualified', version: lead.version });
    expect(qualified.status).toBe(200);
    const res = await a.client.post(`/crm/leads/${lead.id}/convert`, {
      version: qualified.body.version,
      opportunityName: 'Toys deal',
      amountMinor: 1_250_050,
      expectedCloseDate: '2030-06-30',
    });
    expect(res.status).toBe(200);
    expect(res.body.lead).toMatchObject({ convertedClientId: res.body.clientId, convertedContactId: res.body.contactId, convertedOpportunityId: res.body.opportunityId });
    expect(res.body.lead.convertedAt).toEqual(expect.any(String));
    const client = await a.client.get(`/crm/clients/${res.body.clientId}`);
    expect(client.body).toMatchObject({ name: 'Tailspin Toys', entityId: entity });
    expect(client.body.contacts.map((k: { firstName: string; lastName: string }) => `${k.firstName} ${k.lastName}`)).toEqual(['Lena Ortiz']);
    expect(client.body.opportunities).toEqual([expect.objectContaining({ id: res.body.opportunityId, amountMinor: 1_250_050, currency: 'EUR', stage: 'prospecting' })]);
    const again = await a.client.post(`/crm/leads/${lead.id}/convert`, { version: res.body.lead.version, opportunityName: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(CRM_MESSAGES.alreadyConverted);
    expect(await eventsOf('crm.lead.converted', lead.id)).toHaveLength(1);
    const converted = await a.client.get(`/crm/leads?entityId=${entity}&status=converted`);
    expect(ids(converted)).toEqual([lead.id]);
    const open = await a.client.get(`/crm/leads?entityId=${entity}&status=qualified`);
    expect(ids(open)).not.toContain(lead.id);
  });

  it('links an existing client and contact instead of creating them; refuses ones of another entity', async () => {
    const existing = await addClient(a.client, a.entityId, { name: 'Contoso' });
    const person = await addContact(a.client, a.entityId, { clientId: existing.id });
    const foreign = await addClient(a.client, entityB);
    const lead = await addLead(a.client, a.entityId, { status: 'qualified' });
    const cross = await a.client.post(`/crm/leads/${lead.id}/convert`, { version: lead.version, clientId: foreign.id, opportunityName: 'x' });
    expect(cross.status).toBe(400);
    const before = await t.sql<{ n: number }>('select (select count(*) from crm_clients)::int + (select count(*) from crm_contacts)::int as n');
    const res = await a.client.post(`/crm/leads/${lead.id}/convert`, { version: lead.version, clientId: existing.id, contactId: person.id, opportunityName: 'Renewal' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ clientId: existing.id, contactId: person.id });
    const after = await t.sql<{ n: number }>('select (select count(*) from crm_clients)::int + (select count(*) from crm_contacts)::int as n');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('proposes the client of the same name (ignoring case and spacing) and never creates a second one unasked', async () => {
    const entity = await addEntity(a);
    const existing = await addClient(a.client, entity, { name: 'Contoso Ltd', status: 'prospect' });
    await addClient(a.client, entity, { name: 'Contoso Ltd Holdings' });
    await addClient(a.client, entityB, { name: 'contoso ltd' });
    const contosos = async () => (await t.sql<{ n: number }>("select count(*)::int as n from crm_clients where entity_id = $1 and lower(name) like 'contoso%ltd'", [entity]))[0]!.n;
    const lead = await addLead(a.client, entity, { status: 'qualified', companyName: ' contoso  LTD ' });

    const proposal = await a.client.get(`/crm/leads/${lead.id}/conversion`);
    expect(proposal.status).toBe(200);
    expect(proposal.body).toEqual({ newClientName: 'contoso  LTD', existingClient: { id: existing.id, name: 'Contoso Ltd' } });
    const elsewhere = await addLead(a.client, entity, { companyName: 'Tailspin Toys' });
    expect((await a.client.get(`/crm/leads/${elsewhere.id}/conversion`)).body).toEqual({ newClientName: 'Tailspin Toys', existingClient: null });

    // Not choosing is not a new client: 409, and nothing was created.
    const unasked = await a.client.post(`/crm/leads/${lead.id}/convert`, { version: lead.version, opportunityName: 'Contoso deal' });
    expect(unasked.status).toBe(409);
    expect(unasked.body.error.message).toBe(CRM_MESSAGES.clientExists);
    expect(await contosos()).toBe(1);
    const both = await a.client.post(`/crm/leads/${lead.id}/convert`, { version: lead.version, clientId: existing.id, newClient: true, opportunityName: 'x' });
    expect(both.status).toBe(400);
    expect(both.body.error.message).toBe(CRM_MESSAGES.clientChoiceConflict);

    const linked = await a.client.post(`/crm/leads/${lead.id}/convert`, { version: lead.version, clientId: existing.id, opportunityName: 'Contoso deal' });
    expect(linked.status).toBe(200);
    expect(linked.body.clientId).toBe(existing.id);
    expect(await contosos()).toBe(1);

    // A second client of that name only when asked for.
    const again = await addLead(a.client, entity, { status: 'qualified', companyName: 'CONTOSO LTD' });
    const second = await a.client.post(`/crm/leads/${again.id}/convert`, { version: again.version, newClient: true, opportunityName: 'Second' });
    expect(second.status).toBe(200);
    expect(second.body.clientId).not.toBe(existing.id);
    expect(await contosos()).toBe(2);
  });

  it("moves the lead's activity with it: the converted client, contact and opportunity show it, linked, not copied", async () => {
    const entity = await addEntity(a);
    const lead = await addLead(a.client, entity, { status: 'qualified', companyName: `Fabrikam ${Math.random()}` });
    const other = await addLead(a.client, entity, { status: 'qualified' });
    for (const [type, body, at] of [['call', 'First call', '2026-03-01T09:00:00Z'], ['note', 'Wants a pilot', '2026-03-02T09:00:00Z']]) {
      expect((await a.client.post('/crm/activities', { type, body, leadId: lead.id, occurredAt: at })).status).toBe(201);
    }
    await a.client.post('/crm/activities', { type: 'note', body: 'Someone else', leadId: other.id });
    const [before] = await t.sql<{ n: number }>('select count(*)::int as n from crm_activities');
    const res = await a.client.post(`/crm/leads/${lead.id}/convert`, { version: lead.version, opportunityName: 'Pilot' });
    expect(res.status).toBe(200);
    await a.client.post(`/crm/leads/${other.id}/convert`, { version: other.version, opportunityName: 'Other deal' });
    const [after] = await t.sql<{ n: number }>('select count(*)::int as n from crm_activities');
    expect(after!.n).toBe(before!.n);

    const timeline = async (query: string) => (await a.client.get(`/crm/activities?${query}`)).body.items as { id: string; body: string; leadId: string | null; subject: string }[];
    const onLead = await timeline(`leadId=${lead.id}`);
    expect(onLead.map((x) => x.body)).toEqual(['Wants a pilot', 'First call']);
    for (const query of [`clientId=${res.body.clientId}`, `contactId=${res.body.contactId}`, `opportunityId=${res.body.opportunityId}`]) {
      const items = await timeline(query);
      expect(items.map((x) => x.id), query).toEqual(onLead.map((x) => x.id));
      expect(items[0]).toMatchObject({ leadId: lead.id, subject: expect.stringContaining('Grace Hopper') });
    }
    // What is logged on the client after the conversion joins them, newest first.
    await a.client.post('/crm/activities', { type: 'meeting', body: 'Kick-off', clientId: res.body.clientId, occurredAt: '2026-03-03T09:00:00Z' });
    expect((await timeline(`clientId=${res.body.clientId}`)).map((x) => x.body)).toEqual(['Kick-off', 'Wants a pilot', 'First call']);
  });

  it('is one transaction: a failure at the very last step leaves no client, contact, opportunity or event', async () => {
    const lead = await addLead(a.client, a.entityId, { status: 'qualified', companyName: `Atomic ${Math.random()}` });
    const count = async () =>
      (
        await t.sql<{ n: number }>(
          "select (select count(*) from crm_clients)::int + (select count(*) from crm_contacts)::int + (select count(*) from crm_opportunities)::int + (select count(*) from audit_events where action like 'crm.%')::int as n",
        )
      )[0]!.n;
    const before = await count();
    // The lead's own update is the last write of the conversion: make it fail.
    await t.sql(`create or replace function crm_fail_convert() returns trigger language plpgsql as $$
      begin if new.converted_at is not null then raise exception 'injected failure'; end if; return new; end $$`);
    await t.sql('create trigger crm_fail_convert before update on crm_leads for each row execute function crm_fail_convert()');
    try {
      const res = await a.client.post(`/crm/leads/${lead.id}/convert`, { version: lead.version, opportunityName: 'Never' });
      expect(res.status).toBe(500);
    } finally {
      await t.sql('drop trigger crm_fail_convert on crm_leads');
    }
    expect(await count()).toBe(before);
    const [row] = await t.sql<{ converted_at: unknown; version: number }>('select converted_at, version from crm_leads where id = $1', [lead.id]);
    expect(row).toEqual({ converted_at: null, version: lead.version });
    // And it still converts once the failure is gone.
    expect((await a.client.post(`/crm/leads/${lead.id}/convert`, { version: lead.version, opportunityName: 'Now' })).status).toBe(200);
  });

  it('imports leads with labels or codes for source and status, and reports the bad rows', async () => {
    const entity = await addEntity(a);
    const csv = ['Name,Company Name,Email,Source,Status', 'One,Co,,Website,', 'Two,,two@example.com,referral,Qualified', 'Three,,,Radio,New', ',,,,'].join('\r\n');
    const res = await a.client.post('/crm/leads/import', { entityId: entity, csv });
    expect(res.body).toEqual({ created: 2, errors: [{ row: 4, message: `Source: ${CRM_MESSAGES.sourceRequired}` }, { row: 5, message: `Name: ${CRM_MESSAGES.leadNameRequired}` }] });
    const list = await a.client.get(`/crm/leads?entityId=${entity}&sort=name&dir=asc`);
    expect(list.body.items.map((l: { name: string; status: string; source: string }) => [l.name, l.status, l.source])).toEqual([
      ['One', 'new', 'website'],
      ['Two', 'qualified', 'referral'],
    ]);
    const exported = await a.client.get(`/crm/leads/export?entityId=${entity}`);
    expect(exported.body).toContain('Two,,two@example.com,Referral,Qualified');
  });
});

describe('opportunities and the board', () => {
  it('stores minor units in the currency of the entity’s country; Closed Lost needs a reason; closing stamps the date', async () => {
    const japan = await addEntity(a, 'Japan');
    const c = await addClient(a.client, japan);
    const deal = await addOpportunity(a.client, japan, c.id, { amountMinor: 1_500_000 });
    expect(deal).toMatchObject({ currency: 'JPY', amountMinor: 1_500_000, stage: 'prospecting', closedAt: null });
    const noReason = await a.client.patch(`/crm/opportunities/${deal.id}`, { stage: 'closed_lost', version: deal.version });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toBe(CRM_MESSAGES.lostReasonRequired);
    const lost = await a.client.patch(`/crm/opportunities/${deal.id}`, { stage: 'closed_lost', lostReason: 'Budget cut', version: deal.version });
    expect(lost.body).toMatchObject({ stage: 'closed_lost', lostReason: 'Budget cut', closedAt: expect.any(String) });
    const reopened = await a.client.patch(`/crm/opportunities/${deal.id}`, { stage: 'negotiation', version: lost.body.version });
    expect(reopened.body).toMatchObject({ stage: 'negotiation', lostReason: '', closedAt: null });
    expect((await a.client.patch(`/crm/opportunities/${deal.id}`, { stage: 'proposal', version: lost.body.version })).status).toBe(409);
    expect((await a.client.post('/crm/opportunities', { entityId: japan, clientId: c.id, name: 'Neg', amountMinor: -1 })).status).toBe(400);
    expect((await a.client.post('/crm/opportunities', { entityId: japan, clientId: c.id, name: 'Frac', amountMinor: 1.5 })).status).toBe(400);
  });

  it('the board gives each stage its count, totals and first cards; the list continues a column without repeats', async () => {
    const entity = await addEntity(a, 'United Kingdom');
    const c = await addClient(a.client, entity);
    for (let i = 0; i < 5; i++) await addOpportunity(a.client, entity, c.id, { name: `P${i}`, amountMinor: 1000 * (i + 1), stage: 'proposal' });
    await addOpportunity(a.client, entity, c.id, { name: 'Won', amountMinor: 70_000, stage: 'closed_won' });
    const board = await a.client.get(`/crm/pipeline?entityId=${entity}&limit=2`);
    expect(board.status).toBe(200);
    const proposal = board.body.columns.find((col: { stage: string }) => col.stage === 'proposal');
    expect(proposal).toMatchObject({ count: 5, totals: [{ currency: 'GBP', amountMinor: 15_000 }] });
    expect(proposal.items).toHaveLength(2);
    expect(board.body.columns.map((col: { stage: string }) => col.stage)).toEqual(['prospecting', 'qualification', 'proposal', 'negotiation', 'closed_won', 'closed_lost']);
    const names = proposal.items.map((o: { name: string }) => o.name);
    let cursor = proposal.nextCursor;
    while (cursor) {
      const more = await a.client.get(`/crm/opportunities?entityId=${entity}&stage=proposal&sort=createdAt&dir=desc&limit=2&cursor=${cursor}`);
      expect(more.status).toBe(200);
      names.push(...more.body.items.map((o: { name: string }) => o.name));
      cursor = more.body.nextCursor;
    }
    expect(names).toEqual(['P4', 'P3', 'P2', 'P1', 'P0']);
    const exported = await a.client.get(`/crm/opportunities/export?entityId=${entity}&stage=closed_won`);
    expect(exported.body).toContain('Won,');
    expect(exported.body).toContain('700.00,GBP,Closed Won');
  });

  it('a won deal makes its client a customer, audited, in the same transaction as the stage change', async () => {
    const entity = await addEntity(a, 'United States');
    const prospect = await addClient(a.client, entity, { status: 'prospect' });
    const deal = await addOpportunity(a.client, entity, prospect.id, { stage: 'negotiation' });
    const customers = async () => (await a.client.get(`/crm/dashboard?entityId=${entity}`)).body.customers as number;
    expect(await customers()).toBe(0);

    // The client's update fails: the stage change is undone with it.
    await t.sql(`create or replace function crm_fail_customer() returns trigger language plpgsql as $$
      begin if new.status = 'active' and old.status <> 'active' then raise exception 'injected failure'; end if; return new; end $$`);
    await t.sql('create trigger crm_fail_customer before update on crm_clients for each row execute function crm_fail_customer()');
    try {
      expect((await a.client.patch(`/crm/opportunities/${deal.id}`, { stage: 'closed_won', version: deal.version })).status).toBe(500);
    } finally {
      await t.sql('drop trigger crm_fail_customer on crm_clients');
    }
    expect((await a.client.get(`/crm/opportunities/${deal.id}`)).body.stage).toBe('negotiation');

    const won = await a.client.patch(`/crm/opportunities/${deal.id}`, { stage: 'closed_won', version: deal.version });
    expect(won.status).toBe(200);
    const client = (await a.client.get(`/crm/clients/${prospect.id}`)).body;
    expect(client).toMatchObject({ status: 'active', version: prospect.version + 1 });
    expect(await customers()).toBe(1);
    const events = await eventsOf('crm.client.updated', prospect.id);
    expect(events.map((e) => e.changes)).toEqual([[{ field: 'status', before: 'prospect', after: 'active' }]]);

    // A customer set Inactive by hand stays so while the old won deal is edited.
    await a.client.patch(`/crm/clients/${prospect.id}`, { status: 'inactive', version: client.version });
    await a.client.patch(`/crm/opportunities/${deal.id}`, { name: 'Renamed', version: won.body.version });
    expect((await a.client.get(`/crm/clients/${prospect.id}`)).body.status).toBe('inactive');

    // A deal added as Closed Won does it too.
    const other = await addClient(a.client, entity, { status: 'inactive' });
    await addOpportunity(a.client, entity, other.id, { stage: 'closed_won' });
    expect((await a.client.get(`/crm/clients/${other.id}`)).body.status).toBe('active');
  });

  it.runIf(onPg)('two moves of the same card at once: one lands, the other gets 409 (PostgreSQL)', async () => {
    const c = await addClient(a.client, a.entityId);
    const deal = await addOpportunity(a.client, a.entityId, c.id);
    const peer = new Client({ app: await t.peer() });
    peer.cookie = a.client.cookie;
    const [x, y] = await Promise.all([
      a.client.patch(`/crm/opportunities/${deal.id}`, { stage: 'closed_won', version: deal.version }),
      peer.patch(`/crm/opportunities/${deal.id}`, { stage: 'closed_lost', lostReason: 'Lost', version: deal.version }),
    ]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
  });
});

describe('activities and the dashboard', () => {
  it("logs notes, calls and meetings with author and time; a client's timeline includes its contacts and deals", async () => {
    const c = await addClient(a.client, a.entityId);
    const k = await addContact(a.client, a.entityId, { clientId: c.id });
    const deal = await addOpportunity(a.client, a.entityId, c.id);
    const note = await a.client.post('/crm/activities', { type: 'note', body: 'Met at the fair', clientId: c.id, occurredAt: '2026-01-01T10:00:00Z' });
    expect(note.status).toBe(201);
    expect(note.body).toMatchObject({ type: 'note', authorId: a.userId, authorName: expect.any(String), subject: expect.stringContaining('Acme') });
    await a.client.post('/crm/activities', { type: 'call', body: 'Called back', contactId: k.id, occurredAt: '2026-01-02T10:00:00Z' });
    await a.client.post('/crm/activities', { type: 'meeting', body: 'Demo', opportunityId: deal.id, occurredAt: '2026-01-03T10:00:00Z' });
    const timeline = await a.client.get(`/crm/activities?clientId=${c.id}`);
    expect(timeline.body.items.map((x: { body: string }) => x.body)).toEqual(['Demo', 'Called back', 'Met at the fair']);
    expect((await a.client.get(`/crm/activities?contactId=${k.id}`)).body.items.map((x: { body: string }) => x.body)).toEqual(['Called back']);
    expect((await a.client.post('/crm/activities', { type: 'note', body: 'Two targets', clientId: c.id, contactId: k.id })).status).toBe(400);
    expect((await a.client.get('/crm/activities')).status).toBe(400);
  });

  it("shows the scope's real figures, which follow the changes", async () => {
    const entity = await addEntity(a, 'United States');
    const empty = await a.client.get(`/crm/dashboard?entityId=${entity}`);
    expect(empty.body).toMatchObject({ customers: 0, openLeads: 0, openPipeline: [], wonThisMonth: [], wonThisMonthCount: 0, recentClients: [] });
    expect(empty.body.revenueByMonth).toHaveLength(6);
    const c = await addClient(a.client, entity, { status: 'active' });
    await addClient(a.client, entity, { status: 'prospect' });
    await addLead(a.client, entity);
    await addLead(a.client, entity, { status: 'disqualified' });
    const open = await addOpportunity(a.client, entity, c.id, { amountMinor: 250_000, stage: 'negotiation' });
    const won = await addOpportunity(a.client, entity, c.id, { amountMinor: 99_900 });
    await a.client.patch(`/crm/opportunities/${won.id}`, { stage: 'closed_won', version: won.version });
    const d = (await a.client.get(`/crm/dashboard?entityId=${entity}`)).body;
    expect(d).toMatchObject({ customers: 1, openLeads: 1, openPipeline: [{ currency: 'USD', amountMinor: 250_000 }], wonThisMonth: [{ currency: 'USD', amountMinor: 99_900 }], wonThisMonthCount: 1 });
    expect(d.revenueByMonth.at(-1)).toEqual({ month: new Date().toISOString().slice(0, 7), amounts: [{ currency: 'USD', amountMinor: 99_900 }] });
    expect(d.pipelineByStage.find((s: { stage: string }) => s.stage === 'negotiation')).toEqual({ stage: 'negotiation', count: 1, totals: [{ currency: 'USD', amountMinor: 250_000 }] });
    expect(d.recentClients[0].id).toBe(c.id);
    expect(open.id).toBeTruthy();
    const viewer = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer' }]);
    expect((await viewer.client.get(`/crm/dashboard?entityId=${entity}`)).status).toBe(404);
  });
});

// ---- Issue 33: a lead or opportunity given to someone tells them; mentions in activity notes; who may be mentioned.

type Notice = { category: string; title: string; url: string };

/** What the person's bell lists that links to `url`. */
const toldAbout = async (who: { client: Company['client'] }, url: string): Promise<Notice[]> =>
  ((await who.client.get('/notifications?limit=100')).body.items as Notice[]).filter((n) => n.url === url);

/** Every notification row written for the person about the record, whether or not they may list it. */
const rowsFor = async (userId: string, recordId: string) =>
  (await t.sql<{ n: number }>('select count(*)::int as n from notifications where user_id = $1 and record_id = $2', [userId, recordId]))[0]!.n;

const member = () => addUser(t, a, [{ entityId: a.entityId, role: 'member' }]);

describe('assigned to someone', () => {
  it('a lead created with another owner, or given to one, tells the new owner only; an edit keeping the owner tells nobody again', async () => {
    const seller = await member();
    const owner = await member();
    const next = await member();
    const lead = await addLead(seller.client, a.entityId, { name: 'Grace Hopper', ownerId: owner.id });
    const url = `/crm/leads/${lead.id}`;
    expect(await toldAbout(owner, url)).toEqual([expect.objectContaining({ category: 'crm_assignments', title: 'Sales Person assigned you the lead Grace Hopper' })]);
    // Without an owner the creator owns it: nobody is told.
    const mine = await addLead(seller.client, a.entityId);
    expect(await rowsFor(seller.id, mine.id)).toBe(0);

    const renamed = await seller.client.patch(`/crm/leads/${lead.id}`, { name: 'Grace B. Hopper', ownerId: owner.id, version: lead.version });
    expect(renamed.status).toBe(200);
    expect(await toldAbout(owner, url)).toHaveLength(1);
    const given = await seller.client.patch(`/crm/leads/${lead.id}`, { ownerId: next.id, version: renamed.body.version });
    expect(given.status).toBe(200);
    expect(await toldAbout(next, url)).toEqual([expect.objectContaining({ title: 'Sales Person assigned you the lead Grace B. Hopper' })]);
    expect(await toldAbout(owner, url)).toHaveLength(1);
    expect(await rowsFor(seller.id, lead.id)).toBe(0);
  });

  it('an opportunity created with another owner, or given to one, tells the new owner; taking it oneself tells nobody', async () => {
    const seller = await member();
    const owner = await member();
    const client = await addClient(seller.client, a.entityId);
    const deal = await addOpportunity(seller.client, a.entityId, client.id, { name: 'Big deal', ownerId: owner.id });
    const url = `/crm/opportunities/${deal.id}`;
    expect(await toldAbout(owner, url)).toEqual([expect.objectContaining({ category: 'crm_assignments', title: 'Sales Person assigned you the opportunity Big deal' })]);
    const taken = await seller.client.patch(`/crm/opportunities/${deal.id}`, { ownerId: seller.id, version: deal.version });
    expect(taken.status).toBe(200);
    expect(await rowsFor(seller.id, deal.id)).toBe(0);
    expect((await seller.client.patch(`/crm/opportunities/${deal.id}`, { ownerId: owner.id, version: taken.body.version })).status).toBe(200);
    expect(await toldAbout(owner, url)).toHaveLength(2);
  });

  it('an owner who may not own records here is refused, and hears nothing', async () => {
    const seller = await member();
    const elsewhere = await addUser(t, a, [{ entityId: entityB, role: 'member' }]);
    const refused = await seller.client.post('/crm/leads', { entityId: a.entityId, name: 'Nope', source: 'website', ownerId: elsewhere.id });
    expect(refused.status).toBe(400);
    const [row] = await t.sql<{ n: number }>('select count(*)::int as n from notifications where user_id = $1', [elsewhere.id]);
    expect(row!.n).toBe(0);
  });
});

describe('audit events', () => {
  /**
   * Each field the record's event logs as changed holds, after the change, the value the record now
   * reads with: a write logs what it stores without reading the record back (issue 36).
   */
  async function loggedAsStored(action: string, path: string) {
    const record = (await a.client.get(path)).body as Record<string, unknown>;
    const events = await eventsOf(action, record.id as string);
    expect(events, action).toHaveLength(1);
    const changes = events[0]!.changes as { field: string; after?: unknown }[];
    for (const c of changes) expect(c.after ?? null, `${action}: ${c.field}`).toEqual(record[c.field]);
    return changes.map((c) => c.field);
  }

  it('a create and an edit log the values as stored: input made canonical, an owner or client cleared as null', async () => {
    const owner = await addUser(t, a, [{ entityId: a.entityId, role: 'member' }]);
    const client = await addClient(a.client, a.entityId, { name: ' Audit   Works ', website: 'audit.example', ownerId: owner.id.toUpperCase() });
    expect(await loggedAsStored('crm.client.created', `/crm/clients/${client.id}`)).toEqual(['name', 'website', 'industry', 'ownerId', 'status']);
    expect((await a.client.patch(`/crm/clients/${client.id}`, { industry: 'Tools', ownerId: null, version: client.version })).status).toBe(200);
    expect(await loggedAsStored('crm.client.updated', `/crm/clients/${client.id}`)).toEqual(['industry', 'ownerId']);

    const contact = await addContact(a.client, a.entityId, { email: uniqueEmail('AUDIT').toUpperCase(), clientId: client.id });
    expect(await loggedAsStored('crm.contact.created', `/crm/contacts/${contact.id}`)).toEqual(['firstName', 'lastName', 'email', 'phone', 'jobTitle', 'clientId']);
    expect((await a.client.patch(`/crm/contacts/${contact.id}`, { jobTitle: 'Buyer', clientId: null, version: contact.version })).status).toBe(200);
    expect(await loggedAsStored('crm.contact.updated', `/crm/contacts/${contact.id}`)).toEqual(['jobTitle', 'clientId']);

    const lead = await addLead(a.client, a.entityId, { email: uniqueEmail('AUDIT').toUpperCase(), ownerId: owner.id.toUpperCase() });
    expect(await loggedAsStored('crm.lead.created', `/crm/leads/${lead.id}`)).toEqual(['name', 'companyName', 'email', 'source', 'status', 'ownerId']);
    expect((await a.client.patch(`/crm/leads/${lead.id}`, { name: ' Grace  Audit ', status: 'contacted', ownerId: null, version: lead.version })).status).toBe(200);
    expect(await loggedAsStored('crm.lead.updated', `/crm/leads/${lead.id}`)).toEqual(['name', 'status', 'ownerId']);
  });
});

describe('mentions in activity notes', () => {
  it('tells the person mentioned, on the record’s page; anyone who may not read the record becomes plain text and hears nothing', async () => {
    const writer = await member();
    const reader = await addUser(t, a, [{ entityId: a.entityId, role: 'viewer' }]);
    const elsewhere = await addUser(t, a, [{ entityId: entityB, role: 'app_admin' }]);
    const hrmsOnly = await addUser(t, a, [{ entityId: a.entityId, role: 'app_admin', productId: a.productIds.hrms }]);
    const lead = await addLead(writer.client, a.entityId, { name: 'Alan Turing' });
    const body = `Call went well, ${mentionMarkup('Boss', reader.id)}.\n\nLoop in ${mentionMarkup('B', elsewhere.id)} and ${mentionMarkup('H', hrmsOnly.id)}`;
    const res = await writer.client.post('/crm/activities', { type: 'call', body, leadId: lead.id });
    expect(res.status).toBe(201);
    expect(res.body.body).toBe(`Call went well, ${mentionMarkup('Sales Person', reader.id)}.\n\nLoop in @B and @H`);
    expect((await writer.client.get(`/crm/activities?leadId=${lead.id}`)).body.items[0].body).toBe(res.body.body);
    expect(await toldAbout(reader, `/crm/leads/${lead.id}`)).toEqual([
      expect.objectContaining({ category: 'mentions', title: 'Sales Person mentioned you in a call on Alan Turing' }),
    ]);
    for (const id of [elsewhere.id, hrmsOnly.id, writer.id]) expect(await rowsFor(id, res.body.id)).toBe(0);
  });
});

describe('who may be mentioned', () => {
  it('lists only the active users who may read the record; another entity’s record is 404; one record must be named', async () => {
    // A company of its own: the list shows the first few people, and this file's company has many.
    const c = await signUpCompany(t, ['crm', 'hrms']);
    const cB = await addEntity(c);
    const writer = await addUser(t, c, [{ entityId: c.entityId, role: 'member' }]);
    const reader = await addUser(t, c, [{ entityId: c.entityId, role: 'viewer' }]);
    // Neither listed: CRM at another entity only; HRMS but not CRM here.
    await addUser(t, c, [{ entityId: cB, role: 'member' }]);
    await addUser(t, c, [{ entityId: c.entityId, role: 'member', productId: c.productIds.hrms }]);
    const gone = await addUser(t, c, [{ entityId: c.entityId, role: 'member' }]);
    expect((await c.client.post(`/users/${gone.id}/deactivate`, {})).status).toBe(200);
    const client = await addClient(writer.client, c.entityId);
    const found = await writer.client.get(`/crm/activities/mentionable?clientId=${client.id}`);
    expect(found.status).toBe(200);
    // The company's super admin reads every entity's records.
    expect(found.body.items.map((x: { id: string }) => x.id).sort()).toEqual([c.userId, writer.id, reader.id].sort());
    const byEmail = await writer.client.get(`/crm/activities/mentionable?clientId=${client.id}&q=${encodeURIComponent(reader.email.toUpperCase())}`);
    expect(byEmail.body.items).toEqual([{ id: reader.id, name: 'Sales Person', email: reader.email }]);
    expect((await writer.client.get(`/crm/activities/mentionable?clientId=${client.id}&q=ada%20LOVE`)).body.items.map((x: { id: string }) => x.id)).toEqual([c.userId]);

    const theirs = await addClient(c.client, cB);
    expect((await writer.client.get(`/crm/activities/mentionable?clientId=${theirs.id}`)).status).toBe(404);
    const none = await writer.client.get('/crm/activities/mentionable');
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe(CRM_MESSAGES.activityTargetRequired);
    expect((await reader.client.get(`/crm/activities/mentionable?clientId=${client.id}`)).status).toBe(403);
  });
});
