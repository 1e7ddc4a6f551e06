import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Activity,
  ActivityInput,
  Client,
  ClientCreateInput,
  ClientDetail,
  ClientPage,
  ClientUpdateInput,
  Contact,
  ContactCreateInput,
  ContactUpdateInput,
  ConvertInput,
  CrmDashboard,
  CrmUser,
  Lead,
  LeadConversion,
  LeadCreateInput,
  LeadUpdateInput,
  Opportunity,
  OpportunityCreateInput,
  OpportunityUpdateInput,
  Pipeline,
} from '@/shared/crm';
import type { Page } from '@/shared/pagination';
import { api } from '@/web/lib/api';

type Query = Record<string, string | number | undefined>;

export const crmKeys = { all: ['crm'] as const };

export const clientsQuery = (query: Query) =>
  queryOptions({ queryKey: ['crm', 'clients', query], queryFn: () => api.get<ClientPage>('/crm/clients', null, query), placeholderData: keepPreviousData });
export const clientQuery = (id: string) => queryOptions({ queryKey: ['crm', 'client', id], queryFn: () => api.get<ClientDetail>(`/crm/clients/${id}`) });
export const contactsQuery = (query: Query) =>
  queryOptions({ queryKey: ['crm', 'contacts', query], queryFn: () => api.get<Page<Contact>>('/crm/contacts', null, query), placeholderData: keepPreviousData });
export const contactQuery = (id: string) => queryOptions({ queryKey: ['crm', 'contact', id], queryFn: () => api.get<Contact>(`/crm/contacts/${id}`) });
export const leadsQuery = (query: Query) =>
  queryOptions({ queryKey: ['crm', 'leads', query], queryFn: () => api.get<Page<Lead>>('/crm/leads', null, query), placeholderData: keepPreviousData });
export const leadQuery = (id: string) => queryOptions({ queryKey: ['crm', 'lead', id], queryFn: () => api.get<Lead>(`/crm/leads/${id}`) });
/** What converting the lead proposes: its client's name, and the entity's client of that name. */
export const leadConversionQuery = (id: string) =>
  queryOptions({
    queryKey: ['crm', 'lead', id, 'conversion'],
    queryFn: () => api.get<LeadConversion>(`/crm/leads/${id}/conversion`),
    // Read afresh each time the dialog opens: a client of that name may have been added since.
    staleTime: 0,
  });
export const opportunitiesQuery = (query: Query) =>
  queryOptions({
    queryKey: ['crm', 'opportunities', query],
    queryFn: () => api.get<Page<Opportunity>>('/crm/opportunities', null, query),
    placeholderData: keepPreviousData,
  });
export const opportunityQuery = (id: string) => queryOptions({ queryKey: ['crm', 'opportunity', id], queryFn: () => api.get<Opportunity>(`/crm/opportunities/${id}`) });
export const pipelineKey = (query: Query) => ['crm', 'pipeline', query] as const;
export const pipelineQuery = (query: Query) => queryOptions({ queryKey: pipelineKey(query), queryFn: () => api.get<Pipeline>('/crm/pipeline', null, query) });
export const activitiesQuery = (target: Query) =>
  queryOptions({ queryKey: ['crm', 'activities', target], queryFn: () => api.get<Page<Activity>>('/crm/activities', null, { ...target, limit: 50 }) });
export const dashboardQuery = (entityId?: string) =>
  queryOptions({ queryKey: ['crm', 'dashboard', entityId ?? 'all'], queryFn: () => api.get<CrmDashboard>('/crm/dashboard', null, { entityId }) });
export const ownerOptionsQuery = (entityId: string) =>
  queryOptions({ queryKey: ['crm', 'owner-options', entityId], queryFn: () => api.get<{ items: CrmUser[] }>('/crm/owner-options', null, { entityId }) });
export const clientOptionsQuery = (entityId: string) =>
  queryOptions({
    queryKey: ['crm', 'client-options', entityId],
    queryFn: () => api.get<{ items: { id: string; name: string }[] }>('/crm/client-options', null, { entityId }),
  });

/** Every CRM change refreshes every CRM query: lists, details, the board and the dashboard depend on each other. */
function useCrmMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: crmKeys.all }) });
}

export const useCreateClient = () => useCrmMutation((input: ClientCreateInput) => api.post<Client>('/crm/clients', null, input));
export const useUpdateClient = () => useCrmMutation(({ id, ...input }: ClientUpdateInput & { id: string }) => api.patch<Client>(`/crm/clients/${id}`, null, input));
export const useCreateContact = () => useCrmMutation((input: ContactCreateInput) => api.post<Contact>('/crm/contacts', null, input));
export const useUpdateContact = () => useCrmMutation(({ id, ...input }: ContactUpdateInput & { id: string }) => api.patch<Contact>(`/crm/contacts/${id}`, null, input));
export const useCreateLead = () => useCrmMutation((input: LeadCreateInput) => api.post<Lead>('/crm/leads', null, input));
export const useUpdateLead = () => useCrmMutation(({ id, ...input }: LeadUpdateInput & { id: string }) => api.patch<Lead>(`/crm/leads/${id}`, null, input));
export const useConvertLead = () =>
  useCrmMutation(({ id, ...input }: ConvertInput & { id: string }) =>
    api.post<{ lead: Lead; clientId: string; contactId: string; opportunityId: string }>(`/crm/leads/${id}/convert`, null, input),
  );
export const useCreateOpportunity = () => useCrmMutation((input: OpportunityCreateInput) => api.post<Opportunity>('/crm/opportunities', null, input));
export const useUpdateOpportunity = () =>
  useCrmMutation(({ id, ...input }: OpportunityUpdateInput & { id: string }) => api.patch<Opportunity>(`/crm/opportunities/${id}`, null, input));
export const useLogActivity = () => useCrmMutation((input: ActivityInput) => api.post<Activity>('/crm/activities', null, input));

export const useDashboard = (entityId?: string) => useQuery(dashboardQuery(entityId));
