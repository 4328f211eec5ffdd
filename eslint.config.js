import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** The web app's feature folders: each may import lib/, components/ and packages, never another feature. */
const WEB_FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const API_MODULES = readdirSync(new URL('./apps/api/src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Import boundaries (docs/decisions/012-one-way-to-do-each-thing.md): data flows one way,
 * geo ← contracts ← api / web (geo, the pure engine, imports nothing: no package, no app); features never import each other; shared pieces live in
 * components/ and lib/, which import no feature and no route; module routes.ts files declare
 * schemas and permissions and leave the database to their service.
 */
const boundaryZones = [
  { target: './packages', from: './apps', message: 'Packages import no app.' },
  {
    target: './packages/geo',
    from: './packages/contracts',
    message: 'geo imports nothing: contracts builds on geo, not the other way round (shape results for the wire in the API).',
  },
  { target: './apps/web', from: './apps/api', message: 'The web app talks to the API over HTTP only.' },
  { target: './apps/api', from: './apps/web', message: 'The API imports nothing of the web app.' },
  {
    target: ['./apps/web/src/components', './apps/web/src/lib'],
    from: ['./apps/web/src/features', './apps/web/src/routes'],
    message: 'components/ and lib/ import no feature and no route: move the shared piece down.',
  },
  ...WEB_FEATURES.map((name) => ({
    target: `./apps/web/src/features/${name}`,
    from: './apps/web/src/features',
    except: [`./${name}`],
    message: 'Features do not import features: move what both need into components/, lib/ or a package.',
  })),
  // API modules, like the web's features: a module uses another only through its index.ts.
  ...API_MODULES.map((name) => ({
    target: `./apps/api/src/modules/${name}`,
    from: './apps/api/src/modules',
    except: [`./${name}`, ...API_MODULES.filter((other) => other !== name).map((other) => `./${other}/index.ts`)],
    message: "API modules do not import each other's internals: import what the other module exports from its index.ts.",
  })),
];

/**
 * The route tree (every route's `validateSearch` and `beforeLoad`) loads with every screen, the
 * sign-in screen too, and the trips list is the first screen after it
 * (docs/decisions/013-first-screen-loads-fast.md): these files import no zod, no date library and
 * no contracts module that builds schemas — only the plain ones (types from any module are fine).
 */
const FIRST_SCREEN_FILES = [
  'apps/web/src/routes/**/*.tsx',
  'apps/web/src/lib/search-params.ts',
  'apps/web/src/lib/date-format.ts',
  'apps/web/src/features/*/*-search.ts',
  'apps/web/src/features/system/system-tabs.ts',
  'apps/web/src/features/trips/api/trips-api.ts',
  'apps/web/src/features/trips/components/{trips-screen,trips-columns,trips-filters,trip-status}.tsx',
];
const PLAIN_CONTRACTS = ['route-refs.gen', 'list-query', 'trips-list', 'route-settings', 'messages', 'permissions', 'error-codes', 'estimate-basis', 'providers'];
/** sonner loads with the first toast (docs/decisions/013-first-screen-loads-fast.md): only components/layout/toasts.tsx imports it. */
const noSonner = {
  group: ['sonner'],
  message: "Toasts come from '@/components/layout/toasts': sonner loads with the first toast (docs/decisions/013-first-screen-loads-fast.md).",
};
const noSchemaLibraries = [
  { group: ['zod', 'zod/*'], message: 'Loads zod on the first screen (docs/decisions/013-first-screen-loads-fast.md): read the URL with lib/search-params.ts.' },
  {
    group: ['date-fns', 'date-fns/*', '@date-fns/*'],
    message: 'Loads a date library on the first screen (docs/decisions/013-first-screen-loads-fast.md): format with lib/date-format.ts, or import() it on use.',
  },
];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'apps/web/src/routeTree.gen.ts', 'apps/api/drizzle/**', 'data/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/web/tsconfig.json', 'apps/api/tsconfig.json', 'packages/*/tsconfig.json'],
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
    },
  },
  {
    // The engine imports no other workspace (docs/decisions/012-one-way-to-do-each-thing.md): the rules and types it needs live in it,
    // wire shapes live in the API. Data packages made for the job (us-atlas for the state
    // boundaries, docs/state-miles.md) and Node's own modules are fine.
    files: ['packages/geo/src/**/*.ts'],
    ignores: ['packages/geo/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^@milepost/', message: 'packages/geo imports no other workspace: rules and types it needs live in it; wire shapes live in the API.' }] },
      ],
    },
  },
  {
    files: ['apps/api/src/modules/*/routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'routes.ts declares schemas and permissions; queries live in the module service.' },
            { group: ['**/db/schema', '**/db/schema/*', '**/db/client'], message: 'routes.ts declares schemas and permissions; the database is the service’s.' },
          ],
        },
      ],
    },
  },
  {
    // The web calls the API through the typed door only: callApi(routes.<module>.<name>, …) with the
    // route table's refs, no path strings, no hand-written answer types (docs/decisions/023-one-route-table.md).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/api-client.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportDeclaration[source.value=/api-client$/] ImportSpecifier[imported.name=/^(api|apiRequest|apiDownload)$/]',
          message: "Call the API with callApi / downloadApi and a route of the table (import * as routes from '@milepost/contracts/route-refs.gen'), not a path string.",
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/components/layout/toasts.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noSonner] }] },
  },
  // After the rule above: a later block's options for the same rule replace the earlier ones, so it repeats noSonner.
  {
    files: FIRST_SCREEN_FILES,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...noSchemaLibraries,
            noSonner,
            {
              group: ['@milepost/contracts/*', ...PLAIN_CONTRACTS.map((name) => `!@milepost/contracts/${name}`)],
              allowTypeImports: true,
              message: 'This contracts module builds zod schemas when loaded; take the value from a plain one (list-query, trips-list, route-settings, messages…).',
            },
          ],
        },
      ],
    },
  },
  {
    files: [...PLAIN_CONTRACTS.map((name) => `packages/contracts/src/${name}.ts`), 'packages/contracts/src/route-refs/*.gen.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...noSchemaLibraries,
            {
              group: ['./*', ...PLAIN_CONTRACTS.map((name) => `!./${name}`), '!./route-refs', '!./route-refs/*.gen'],
              allowTypeImports: true,
              message: 'The plain contracts modules import only each other.',
            },
          ],
        },
      ],
    },
  },
  {
    // Small units in the web app: no component, hook or function over 150 lines (blank lines and
    // comments aside). A longer one is split into pieces in its folder (subcomponents, hooks).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**', 'apps/web/src/routeTree.gen.ts'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
