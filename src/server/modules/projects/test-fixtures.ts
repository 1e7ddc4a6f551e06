import type { AccessRole } from '@/shared/roles';
import { Client, signUpCompany, uniqueEmail, type TestApp } from '../../test/harness';

export type Company = Awaited<ReturnType<typeof signUpCompany>>;

/** A second entity of the company holding Projects. */
export async function addEntity(a: Company, name = `Branch ${Math.random().toString(36).slice(2, 8)}`) {
  const res = await a.client.post('/entities', { name, organizationId: a.organizationId, country: 'Other', productIds: [a.productIds.projects] });
  if (res.status !== 201) throw new Error(`entity: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

/** A user of the company with Projects at the given entities and role, signed in. */
export async function addUser(t: TestApp, a: Company, grants: { entityId: string; role: AccessRole; productId?: string }[], firstName = 'Pm') {
  const email = uniqueEmail('pm');
  const res = await a.client.post('/users', {
    firstName,
    lastName: 'User',
    email,
    password: 'secret123',
    confirmPassword: 'secret123',
    access: grants.map((g) => ({ productId: g.productId ?? a.productIds.projects, entityId: g.entityId, roleType: g.role })),
  });
  if (res.status !== 201) throw new Error(`user: ${res.status} ${JSON.stringify(res.body)}`);
  const client = new Client(t);
  const signIn = await client.post('/auth/sign-in', { email, password: 'secret123' });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status}`);
  return { client, id: res.body.id as string, email };
}

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** A fresh project key (2–6 capitals). */
export const newKey = () => Array.from({ length: 5 }, () => letters[Math.floor(Math.random() * 26)]).join('');

export async function addProject(client: Client, entityId: string, overrides: Record<string, unknown> = {}) {
  const res = await client.post('/projects/projects', { entityId, name: `Project ${newKey()}`, key: newKey(), ...overrides });
  if (res.status !== 201) throw new Error(`project: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; key: string; version: number; entityId: string };
}

export async function addTask(client: Client, projectId: string, overrides: Record<string, unknown> = {}) {
  const res = await client.post('/projects/tasks', { projectId, title: `Task ${Math.random().toString(36).slice(2, 8)}`, ...overrides });
  if (res.status !== 201) throw new Error(`task: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; code: string; number: number; version: number; status: string; rank: string; projectId: string };
}
