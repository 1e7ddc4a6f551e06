import type { AccessRole } from '@/shared/roles';
import { Client, signUpCompany, uniqueEmail, type TestApp } from '../../test/harness';

export type Company = Awaited<ReturnType<typeof signUpCompany>>;

/** Another entity of the company holding CRM. */
export async function addEntity(a: Company, country = 'Other', name = `Branch ${Math.random().toString(36).slice(2, 8)}`) {
  const res = await a.client.post('/entities', { name, organizationId: a.organizationId, country, productIds: [a.productIds.crm] });
  if (res.status !== 201) throw new Error(`entity: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

/** A user of the company with CRM at the given entities and role, signed in. */
export async function addUser(t: TestApp, a: Company, grants: { entityId: string; role: AccessRole; productId?: string }[]) {
  const email = uniqueEmail('crm');
  const res = await a.client.post('/users', {
    firstName: 'Sales',
    lastName: 'Person',
    email,
    password: 'secret123',
    confirmPassword: 'secret123',
    access: grants.map((g) => ({ productId: g.productId ?? a.productIds.crm, entityId: g.entityId, roleType: g.role })),
  });
  if (res.status !== 201) throw new Error(`user: ${res.status} ${JSON.stringify(res.body)}`);
  const client = new Client(t);
  const signIn = await client.post('/auth/sign-in', { email, password: 'secret123' });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status}`);
  return { client, id: res.body.id as string, email };
}

let n = 0;
async function created(res: { status: number; body: Record<string, unknown> }, what: string) {
  if (res.status !== 201) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; version: number; entityId: string } & Record<string, never>;
}

export const addClient = async (client: Client, entityId: string, overrides: Record<string, unknown> = {}) =>
  created(await client.post('/crm/clients', { entityId, name: `Acme ${++n}`, status: 'active', ...overrides }), 'client');

export const addContact = async (client: Client, entityId: string, overrides: Record<string, unknown> = {}) =>
  created(await client.post('/crm/contacts', { entityId, firstName: 'Ada', lastName: `Lovelace${++n}`, email: uniqueEmail('contact'), ...overrides }), 'contact');

export const addLead = async (client: Client, entityId: string, overrides: Record<string, unknown> = {}) =>
  created(await client.post('/crm/leads', { entityId, name: `Grace Hopper ${++n}`, companyName: `Navy ${n}`, email: uniqueEmail('lead'), source: 'website', ...overrides }), 'lead');

export const addOpportunity = async (client: Client, entityId: string, clientId: string, overrides: Record<string, unknown> = {}) =>
  created(await client.post('/crm/opportunities', { entityId, clientId, name: `Deal ${++n}`, amountMinor: 100_000, ...overrides }), 'opportunity');

/** One record of each kind in the entity, for the authorization walks. */
export async function crmRecords(admin: Client, entityId: string) {
  const client = await addClient(admin, entityId);
  const contact = await addContact(admin, entityId, { clientId: client.id });
  const lead = await addLead(admin, entityId);
  const opportunity = await addOpportunity(admin, entityId, client.id);
  return { clientId: client.id, contactId: contact.id, leadId: lead.id, opportunityId: opportunity.id };
}
