/**
 * The CRM's cases for the authorization walks (src/server/security/authorization.test.ts): every
 * CRM route with company A's own records, and aimed at company B's, which must answer 404.
 */
import { uniqueEmail } from '../../test/harness';

type Request = { path: string; body?: unknown };
type Attack = Request & { expected: number[] };
export interface CrmIds {
  clientId: string;
  contactId: string;
  leadId: string;
  opportunityId: string;
}
interface Side {
  entityId: string;
  crm: CrmIds;
}

export const CRM_TABLES = ['crm_clients', 'crm_contacts', 'crm_leads', 'crm_opportunities', 'crm_activities'] as const;

export function crmOwnRequests(a: () => Side): Record<string, () => Request> {
  return {
    'GET /crm/context': () => ({ path: '/crm/context' }),
    'GET /crm/dashboard': () => ({ path: `/crm/dashboard?entityId=${a().entityId}` }),
    'GET /crm/owner-options': () => ({ path: `/crm/owner-options?entityId=${a().entityId}` }),
    'GET /crm/client-options': () => ({ path: `/crm/client-options?entityId=${a().entityId}` }),
    'GET /crm/clients': () => ({ path: `/crm/clients?entityId=${a().entityId}` }),
    'GET /crm/clients/export': () => ({ path: '/crm/clients/export' }),
    'POST /crm/clients': () => ({ path: '/crm/clients', body: { entityId: a().entityId, name: `Walk ${Math.random()}` } }),
    'GET /crm/clients/{id}': () => ({ path: `/crm/clients/${a().crm.clientId}` }),
    'PATCH /crm/clients/{id}': () => ({ path: `/crm/clients/${a().crm.clientId}`, body: { industry: 'Walked', version: 999 } }),
    'GET /crm/contacts': () => ({ path: `/crm/contacts?entityId=${a().entityId}` }),
    'GET /crm/contacts/export': () => ({ path: '/crm/contacts/export' }),
    'POST /crm/contacts/import': () => ({ path: '/crm/contacts/import', body: { entityId: a().entityId, csv: 'First Name\nx' } }),
    'POST /crm/contacts': () => ({ path: '/crm/contacts', body: { entityId: a().entityId, firstName: 'Walk', lastName: 'Er', email: uniqueEmail('walk') } }),
    'GET /crm/contacts/{id}': () => ({ path: `/crm/contacts/${a().crm.contactId}` }),
    'PATCH /crm/contacts/{id}': () => ({ path: `/crm/contacts/${a().crm.contactId}`, body: { jobTitle: 'Walked', version: 999 } }),
    'GET /crm/leads': () => ({ path: `/crm/leads?entityId=${a().entityId}` }),
    'GET /crm/leads/export': () => ({ path: '/crm/leads/export' }),
    'POST /crm/leads/import': () => ({ path: '/crm/leads/import', body: { entityId: a().entityId, csv: 'Name\nx' } }),
    'POST /crm/leads': () => ({ path: '/crm/leads', body: { entityId: a().entityId, name: 'Walk Lead', source: 'event' } }),
    'GET /crm/leads/{id}': () => ({ path: `/crm/leads/${a().crm.leadId}` }),
    'PATCH /crm/leads/{id}': () => ({ path: `/crm/leads/${a().crm.leadId}`, body: { companyName: 'Walked', version: 999 } }),
    'GET /crm/leads/{id}/conversion': () => ({ path: `/crm/leads/${a().crm.leadId}/conversion` }),
    'POST /crm/leads/{id}/convert': () => ({ path: `/crm/leads/${a().crm.leadId}/convert`, body: { version: 999, opportunityName: 'Walk deal' } }),
    'GET /crm/pipeline': () => ({ path: `/crm/pipeline?entityId=${a().entityId}` }),
    'GET /crm/opportunities': () => ({ path: `/crm/opportunities?entityId=${a().entityId}` }),
    'GET /crm/opportunities/export': () => ({ path: '/crm/opportunities/export' }),
    'POST /crm/opportunities': () => ({ path: '/crm/opportunities', body: { entityId: a().entityId, clientId: a().crm.clientId, name: 'Walk deal', amountMinor: 500 } }),
    'GET /crm/opportunities/{id}': () => ({ path: `/crm/opportunities/${a().crm.opportunityId}` }),
    'PATCH /crm/opportunities/{id}': () => ({ path: `/crm/opportunities/${a().crm.opportunityId}`, body: { stage: 'proposal', version: 999 } }),
    'GET /crm/activities': () => ({ path: `/crm/activities?clientId=${a().crm.clientId}` }),
    'GET /crm/activities/mentionable': () => ({ path: `/crm/activities/mentionable?leadId=${a().crm.leadId}&q=a` }),
    'POST /crm/activities': () => ({ path: '/crm/activities', body: { type: 'note', body: 'Walked by', leadId: a().crm.leadId } }),
  };
}

