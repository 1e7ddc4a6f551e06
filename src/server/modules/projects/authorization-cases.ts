/**
 * The Projects routes' cases for the authorization walks (src/server/security/authorization.test.ts):
 * each route with company A's own records, and aimed at company B's expecting 404.
 */
import type { Client } from '../../test/harness';

export interface ProjectsRecords {
  projectId: string;
  taskId: string;
}

type Request = { path: string; body?: unknown };
type Attack = Request & { expected: number[] };

export async function projectsRecords(admin: Client, entityId: string): Promise<ProjectsRecords> {
  const key = Array.from({ length: 5 }, () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[Math.floor(Math.random() * 26)]).join('');
  const project = await admin.post('/projects/projects', { entityId, name: 'Walk Target', key });
  if (project.status !== 201) throw new Error(`project: ${project.status} ${JSON.stringify(project.body)}`);
  const task = await admin.post('/projects/tasks', { projectId: project.body.id, title: 'Walk task' });
  if (task.status !== 201) throw new Error(`task: ${task.status} ${JSON.stringify(task.body)}`);
  return { projectId: project.body.id, taskId: task.body.id };
}

const TASK_CSV = (key: string) => `Project Key,Title,Description,Status,Priority,Assignee Email,Due Date,Labels\n${key},Walked,,,,,,`;

export function projectsOwnRequests(entityId: () => string, own: () => ProjectsRecords): Record<string, () => Request> {
  return {
    'GET /projects/context': () => ({ path: '/projects/context' }),
    'GET /projects/dashboard': () => ({ path: `/projects/dashboard?entityId=${entityId()}` }),
    'GET /projects/user-options': () => ({ path: `/projects/user-options?entityId=${entityId()}` }),
    'GET /projects/projects': () => ({ path: `/projects/projects?entityId=${entityId()}` }),
    'GET /projects/projects/export': () => ({ path: '/projects/projects/export' }),
    'POST /projects/projects': () => ({ path: '/projects/projects', body: { entityId: entityId(), name: 'Walked', key: 'WALK' } }),
    'GET /projects/projects/{id}': () => ({ path: `/projects/projects/${own().projectId}` }),
    'PATCH /projects/projects/{id}': () => ({ path: `/projects/projects/${own().projectId}`, body: { name: 'Walked', version: 999 } }),
    'GET /projects/projects/{id}/board': () => ({ path: `/projects/projects/${own().projectId}/board` }),
    'GET /projects/tasks': () => ({ path: `/projects/tasks?projectId=${own().projectId}` }),
    'GET /projects/tasks/export': () => ({ path: '/projects/tasks/export' }),
    'POST /projects/tasks/import': () => ({ path: '/projects/tasks/import', body: { entityId: entityId(), csv: TASK_CSV('NOPE') } }),
    'POST /projects/tasks': () => ({ path: '/projects/tasks', body: { projectId: own().projectId, title: 'Walked' } }),
    'GET /projects/tasks/{id}': () => ({ path: `/projects/tasks/${own().taskId}` }),
    'PATCH /projects/tasks/{id}': () => ({ path: `/projects/tasks/${own().taskId}`, body: { title: 'Walked', version: 999 } }),
    'POST /projects/tasks/{id}/move': () => ({ path: `/projects/tasks/${own().taskId}/move`, body: { status: 'todo' } }),
    'POST /projects/tasks/{id}/comments': () => ({ path: `/projects/tasks/${own().taskId}/comments`, body: { body: 'Walked' } }),
    'GET /projects/tasks/{id}/mentionable': () => ({ path: `/projects/tasks/${own().taskId}/mentionable?q=a` }),
    'POST /projects/tasks/{id}/follow': () => ({ path: `/projects/tasks/${own().taskId}/follow`, body: {} }),
    'POST /projects/tasks/{id}/unfollow': () => ({ path: `/projects/tasks/${own().taskId}/unfollow`, body: {} }),
    'GET /projects/events': () => ({ path: `/projects/events?projectId=${own().projectId}` }),
  };
}

