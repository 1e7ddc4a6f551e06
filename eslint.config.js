import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

/**
 * The layers of docs/architecture.md ("Layers"; also README "Layers"), checked on every import
 * after resolving it (the `@/` alias and relative paths alike):
 * - src/shared imports neither server nor web; web and server never import each other.
 * - web: lib/ and components/ <- features/ <- app/ (and main.tsx). src/web/test/ is for tests only.
 * - a feature imports another feature only through that feature's public `api.ts` (its queries).
 * - a server module (src/server/modules/<x>) never imports another module, except a `public.ts`
 *   the other module would export on purpose.
 * New feature and module folders are picked up from the file system.
 */
const folders = (dir) => readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const webFeatures = folders('src/web/features');
const serverModules = folders('src/server/modules');

const SOURCE_ROOTS = [
  { target: './src/shared', from: ['./src/server', './src/web'], message: 'src/shared imports neither server nor web.' },
  { target: './src/web', from: './src/server', message: 'The web app never imports server code; share types and schemas through src/shared.' },
  { target: './src/server', from: './src/web', message: 'The server never imports web code.' },
];
const WEB_BASE = [
  {
    target: ['./src/web/lib', './src/web/components'],
    from: ['./src/web/features', './src/web/app'],
    message: 'lib/ and components/ sit below features and the app shell: move what both need down here instead.',
  },
];
const FEATURES_NOT_APP = [
  { target: './src/web/features', from: './src/web/app', message: 'Features never import the app shell (app/ only composes); shared pieces live in lib/ or components/.' },
];
const TEST_SUPPORT_FOR_TESTS = [
  { target: './src/web', from: './src/web/test', message: 'src/web/test/ is test support: only tests import it.' },
];
const CROSS_FEATURE = webFeatures.flatMap((feature) =>
  webFeatures
    .filter((other) => other !== feature)
    .map((other) => ({
      target: `./src/web/features/${feature}`,
      from: `./src/web/features/${other}`,
      except: ['./api.ts'],
      message: `A feature imports another feature only through its api.ts: move shared pieces to lib/ or components/.`,
    })),
);
const CROSS_MODULE = serverModules.flatMap((module) =>
  serverModules
    .filter((other) => other !== module)
    .map((other) => ({
      target: `./src/server/modules/${module}`,
      from: `./src/server/modules/${other}`,
      except: ['./public.ts'],
      message: `A server module never imports another module's internals (only its public.ts, if it has one).`,
    })),
);
const restrict = (...zones) => ['error', { zones: zones.flat() }];
const TESTS = ['src/**/*.test.{ts,tsx}', 'src/web/test/**'];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage', 'test-results', 'playwright-report', 'src/server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': restrict(SOURCE_ROOTS, WEB_BASE, FEATURES_NOT_APP, TEST_SUPPORT_FOR_TESTS, CROSS_FEATURE, CROSS_MODULE) },
  },
  {
    // Tests compose like the app does (a guard around the page under test) and use the test support.
    files: TESTS,
    rules: { 'import-x/no-restricted-paths': restrict(SOURCE_ROOTS, CROSS_FEATURE, CROSS_MODULE) },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['@/server/*', '**/server/*'], message: 'web must not import server code' }],
          paths: [{ name: 'sonner', message: "Use toast from '@/web/lib/toast': it loads sonner only when a toast is shown." }],
        },
      ],
    },
  },
  {
    files: ['src/web/lib/toast.ts', 'src/web/components/ui/toaster.tsx'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@/server/*', '@/web/*', '**/server/*', '**/web/*'], message: 'shared imports neither server nor web' }] }],
    },
  },
);
