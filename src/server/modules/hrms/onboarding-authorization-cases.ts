/**
 * Onboarding's routes for the security walks. authorization.test.ts: lists of the caller's own
 * entity, records aimed at ids that name nothing (404 for HR, 403 before that for anyone else);
 * onboarding.test.ts walks them with real records as App Admin, Member, Viewer, assignee,
 * employee, another entity's HR and another company. hostile-input.test.ts: a valid body per write.
 */
const NONE = '00000000-0000-4000-8000-000000000000';

const task = { title: 'Walk the floor', description: 'Line one\nLine two', assigneeKind: 'hr', assigneeUserId: null, dueOffsetDays: 1 };

export const onboardingValidBodies = (entityId: () => string): Record<string, () => Record<string, unknown>> => ({
  'POST /hrms/onboarding/templates': () => ({ entityId: entityId(), kind: 'onboarding', name: `Walk ${Math.random()}`, isDefault: false }),
  'PATCH /hrms/onboarding/templates/{id}': () => ({ name: 'Walked', isDefault: false, version: 1 }),
  'POST /hrms/onboarding/templates/{id}/tasks': () => task,
  'PATCH /hrms/onboarding/template-tasks/{id}': () => ({ ...task, version: 1 }),
  'POST /hrms/onboarding/tasks/{id}/done': () => ({ done: true }),
});

export function onboardingOwnRequests(entityId: () => string): Record<string, () => { path: string; body?: unknown }> {
  const body = onboardingValidBodies(entityId);
  return {
    'GET /hrms/onboarding/assignee-options': () => ({ path: `/hrms/onboarding/assignee-options?entityId=${entityId()}` }),
    'GET /hrms/onboarding/templates': () => ({ path: `/hrms/onboarding/templates?entityId=${entityId()}` }),
    'POST /hrms/onboarding/templates': () => ({ path: '/hrms/onboarding/templates', body: body['POST /hrms/onboarding/templates']!() }),
    'PATCH /hrms/onboarding/templates/{id}': () => ({ path: `/hrms/onboarding/templates/${NONE}`, body: body['PATCH /hrms/onboarding/templates/{id}']!() }),
    'POST /hrms/onboarding/templates/{id}/tasks': () => ({ path: `/hrms/onboarding/templates/${NONE}/tasks`, body: task }),
    'PATCH /hrms/onboarding/template-tasks/{id}': () => ({ path: `/hrms/onboarding/template-tasks/${NONE}`, body: body['PATCH /hrms/onboarding/template-tasks/{id}']!() }),
    'DELETE /hrms/onboarding/template-tasks/{id}': () => ({ path: `/hrms/onboarding/template-tasks/${NONE}?version=1` }),
    'GET /hrms/onboarding/checklists': () => ({ path: `/hrms/onboarding/checklists?entityId=${entityId()}` }),
    'POST /hrms/onboarding/tasks/{id}/done': () => ({ path: `/hrms/onboarding/tasks/${NONE}/done`, body: { done: true } }),
  };
}
