import type { AccessRole } from '@/shared/roles';
import { Client, signUpCompany, uniqueEmail, type TestApp } from '../../test/harness';

export type Company = Awaited<ReturnType<typeof signUpCompany>>;

/** A second entity of the company holding HRMS ("Other" country: no public holidays). */
export async function addEntity(a: Company, name = `Branch ${Math.random().toString(36).slice(2, 8)}`, country = 'Other') {
  const res = await a.client.post('/entities', { name, organizationId: a.organizationId, country, productIds: [a.productIds.hrms] });
  if (res.status !== 201) throw new Error(`entity: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

/** A user of the company with HRMS at the given entities and role, signed in. */
export async function addUser(t: TestApp, a: Company, grants: { entityId: string; role: AccessRole; productId?: string }[]) {
  const email = uniqueEmail('hr');
  const res = await a.client.post('/users', {
    firstName: 'Hr',
    lastName: 'User',
    email,
    password: 'secret123',
    confirmPassword: 'secret123',
    access: grants.map((g) => ({ productId: g.productId ?? a.productIds.hrms, entityId: g.entityId, roleType: g.role })),
  });
  if (res.status !== 201) throw new Error(`user: ${res.status} ${JSON.stringify(res.body)}`);
  const client = new Client(t);
  const signIn = await client.post('/auth/sign-in', { email, password: 'secret123' });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status}`);
  return { client, id: res.body.id as string, email };
}

let n = 0;
export const employeeBody = (entityId: string, overrides: Record<string, unknown> = {}) => ({
  entityId,
  firstName: 'Grace',
  lastName: `Hopper${++n}`,
  workEmail: uniqueEmail('emp'),
  jobTitle: 'Engineer',
  department: 'Engineering',
  employmentType: 'full_time',
  startDate: '2024-01-15',
  ...overrides,
});

export async function addEmployee(client: Client, entityId: string, overrides: Record<string, unknown> = {}) {
  const res = await client.post('/hrms/employees', employeeBody(entityId, overrides));
  if (res.status !== 201) throw new Error(`employee: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; version: number; entityId: string; workEmail: string };
}

/** Day `offset` after the Monday `weeks` weeks into next February (UTC, YYYY-MM-DD): fixed in one future year. */
export const NEXT_YEAR = new Date().getUTCFullYear() + 1;
export function monday(weeks: number) {
  const first = new Date(Date.UTC(NEXT_YEAR, 1, 1));
  first.setUTCDate(first.getUTCDate() + ((8 - first.getUTCDay()) % 7) + 7 * weeks);
  return (offset: number) => {
    const x = new Date(first);
    x.setUTCDate(x.getUTCDate() + offset);
    return x.toISOString().slice(0, 10);
  };
}

export async function leaveTypeId(client: Client, entityId: string, name: string) {
  const res = await client.get(`/hrms/leave-types?entityId=${entityId}`);
  const type = (res.body.items as { id: string; name: string }[]).find((x) => x.name === name);
  if (!type) throw new Error(`no leave type ${name}: ${JSON.stringify(res.body)}`);
  return type.id;
}
