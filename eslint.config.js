import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from 'eslint-plugin-boundaries';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/**
 * The context map (docs/decisions/0028-context-map.md): the same contexts in the domain, the API
 * and the web, in one order. A context imports only itself and those to its left.
 */
export const CONTEXTS = ['catalogue', 'people', 'crm', 'sales', 'care', 'billing', 'insights'];
const below = (context) => CONTEXTS.slice(0, CONTEXTS.indexOf(context) + 1);

const ELEMENTS = [
  // packages/domain: the shared kernel, one folder per context, the index that re-exports them.
  { type: 'domain-shared', pattern: 'packages/domain/src/shared/**', partialMatch: false },
  {
    type: 'domain-context',
    pattern: 'packages/domain/src/*/**',
    partialMatch: false,
    capture: ['context'],
  },
  { type: 'domain-index', pattern: 'packages/domain/src/*.ts', partialMatch: false },
  // apps/api: the composition root, the demo seeds, the infrastructure, one module per resource.
  { type: 'api-seed', pattern: 'apps/api/src/db/seed.ts', partialMatch: false },
  { type: 'api-seed', pattern: 'apps/api/src/db/seed/**', partialMatch: false },
  {
    type: 'api-infra',
    pattern: 'apps/api/src/{http,auth,mail,audit,pdf,jobs}/**',
    partialMatch: false,
  },
  { type: 'api-infra', pattern: 'apps/api/src/db/!(seed).ts', partialMatch: false },
  {
    type: 'api-infra',
    pattern: 'apps/api/src/{config,app-context,api-root}.ts',
    partialMatch: false,
  },
  {
    type: 'api-module',
    pattern: 'apps/api/src/modules/*/*/**',
    partialMatch: false,
    capture: ['context', 'module'],
  },
  { type: 'api-composition', pattern: 'apps/api/src/*.ts', partialMatch: false },
  // apps/web: the app shell, shared UI without requests, the client library, one request file
  // per resource under its context, each context's shared parts, and the features.
  { type: 'web-app', pattern: 'apps/web/src/{app/**,main.tsx}', partialMatch: false },
  { type: 'web-components', pattern: 'apps/web/src/components/**', partialMatch: false },
  { type: 'web-lib', pattern: 'apps/web/src/lib/**', partialMatch: false },
  { type: 'web-test', pattern: 'apps/web/src/test/**', partialMatch: false },
  { type: 'web-api', pattern: 'apps/web/src/api/*/**', partialMatch: false, capture: ['context'] },
  {
    type: 'web-context-components',
    pattern: 'apps/web/src/features/*/components/**',
    partialMatch: false,
    capture: ['context'],
  },
  {
    type: 'web-feature',
    pattern: 'apps/web/src/features/*/*/**',
    partialMatch: false,
    capture: ['context', 'feature'],
  },
];

const to = (type, captured) => ({ to: { element: captured ? { type, captured } : { type } } });
const inContexts = (context) => {
  const contexts = below(context);
  return { context: contexts.length === 1 ? context : `{${contexts.join(',')}}` };
};

/** Per context: what its elements may import (the same context and those to its left). */
const CONTEXT_POLICIES = CONTEXTS.flatMap((context) => [
  {
    from: { element: { type: 'domain-context', captured: { context } } },
    allow: [to('domain-shared'), to('domain-context', inContexts(context))],
  },
  {
    from: { element: { type: 'api-module', captured: { context } } },
    allow: [to('api-infra'), to('api-module', inContexts(context))],
  },
  {
    from: { element: { type: 'web-api', captured: { context } } },
    allow: [to('web-lib'), to('web-api', inContexts(context))],
  },
  {
    from: { element: { type: 'web-context-components', captured: { context } } },
    allow: [
      to('web-components'),
      to('web-lib'),
      to('web-test'),
      to('web-api', inContexts(context)),
      to('web-context-components', inContexts(context)),
    ],
  },
  {
    // A feature uses its own files and what its context and those to its left share; never
    // another feature (a page composes what it needs from shared parts).
    from: { element: { type: 'web-feature', captured: { context } } },
    allow: [
      to('web-components'),
      to('web-lib'),
      to('web-test'),
      to('web-api', inContexts(context)),
      to('web-context-components', inContexts(context)),
      to('web-feature', {
        context: '{{ from.element.captured.context }}',
        feature: '{{ from.element.captured.feature }}',
      }),
    ],
  },
]);

