import { z } from 'zod';
import { isoDateTime } from './dates';
import { mentionSearch } from './mentions';
import { entityFilter, isoDate, moduleTextRules, versionField } from './modules';
import { cursorParam, MAX_PAGE_SIZE } from './pagination';
import { multilineText, nameText, optionalNameText, optionalPlainText, uuid } from './text';

export const CLIENT_STATUSES = ['active', 'prospect', 'inactive'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];
/** The spec's customer labels. */
export const CLIENT_STATUS_LABELS: Record<ClientStatus, string> = { active: 'Active', prospect: 'Prospect', inactive: 'Inactive' };

export const LEAD_SOURCES = ['website', 'referral', 'event', 'outbound', 'other'] as const;
export type LeadSource = (typeof LEAD_SOURCES)[number];
export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = { website: 'Website', referral: 'Referral', event: 'Event', outbound: 'Outbound', other: 'Other' };

export const LEAD_STATUSES = ['new', 'contacted', 'qualified', 'disqualified'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = { new: 'New', contacted: 'Contacted', qualified: 'Qualified', disqualified: 'Disqualified' };

/** The spec dashboard's stages, plus the loss. */
export const OPPORTUNITY_STAGES = ['prospecting', 'qualification', 'proposal', 'negotiation', 'closed_won', 'closed_lost'] as const;
export type OpportunityStage = (typeof OPPORTUNITY_STAGES)[number];
export const OPPORTUNITY_STAGE_LABELS: Record<OpportunityStage, string> = {
  prospecting: 'Prospecting',
  qualification: 'Qualification',
  proposal: 'Proposal',
  negotiation: 'Negotiation',
  closed_won: 'Closed Won',
  closed_lost: 'Closed Lost',
};
export const OPEN_STAGES = ['prospecting', 'qualification', 'proposal', 'negotiation'] as const;
export const isClosedStage = (stage: OpportunityStage) => stage === 'closed_won' || stage === 'closed_lost';

export const ACTIVITY_TYPES = ['note', 'call', 'meeting'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];
export const ACTIVITY_TYPE_LABELS: Record<ActivityType, string> = { note: 'Note', call: 'Call', meeting: 'Meeting' };

/** Largest amount in minor units: 10^13 (a hundred billion in a two-decimal currency), safe in JavaScript numbers. */
export const MAX_AMOUNT_MINOR = 10_000_000_000_000;

export const CRM_MESSAGES = {
  clientNameRequired: 'Client name is required',
  clientNotFound: 'Client not found',
  clientRequired: 'Choose a client',
  contactNotFound: 'Contact not found',
  leadNotFound: 'Lead not found',
  opportunityNotFound: 'Opportunity not found',
  activityNotFound: 'Record not found',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  invalidEmail: 'Please enter a valid email',
  invalidWebsite: 'Please enter a valid website address',
  leadNameRequired: 'Lead name is required',
  sourceRequired: 'Choose a source',
  opportunityNameRequired: 'Opportunity name is required',
  amountInvalid: 'Amount must be a positive number with at most two decimals.',
  stageRequired: 'Choose a stage',
  lostReasonRequired: 'Tell us why this opportunity was lost.',
  ownerInvalid: 'The owner must be a user with CRM access in this entity.',
  notQualified: 'Only a qualified lead can be converted.',
  alreadyConverted: 'This lead has already been converted.',
  clientExists: 'A client with this name already exists. Choose it, or choose to add a new client.',
  clientChoiceConflict: 'Choose an existing client or a new one, not both.',
  activityBodyRequired: 'Write what happened',
  activityTargetRequired: 'An activity belongs to one client, contact, lead or opportunity.',
  clientCreated: 'Client added successfully',
  clientUpdated: 'Client updated successfully',
  contactCreated: 'Contact added successfully',
  contactUpdated: 'Contact updated successfully',
  leadCreated: 'Lead added successfully',
  leadUpdated: 'Lead updated successfully',
  leadConverted: 'Lead converted',
  opportunityCreated: 'Opportunity added successfully',
  opportunityUpdated: 'Opportunity updated successfully',
  stageMoveFailed: 'The opportunity could not be moved',
  activityLogged: 'Activity logged',
  reloaded: 'Someone else changed this record. It has been reloaded: check it and make your change again.',
} as const;

const name = (message: string) => nameText({ required: message, ...moduleTextRules(200) });
const label = (max = 100) => optionalNameText(moduleTextRules(max));
/** An email that may be empty: lowercased, then checked when present. */
const optionalEmail = optionalPlainText(moduleTextRules(254))
  .toLowerCase()
  .refine((v) => v === '' || z.email().safeParse(v).success, CRM_MESSAGES.invalidEmail);
const website = optionalPlainText(moduleTextRules(300)).refine(
  (v) => v === '' || /^(https?:\/\/)?[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+([/?#][^\s]*)?$/iu.test(v),
  CRM_MESSAGES.invalidWebsite,
);
const phone = optionalPlainText(moduleTextRules(50));
const ownerId = uuid(CRM_MESSAGES.ownerInvalid).nullable();
const entityId = uuid('Choose an entity');
const amountMinor = z
  .number({ error: CRM_MESSAGES.amountInvalid })
  .int(CRM_MESSAGES.amountInvalid)
  .min(0, CRM_MESSAGES.amountInvalid)
  .max(MAX_AMOUNT_MINOR, CRM_MESSAGES.amountInvalid);
const lostReason = optionalPlainText(moduleTextRules(500));

const limit = z.coerce
  .number({ error: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
  .int(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
  .min(1, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
  .max(MAX_PAGE_SIZE, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
const search = optionalPlainText(moduleTextRules(100)).optional();
const dir = z.enum(['asc', 'desc']);
const paging = { limit: limit.default(25), cursor: cursorParam(2000).optional() };
const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), nextCursor: z.string().nullable() });

/** A user who may own CRM records at the entity. */
export const crmUser = z.object({ id: z.uuid(), name: z.string(), email: z.string() });
export type CrmUser = z.infer<typeof crmUser>;
export const ownerOptions = z.object({ items: z.array(crmUser) });

const base = {
  id: z.uuid(),
  entityId: z.uuid(),
  entityName: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
};
const owner = { ownerId: z.uuid().nullable(), ownerName: z.string().nullable() };

// ----- clients ---------------------------------------------------------------------------------

const clientFields = {
  name: name(CRM_MESSAGES.clientNameRequired),
  website: website.default(''),
  industry: label().default(''),
  ownerId: ownerId.optional(),
  status: z.enum(CLIENT_STATUSES, { error: 'Choose a status' }).default('prospect'),
};
export const clientCreateInput = z.object({ entityId, ...clientFields }).strict();
export type ClientCreateInput = z.input<typeof clientCreateInput>;
export const clientUpdateInput = z
  .object({
    name: clientFields.name.optional(),
    website: website.optional(),
    industry: label().optional(),
    ownerId: ownerId.optional(),
    status: z.enum(CLIENT_STATUSES, { error: 'Choose a status' }).optional(),
    version: versionField,
  })
  .strict();
export type ClientUpdateInput = z.input<typeof clientUpdateInput>;

export const client = z.object({
  ...base,
  name: z.string(),
  website: z.string(),
  industry: z.string(),
  ...owner,
  status: z.enum(CLIENT_STATUSES),
  lastActivityAt: z.string(),
});
export type Client = z.infer<typeof client>;

export const CLIENT_SORTS = ['name', 'createdAt', 'lastActivity'] as const;
export const clientFilters = entityFilter.extend({
  q: search,
  status: z.enum(CLIENT_STATUSES).optional(),
  ownerId: uuid().optional(),
  sort: z.enum(CLIENT_SORTS).default('name'),
  dir: dir.default('asc'),
});
export const clientListQuery = clientFilters.extend(paging);
export type ClientListQuery = z.infer<typeof clientListQuery>;
export const clientPage = pageOf(client);
export type ClientPage = z.infer<typeof clientPage>;

// ----- contacts --------------------------------------------------------------------------------

const contactFields = {
  firstName: name(CRM_MESSAGES.firstNameRequired),
  lastName: name(CRM_MESSAGES.lastNameRequired),
  email: optionalEmail.default(''),
  phone: phone.default(''),
  jobTitle: label().default(''),
  clientId: uuid(CRM_MESSAGES.clientNotFound).nullable().default(null),
};
export const contactCreateInput = z.object({ entityId, ...contactFields }).strict();
export type ContactCreateInput = z.input<typeof contactCreateInput>;
export const contactUpdateInput = z
  .object({
    firstName: contactFields.firstName.optional(),
    lastName: contactFields.lastName.optional(),
    email: optionalEmail.optional(),
    phone: phone.optional(),
    jobTitle: label().optional(),
    clientId: uuid(CRM_MESSAGES.clientNotFound).nullable().optional(),
    version: versionField,
  })
  .strict();
export type ContactUpdateInput = z.input<typeof contactUpdateInput>;

export const contact = z.object({
  ...base,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  jobTitle: z.string(),
  clientId: z.uuid().nullable(),
  clientName: z.string().nullable(),
  /** Another contact of the entity with the same email, created first: this one is flagged as its duplicate. */
  duplicateOf: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type Contact = z.infer<typeof contact>;

export const CONTACT_SORTS = ['name', 'createdAt'] as const;
export const contactFilters = entityFilter.extend({
  q: search,
  clientId: uuid().optional(),
  sort: z.enum(CONTACT_SORTS).default('name'),
  dir: dir.default('asc'),
});
export const contactListQuery = contactFilters.extend(paging);
export type ContactListQuery = z.infer<typeof contactListQuery>;
export const contactPage = pageOf(contact);

// ----- leads -----------------------------------------------------------------------------------

const leadFields = {
  name: name(CRM_MESSAGES.leadNameRequired),
  companyName: label(200).default(''),
  email: optionalEmail.default(''),
  source: z.enum(LEAD_SOURCES, { error: CRM_MESSAGES.sourceRequired }),
  status: z.enum(LEAD_STATUSES, { error: 'Choose a status' }).default('new'),
  ownerId: ownerId.optional(),
};
export const leadCreateInput = z.object({ entityId, ...leadFields }).strict();
export type LeadCreateInput = z.input<typeof leadCreateInput>;
export const leadUpdateInput = z
  .object({
    name: leadFields.name.optional(),
    companyName: label(200).optional(),
    email: optionalEmail.optional(),
    source: leadFields.source.optional(),
    status: z.enum(LEAD_STATUSES, { error: 'Choose a status' }).optional(),
    ownerId: ownerId.optional(),
    version: versionField,
  })
  .strict();
export type LeadUpdateInput = z.input<typeof leadUpdateInput>;

export const lead = z.object({
  ...base,
  name: z.string(),
  companyName: z.string(),
  email: z.string(),
  source: z.enum(LEAD_SOURCES),
  status: z.enum(LEAD_STATUSES),
  ...owner,
  convertedAt: z.string().nullable(),
  convertedClientId: z.uuid().nullable(),
  convertedContactId: z.uuid().nullable(),
  convertedOpportunityId: z.uuid().nullable(),
});
export type Lead = z.infer<typeof lead>;

export const LEAD_SORTS = ['name', 'createdAt'] as const;
export const leadFilters = entityFilter.extend({
  q: search,
  status: z.enum([...LEAD_STATUSES, 'converted']).optional(),
  source: z.enum(LEAD_SOURCES).optional(),
  sort: z.enum(LEAD_SORTS).default('createdAt'),
  dir: dir.default('desc'),
});
export const leadListQuery = leadFilters.extend(paging);
export type LeadListQuery = z.infer<typeof leadListQuery>;
export const leadPage = pageOf(lead);

/**
 * Convert a qualified lead: a new client (named from the lead's company) or an existing one, a new
 * contact (from the lead's name and email) or an existing one, and a new opportunity; all in one
 * transaction. Without `clientId`, when the entity already has a client of that name (ignoring
 * case and spacing), the conversion is refused (409) unless `newClient` says a second one is
 * meant: a duplicate is never created silently.
 */
export const convertInput = z
  .object({
    version: versionField,
    clientId: uuid(CRM_MESSAGES.clientNotFound).nullable().default(null),
    newClient: z.boolean({ error: 'newClient must be true or false' }).default(false),
    contactId: uuid(CRM_MESSAGES.contactNotFound).nullable().default(null),
    opportunityName: name(CRM_MESSAGES.opportunityNameRequired),
    amountMinor: amountMinor.default(0),
    expectedCloseDate: isoDate('Expected close date must be a date (YYYY-MM-DD)').nullable().default(null),
  })
  .strict()
  .refine((v) => !(v.newClient && v.clientId), { message: CRM_MESSAGES.clientChoiceConflict, path: ['clientId'] });
export type ConvertInput = z.input<typeof convertInput>;
/**
 * What converting a lead would do with the client: the name a new client would get, and the
 * entity's client of that name (ignoring case and spacing) if there is one, to propose instead.
 */
export const leadConversion = z.object({
  newClientName: z.string(),
  existingClient: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type LeadConversion = z.infer<typeof leadConversion>;
export const convertResult = z.object({
  lead,
  clientId: z.uuid(),
  contactId: z.uuid(),
  opportunityId: z.uuid(),
});

// ----- opportunities ---------------------------------------------------------------------------

const opportunityFields = {
  name: name(CRM_MESSAGES.opportunityNameRequired),
  clientId: uuid(CRM_MESSAGES.clientRequired),
  amountMinor: amountMinor.default(0),
  expectedCloseDate: isoDate('Expected close date must be a date (YYYY-MM-DD)').nullable().default(null),
  ownerId: ownerId.optional(),
  stage: z.enum(OPPORTUNITY_STAGES, { error: CRM_MESSAGES.stageRequired }).default('prospecting'),
  lostReason: lostReason.default(''),
};
export const opportunityCreateInput = z
  .object({ entityId, ...opportunityFields })
  .strict()
  .refine((v) => v.stage !== 'closed_lost' || v.lostReason !== '', { message: CRM_MESSAGES.lostReasonRequired, path: ['lostReason'] });
export type OpportunityCreateInput = z.input<typeof opportunityCreateInput>;
/** Edit, or a stage change from the board (`stage` and `version` only; Closed Lost with its reason). */
export const opportunityUpdateInput = z
  .object({
    name: opportunityFields.name.optional(),
    clientId: uuid(CRM_MESSAGES.clientRequired).optional(),
    amountMinor: amountMinor.optional(),
    expectedCloseDate: isoDate('Expected close date must be a date (YYYY-MM-DD)').nullable().optional(),
    ownerId: ownerId.optional(),
    stage: z.enum(OPPORTUNITY_STAGES, { error: CRM_MESSAGES.stageRequired }).optional(),
    lostReason: lostReason.optional(),
    version: versionField,
  })
  .strict();
export type OpportunityUpdateInput = z.input<typeof opportunityUpdateInput>;

export const opportunity = z.object({
  ...base,
  name: z.string(),
  clientId: z.uuid(),
  clientName: z.string(),
  amountMinor: z.number().int(),
  currency: z.string(),
  expectedCloseDate: z.string().nullable(),
  ...owner,
  stage: z.enum(OPPORTUNITY_STAGES),
  lostReason: z.string(),
  closedAt: z.string().nullable(),
});
export type Opportunity = z.infer<typeof opportunity>;

export const OPPORTUNITY_SORTS = ['createdAt', 'name', 'amount'] as const;
export const opportunityFilters = entityFilter.extend({
  q: search,
  stage: z.enum(OPPORTUNITY_STAGES).optional(),
  clientId: uuid().optional(),
  ownerId: uuid().optional(),
  open: z.enum(['true', 'false']).optional(),
  sort: z.enum(OPPORTUNITY_SORTS).default('createdAt'),
  dir: dir.default('desc'),
});
export const opportunityListQuery = opportunityFilters.extend(paging);
export type OpportunityListQuery = z.infer<typeof opportunityListQuery>;
export const opportunityPage = pageOf(opportunity);

/** A sum of money in one currency (a scope can span entities in several countries). */
export const money = z.object({ currency: z.string(), amountMinor: z.number().int() });
export type Money = z.infer<typeof money>;

/** The board: per stage, the count, the totals and the first cards (newest first); more with the list route. */
export const pipelineColumn = z.object({
  stage: z.enum(OPPORTUNITY_STAGES),
  count: z.number().int(),
  totals: z.array(money),
  items: z.array(opportunity),
  nextCursor: z.string().nullable(),
});
export const pipeline = z.object({ columns: z.array(pipelineColumn) });
export type Pipeline = z.infer<typeof pipeline>;
export type PipelineColumn = z.infer<typeof pipelineColumn>;
export const pipelineQuery = entityFilter.extend({
  q: search,
  ownerId: uuid().optional(),
  limit: limit.default(20),
});

// ----- activities ------------------------------------------------------------------------------

export const ACTIVITY_TARGETS = ['clientId', 'contactId', 'leadId', 'opportunityId'] as const;
export type ActivityTarget = (typeof ACTIVITY_TARGETS)[number];

/** A query naming the one record whose timeline it is about. */
const activityTargetQuery = z.object({
  clientId: uuid().optional(),
  contactId: uuid().optional(),
  leadId: uuid().optional(),
  opportunityId: uuid().optional(),
});
const oneTarget = (v: Partial<Record<ActivityTarget, string>>) => ACTIVITY_TARGETS.filter((k) => v[k] !== undefined).length === 1;

export const activityInput = z
  .object({
    type: z.enum(ACTIVITY_TYPES, { error: 'Choose a type' }),
    body: multilineText({ required: CRM_MESSAGES.activityBodyRequired, ...moduleTextRules(5000) }),
    occurredAt: isoDateTime('When must be a date and time').optional(),
    clientId: uuid(CRM_MESSAGES.activityNotFound).optional(),
    contactId: uuid(CRM_MESSAGES.activityNotFound).optional(),
    leadId: uuid(CRM_MESSAGES.activityNotFound).optional(),
    opportunityId: uuid(CRM_MESSAGES.activityNotFound).optional(),
  })
  .strict()
  .refine(oneTarget, { message: CRM_MESSAGES.activityTargetRequired });
export type ActivityInput = z.input<typeof activityInput>;

export const activity = z.object({
  id: z.uuid(),
  entityId: z.uuid(),
  type: z.enum(ACTIVITY_TYPES),
  body: z.string(),
  occurredAt: z.string(),
  authorId: z.uuid().nullable(),
  authorName: z.string(),
  clientId: z.uuid().nullable(),
  contactId: z.uuid().nullable(),
  leadId: z.uuid().nullable(),
  opportunityId: z.uuid().nullable(),
  /** What it was logged on, for a client's timeline that includes its contacts and opportunities. */
  subject: z.string(),
});
export type Activity = z.infer<typeof activity>;

export const activityListQuery = activityTargetQuery
  .extend({ limit: limit.default(50), cursor: cursorParam(2000).optional() })
  .refine(oneTarget, { message: CRM_MESSAGES.activityTargetRequired });
export type ActivityListQuery = z.infer<typeof activityListQuery>;

/** `GET /crm/activities/mentionable`: who a note on the record may mention; `q` a prefix of a name or email. */
export const activityMentionableQuery = activityTargetQuery.extend(mentionSearch.shape).refine(oneTarget, { message: CRM_MESSAGES.activityTargetRequired });
export type ActivityMentionableQuery = z.infer<typeof activityMentionableQuery>;
export const activityPage = pageOf(activity);

// ----- details and dashboard ---------------------------------------------------------------------

export const clientDetail = client.extend({
  contacts: z.array(contact),
  opportunities: z.array(opportunity),
});
export type ClientDetail = z.infer<typeof clientDetail>;

export const crmDashboard = z.object({
  customers: z.number().int(),
  openLeads: z.number().int(),
  openPipeline: z.array(money),
  wonThisMonth: z.array(money),
  wonThisMonthCount: z.number().int(),
  /** The last six months, oldest first, as YYYY-MM, with the Closed Won amounts per currency. */
  revenueByMonth: z.array(z.object({ month: z.string(), amounts: z.array(money) })),
  pipelineByStage: z.array(z.object({ stage: z.enum(OPPORTUNITY_STAGES), count: z.number().int(), totals: z.array(money) })),
  recentClients: z.array(client),
});
export type CrmDashboard = z.infer<typeof crmDashboard>;

// ----- CSV -------------------------------------------------------------------------------------

export const CONTACT_CSV_COLUMNS = ['First Name', 'Last Name', 'Email', 'Phone', 'Job Title', 'Client'] as const;
export const LEAD_CSV_COLUMNS = ['Name', 'Company Name', 'Email', 'Source', 'Status'] as const;

// ----- money -----------------------------------------------------------------------------------

/** Digits after the decimal point of a currency's major unit (ISO 4217 minor units). */
export const currencyDigits = (currency: string) => new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;

/** "1234.5" in a currency → minor units (123450), or null when it is not an amount with at most its decimals. */
export function parseAmount(text: string, currency: string): number | null {
  const digits = currencyDigits(currency);
  const clean = text.replace(/[\s,]/g, '');
  const match = /^(\d{1,13})(?:\.(\d*))?$/.exec(clean);
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  const minor = Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return Number.isSafeInteger(minor) && minor <= MAX_AMOUNT_MINOR ? minor : null;
}

/** Minor units as the plain decimal text an amount field shows ("1234.50"). */
export const amountText = (minor: number, currency: string) => {
  const digits = currencyDigits(currency);
  return digits === 0 ? String(minor) : (minor / 10 ** digits).toFixed(digits);
};

export const formatMoney = (minor: number, currency: string, compact = false) => {
  const digits = currencyDigits(currency);
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    notation: compact ? 'compact' : 'standard',
    maximumFractionDigits: compact ? 1 : digits,
    minimumFractionDigits: compact ? 0 : digits,
  }).format(minor / 10 ** digits);
};
