import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './tools/eslint/boundaries.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Import boundaries (tools/eslint/boundaries.js): platform, modules, seed; app, features, shared.
    files: ['apps/**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: { 'boundaries/imports': 'error' },
  },
  {
    // SQL lives in repositories (*.repo.ts): services and routes call them, passing the transaction down.
    // Exempt: migrations and the seed (src/db), tests and test kits, and the connection layer that opens
    // the transactions and creates the roles they switch to (platform/db/database.ts, roles.ts).
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      '**/*.repo.ts',
      '**/*.test.ts',
      '**/*-test-kit.ts',
      'apps/server/src/db/**',
      'apps/server/src/platform/db/database.ts',
      'apps/server/src/platform/db/roles.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]',
          message: 'SQL belongs in a *.repo.ts beside this file: call a repository function from here.',
        },
        {
          selector:
            "CallExpression[callee.property.name='execute'] > MemberExpression.callee > :matches(TaggedTemplateExpression[tag.name='sql'], CallExpression[callee.object.name='sql'])",
          message: 'Raw SQL belongs in a *.repo.ts beside this file: call a repository function from here.',
        },
      ],
    },
  },
  {
    // Repositories take the transaction (or the global handle) per call; the service opens it.
    files: ['apps/server/src/**/*.repo.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(tenant|platform|secrets|transaction)$/]',
          message: 'A repository takes `trx` per call: the service opens the transaction and passes it down.',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/database.js', './database.js'],
              importNames: ['Database'],
              message: 'A repository holds no Database: it takes `trx` (or `db.global`) per call.',
            },
          ],
        },
      ],
    },
  },
  {
    // The web app runs in the browser and follows the rules of hooks.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['**/*.test.ts', 'bench/**', 'e2e/**', '**/main.ts', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
);
