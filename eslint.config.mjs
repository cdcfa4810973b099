// Lint for the API (apps, libs, test, bench) and the SPA (frontend). Besides code quality it checks the
// architecture (architecture.md rules 1 and 8): the domain imports no framework, libs import each other
// only through their index, SPA features never import each other, and a lib's SQL names only the
// tables its context owns (docs/table-ownership.json).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import mirrorline from './scripts/eslint/boundaries.mjs';
import { tableOwnership } from './scripts/eslint/table-ownership.mjs';
import { noFieldState } from './scripts/eslint/form-state.mjs';

const FRAMEWORKS = ['@nestjs/*', '@mikro-orm/*', 'class-validator', 'class-transformer', '@nestjs/swagger', 'express'];
const DOMAIN_PATTERNS = [
  { group: FRAMEWORKS, message: 'The domain imports no framework (architecture.md rule 1).' },
  { group: ['@mirrorline/shared/*'], message: 'The domain imports only the framework-free entry @mirrorline/shared, never @mirrorline/shared/nest (architecture.md rule 14).' },
];
/** The SPA's one typed path: no direct fetch (docs/frontend.md "Typed API client"). */
const NO_FETCH = [
  { selector: "CallExpression[callee.name='fetch']", message: 'No direct fetch in the SPA: call api()/useApi() from lib/api.ts.' },
  { selector: "CallExpression[callee.object.name=/^(window|globalThis|self)$/][callee.property.name='fetch']", message: 'No direct fetch in the SPA: call api()/useApi() from lib/api.ts.' },
];
/** One SQL idiom (docs/architecture.md, "SQL"): no SQL text with values beside it, for MikroORM's execute or a pg client's query. */
const ONE_SQL_IDIOM = [
  {
    selector: "CallExpression[callee.property.name='execute'][arguments.0.type=/^(Literal|TemplateLiteral)$/]",
    message: 'SQL goes through the typed tag: runSql(em, sql`… ${value} …`) (docs/architecture.md, "SQL"), never a string handed to execute.',
  },
  {
    selector: "CallExpression[callee.property.name='execute'][arguments.1.type='ArrayExpression']",
    message: 'A positional list of values beside SQL text is the idiom the typed tag replaces: runSql(em, sql`… ${value} …`) (docs/architecture.md, "SQL").',
  },
  {
    selector: "CallExpression[callee.property.name='execute'][arguments.0.type='Identifier'][arguments.0.name=/^(sql|text|query|statement)$/]",
    message: 'SQL text in a variable handed to execute is the idiom the typed tag replaces: pass a Sql to runSql(em, query) (docs/architecture.md, "SQL").',
  },
  {
    selector: "CallExpression[callee.property.name='query'][arguments.1.type='ArrayExpression']",
    message: 'A positional list of values beside SQL text: on a pg client, runPgSql(client, sql`… ${value} …`) (docs/architecture.md, "SQL").',
  },
];
export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'var/**', '.adminjs/**', 'coverage/**', 'test-output/**', 'frontend/dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'off',
      eqeqeq: ['error', 'always'],
    },
  },
  {
    files: ['apps/**/*.ts', 'libs/**/*.ts', 'test/**/*.ts', 'frontend/src/**/*.{ts,tsx}'],
    plugins: { mirrorline },
    rules: { 'mirrorline/boundaries': 'error', 'mirrorline/names': 'error' },
  },
  {
    // Narrow lib entries (docs/architecture.md "Wiring"): /testing only from test code, no adapter or fake in an index;
    // no @Global() lib module but the listed ones (the composition root in apps/api binds the cross-context ports).
    files: ['apps/**/*.ts', 'libs/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    plugins: { mirrorline },
    rules: { 'mirrorline/entries': 'error', 'mirrorline/no-global': 'error' },
  },
  {
    // Each table has one owning context (docs/table-ownership.json): a lib's SQL names only its own tables.
    // Specs and src/testing fixtures set up state across contexts on purpose and are not production code.
    files: ['libs/*/src/**/*.ts'],
    ignores: ['**/*.spec.ts', 'libs/*/src/testing/**'],
    plugins: { tables: { rules: { 'table-ownership': tableOwnership } } },
    rules: { 'tables/table-ownership': 'error' },
  },
  {
    // One SQL idiom (docs/architecture.md, "SQL"): every statement through the typed `sql` tag and `runSql`
    // (libs/shared/src/persistence/sql.ts), so a value sits where it is used and the row type rides on the tag.
    // No SQL text with positional `?` handed to MikroORM's execute, no list of values beside it.
    files: ['libs/*/src/**/*.ts', 'apps/*/src/**/*.ts'],
    ignores: [
      '**/*.spec.ts',
    ],
    rules: { 'no-restricted-syntax': ['error', ...ONE_SQL_IDIOM] },
  },
  {
    // Named queries (docs/architecture.md, "SQL"): a lib's statements are the named builders of its aggregates'
    // *.queries.ts (each planned by test/medium/named-queries.medium-spec.ts); adapters and services only run them.
    // Not checked: specs and src/testing fixtures, and these, each for its reason:
    files: ['libs/*/src/**/*.ts'],
    ignores: [
      '**/*.spec.ts',
      'libs/*/src/testing/**',
      '**/*.queries.ts',
      // a lib's /sql entry: the fragments and builders it publishes (its shape is the entry's contract)
      'libs/*/src/sql.ts',
      // the tag itself
      'libs/shared/src/persistence/sql.ts',
      // the money rules: each SQL fragment beside its TypeScript twin, composed by the queries
      'libs/copy-trading/src/domain/money-rules.ts',
      // the fault tier's liveness ping (SELECT 1, no table), never on in production
      'libs/wallet/src/adapters/http/fault-injection.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...ONE_SQL_IDIOM,
        {
          selector: "TaggedTemplateExpression[tag.name='sql']",
          message: 'Statements are named builders in the aggregate\'s *.queries.ts; the adapter only runs them (docs/architecture.md, "SQL").',
        },
      ],
    },
  },
  {
    // The domain imports no framework, and from shared only its framework-free entry (architecture.md
    // rules 1 and 14).
    files: ['**/domain/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: DOMAIN_PATTERNS }] },
  },
  {
    // Outside its specs, domain code imports no other lib's index either (each loads Nest modules): only the
    // framework-free @mirrorline/shared, and the identity types of @mirrorline/accounts as type imports.
    files: ['**/domain/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...DOMAIN_PATTERNS,
            {
              group: ['@mirrorline/*', '!@mirrorline/shared', '!@mirrorline/accounts'],
              message: 'Domain code imports, among the libs, only @mirrorline/shared and types from @mirrorline/accounts (framework-free; architecture.md rule 14).',
            },
          ],
        },
      ],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@mirrorline/accounts',
              allowTypeImports: true,
              message: 'Domain code imports only types from @mirrorline/accounts (its index loads Nest modules; architecture.md rule 14).',
            },
          ],
        },
      ],
    },
  },
  {
    // The SPA's spec files share their modules (frontend/vite.config.ts, isolate: false): a file's own vi.mock of a
    // module another file already loaded would not apply, or would leak into the next file. Mocks live in setup.ts.
    files: ['frontend/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='vi'][callee.property.name=/^(mock|doMock)$/]",
          message: 'Module mocks go in frontend/src/test/setup.ts, once for every spec file (docs/testing.md, the SPA specs share their modules).',
        },
      ],
    },
  },
  {
    // The SPA's one typed path (docs/frontend.md "Typed API client"): every call goes through lib/api.ts (`api`,
    // `apiBlob`, `useApi` with a key from lib/query-keys.ts). Only the client itself and the session's own flows
    // (refresh, impersonation restore) use the transport under it.
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: ['frontend/src/**/*.test.{ts,tsx}', 'frontend/src/test/**', 'frontend/src/lib/api.ts', 'frontend/src/lib/api-client.ts', 'frontend/src/lib/auth-session.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'swr', importNames: ['default', 'useSWRImmutable'], message: 'Read through useApi(key) from lib/api.ts with a key from lib/query-keys.ts (one key spelling).' }],
          patterns: [
            { group: ['**/lib/fetcher', '**/lib/fetcher.*'], message: 'lib/fetcher is gone: call api()/useApi() from lib/api.ts.' },
            { group: ['**/lib/api-client'], importNames: ['apiRequest'], message: 'apiRequest is the transport under the typed client: call api() from lib/api.ts.' },
          ],
        },
      ],
      'no-restricted-syntax': ['error', ...NO_FETCH],
    },
  },
  {
    // Features use the kit (architecture.md rule 16): `Button`, never a raw <button>; `DataTable`, never a raw <table>.
    // Their forms keep field values in react-hook-form, never in useState (forms/no-field-state).
    files: ['frontend/src/features/**/*.tsx'],
    ignores: ['frontend/src/**/*.test.tsx'],
    plugins: { forms: { rules: { 'no-field-state': noFieldState } } },
    rules: {
      'forms/no-field-state': 'error',
      'no-restricted-syntax': [
        'error',
        ...NO_FETCH,
        { selector: "JSXOpeningElement[name.name='button']", message: 'Features use the kit: <Button> from components/ui/button (variant, size, busy, writes).' },
        { selector: "JSXOpeningElement[name.name='table']", message: 'Features use the kit: <DataTable> from components/ui/data-table (columns, look, states, pager).' },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', 'test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', module: 'writable', require: 'readonly', __dirname: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', fetch: 'readonly', AbortController: 'readonly', Buffer: 'readonly', globalThis: 'readonly', performance: 'readonly', structuredClone: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['frontend/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
);
