import { OpenAPIHono, z } from '@hono/zod-openapi';
import {
  activity,
  activityInput,
  activityListQuery,
  activityPage,
  client,
  clientCreateInput,
  clientDetail,
  clientFilters,
  clientListQuery,
  clientPage,
  clientUpdateInput,
  contact,
  CONTACT_CSV_COLUMNS,
  contactCreateInput,
  contactFilters,
  contactListQuery,
  contactPage,
  contactUpdateInput,
  convertInput,
  convertResult,
  CRM_MESSAGES,
  crmDashboard,
  lead,
  LEAD_CSV_COLUMNS,
  leadConversion as leadConversionSchema,
  leadCreateInput,
  leadFilters,
  leadListQuery,
  leadPage,
  leadUpdateInput,
  opportunity,
  opportunityCreateInput,
  opportunityFilters,
  opportunityListQuery,
  opportunityPage,
  opportunityUpdateInput,
  ownerOptions as ownerOptionsSchema,
  pipeline as pipelineSchema,
  pipelineQuery,
} from '@/shared/crm';
import { entityFilter, importInput, importReport, moduleContext as moduleContextSchema, MODULE_MESSAGES } from '@/shared/modules';
import { optionalPlainText, uuid } from '@/shared/text';
import { auditContext } from '../../audit/context';
import type { AppEnv } from '../../http/env';
import { notFound } from '../../http/errors';
import { idParams, isUuid } from '../../http/params';
import { defineRoute, errorContent, jsonBody, jsonContent } from '../../http/route';
import { csvResponse } from '../../platform/csv';
import { moduleContext } from '../../platform/context';
import { listActivities, logActivity } from './activities';
import { CLIENT_EXPORT_COLUMNS, clientCsvPages, clientOptions, createClient, getClient, listClients, updateClient } from './clients';
import { CONTACT_EXPORT_COLUMNS, contactCsvPages, createContact, getContact, importContacts, listContacts, updateContact } from './contacts';
import { dashboard } from './dashboard';
import { convertLead, createLead, getLead, importLeads, LEAD_EXPORT_COLUMNS, leadConversion, leadCsvPages, listLeads, updateLead } from './leads';
import { createOpportunity, getOpportunity, listOpportunities, OPPORTUNITY_EXPORT_COLUMNS, opportunityCsvPages, pipeline, updateOpportunity } from './opportunities';
import { ownerOptions } from './scope';

// Every CRM route is a signed-in route; the product and role rules are withModuleScope's (403/404).
const scoped = { 403: errorContent(MODULE_MESSAGES.noAccess), 404: errorContent('Not found in your scope') };
const withVersion = { ...scoped, 409: errorContent(MODULE_MESSAGES.staleVersion) };
const tags: ['CRM'] = ['CRM'];

/** A path id that is not a uuid names nothing: 404, like another entity's record. */
const uuidParam = (id: string, message: string) => {
  if (!isUuid(id)) throw notFound(message);
  return id.toLowerCase();
};

const csvContent = (columns: readonly string[], what: string) => ({
  200: {
    content: { 'text/csv': { schema: z.string().meta({ description: `CSV: a header row (${columns.join(', ')}), then one ${what} per row` }) } },
    description: `CSV, one ${what} per row, with a header row`,
  },
  ...scoped,
});

const get = <P extends string, Q extends z.ZodObject, T extends z.ZodType>(path: P, summary: string, query: Q, response: T) =>
  defineRoute('user', { method: 'get', path, tags, summary, request: { query }, responses: { 200: jsonContent(response), ...scoped } });