/** Each CRM route aimed at company B's entity and records: 404, as if they did not exist. */
export function crmAttacks(a: () => Side, b: () => Side): Record<string, () => Attack> {
  const own = crmOwnRequests(a);
  const swap = (key: string, path: () => string, body?: () => unknown) => () => ({ path: path(), body: body ? body() : own[key]!().body, expected: [404] });
  return {
    'GET /crm/dashboard': swap('GET /crm/dashboard', () => `/crm/dashboard?entityId=${b().entityId}`),
    'GET /crm/owner-options': swap('GET /crm/owner-options', () => `/crm/owner-options?entityId=${b().entityId}`),
    'GET /crm/client-options': swap('GET /crm/client-options', () => `/crm/client-options?entityId=${b().entityId}`),
    'GET /crm/clients': swap('GET /crm/clients', () => `/crm/clients?entityId=${b().entityId}`),
    'GET /crm/clients/export': swap('GET /crm/clients/export', () => `/crm/clients/export?entityId=${b().entityId}`),
    'POST /crm/clients': swap('POST /crm/clients', () => '/crm/clients', () => ({ entityId: b().entityId, name: 'Hijack' })),
    'GET /crm/clients/{id}': swap('GET /crm/clients/{id}', () => `/crm/clients/${b().crm.clientId}`),
    'PATCH /crm/clients/{id}': swap('PATCH /crm/clients/{id}', () => `/crm/clients/${b().crm.clientId}`, () => ({ name: 'Hijacked', version: 1 })),
    'GET /crm/contacts': swap('GET /crm/contacts', () => `/crm/contacts?entityId=${b().entityId}`),
    'GET /crm/contacts/export': swap('GET /crm/contacts/export', () => `/crm/contacts/export?entityId=${b().entityId}`),
    'POST /crm/contacts/import': swap('POST /crm/contacts/import', () => '/crm/contacts/import', () => ({
      entityId: b().entityId,
      csv: 'First Name,Last Name,Email,Phone,Job Title,Client\nIn,B,inb@example.com,,,',
    })),
    'POST /crm/contacts': swap('POST /crm/contacts', () => '/crm/contacts', () => ({ entityId: b().entityId, firstName: 'In', lastName: 'B' })),
    'GET /crm/contacts/{id}': swap('GET /crm/contacts/{id}', () => `/crm/contacts/${b().crm.contactId}`),
    'PATCH /crm/contacts/{id}': swap('PATCH /crm/contacts/{id}', () => `/crm/contacts/${b().crm.contactId}`, () => ({ firstName: 'Hijacked', version: 1 })),
    'GET /crm/leads': swap('GET /crm/leads', () => `/crm/leads?entityId=${b().entityId}`),
    'GET /crm/leads/export': swap('GET /crm/leads/export', () => `/crm/leads/export?entityId=${b().entityId}`),
    'POST /crm/leads/import': swap('POST /crm/leads/import', () => '/crm/leads/import', () => ({
      entityId: b().entityId,
      csv: 'Name,Company Name,Email,Source,Status\nIn B,,,Website,',
    })),
    'POST /crm/leads': swap('POST /crm/leads', () => '/crm/leads', () => ({ entityId: b().entityId, name: 'In B', source: 'other' })),
    'GET /crm/leads/{id}': swap('GET /crm/leads/{id}', () => `/crm/leads/${b().crm.leadId}`),
    'PATCH /crm/leads/{id}': swap('PATCH /crm/leads/{id}', () => `/crm/leads/${b().crm.leadId}`, () => ({ status: 'qualified', version: 1 })),
    'GET /crm/leads/{id}/conversion': swap('GET /crm/leads/{id}/conversion', () => `/crm/leads/${b().crm.leadId}/conversion`),
    'POST /crm/leads/{id}/convert': swap('POST /crm/leads/{id}/convert', () => `/crm/leads/${b().crm.leadId}/convert`, () => ({ version: 1, opportunityName: 'Hijack' })),
    'GET /crm/pipeline': swap('GET /crm/pipeline', () => `/crm/pipeline?entityId=${b().entityId}`),
    'GET /crm/opportunities': swap('GET /crm/opportunities', () => `/crm/opportunities?entityId=${b().entityId}`),
    'GET /crm/opportunities/export': swap('GET /crm/opportunities/export', () => `/crm/opportunities/export?entityId=${b().entityId}`),
    'POST /crm/opportunities': swap('POST /crm/opportunities', () => '/crm/opportunities', () => ({ entityId: b().entityId, clientId: b().crm.clientId, name: 'Hijack' })),
    'GET /crm/opportunities/{id}': swap('GET /crm/opportunities/{id}', () => `/crm/opportunities/${b().crm.opportunityId}`),
    'PATCH /crm/opportunities/{id}': swap('PATCH /crm/opportunities/{id}', () => `/crm/opportunities/${b().crm.opportunityId}`, () => ({ stage: 'closed_won', version: 1 })),
    'GET /crm/activities': swap('GET /crm/activities', () => `/crm/activities?clientId=${b().crm.clientId}`),
    'GET /crm/activities/mentionable': swap('GET /crm/activities/mentionable', () => `/crm/activities/mentionable?leadId=${b().crm.leadId}`),
    'POST /crm/activities': swap('POST /crm/activities', () => '/crm/activities', () => ({ type: 'call', body: 'Hijack', clientId: b().crm.clientId })),
  };
}
