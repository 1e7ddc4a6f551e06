import { z } from '@hono/zod-openapi';
import {
  activity,
  activityInput,
  activityListQuery,
  activityMentionableQuery,
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
import { entityFilter, moduleContext as moduleContextSchema, MODULE_MESSAGES } from '@/shared/modules';
import { optionalPlainText, uuid } from '@/shared/text';
import { errorContent } from '../../http/route';
import { mentionableList } from '@/shared/mentions';
import { activityMentionable, listActivities, logActivity } from './activities';
import { CLIENT_EXPORT_COLUMNS, clientCsvPages, clientOptions, createClient, getClient, listClients, updateClient } from './clients';
import { CONTACT_EXPORT_COLUMNS, contactCsvPages, createContact, getContact, importContacts, listContacts, updateContact } from './contacts';
import { dashboard } from './dashboard';
import { convertLead, createLead, getLead, importLeads, LEAD_EXPORT_COLUMNS, leadConversion, leadCsvPages, listLeads, updateLead } from './leads';
import { crm, ownerOptions } from './module';
import { createOpportunity, getOpportunity, listOpportunities, OPPORTUNITY_EXPORT_COLUMNS, opportunityCsvPages, pipeline, updateOpportunity } from './opportunities';

const ofEntity = z.object({ entityId: uuid(MODULE_MESSAGES.entityNotFound) });

/** The owner rule of clients, leads and opportunities (module.ts, checkOwner). */
const ownerRule = { 400: errorContent(CRM_MESSAGES.ownerInvalid) };

export const crmRoutes = crm
  .routes()
  .context(moduleContextSchema, 'CRM: the entities where the caller holds CRM, with their role')
  .get('/dashboard', 'CRM dashboard figures for one entity or all of the caller’s', entityFilter, crmDashboard, (db, user, query) => dashboard(db, user, query.entityId))
  .get('/owner-options', 'Users who may own CRM records at the entity (its CRM users and the super admins)', ofEntity, ownerOptionsSchema, (db, user, query) =>
    ownerOptions(db, user, query.entityId),
  )
  .get(
    '/client-options',
    'Clients of one entity by name (first 100), for selects',
    ofEntity.extend({ q: optionalPlainText({ max: 100 }).optional() }),
    z.object({ items: z.array(z.object({ id: z.uuid(), name: z.string() })) }),
    (db, user, query) => clientOptions(db, user, query.entityId, query.q),
  )
  .records('clients', {
    noun: 'client',
    notFound: CRM_MESSAGES.clientNotFound,
    list: { summary: 'Clients: keyset pages, sorting, search, status and owner filters', query: clientListQuery, page: clientPage, run: listClients },
    export: { filters: clientFilters, columns: CLIENT_EXPORT_COLUMNS, run: clientCsvPages },
    create: { summary: 'Add a client (Member or App Admin)', body: clientCreateInput, response: client, errors: ownerRule, run: createClient },
    get: { summary: 'One client with its contacts and opportunities', response: clientDetail, run: getClient },
    update: { body: clientUpdateInput, response: client, errors: ownerRule, run: updateClient },
  })
  .records('contacts', {
    noun: 'contact',
    notFound: CRM_MESSAGES.contactNotFound,
    list: { summary: 'Contacts: keyset pages, sorting, search (name or email), client filter; duplicates flagged', query: contactListQuery, page: contactPage, run: listContacts },
    export: { filters: contactFilters, columns: CONTACT_EXPORT_COLUMNS, run: contactCsvPages },
    import: { columns: CONTACT_CSV_COLUMNS, run: importContacts },
    create: {
      summary: 'Add a contact (a second contact with the same email in the entity is flagged, not refused)',
      body: contactCreateInput,
      response: contact,
      errors: { 400: errorContent(CRM_MESSAGES.clientNotFound) },
      run: createContact,
    },
    get: { response: contact, run: getContact },
    update: { body: contactUpdateInput, response: contact, errors: { 400: errorContent(CRM_MESSAGES.clientNotFound) }, run: updateContact },
  })
  .records('leads', {
    noun: 'lead',
    notFound: CRM_MESSAGES.leadNotFound,
    list: { summary: 'Leads: keyset pages, newest first by default, search, status and source filters', query: leadListQuery, page: leadPage, run: listLeads },
    export: { filters: leadFilters, columns: LEAD_EXPORT_COLUMNS, run: leadCsvPages },
    import: { columns: LEAD_CSV_COLUMNS, run: importLeads },
    create: { summary: 'Add a lead (Member or App Admin)', body: leadCreateInput, response: lead, errors: ownerRule, run: createLead },
    get: { summary: 'One lead, with links to what its conversion created', response: lead, run: getLead },
    update: { body: leadUpdateInput, response: lead, errors: { ...ownerRule, 409: errorContent(CRM_MESSAGES.alreadyConverted) }, run: updateLead },
    actions: {
      conversion: {
        method: 'get',
        summary:
          'Before converting a lead: the name a new client would get, and the entity’s client of that name (ignoring case and spacing) to propose instead',
        response: leadConversionSchema,
        run: leadConversion,
      },
      convert: {
        summary:
          'Convert a qualified lead: client (new or existing), contact (new or existing) and opportunity, in one transaction. A new client whose name the entity already has needs newClient: true (409 otherwise)',
        body: convertInput,
        response: convertResult,
        versioned: true,
        errors: {
          400: errorContent(CRM_MESSAGES.clientNotFound, CRM_MESSAGES.contactNotFound, CRM_MESSAGES.clientChoiceConflict),
          409: errorContent(CRM_MESSAGES.notQualified, CRM_MESSAGES.alreadyConverted, CRM_MESSAGES.clientExists),
        },
        run: convertLead,
      },
    },
  })
  .get('/pipeline', 'The pipeline board: per stage the count, totals per currency and the first cards', pipelineQuery, pipelineSchema, pipeline)
  .records('opportunities', {
    noun: 'opportunity',
    notFound: CRM_MESSAGES.opportunityNotFound,
    list: {
      summary:
        'Opportunities: keyset pages, sorting, search, stage, client, owner and open filters (a board column’s next cards: ?stage=&sort=createdAt&dir=desc&cursor=)',
      query: opportunityListQuery,
      page: opportunityPage,
      run: listOpportunities,
    },
    export: { filters: opportunityFilters, columns: OPPORTUNITY_EXPORT_COLUMNS, run: opportunityCsvPages },
    create: {
      summary: 'Add an opportunity (amount in minor units of the entity’s currency)',
      body: opportunityCreateInput,
      response: opportunity,
      errors: { 400: errorContent(CRM_MESSAGES.clientRequired, CRM_MESSAGES.ownerInvalid) },
      run: createOpportunity,
    },
    get: { response: opportunity, run: getOpportunity },
    update: {
      summary: 'Edit an opportunity or move it to another stage (Closed Lost needs a reason; 409 when the version changed since)',
      body: opportunityUpdateInput,
      response: opportunity,
      errors: { 400: errorContent(CRM_MESSAGES.lostReasonRequired, CRM_MESSAGES.clientRequired, CRM_MESSAGES.ownerInvalid) },
      run: updateOpportunity,
    },
  })
  .get(
    '/activities/mentionable',
    'Who a note on the record may mention: active users who may read it (exactly one of clientId, contactId, leadId, opportunityId; q: a prefix of a name or email)',
    activityMentionableQuery,
    mentionableList,
    activityMentionable,
  )
  .records('activities', {
    noun: 'activity',
    notFound: CRM_MESSAGES.activityNotFound,
    list: {
      summary: 'A record’s timeline, newest first (exactly one of clientId, contactId, leadId, opportunityId; a client’s includes its contacts and opportunities)',
      query: activityListQuery,
      page: activityPage,
      errors: { 404: errorContent(CRM_MESSAGES.activityNotFound) },
      run: listActivities,
    },
    create: {
      summary: 'Log a note, call or meeting on one client, contact, lead or opportunity',
      body: activityInput,
      response: activity,
      errors: { 404: errorContent(CRM_MESSAGES.activityNotFound) },
      run: logActivity,
    },
  }).app;
