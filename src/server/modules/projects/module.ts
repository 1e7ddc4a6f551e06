import { defineModule } from '../../platform/module';

/**
 * Projects (docs/modules.md): projects, their tasks on a board, comments and activity. Its scope,
 * record locks, saves and route table come from the module kit (platform/module.ts).
 */
export const projects = defineModule('projects', { tag: 'Projects' });