const contextRoute = defineRoute('user', {
  method: 'get',
  path: '/crm/context',
  tags,
  summary: 'CRM: the entities where the caller holds CRM, with their role',
  responses: { 200: jsonContent(moduleContextSchema), ...scoped },
});
const dashboardRoute = get('/crm/dashboard', 'CRM dashboard figures for one entity or all of the caller’s', entityFilter, crmDashboard);
const ownerOptionsRoute = get(
  '/crm/owner-options',
  'Users who may own CRM records at the entity (its CRM users and the super admins)',
  z.object({ entityId: uuid(MODULE_MESSAGES.entityNotFound) }),
  ownerOptionsSchema,
);
const clientOptionsRoute = get(
  '/crm/client-options',
  'Clients of one entity by name (first 100), for selects',
  z.object({ entityId: uuid(MODULE_MESSAGES.entityNotFound), q: optionalPlainText({ max: 100 }).optional() }),
  z.object({ items: z.array(z.object({ id: z.uuid(), name: z.string() })) }),
);

// ----- clients
const listClientsRoute = get('/crm/clients', 'Clients: keyset pages, sorting, search, status and owner filters', clientListQuery, clientPage);
const exportClientsRoute = defineRoute('user', {
  method: 'get',
  path: '/crm/clients/export',
  tags,
  summary: 'The client list under the same filters as CSV (streamed)',
  request: { query: clientFilters },
  responses: csvContent(CLIENT_EXPORT_COLUMNS, 'client'),
});
const createClientRoute = defineRoute('user', {
  method: 'post',
  path: '/crm/clients',
  tags,
  summary: 'Add a client (Member or App Admin)',
  request: { body: jsonBody(clientCreateInput) },
  responses: { 201: jsonContent(client, 'Created'), ...scoped, 400: errorContent(CRM_MESSAGES.ownerInvalid) },
});
const getClientRoute = defineRoute('user', {
  method: 'get',
  path: '/crm/clients/{id}',
  tags,
  summary: 'One client with its contacts and opportunities',
  request: { params: idParams },
  responses: { 200: jsonContent(clientDetail), ...scoped },
});
const updateClientRoute = defineRoute('user', {
  method: 'patch',
  path: '/crm/clients/{id}',
  tags,
  summary: 'Edit a client (send the version you read; 409 when it changed since)',
  request: { params: idParams, body: jsonBody(clientUpdateInput) },
  responses: { 200: jsonContent(client), ...withVersion },
});

// ----- contacts
const listContactsRoute = get('/crm/contacts', 'Contacts: keyset pages, sorting, search (name or email), client filter; duplicates flagged', contactListQuery, contactPage);
const exportContactsRoute = defineRoute('user', {
  method: 'get',
  path: '/crm/contacts/export',
  tags,
  summary: 'The contact list under the same filters as CSV (streamed)',
  request: { query: contactFilters },
  responses: csvContent(CONTACT_EXPORT_COLUMNS, 'contact'),
});
const importContactsRoute = defineRoute('user', {
  method: 'post',
  path: '/crm/contacts/import',
  tags,
  summary: `Import contacts from CSV into one entity (columns ${CONTACT_CSV_COLUMNS.join(', ')}); a per-row report`,
  request: { body: jsonBody(importInput) },
  responses: { 200: jsonContent(importReport), ...scoped },
});
const createContactRoute = defineRoute('user', {
  method: 'post',
  path: '/crm/contacts',
  tags,
  summary: 'Add a contact (a second contact with the same email in the entity is flagged, not refused)',
  request: { body: jsonBody(contactCreateInput) },
  responses: { 201: jsonContent(contact, 'Created'), ...scoped },
});
const getContactRoute = defineRoute('user', {
  method: 'get',
  path: '/crm/contacts/{id}',
  tags,
  summary: 'One contact',
  request: { params: idParams },
  responses: { 200: jsonContent(contact), ...scoped },
});
const updateContactRoute = defineRoute('user', {
  method: 'patch',
  path: '/crm/contacts/{id}',
  tags,
  summary: 'Edit a contact (send the version you read; 409 when it changed since)',
  request: { params: idParams, body: jsonBody(contactUpdateInput) },
  responses: { 200: jsonContent(contact), ...withVersion },
});

