import { queryOptions } from '@tanstack/react-query';
import type { MentionableList } from '@/shared/mentions';
import type * as Projects from '@/shared/projects';
import { api } from '@/web/lib/api';
import { moduleQueries } from '@/web/lib/record-queries';

/** Every Projects mutation refreshes the module's queries: progress, boards and figures depend on each other. */
const projects = moduleQueries('projects');

export const projectsKeys = projects.keys;

export const projectsQuery = projects.list<Projects.ProjectPage>('projects', '/projects/projects');
export const projectQuery = projects.one<Projects.Project>('project', '/projects/projects');
export const tasksQuery = projects.list<Projects.TaskPage>('tasks', '/projects/tasks');
export const taskQuery = projects.one<Projects.TaskDetail>('task', '/projects/tasks');

export const boardQuery = (projectId: string) =>
  queryOptions({ queryKey: ['projects', 'board', projectId], queryFn: () => api.get<Projects.Board>(`/projects/projects/${projectId}/board`) });

export const dashboardQuery = projects.forScope<Projects.ProjectsDashboard>('dashboard', '/projects/dashboard');

export const userOptionsQuery = projects.options<Projects.EligibleUser>('user-options', '/projects/user-options', 60_000);

export const useCreateProject = projects.creates<Projects.ProjectCreateInput, Projects.Project>('/projects/projects');
export const useUpdateProject = projects.updates<Projects.ProjectUpdateInput, Projects.Project>('/projects/projects');
export const useCreateTask = projects.creates<Projects.TaskCreateInput, Projects.Task>('/projects/tasks');
export const useUpdateTask = projects.updates<Projects.TaskUpdateInput, Projects.Task>('/projects/tasks');
export const useMoveTask = () =>
  projects.useMutation(({ id, ...input }: { id: string; status: Projects.Task['status']; afterId: string | null; beforeId: string | null }) =>
    api.post<Projects.Task>(`/projects/tasks/${id}/move`, null, input),
  );
/** Who a comment on the task may mention, by what was typed after `@`. */
export const mentionableQuery = (taskId: string) => (q: string) =>
({ queryKey: ['projects', 'task', taskId, 'mentionable', q], queryFn: () => api.get<MentionableList>(`/projects/tasks/${taskId}/mentionable`, null, { q }) });
export const useFollowTask = () =>
  projects.useMutation(({ id, following }: { id: string; following: boolean }) =>
    api.post<Projects.TaskFollowing>(`/projects/tasks/${id}/${following ? 'follow' : 'unfollow'}`, null, {}),
  );
export const useAddComment = () =>
  projects.useMutation(({ id, body }: { id: string; body: string }) => api.post<Projects.Comment>(`/projects/tasks/${id}/comments`, null, { body }));

export const moveTask = (id: string, input: { status: Projects.Task['status']; afterId: string | null; beforeId: string | null }) =>
  api.post<Projects.Task>(`/projects/tasks/${id}/move`, null, input);
export const columnPage = (projectId: string, status: Projects.Task['status'], cursor: string) =>
  api.get<Projects.TaskPage>('/projects/tasks', null, { projectId, status, sort: 'rank', dir: 'asc', cursor, limit: 50 });
