import { queryOptions, useQuery } from '@tanstack/react-query';
import type * as Crm from '@/shared/crm';
import type { MentionableList } from '@/shared/mentions';
import type { Page } from '@/shared/pagination';
import { api } from '@/web/lib/api';
import { moduleQueries, type ListQuery } from '@/web/lib/record-queries';

/** Every CRM change refreshes every CRM query, after a refused one too: lists, details, the board and the dashboard depend on each other. */
const crm = moduleQueries('crm', { refreshOn: 'settled' });

export const crmKeys = crm.keys;

export const clientsQuery = crm.list<Crm.ClientPage>('clients', '/crm/clients');
export const clientQuery = crm.one<Crm.ClientDetail>('client', '/crm/clients');
export const contactsQuery = crm.list<Page<Crm.Contact>>('contacts', '/crm/contacts');
export const contactQuery = crm.one<Crm.Contact>('contact', '/crm/contacts');
export const leadsQuery = crm.list<Page<Crm.Lead>>('leads', '/crm/leads');
export const leadQuery = crm.one<Crm.Lead>('lead', '/crm/leads');
/** What converting the lead proposes: its client's name, and the entity's client of that name. */
export const leadConversionQuery = (id: string) =>
  queryOptions({
    queryKey: ['crm', 'lead', id, 'conversion'],
    queryFn: () => api.get<Crm.LeadConversion>(`/crm/leads/${id}/conversion`),
    // Read afresh each time the dialog opens: a client of that name may have been added since.
    staleTime: 0,
  });
export const opportunitiesQuery = crm.list<Page<Crm.Opportunity>>('opportunities', '/crm/opportunities');
export const opportunityQuery = crm.one<Crm.Opportunity>('opportunity', '/crm/opportunities');
export const pipelineKey = (query: ListQuery) => ['crm', 'pipeline', query] as const;
export const pipelineQuery = (query: ListQuery) => queryOptions({ queryKey: pipelineKey(query), queryFn: () => api.get<Crm.Pipeline>('/crm/pipeline', null, query) });
export const activitiesQuery = (target: ListQuery) =>
  queryOptions({ queryKey: ['crm', 'activities', target], queryFn: () => api.get<Page<Crm.Activity>>('/crm/activities', null, { ...target, limit: 50 }) });
/** Who a note on the record may mention, by what was typed after `@`. */
export const mentionableQuery = (target: ListQuery) => (q: string) =>
({ queryKey: ['crm', 'mentionable', target, q], queryFn: () => api.get<MentionableList>('/crm/activities/mentionable', null, { ...target, q }) });
export const dashboardQuery = crm.forScope<Crm.CrmDashboard>('dashboard', '/crm/dashboard');
export const ownerOptionsQuery = crm.options<Crm.CrmUser>('owner-options', '/crm/owner-options');
export const clientOptionsQuery = crm.options<{ id: string; name: string }>('client-options', '/crm/client-options');

export const useCreateClient = crm.creates<Crm.ClientCreateInput, Crm.Client>('/crm/clients');
export const useUpdateClient = crm.updates<Crm.ClientUpdateInput, Crm.Client>('/crm/clients');
export const useCreateContact = crm.creates<Crm.ContactCreateInput, Crm.Contact>('/crm/contacts');
export const useUpdateContact = crm.updates<Crm.ContactUpdateInput, Crm.Contact>('/crm/contacts');
export const useCreateLead = crm.creates<Crm.LeadCreateInput, Crm.Lead>('/crm/leads');
export const useUpdateLead = crm.updates<Crm.LeadUpdateInput, Crm.Lead>('/crm/leads');
export const useConvertLead = () =>
  crm.useMutation(({ id, ...input }: Crm.ConvertInput & { id: string }) =>
    api.post<{ lead: Crm.Lead; clientId: string; contactId: string; opportunityId: string }>(`/crm/leads/${id}/convert`, null, input),
  );
export const useCreateOpportunity = crm.creates<Crm.OpportunityCreateInput, Crm.Opportunity>('/crm/opportunities');
export const useUpdateOpportunity = crm.updates<Crm.OpportunityUpdateInput, Crm.Opportunity>('/crm/opportunities');
export const useLogActivity = crm.creates<Crm.ActivityInput, Crm.Activity>('/crm/activities');

export const useDashboard = (entityId?: string) => useQuery(dashboardQuery(entityId));
