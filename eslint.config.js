import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