// ----- leads
const listLeadsRoute = get('/crm/leads', 'Leads: keyset pages, newest first by default, search, status and source filters', leadListQuery, leadPage);
const exportLeadsRoute = defineRoute('user', {
  method: 'get',
  path: '/crm/leads/export',
  tags,
  summary: 'The lead list under the same filters as CSV (streamed)',
  request: { query: leadFilters },
  responses: csvContent(LEAD_EXPORT_COLUMNS, 'lead'),
});
const importLeadsRoute = defineRoute('user', {
  method: 'post',
  path: '/crm/leads/import',
  tags,
  summary: `Import leads from CSV into one entity (columns ${LEAD_CSV_COLUMNS.join(', ')}); a per-row report`,
  request: { body: jsonBody(importInput) },
  responses: { 200: jsonContent(importReport), ...scoped },
});
const createLeadRoute = defineRoute('user', {
  method: 'post',
  path: '/crm/leads',
  tags,
  summary: 'Add a lead (Member or App Admin)',
  request: { body: jsonBody(leadCreateInput) },
  responses: { 201: jsonContent(lead, 'Created'), ...scoped },
});
const getLeadRoute = defineRoute('user', {
  method: 'get',
  path: '/crm/leads/{id}',
  tags,
  summary: 'One lead, with links to what its conversion created',
  request: { params: idParams },
  responses: { 200: jsonContent(lead), ...scoped },
});
const updateLeadRoute = defineRoute('user', {
  method: 'patch',
  path: '/crm/leads/{id}',
  tags,
  summary: 'Edit a lead (send the version you read; 409 when it changed since)',
  request: { params: idParams, body: jsonBody(leadUpdateInput) },
  responses: { 200: jsonContent(lead), ...withVersion },
});
const leadConversionRoute = defineRoute('user', {
  method: 'get',
  path: '/crm/leads/{id}/conversion',
  tags,
  summary: 'Before converting a lead: the name a new client would get, and the entity’s client of that name (ignoring case and spacing) to propose instead',
  request: { params: idParams },
  responses: { 200: jsonContent(leadConversionSchema), ...scoped },
});
const convertLeadRoute = defineRoute('user', {
  method: 'post',
  path: '/crm/leads/{id}/convert',
  tags,
  summary:
    'Convert a qualified lead: client (new or existing), contact (new or existing) and opportunity, in one transaction. A new client whose name the entity already has needs newClient: true (409 otherwise)',
  request: { params: idParams, body: jsonBody(convertInput) },
  responses: {
    200: jsonContent(convertResult),
    ...scoped,
    400: errorContent(CRM_MESSAGES.clientNotFound, CRM_MESSAGES.clientChoiceConflict),
    409: errorContent(CRM_MESSAGES.notQualified, CRM_MESSAGES.alreadyConverted, CRM_MESSAGES.clientExists, MODULE_MESSAGES.staleVersion),
  },
});

// ----- opportunities
const listOpportunitiesRoute = get(
  '/crm/opportunities',
  'Opportunities: keyset pages, sorting, search, stage, client, owner and open filters (a board column’s next cards: ?stage=&sort=createdAt&dir=desc&cursor=)',
  opportunityListQuery,
  opportunityPage,
);
const pipelineRoute = get('/crm/pipeline', 'The pipeline board: per stage the count, totals per currency and the first cards', pipelineQuery, pipelineSchema);
const exportOpportunitiesRoute = defineRoute('user', {
  method: 'get',
  path: '/crm/opportunities/export',
  tags,
  summary: 'The opportunity list under the same filters as CSV (streamed)',
  request: { query: opportunityFilters },
  responses: csvContent(OPPORTUNITY_EXPORT_COLUMNS, 'opportunity'),
});
const createOpportunityRoute = defineRoute('user', {
  method: 'post',
  path: '/crm/opportunities',
  tags,
  summary: 'Add an opportunity (amount in minor units of the entity’s currency)',
  request: { body: jsonBody(opportunityCreateInput) },
  responses: { 201: jsonContent(opportunity, 'Created'), ...scoped },
});
const getOpportunityRoute = defineRoute('user', {
  method: 'get',
  path: '/crm/opportunities/{id}',
  tags,
  summary: 'One opportunity',
  request: { params: idParams },
  responses: { 200: jsonContent(opportunity), ...scoped },
});
const updateOpportunityRoute = defineRoute('user', {
  method: 'patch',
  path: '/crm/opportunities/{id}',
  tags,
  summary: 'Edit an opportunity or move it to another stage (Closed Lost needs a reason; 409 when the version changed since)',
  request: { params: idParams, body: jsonBody(opportunityUpdateInput) },
  responses: { 200: jsonContent(opportunity), ...withVersion, 400: errorContent(CRM_MESSAGES.lostReasonRequired) },
});

