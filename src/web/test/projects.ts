import { uuid } from './admin';

/** Test-only data shared by the Projects pages' component tests: one entity, one project (WEB), its tasks. */

export const PROJECTS_PRODUCT = { id: uuid(50), name: 'Projects', type: 'projects', description: null };
/** The entity (London) and the project (Website, key WEB). */
export const ENTITY_ID = uuid(100);
export const PROJECT_ID = uuid(300);

/** Task WEB-n as the API lists it: To Do, high priority, unassigned, no due date; `overrides` changes any field. */
export const projectTask = (n: number, overrides: Record<string, unknown> = {}) => ({
  id: uuid(1000 + n),
  entityId: ENTITY_ID,
  projectId: PROJECT_ID,
  projectKey: 'WEB',
  projectName: 'Website',
  number: n,
  code: `WEB-${n}`,
  title: `Task ${n}`,
  description: '',
  status: 'todo',
  priority: 'high',
  assignee: null,
  dueDate: null,
  labels: [],
  rank: `a${n}`,
  version: 1,
  createdAt: '2024-01-15T00:00:00.000Z',
  updatedAt: '2024-01-15T00:00:00.000Z',
  ...overrides,
});