/** Each route aimed at company B's entity and records: 404, as if they did not exist. */
export function projectsAttacks(entityId: () => string, own: () => ProjectsRecords, theirEntityId: () => string, theirs: () => ProjectsRecords): Record<string, () => Attack> {
  const mine = projectsOwnRequests(entityId, own);
  const swap = (key: string, path: string, body?: unknown) => () => ({ path, body: body ?? mine[key]!().body, expected: [404] });
  return {
    'GET /projects/dashboard': swap('GET /projects/dashboard', `/projects/dashboard?entityId=${theirEntityId()}`),
    'GET /projects/user-options': swap('GET /projects/user-options', `/projects/user-options?entityId=${theirEntityId()}`),
    'GET /projects/projects': swap('GET /projects/projects', `/projects/projects?entityId=${theirEntityId()}`),
    'GET /projects/projects/export': swap('GET /projects/projects/export', `/projects/projects/export?entityId=${theirEntityId()}`),
    'POST /projects/projects': swap('POST /projects/projects', '/projects/projects', { entityId: theirEntityId(), name: 'Hijack', key: 'HIJACK' }),
    'GET /projects/projects/{id}': swap('GET /projects/projects/{id}', `/projects/projects/${theirs().projectId}`),
    'PATCH /projects/projects/{id}': swap('PATCH /projects/projects/{id}', `/projects/projects/${theirs().projectId}`, { name: 'Hijacked', version: 1 }),
    'GET /projects/projects/{id}/board': swap('GET /projects/projects/{id}/board', `/projects/projects/${theirs().projectId}/board`),
    'GET /projects/tasks': swap('GET /projects/tasks', `/projects/tasks?entityId=${theirEntityId()}`),
    'GET /projects/tasks/export': swap('GET /projects/tasks/export', `/projects/tasks/export?entityId=${theirEntityId()}`),
    'POST /projects/tasks/import': swap('POST /projects/tasks/import', '/projects/tasks/import', { entityId: theirEntityId(), csv: TASK_CSV('WALK') }),
    'POST /projects/tasks': swap('POST /projects/tasks', '/projects/tasks', { projectId: theirs().projectId, title: 'Hijack' }),
    'GET /projects/tasks/{id}': swap('GET /projects/tasks/{id}', `/projects/tasks/${theirs().taskId}`),
    'PATCH /projects/tasks/{id}': swap('PATCH /projects/tasks/{id}', `/projects/tasks/${theirs().taskId}`, { title: 'Hijacked', version: 1 }),
    'POST /projects/tasks/{id}/move': swap('POST /projects/tasks/{id}/move', `/projects/tasks/${theirs().taskId}/move`, { status: 'done' }),
    'POST /projects/tasks/{id}/comments': swap('POST /projects/tasks/{id}/comments', `/projects/tasks/${theirs().taskId}/comments`, { body: 'Hijack' }),
    'GET /projects/tasks/{id}/mentionable': swap('GET /projects/tasks/{id}/mentionable', `/projects/tasks/${theirs().taskId}/mentionable?q=a`),
    'POST /projects/tasks/{id}/follow': swap('POST /projects/tasks/{id}/follow', `/projects/tasks/${theirs().taskId}/follow`),
    'POST /projects/tasks/{id}/unfollow': swap('POST /projects/tasks/{id}/unfollow', `/projects/tasks/${theirs().taskId}/unfollow`),
    'GET /projects/events': swap('GET /projects/events', `/projects/events?projectId=${theirs().projectId}`),
  };
}

/** Company B's Projects rows, for the walk's before/after snapshot. */
export const PROJECTS_TABLES = ['projects_projects', 'projects_members', 'projects_tasks', 'projects_task_comments', 'projects_task_activity', 'projects_task_followers'] as const;