const BOUNDARY_POLICIES = [
  { from: { element: { type: 'domain-shared' } }, allow: to('domain-shared') },
  {
    from: { element: { type: 'domain-index' } },
    allow: [to('domain-shared'), to('domain-context'), to('domain-index')],
  },
  { from: { element: { type: 'api-infra' } }, allow: to('api-infra') },
  {
    from: { element: { type: 'api-seed' } },
    allow: [to('api-seed'), to('api-infra'), to('api-module')],
  },
  {
    from: { element: { type: 'api-composition' } },
    allow: [to('api-composition'), to('api-seed'), to('api-infra'), to('api-module')],
  },
  { from: { element: { type: 'web-lib' } }, allow: to('web-lib') },
  { from: { element: { type: 'web-components' } }, allow: [to('web-components'), to('web-lib')] },
  {
    from: { element: { type: 'web-test' } },
    allow: [to('web-test'), to('web-lib'), to('web-components'), to('web-api'), to('web-app')],
  },
  {
    from: { element: { type: 'web-app' } },
    allow: [
      to('web-app'),
      to('web-lib'),
      to('web-components'),
      to('web-api'),
      to('web-context-components'),
      to('web-feature'),
      to('web-test'),
    ],
  },
  ...CONTEXT_POLICIES,
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      'bench/.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // The context map (docs/decisions/0028-context-map.md): elements and the one direction of
  // their imports, in the three workspaces; a violation fails `npm run lint`.
  {
    files: ['packages/domain/src/**/*.ts', 'apps/api/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    // A test may reach what it checks through the index or another context's fixtures.
    ignores: ['**/*.test.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': ELEMENTS,
      'boundaries/include': ['packages/domain/src/**', 'apps/api/src/**', 'apps/web/src/**'],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        { default: 'disallow', checkAllOrigins: false, policies: BOUNDARY_POLICIES },
      ],
    },
  },
  {
    // The API has no import cycle: a cycle between modules is two contexts, or two modules of
    // one, that cannot be read (nor tested, nor moved) apart. Type-only imports count too.
    files: ['apps/api/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Boundaries (docs/decisions/0007-web-kit.md): a violation fails `npm run lint`.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)apps/api(/|$)|(^|/)api/src(/|$)|^@portal/api',
              message:
                'The web talks to the API over HTTP (src/lib/api-client.ts), never by import.',
            },
          ],
        },
      ],
    },
  },
  {
    // Features and their contexts' shared parts request nothing themselves (src/api does).
    files: ['apps/web/src/features/**/*.{ts,tsx}', 'apps/web/src/components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)apps/api(/|$)|(^|/)api/src(/|$)|^@portal/api',
              message:
                'The web talks to the API over HTTP (src/lib/api-client.ts), never by import.',
            },
            {
              // issue 12: one owner per resource. A feature reads errors and sessions from the
              // client, but its requests, query keys and mutations live in
              // src/api/<context>/<resource>.ts.
              regex: '(^|/)lib/api-client$',
              importNames: ['api', 'apiRequest', 'apiRequestPage'],
              message:
                'A feature declares no request of its own: add it to src/api/<context>/<resource>.ts and import it from there.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)apps/|^@portal/(api|web)$',
              message: 'The domain is pure: it imports neither the API nor the web.',
            },
          ],
        },
      ],
    },
  },
  {
    // A module owns its tables: other modules call its service, never its repository.
    files: ['apps/api/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^\\.\\./(\\.\\./[^/]+/)?[^/]+/repository(\\.ts)?$|modules/.+/repository(\\.ts)?$',
              message: "Call the other module's service.ts; its repository.ts is private to it.",
            },
          ],
        },
      ],
    },
  },
  {
    // One seed mechanism for every property (vitest.fast-check.ts): fixed in `npm test` and CI,
    // random and printed under `npm run test:fuzz`. A seed written in a test never randomizes.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='fc'] > ObjectExpression > Property[key.name='seed']",
          message:
            'fast-check seeds come from vitest.fast-check.ts (FC_SEED replays one); use propertyRuns() for the count.',
        },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { module: 'writable', require: 'readonly' },
    },
  },
);
