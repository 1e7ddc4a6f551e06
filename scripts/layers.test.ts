/**
 * The import layers (eslint.config.js, README "Layers") are enforced by `npm run lint`: these lint
 * deliberately bad snippets through ESLint's own API, as if they were files in those folders, and
 * expect the rule to refuse exactly the bad imports.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname });

/** The lines refused by the layers rule, for code placed at filePath. */
async function refusedLines(filePath: string, lines: string[]) {
  const [result] = await eslint.lintText(`${lines.join('\n')}\n`, { filePath });
  const fatal = result!.messages.filter((m) => m.fatal);
  expect(fatal).toEqual([]);
  return result!.messages.filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.line);
}

describe('the import layers are checked by lint', () => {
  it('a feature: not the app shell, not another feature’s internals, not the server, not the test support; another feature’s api.ts is fine', async () => {
    const refused = await refusedLines('src/web/features/products/layers-probe.tsx', [
      "import { RequireAuth } from '@/web/app/guards';",
      "import { UsersPage } from '../users/users-page';",
      "import { UsersPage as Again } from '@/web/features/users/users-page';",
      "import { createApp } from '@/server/app';",
      "import { renderPage } from '@/web/test/admin';",
      "import { usersQuery } from '../users/api';",
      "import { useCurrentUser } from '@/web/lib/session';",
      "import { Button } from '@/web/components/ui/button';",
      "import { PRODUCT_TYPES } from '@/shared/products';",
      "import { catalogueQuery } from './api';",
      'export const all = [RequireAuth, UsersPage, Again, createApp, renderPage, usersQuery, useCurrentUser, Button, PRODUCT_TYPES, catalogueQuery];',
    ]);
    expect(refused).toEqual([1, 2, 3, 4, 5]);
  });

  it('lib and components: no feature, no app shell, no test support', async () => {
    expect(
      await refusedLines('src/web/lib/layers-probe.ts', [
        "import { useSignIn } from '@/web/features/auth/api';",
        "import { RequireAuth } from '../app/guards';",
        "import { renderPage } from '@/web/test/admin';",
        "import { api } from './api';",
        'export const all = [useSignIn, RequireAuth, renderPage, api];',
      ]),
    ).toEqual([1, 2, 3]);
    expect(
      await refusedLines('src/web/components/ui/layers-probe.tsx', ["import { LoginPage } from '../../features/auth/login-page';", 'export const all = [LoginPage];']),
    ).toEqual([1]);
  });

  it('shared imports neither web nor server; the server never imports web', async () => {
    expect(
      await refusedLines('src/shared/layers-probe.ts', [
        "import { api } from '../web/lib/api';",
        "import { createApp } from '@/server/app';",
        "import { PRODUCT_TYPES } from './products';",
        'export const all = [api, createApp, PRODUCT_TYPES];',
      ]),
    ).toEqual([1, 2]);
    expect(await refusedLines('src/server/layers-probe.ts', ["import { api } from '@/web/lib/api';", 'export const all = [api];'])).toEqual([1]);
  });

  it('a server module never imports another module', async () => {
    expect(
      await refusedLines('src/server/modules/users/layers-probe.ts', [
        "import { listEntities } from '../entities/service';",
        "import { withTenant } from '../../db/tenant';",
        "import { listUsers } from './service';",
        'export const all = [listEntities, withTenant, listUsers];',
      ]),
    ).toEqual([1]);
  });

  it('tests may wrap a page in the app shell and use the test support, but not reach into another feature', async () => {
    expect(
      await refusedLines('src/web/features/products/layers-probe.test.tsx', [
        "import { RequireAuth } from '@/web/app/guards';",
        "import { renderPage } from '@/web/test/admin';",
        "import { UsersPage } from '../users/users-page';",
        'export const all = [RequireAuth, renderPage, UsersPage];',
      ]),
    ).toEqual([3]);
  });
});
