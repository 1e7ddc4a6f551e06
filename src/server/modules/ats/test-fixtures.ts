import type { AccessRole } from '@/shared/roles';
import { Client, ORIGIN, signUpCompany, uniqueEmail, type TestApp } from '../../test/harness';

export type Company = Awaited<ReturnType<typeof signUpCompany>>;

/** Another entity of the company, holding the given products (ATS by default). */
export async function addEntity(a: Company, products: ('ats' | 'hrms' | 'crm')[] = ['ats']) {
  const res = await a.client.post('/entities', {
    name: `Branch ${Math.random().toString(36).slice(2, 8)}`,
    organizationId: a.organizationId,
    country: 'Other',
    productIds: products.map((p) => a.productIds[p]),
  });
  if (res.status !== 201) throw new Error(`entity: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as string;
}

/** A user of the company with the given grants (ATS unless a product is named), signed in. */
export async function addUser(t: TestApp, a: Company, grants: { entityId: string; role: AccessRole; product?: 'ats' | 'hrms' | 'crm' }[]) {
  const email = uniqueEmail('ats');
  const res = await a.client.post('/users', {
    firstName: 'Rita',
    lastName: `Recruiter${Math.random().toString(36).slice(2, 6)}`,
    email,
    password: 'secret123',
    confirmPassword: 'secret123',
    access: grants.map((g) => ({ productId: a.productIds[g.product ?? 'ats'], entityId: g.entityId, roleType: g.role })),
  });
  if (res.status !== 201) throw new Error(`user: ${res.status} ${JSON.stringify(res.body)}`);
  const client = new Client(t);
  const signIn = await client.post('/auth/sign-in', { email, password: 'secret123' });
  if (signIn.status !== 200) throw new Error(`sign-in: ${signIn.status}`);
  return { client, id: res.body.id as string, email };
}

export const jobBody = (entityId: string, overrides: Record<string, unknown> = {}) => ({
  entityId,
  title: 'Backend Engineer',
  department: 'Engineering',
  location: 'London',
  employmentType: 'full_time',
  openings: 2,
  status: 'open',
  ...overrides,
});

export async function addJob(client: Client, entityId: string, overrides: Record<string, unknown> = {}) {
  const res = await client.post('/ats/jobs', jobBody(entityId, overrides));
  if (res.status !== 201) throw new Error(`job: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; version: number; entityId: string; title: string };
}

let n = 0;
export const candidateBody = (entityId: string, overrides: Record<string, unknown> = {}) => ({
  entityId,
  firstName: 'Alan',
  lastName: `Turing${++n}`,
  email: uniqueEmail('cand'),
  phone: '+44 20 7946 0000',
  source: 'Referral',
  ...overrides,
});

export async function addCandidate(client: Client, entityId: string, overrides: Record<string, unknown> = {}) {
  const res = await client.post('/ats/candidates', candidateBody(entityId, overrides));
  if (res.status !== 201) throw new Error(`candidate: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; version: number; entityId: string; email: string; firstName: string; lastName: string };
}

export async function apply(client: Client, candidateId: string, jobId: string) {
  const res = await client.post('/ats/applications', { candidateId, jobId });
  if (res.status !== 201) throw new Error(`application: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: string; version: number; stage: string; entityId: string };
}

/** A small valid PDF, padded to `size` bytes with a comment. */
export function pdf(size = 2000): Uint8Array<ArrayBuffer> {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%');
  const tail = Buffer.from('\n%%EOF\n');
  const body = Buffer.alloc(Math.max(0, size - head.length - tail.length));
  for (let i = 0; i < body.length; i++) body[i] = 65 + (i % 26);
  return new Uint8Array(Buffer.concat([head, body, tail]));
}

/** A PNG's first bytes: a picture renamed to .pdf. */
export const png = (): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500, 1)]));

/** PUT raw bytes to an upload route, as the browser's fetch does. */
export async function upload(t: Pick<TestApp, 'app'>, client: Client, path: string, bytes: Uint8Array<ArrayBuffer>, contentType = 'application/pdf') {
  const res = await t.app.request(`/api${path}`, {
    method: 'PUT',
    headers: { 'content-type': contentType, origin: ORIGIN, cookie: client.cookie },
    body: bytes,
  });
  const text = await res.text();
  let body: { error?: { message: string } } & Record<string, unknown>;
  try {
    body = JSON.parse(text);
  } catch {
    body = {};
  }
  return { status: res.status, body };
}
