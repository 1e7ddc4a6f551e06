import { z } from '@hono/zod-openapi';
import { entityFilter, moduleContext, MODULE_MESSAGES } from '@/shared/modules';
import {
  board,
  comment,
  commentInput,
  eligibleUser,
  eventsQuery,
  project,
  projectCreateInput,
  projectFilters,
  projectListQuery,
  projectPage,
  PROJECT_CSV_COLUMNS,
  PROJECTS_MESSAGES,
  projectsDashboard,
  projectUpdateInput,
  task,
  TASK_CSV_COLUMNS,
  TASK_EXPORT_COLUMNS,
  taskCreateInput,
  taskDetail,
  taskFilters,
  taskFollowing,
  taskListQuery,
  taskMoveInput,
  taskPage,
  taskUpdateInput,
} from '@/shared/projects';
import { mentionableList, mentionSearch } from '@/shared/mentions';
import { noFields } from '@/shared/sessions';
import { defineRoute, errorContent } from '../../http/route';
import { setFollowing, taskMentionable } from './followers';
import { projects } from './module';
import { createProject, dashboard, eligibleUsers, getProject, listProjects, projectCsvPages, updateProject } from './projects';
import { taskEventStream } from './stream';
import { addComment, createTask, getBoard, getTask, importTasks, listTasks, moveTask, taskCsvPages, updateTask } from './tasks';

const tags: ['Projects'] = ['Projects'];

/** The live task stream: Server-Sent Events under the platform's stream rule (stream.ts). */
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
    ...projects.errors.merged({ 404: errorContent(PROJECTS_MESSAGES.projectNotFound) }),
  },
});

/** A lead, member or assignee who may not work here; a key the entity already uses. */
const projectErrors = { 400: errorContent(PROJECTS_MESSAGES.userNotEligible, PROJECTS_MESSAGES.dueBeforeStart), 409: errorContent(PROJECTS_MESSAGES.keyTaken) };

export const projectsRoutes = projects
  .routes()
  .context(moduleContext, 'Projects: the entities where the caller holds Projects, with their role')
  .get('/dashboard', 'Projects dashboard figures for one entity or all of the caller’s', entityFilter, projectsDashboard, (db, user, query) => dashboard(db, user, query.entityId))
  .get(
    '/user-options',
    'Users who may lead, join or be assigned in an entity (those holding Projects there)',
    z.object({ entityId: z.uuid({ error: MODULE_MESSAGES.entityNotFound }) }),
    z.object({ items: z.array(eligibleUser) }),
    (db, user, query) => eligibleUsers(db, user, query.entityId),
  )
  .records('projects', {
    noun: 'project',
    notFound: PROJECTS_MESSAGES.projectNotFound,
    list: { summary: 'Projects: keyset pages, sorting, search, status and priority filters', query: projectListQuery, page: projectPage, run: listProjects },
    export: { filters: projectFilters, columns: PROJECT_CSV_COLUMNS, run: projectCsvPages },
    create: { summary: 'Create a project (Member or App Admin)', body: projectCreateInput, response: project, errors: projectErrors, run: createProject },
    get: { summary: 'One project with its members and progress', response: project, run: getProject },
    update: { body: projectUpdateInput, response: project, errors: projectErrors, run: updateProject },
    actions: {
      board: {
        method: 'get',
        summary: 'The kanban board: a column per status with its first page in rank order and its size (more: GET /projects/tasks?sort=rank)',
        response: board,
        run: (db, user, id) => getBoard(db, user, id),
      },
    },
  })
  .records('tasks', {
    noun: 'task',
    notFound: PROJECTS_MESSAGES.taskNotFound,
    list: {
      summary: 'Tasks: keyset pages, filters by project, status, assignee, label and overdue; sort=rank pages a board column',
      query: taskListQuery,
      page: taskPage,
      run: listTasks,
    },
    export: { filters: taskFilters, columns: TASK_EXPORT_COLUMNS, run: taskCsvPages },
    import: { columns: TASK_CSV_COLUMNS, run: importTasks },
    create: {
      summary: 'Create a task: numbered KEY-n in its project, at the end of its column (Member or App Admin)',
      body: taskCreateInput,
      response: task,
      errors: { 400: errorContent(PROJECTS_MESSAGES.userNotEligible), 404: errorContent(PROJECTS_MESSAGES.projectNotFound) },
      run: createTask,
    },
    get: { summary: 'One task with its comments and activity', response: taskDetail, run: getTask },
    update: {
      summary: 'Edit a task’s content (send the version you read; 409 when the content changed since; moves do not count)',
      body: taskUpdateInput,
      response: task,
      errors: { 400: errorContent(PROJECTS_MESSAGES.userNotEligible) },
      run: updateTask,
    },
    actions: {
      move: {
        summary: 'Move a task to a column, between two of its cards (or to its end): one row written',
        body: taskMoveInput,
        response: task,
        errors: { 409: errorContent(PROJECTS_MESSAGES.neighbourNotFound) },
        run: moveTask,
      },
      comments: {
        summary: 'Comment on a task (Member or App Admin)',
        body: commentInput,
        response: comment,
        status: 201,
        run: (db, user, id, input: { body: string }, audit) => addComment(db, user, id, input.body, audit),
      },
      mentionable: {
        method: 'get',
        summary: 'Who a comment on the task may mention: active users who may read it (first few by name; q: a prefix of a name or email)',
        query: mentionSearch,
        response: mentionableList,
        run: (db, user, id, query: { q?: string }) => taskMentionable(db, user, id, query.q),
      },
      follow: {
        summary: 'Follow the task: hear when its status changes (anyone who may read it)',
        body: noFields,
        response: taskFollowing,
        run: (db, user, id) => setFollowing(db, user, id, true),
      },
      unfollow: {
        summary: 'Stop following the task',
        body: noFields,
        response: taskFollowing,
        run: (db, user, id) => setFollowing(db, user, id, false),
      },
    },
  })
  // The stream is not JSON: its own route. The query was checked by the route's schema.
  .route(eventsRoute, async (c) => taskEventStream(c, c.req.valid('query' as never))).app;
