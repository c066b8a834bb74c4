import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

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
    // A feature does not import another feature: pages (`*-page.tsx`) compose them.
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/features/**/*-page.tsx'],
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
              regex: '^\\.\\./(?!\\.\\.)|(^|/)features/',
              message:
                'A feature does not import another feature; move what both need to src/components, src/lib or src/api, or compose them in a page.',
            },
            {
              // issue 12: one owner per resource. A feature reads errors and sessions from the
              // client, but its requests, query keys and mutations live in src/api/<resource>.ts.
              regex: '(^|/)lib/api-client$',
              importNames: ['api', 'apiRequest', 'apiRequestPage'],
              message:
                'A feature declares no request of its own: add it to src/api/<resource>.ts and import it from there.',
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
              regex: '^\\.\\./[^/]+/repository(\\.ts)?$|modules/[^/]+/repository(\\.ts)?$',
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
