import { z } from '@hono/zod-openapi';
import { entityFilter, MODULE_MESSAGES, versionField } from '@/shared/modules';
import {
  ONBOARDING_MESSAGES,
  checklistList,
  checklistListQuery,
  checklistTask,
  checklistTemplate,
  checklistTemplateCreateInput,
  checklistTemplateList,
  checklistTemplateUpdateInput,
  taskDoneInput,
  templateTask,
  templateTaskCreateInput,
  templateTaskUpdateInput,
} from '@/shared/onboarding';
import { auditContext } from '../../audit/context';
import { idParams } from '../../http/params';
import { defineRoute, errorContent, jsonContent } from '../../http/route';
import { hrms } from './module';
import { addTemplateTask, assigneeOptions, createTemplate, deleteTemplateTask, listChecklists, listTemplates, setTaskDone, updateTemplate, updateTemplateTask } from './onboarding';

type HrmsRouteTable = ReturnType<typeof hrms.routes>;

const namedUserErrors = { 400: errorContent(ONBOARDING_MESSAGES.assigneeUserNotFound) };

/**
 * Onboarding and offboarding on HRMS's route table: `withOnboardingRoutes(hrms.routes())`.
 * Templates are HR's to read and App Admins' to change; checklists are read and ticked by HR,
 * and by employees and managers on their own (onboarding.ts says who sees what).
 */
export const withOnboardingRoutes = (table: HrmsRouteTable): HrmsRouteTable =>
  table
    .get(
      '/onboarding/assignee-options',
      'Users a checklist template task may name at an entity: those holding HRMS there (App Admin)',
      z.object({ entityId: z.uuid({ error: MODULE_MESSAGES.entityNotFound }) }),
      z.object({ items: z.array(z.object({ id: z.uuid(), name: z.string(), email: z.string() })) }),
      (db, user, query) => assigneeOptions(db, user, query.entityId),
    )
    .records('onboarding/templates', {
      noun: 'checklist template',
      notFound: ONBOARDING_MESSAGES.templateNotFound,
      list: {
        summary: 'Onboarding and offboarding checklist templates of the caller’s entities, with their tasks (Member or App Admin)',
        query: entityFilter,
        page: checklistTemplateList,
        run: listTemplates,
      },
      create: {
        summary: 'Add a checklist template (App Admin); the default one of its kind is what new starters or leavers get',
        body: checklistTemplateCreateInput,
        response: checklistTemplate,
        errors: { 409: errorContent(ONBOARDING_MESSAGES.templateTaken) },
        run: createTemplate,
      },
      update: {
        summary: 'Rename a checklist template or make it the default of its kind (App Admin)',
        body: checklistTemplateUpdateInput,
        response: checklistTemplate,
        errors: { 409: errorContent(ONBOARDING_MESSAGES.templateTaken) },
        run: updateTemplate,
      },
      actions: {
        tasks: {
          summary: 'Add a task to a checklist template (App Admin): who does it and how many days from the start date or last day it is due',
          body: templateTaskCreateInput,
          response: templateTask,
          status: 201,
          errors: namedUserErrors,
          run: addTemplateTask,
        },
      },
    })
    .records('onboarding/template-tasks', {
      noun: 'template task',
      notFound: ONBOARDING_MESSAGES.templateTaskNotFound,
      update: { summary: 'Change a checklist template’s task (App Admin); checklists already made keep theirs', body: templateTaskUpdateInput, response: templateTask, errors: namedUserErrors, run: updateTemplateTask },
    })
    .route(
      defineRoute('user', {
        method: 'delete',
        path: '/hrms/onboarding/template-tasks/{id}',
        tags: hrms.tags,
        summary: 'Remove a task from a checklist template (App Admin; send the version you read); checklists already made keep theirs',
        request: { params: idParams, query: z.object({ version: z.coerce.number({ error: MODULE_MESSAGES.versionInvalid }).pipe(versionField) }) },
        responses: { 200: jsonContent(templateTask), ...hrms.errors.withVersion({ 404: errorContent(ONBOARDING_MESSAGES.templateTaskNotFound) }) },
      }),
      async (c) => {
        const { version } = c.req.valid('query' as never) as { version: number };
        const id = hrms.id(c.req.param('id') ?? '', ONBOARDING_MESSAGES.templateTaskNotFound);
        return c.json(await deleteTemplateTask(c.get('database').db, c.get('user'), id, version, auditContext(c)), 200);
      },
    )
    .records('onboarding/checklists', {
      noun: 'checklist',
      notFound: ONBOARDING_MESSAGES.taskNotFound,
      list: {
        summary: 'Onboarding and offboarding checklists, the next due first (so the overdue lead): HR sees its entities’; anyone else their own and the tasks assigned to them',
        query: checklistListQuery,
        page: checklistList,
        run: listChecklists,
      },
    })
    .records('onboarding/tasks', {
      noun: 'checklist task',
      notFound: ONBOARDING_MESSAGES.taskNotFound,
      actions: {
        done: {
          summary: 'Tick a checklist task done, or back to not done (HR at its entity, or its assignee)',
          body: taskDoneInput,
          response: checklistTask,
          errors: { 403: errorContent(ONBOARDING_MESSAGES.cannotComplete) },
          run: setTaskDone,
        },
      },
    });
