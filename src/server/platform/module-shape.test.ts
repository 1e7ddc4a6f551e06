import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PRODUCT_TYPES } from '@/shared/products';

/**
 * Every business module is built one way, through the module kit (platform/module.ts,
 * docs/modules.md): the same files, and none of the plumbing the kit gives. A folder that drifts
 * (a scope wrapper of its own, an id parser, a version check, hand-typed raw rows) fails here.
 */
const MODULES_DIR = join(import.meta.dirname, '..', 'modules');

/** What every module folder holds. */
const REQUIRED = (module: string) => ['module.ts', 'routes.ts', 'authorization-cases.ts', 'test-fixtures.ts', `${module}.test.ts`];

/** What the kit gives, so no module writes it again: a pattern and why it is refused. */
const PLUMBING: [RegExp, string][] = [
  [/\bwithModuleScope\s*\(/, 'opens its own scope (use <module>.scope)'],
  [/\bdefineModule\s*\(/, 'declares a module outside module.ts'],
  [/\bisUuid\s*\(/, 'parses ids itself (use <module>.id or records())'],
  [/Number\([^)]*\.version\)\s*!==/, 'checks a version itself (use <module>.lock)'],
  [/\btx\.execute<\s*[A-Z{]/, 'casts raw rows to a hand-written type (use the typed builder or sql<T> fields)'],
  [/`\{\$\{[^}]*join\(/, 'writes an array literal by hand (platform/sql.ts)'],
  [/\bnew OpenAPIHono\b/, 'builds its own route table (use <module>.routes())'],
  [/\bcsvResponse\s*\(/, 'streams CSV itself (records() export)'],
];

const sourceFiles = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'test-fixtures.ts' && !f.endsWith('-cases.ts'));

/** The problems of one module folder, in words. */
export function shapeProblems(dir: string, module: string): string[] {
  const problems: string[] = [];
  for (const file of REQUIRED(module)) if (!existsSync(join(dir, file))) problems.push(`${module}: ${file} is missing`);
  if (existsSync(join(dir, 'scope.ts'))) problems.push(`${module}: scope.ts (the scope is the kit's: module.ts)`);
  if (existsSync(join(dir, 'module.ts')) && !new RegExp(`defineModule\\('${module}'`).test(readFileSync(join(dir, 'module.ts'), 'utf8')))
    problems.push(`${module}: module.ts does not declare defineModule('${module}', …)`);
  for (const file of sourceFiles(dir)) {
    const text = readFileSync(join(dir, file), 'utf8');
    for (const [pattern, why] of PLUMBING) {
      if (file === 'module.ts' && pattern.source.includes('defineModule')) continue;
      if (pattern.test(text)) problems.push(`${module}/${file} ${why}`);
    }
  }
  return problems;
}

describe('module folders have one shape (the module kit)', () => {
  it.each(PRODUCT_TYPES)('%s', (module) => {
    expect(shapeProblems(join(MODULES_DIR, module), module)).toEqual([]);
  });

  it('a folder that drifts is named with what is wrong', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'module-shape-'));
    writeFileSync(join(dir, 'module.ts'), "export const crm = defineModule('crm', { tag: 'CRM' });\n");
    writeFileSync(join(dir, 'scope.ts'), 'export const crmScope = () => withModuleScope(db, user, "crm", "viewer", work);\n');
    writeFileSync(join(dir, 'things.ts'), 'const { rows } = await tx.execute<ThingRow>(sql`select 1`);\nif (Number(row.version) !== version) throw conflict(x);\n');
    expect(shapeProblems(dir, 'crm')).toEqual([
      'crm: routes.ts is missing',
      'crm: authorization-cases.ts is missing',
      'crm: test-fixtures.ts is missing',
      'crm: crm.test.ts is missing',
      'crm: scope.ts (the scope is the kit\'s: module.ts)',
      'crm/scope.ts opens its own scope (use <module>.scope)',
      'crm/things.ts checks a version itself (use <module>.lock)',
      "crm/things.ts casts raw rows to a hand-written type (use the typed builder or sql<T> fields)",
    ]);
  });
});
