import { queryOptions } from '@tanstack/react-query';
import type * as Onboarding from '@/shared/onboarding';
import { api } from '@/web/lib/api';
import { moduleQueries } from '@/web/lib/record-queries';

/** Onboarding lives in HRMS: its keys start with 'hrms', so an employee added or terminated refreshes the checklists too. */
const hrms = moduleQueries('hrms');

const BASE = '/hrms/onboarding';

export const templatesQuery = hrms.forScope<{ items: Onboarding.ChecklistTemplate[] }>('checklist-templates', `${BASE}/templates`);
export const assigneeOptionsQuery = hrms.options<{ id: string; name: string; email: string }>('checklist-assignees', `${BASE}/assignee-options`);

/** Checklists under a filter (a kind, an employee, the caller's own). */
export const checklistsQuery = (query: { entityId?: string; kind?: Onboarding.ChecklistKind; status?: 'open' | 'done'; employeeId?: string; mine?: 'true' }) =>
  queryOptions({ queryKey: ['hrms', 'checklists', query], queryFn: () => api.get<Onboarding.ChecklistList>(`${BASE}/checklists`, null, query) });

type Input<S extends { _zod: { output: unknown } }> = S['_zod']['output'];

export const useCreateTemplate = hrms.creates<Input<typeof Onboarding.checklistTemplateCreateInput>, Onboarding.ChecklistTemplate>(`${BASE}/templates`);
export const useUpdateTemplate = hrms.updates<Input<typeof Onboarding.checklistTemplateUpdateInput>, Onboarding.ChecklistTemplate>(`${BASE}/templates`);
export const useAddTemplateTask = () =>
  hrms.useMutation(({ templateId, ...input }: Input<typeof Onboarding.templateTaskCreateInput> & { templateId: string }) =>
    api.post<Onboarding.TemplateTask>(`${BASE}/templates/${templateId}/tasks`, null, input),
  );
export const useUpdateTemplateTask = hrms.updates<Input<typeof Onboarding.templateTaskUpdateInput>, Onboarding.TemplateTask>(`${BASE}/template-tasks`);
export const useRemoveTemplateTask = () => hrms.useMutation(({ id, version }: { id: string; version: number }) => api.delete(`${BASE}/template-tasks/${id}?version=${version}`));

/** Ticks a task done or back; the lists and progress bars refresh from the server's answer. */
export const useTickTask = () => hrms.useMutation(({ id, done }: { id: string; done: boolean }) => api.post<Onboarding.ChecklistTask>(`${BASE}/tasks/${id}/done`, null, { done }));