// ----- activities
const listActivitiesRoute = get(
  '/crm/activities',
  'A record’s timeline, newest first (exactly one of clientId, contactId, leadId, opportunityId; a client’s includes its contacts and opportunities)',
  activityListQuery,
  activityPage,
);
const logActivityRoute = defineRoute('user', {
  method: 'post',
  path: '/crm/activities',
  tags,
  summary: 'Log a note, call or meeting on one client, contact, lead or opportunity',
  request: { body: jsonBody(activityInput) },
  responses: { 201: jsonContent(activity, 'Created'), ...scoped },
});

/** Streams a CSV whose first page is read before answering, so a refusal (403, 404) is a status, not a broken download. */
async function csvDownload(filename: string, header: string[], pages: AsyncGenerator<(string | number | null)[][]>) {
  const first = await pages.next();
  return csvResponse(filename, header, async function* () {
    if (!first.done) yield first.value;
    yield* pages;
  }) as never;
}

export const crmRoutes = new OpenAPIHono<AppEnv>()
  .openapi(contextRoute, async (c) => c.json(await moduleContext(c.get('database').db, c.get('user'), 'crm'), 200))
  .openapi(dashboardRoute, async (c) => c.json(await dashboard(c.get('database').db, c.get('user'), c.req.valid('query').entityId), 200))
  .openapi(ownerOptionsRoute, async (c) => c.json(await ownerOptions(c.get('database').db, c.get('user'), c.req.valid('query').entityId), 200))
  .openapi(clientOptionsRoute, async (c) => {
    const q = c.req.valid('query');
    return c.json(await clientOptions(c.get('database').db, c.get('user'), q.entityId, q.q), 200);
  })
  // Each list's export before its /{id}, which would otherwise take "export" as an id.
  .openapi(listClientsRoute, async (c) => c.json(await listClients(c.get('database').db, c.get('user'), c.req.valid('query')), 200))
  .openapi(exportClientsRoute, async (c) => csvDownload('clients.csv', CLIENT_EXPORT_COLUMNS, clientCsvPages(c.get('database').db, c.get('user'), c.req.valid('query'))))
  .openapi(createClientRoute, async (c) => c.json(await createClient(c.get('database').db, c.get('user'), c.req.valid('json'), auditContext(c)), 201))
  .openapi(getClientRoute, async (c) => c.json(await getClient(c.get('database').db, c.get('user'), uuidParam(c.req.valid('param').id, CRM_MESSAGES.clientNotFound)), 200))
  .openapi(updateClientRoute, async (c) => {
    const id = uuidParam(c.req.valid('param').id, CRM_MESSAGES.clientNotFound);
    return c.json(await updateClient(c.get('database').db, c.get('user'), id, c.req.valid('json'), auditContext(c)), 200);
  })
  .openapi(listContactsRoute, async (c) => c.json(await listContacts(c.get('database').db, c.get('user'), c.req.valid('query')), 200))
  .openapi(exportContactsRoute, async (c) => csvDownload('contacts.csv', CONTACT_EXPORT_COLUMNS, contactCsvPages(c.get('database').db, c.get('user'), c.req.valid('query'))))
  .openapi(importContactsRoute, async (c) => c.json(await importContacts(c.get('database').db, c.get('user'), c.req.valid('json'), auditContext(c)), 200))
  .openapi(createContactRoute, async (c) => c.json(await createContact(c.get('database').db, c.get('user'), c.req.valid('json'), auditContext(c)), 201))
  .openapi(getContactRoute, async (c) => c.json(await getContact(c.get('database').db, c.get('user'), uuidParam(c.req.valid('param').id, CRM_MESSAGES.contactNotFound)), 200))
  .openapi(updateContactRoute, async (c) => {
    const id = uuidParam(c.req.valid('param').id, CRM_MESSAGES.contactNotFound);
    return c.json(await updateContact(c.get('database').db, c.get('user'), id, c.req.valid('json'), auditContext(c)), 200);
  })
  .openapi(listLeadsRoute, async (c) => c.json(await listLeads(c.get('database').db, c.get('user'), c.req.valid('query')), 200))
  .openapi(exportLeadsRoute, async (c) => csvDownload('leads.csv', LEAD_EXPORT_COLUMNS, leadCsvPages(c.get('database').db, c.get('user'), c.req.valid('query'))))
  .openapi(importLeadsRoute, async (c) => c.json(await importLeads(c.get('database').db, c.get('user'), c.req.valid('json'), auditContext(c)), 200))
  .openapi(createLeadRoute, async (c) => c.json(await createLead(c.get('database').db, c.get('user'), c.req.valid('json'), auditContext(c)), 201))
  .openapi(getLeadRoute, async (c) => c.json(await getLead(c.get('database').db, c.get('user'), uuidParam(c.req.valid('param').id, CRM_MESSAGES.leadNotFound)), 200))
  .openapi(updateLeadRoute, async (c) => {
    const id = uuidParam(c.req.valid('param').id, CRM_MESSAGES.leadNotFound);
    return c.json(await updateLead(c.get('database').db, c.get('user'), id, c.req.valid('json'), auditContext(c)), 200);
  })
  .openapi(leadConversionRoute, async (c) =>
    c.json(await leadConversion(c.get('database').db, c.get('user'), uuidParam(c.req.valid('param').id, CRM_MESSAGES.leadNotFound)), 200),
  )
  .openapi(convertLeadRoute, async (c) => {
    const id = uuidParam(c.req.valid('param').id, CRM_MESSAGES.leadNotFound);
    return c.json(await convertLead(c.get('database').db, c.get('user'), id, c.req.valid('json'), auditContext(c)), 200);
  })
  .openapi(pipelineRoute, async (c) => c.json(await pipeline(c.get('database').db, c.get('user'), c.req.valid('query')), 200))
  .openapi(listOpportunitiesRoute, async (c) => c.json(await listOpportunities(c.get('database').db, c.get('user'), c.req.valid('query')), 200))
  .openapi(exportOpportunitiesRoute, async (c) =>
    csvDownload('opportunities.csv', OPPORTUNITY_EXPORT_COLUMNS, opportunityCsvPages(c.get('database').db, c.get('user'), c.req.valid('query'))),
  )
  .openapi(createOpportunityRoute, async (c) => c.json(await createOpportunity(c.get('database').db, c.get('user'), c.req.valid('json'), auditContext(c)), 201))
  .openapi(getOpportunityRoute, async (c) =>
    c.json(await getOpportunity(c.get('database').db, c.get('user'), uuidParam(c.req.valid('param').id, CRM_MESSAGES.opportunityNotFound)), 200),
  )
  .openapi(updateOpportunityRoute, async (c) => {
    const id = uuidParam(c.req.valid('param').id, CRM_MESSAGES.opportunityNotFound);
    return c.json(await updateOpportunity(c.get('database').db, c.get('user'), id, c.req.valid('json'), auditContext(c)), 200);
  })
  .openapi(listActivitiesRoute, async (c) => c.json(await listActivities(c.get('database').db, c.get('user'), c.req.valid('query')), 200))
  .openapi(logActivityRoute, async (c) => c.json(await logActivity(c.get('database').db, c.get('user'), c.req.valid('json'), auditContext(c)), 201));
