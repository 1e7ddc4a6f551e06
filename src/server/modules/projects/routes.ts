import { OpenAPIHono, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { entityFilter, importInput, importReport, moduleContext as moduleContextSchema, MODULE_MESSAGES } from '@/shared/modules';
import {
  board,
  comment,
  commentInput,
  eligibleUser,
  eventsQuery,
  PROJECT_CSV_COLUMNS,
  project,
  projectCreateInput,
  projectFilters,
  projectListQuery,
  projectPage,
  PROJECTS_MESSAGES,
  projectsDashboard,
  projectUpdateInput,
  task,
  TASK_EXPORT_COLUMNS,
  taskCreateInput,
  taskDetail,
  taskFilters,
  taskListQuery,
  taskMoveInput,
  taskPage,
  taskUpdateInput,
} from '@/shared/projects';
import { auditContext } from '../../audit/context';
import type { AppEnv } from '../../http/env';
import { notFound } from '../../http/errors';
import { idParams, isUuid } from '../../http/params';
import { defineRoute, errorContent, jsonBody, jsonContent } from '../../http/route';
import { csvResponse } from '../../platform/csv';
import { moduleContext } from '../../platform/context';
import { createProject, dashboard, eligibleUsers, getProject, listProjects, projectCsvPages, updateProject } from './projects';
import { taskEventStream } from './stream';
import { addComment, createTask, getBoard, getTask, importTasks, listTasks, moveTask, taskCsvPages, updateTask } from './tasks';

// Every Projects route is a signed-in route; the product and role rules are withModuleScope's (403/404).
const scoped = { 403: errorContent(MODULE_MESSAGES.noAccess, MODULE_MESSAGES.memberRequired), 404: errorContent('Not found in your scope') };
const withVersion = { ...scoped, 409: errorContent(MODULE_MESSAGES.staleVersion) };
const tags: ['Projects'] = ['Projects'];

const uuidParam = (id: string, message: string) => {
  if (!isUuid(id)) throw notFound(message);
  return id.toLowerCase();
};

const csv = (what: string, columns: readonly string[]) => ({
  200: {
    content: { 'text/csv': { schema: z.string().meta({ description: `CSV: a header row (${columns.join(', ')}), then one ${what} per row` }) } },
    description: `CSV, one ${what} per row, with a header row`,
  },
  ...scoped,
});

const context = defineRoute('user', {
  method: 'get',
  path: '/projects/context',
  tags,
  summary: 'Projects: the entities where the caller holds Projects, with their role',
  responses: { 200: jsonContent(moduleContextSchema), ...scoped },
});
const dashboardRoute = defineRoute('user', {
  method: 'get',
  path: '/projects/dashboard',
  tags,
  summary: 'Projects dashboard figures for one entity or all of the caller’s',
  request: { query: entityFilter },
  responses: { 200: jsonContent(projectsDashboard), ...scoped },
});
const userOptionsRoute = defineRoute('user', {
  method: 'get',
  path: '/projects/user-options',
  tags,
  summary: 'Users who may lead, join or be assigned in an entity (those holding Projects there)',
  request: { query: z.object({ entityId: z.uuid({ error: MODULE_MESSAGES.entityNotFound }) }) },
  responses: { 200: jsonContent(z.object({ items: z.array(eligibleUser) })), ...scoped },
});
const listProjectsRoute = defineRoute('user', {
  method: 'get',
  path: '/projects/projects',
  tags,
  summary: 'Projects: keyset pages, sorting, search, status and priority filters',
  request: { query: projectListQuery },
  responses: { 200: jsonContent(projectPage), ...scoped },
});
const exportProjectsRoute = defineRoute('user', {
  method: 'get',
  path: '/projects/projects/export',
  tags,
  summary: 'The project list under the same filters as CSV (streamed)',
  request: { query: projectFilters },
  responses: csv('project', PROJECT_CSV_COLUMNS),
});
const createProjectRoute = defineRoute('user', {
  method: 'post',
  path: '/projects/projects',
  tags,
  summary: 'Create a project (Member or App Admin)',
  request: { body: jsonBody(projectCreateInput) },
  responses: { 201: jsonContent(project, 'Created'), ...scoped, 409: errorContent(PROJECTS_MESSAGES.keyTaken) },
});
const getProjectRoute = defineRoute('user', {
  method: 'get',
  path: '/projects/projects/{id}',
  tags,
  summary: 'One project with its members and progress',
  request: { params: idParams },
  responses: { 200: jsonContent(project), ...scoped },
});
const updateProjectRoute = defineRoute('user', {
  method: 'patch',
  path: '/projects/projects/{id}',
  tags,
  summary: 'Edit a project (send the version you read; 409 when it changed since)',
  request: { params: idParams, body: jsonBody(projectUpdateInput) },
  responses: { 200: jsonContent(project), ...withVersion },
});
const boardRoute = defineRoute('user', {
  method: 'get',
  path: '/projects/projects/{id}/board',
  tags,
  summary: 'The kanban board: a column per status with its first page in rank order and its size (more: GET /projects/tasks?sort=rank)',
  request: { params: idParams },
  responses: { 200: jsonContent(board), ...scoped },
});
const listTasksRoute = defineRoute('user', {
  method: 'get',
  path: '/projects/tasks',
  tags,
  summary: 'Tasks: keyset pages, filters by project, status, assignee, label and overdue; sort=rank pages a board column',
  request: { query: taskListQuery },
  responses: { 200: jsonContent(taskPage), ...scoped },
});
const exportTasksRoute = defineRoute('user', {
  method: 'get',
  path: '/projects/tasks/export',
  tags,
  summary: 'The task list under the same filters as CSV (streamed)',
  request: { query: taskFilters },
  responses: csv('task', TASK_EXPORT_COLUMNS),
});
const importTasksRoute = defineRoute('user', {
  method: 'post',
  path: '/projects/tasks/import',
  tags,
  summary: 'Import tasks from CSV into the projects of one entity (by Project Key); a per-row report',
  request: { body: jsonBody(importInput) },
  responses: { 200: jsonContent(importReport), ...scoped },
});
const createTaskRoute = defineRoute('user', {
  method: 'post',
  path: '/projects/tasks',
  tags,
  summary: 'Create a task: numbered KEY-n in its project, at the end of its column (Member or App Admin)',
  request: { body: jsonBody(taskCreateInput) },
  responses: { 201: jsonContent(task, 'Created'), ...scoped },
});
const getTaskRoute = defineRoute('user', {
  method: 'get',
  path: '/projects/tasks/{id}',
  tags,
  summary: 'One task with its comments and activity',
  request: { params: idParams },
  responses: { 200: jsonContent(taskDetail), ...scoped },
});
const updateTaskRoute = defineRoute('user', {
  method: 'patch',
  path: '/projects/tasks/{id}',
  tags,
  summary: 'Edit a task’s content (send the version you read; 409 when the content changed since; moves do not count)',
  request: { params: idParams, body: jsonBody(taskUpdateInput) },
  responses: { 200: jsonContent(task), ...withVersion },
});
const moveTaskRoute = defineRoute('user', {
  method: 'post',
  path: '/projects/tasks/{id}/move',
  tags,
  summary: 'Move a task to a column, between two of its cards (or to its end): one row written',
  request: { params: idParams, body: jsonBody(taskMoveInput) },
  responses: { 200: jsonContent(task), ...scoped, 409: errorContent(PROJECTS_MESSAGES.neighbourNotFound) },
});
const commentRoute = defineRoute('user', {
  method: 'post',
  path: '/projects/tasks/{id}/comments',
  tags,
  summary: 'Comment on a task (Member or App Admin)',
  request: { params: idParams, body: jsonBody(commentInput) },
  responses: { 201: jsonContent(comment, 'Created'), ...scoped },
});
const eventsRoute = defineRoute('user', {
  method: 'get',
  path: '/projects/events',
  tags,
  summary: 'Live task events (Server-Sent Events) for the caller’s scope, or one entity or project',
  description:
    'A `text/event-stream`: `ready` once listening; `task` with `{ kind: created | updated | moved, task }` for each change to a task the caller may read (re-read through their scope when it happens); `reset` when events may have been missed (reload what you show). A comment line every 20 s keeps the connection. Fed by PostgreSQL LISTEN/NOTIFY, so it works across server processes.',
  request: { query: eventsQuery },
  responses: {
    200: { content: { 'text/event-stream': { schema: z.string().meta({ description: 'Server-Sent Events' }) } }, description: 'The event stream' },
    ...scoped,
  },
});

const db = (c: Context<AppEnv>) => c.get('database').db;

export const projectsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(context, async (c) => c.json(await moduleContext(db(c), c.get('user'), 'projects'), 200))
  .openapi(dashboardRoute, async (c) => c.json(await dashboard(db(c), c.get('user'), c.req.valid('query').entityId), 200))
  .openapi(userOptionsRoute, async (c) => c.json(await eligibleUsers(db(c), c.get('user'), c.req.valid('query').entityId), 200))
  .openapi(listProjectsRoute, async (c) => c.json(await listProjects(db(c), c.get('user'), c.req.valid('query')), 200))
  // Before /projects/projects/{id}, which would otherwise take "export" as an id.
  .openapi(exportProjectsRoute, async (c) => {
    // The first page is read before answering, so a refusal (403, 404) is a status, not a broken download.
    const pages = projectCsvPages(db(c), c.get('user'), c.req.valid('query'));
    const first = await pages.next();
    return csvResponse('projects.csv', [...PROJECT_CSV_COLUMNS], async function* () {
      if (!first.done) yield first.value;
      yield* pages;
    }) as never;
  })
  .openapi(createProjectRoute, async (c) => c.json(await createProject(db(c), c.get('user'), c.req.valid('json'), auditContext(c)), 201))
  .openapi(getProjectRoute, async (c) => c.json(await getProject(db(c), c.get('user'), uuidParam(c.req.valid('param').id, PROJECTS_MESSAGES.projectNotFound)), 200))
  .openapi(updateProjectRoute, async (c) => {
    const id = uuidParam(c.req.valid('param').id, PROJECTS_MESSAGES.projectNotFound);
    return c.json(await updateProject(db(c), c.get('user'), id, c.req.valid('json'), auditContext(c)), 200);
  })
  .openapi(boardRoute, async (c) => c.json(await getBoard(db(c), c.get('user'), uuidParam(c.req.valid('param').id, PROJECTS_MESSAGES.projectNotFound)), 200))
  .openapi(listTasksRoute, async (c) => c.json(await listTasks(db(c), c.get('user'), c.req.valid('query')), 200))
  .openapi(exportTasksRoute, async (c) => {
    const pages = taskCsvPages(db(c), c.get('user'), c.req.valid('query'));
    const first = await pages.next();
    return csvResponse('tasks.csv', [...TASK_EXPORT_COLUMNS], async function* () {
      if (!first.done) yield first.value;
      yield* pages;
    }) as never;
  })
  .openapi(importTasksRoute, async (c) => c.json(await importTasks(db(c), c.get('user'), c.req.valid('json'), auditContext(c)), 200))
  .openapi(createTaskRoute, async (c) => c.json(await createTask(db(c), c.get('user'), c.req.valid('json'), auditContext(c)), 201))
  .openapi(getTaskRoute, async (c) => c.json(await getTask(db(c), c.get('user'), uuidParam(c.req.valid('param').id, PROJECTS_MESSAGES.taskNotFound)), 200))
  .openapi(updateTaskRoute, async (c) => {
    const id = uuidParam(c.req.valid('param').id, PROJECTS_MESSAGES.taskNotFound);
    return c.json(await updateTask(db(c), c.get('user'), id, c.req.valid('json'), auditContext(c)), 200);
  })
  .openapi(moveTaskRoute, async (c) => {
    const id = uuidParam(c.req.valid('param').id, PROJECTS_MESSAGES.taskNotFound);
    return c.json(await moveTask(db(c), c.get('user'), id, c.req.valid('json'), auditContext(c)), 200);
  })
  .openapi(commentRoute, async (c) => {
    const id = uuidParam(c.req.valid('param').id, PROJECTS_MESSAGES.taskNotFound);
    return c.json(await addComment(db(c), c.get('user'), id, c.req.valid('json').body, auditContext(c)), 201);
  })
  .openapi(eventsRoute, async (c) => taskEventStream(c, c.req.valid('query')) as never);
