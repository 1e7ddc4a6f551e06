import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Board,
  Comment,
  EligibleUser,
  Project,
  ProjectCreateInput,
  ProjectPage,
  ProjectsDashboard,
  ProjectUpdateInput,
  Task,
  TaskCreateInput,
  TaskDetail,
  TaskPage,
  TaskUpdateInput,
} from '@/shared/projects';
import { api } from '@/web/lib/api';

type Query = Record<string, string | number | undefined>;

export const projectsKeys = { all: ['projects'] as const };

export const projectsQuery = (query: Query) =>
  queryOptions({ queryKey: ['projects', 'projects', query], queryFn: () => api.get<ProjectPage>('/projects/projects', null, query), placeholderData: keepPreviousData });

export const projectQuery = (id: string) => queryOptions({ queryKey: ['projects', 'project', id], queryFn: () => api.get<Project>(`/projects/projects/${id}`) });

export const tasksQuery = (query: Query) =>
  queryOptions({ queryKey: ['projects', 'tasks', query], queryFn: () => api.get<TaskPage>('/projects/tasks', null, query), placeholderData: keepPreviousData });

export const taskQuery = (id: string) => queryOptions({ queryKey: ['projects', 'task', id], queryFn: () => api.get<TaskDetail>(`/projects/tasks/${id}`) });

export const boardQuery = (projectId: string) =>
  queryOptions({ queryKey: ['projects', 'board', projectId], queryFn: () => api.get<Board>(`/projects/projects/${projectId}/board`) });

export const dashboardQuery = (entityId?: string) =>
  queryOptions({ queryKey: ['projects', 'dashboard', entityId ?? 'all'], queryFn: () => api.get<ProjectsDashboard>('/projects/dashboard', null, { entityId }) });

export const userOptionsQuery = (entityId: string) =>
  queryOptions({
    queryKey: ['projects', 'user-options', entityId],
    queryFn: () => api.get<{ items: EligibleUser[] }>('/projects/user-options', null, { entityId }),
    staleTime: 60_000,
  });

/** Every Projects mutation refreshes the module's queries: progress, boards and figures depend on each other. */
function useProjectsMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: projectsKeys.all }) });
}

export const useCreateProject = () => useProjectsMutation((input: ProjectCreateInput) => api.post<Project>('/projects/projects', null, input));
export const useUpdateProject = () =>
  useProjectsMutation(({ id, ...input }: ProjectUpdateInput & { id: string }) => api.patch<Project>(`/projects/projects/${id}`, null, input));
export const useCreateTask = () => useProjectsMutation((input: TaskCreateInput) => api.post<Task>('/projects/tasks', null, input));
export const useUpdateTask = () => useProjectsMutation(({ id, ...input }: TaskUpdateInput & { id: string }) => api.patch<Task>(`/projects/tasks/${id}`, null, input));
export const useMoveTask = () =>
  useProjectsMutation(({ id, ...input }: { id: string; status: Task['status']; afterId: string | null; beforeId: string | null }) =>
    api.post<Task>(`/projects/tasks/${id}/move`, null, input),
  );
export const useAddComment = () => useProjectsMutation(({ id, body }: { id: string; body: string }) => api.post<Comment>(`/projects/tasks/${id}/comments`, null, { body }));

export const moveTask = (id: string, input: { status: Task['status']; afterId: string | null; beforeId: string | null }) =>
  api.post<Task>(`/projects/tasks/${id}/move`, null, input);
export const columnPage = (projectId: string, status: Task['status'], cursor: string) =>
  api.get<TaskPage>('/projects/tasks', null, { projectId, status, sort: 'rank', dir: 'asc', cursor, limit: 50 });

export const useProjects = (query: Query) => useQuery(projectsQuery(query));
export const useTasks = (query: Query) => useQuery(tasksQuery(query));
