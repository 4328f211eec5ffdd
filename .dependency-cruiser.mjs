/**
 * Import circles, type imports included (docs/decisions/012-one-way-to-do-each-thing.md):
 * `npm run lint` runs dependency-cruiser with this one rule over the apps and packages (scripts/import-circles.mjs, which also finds
 * loops between API modules).
 */
import path from 'node:path';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle, type imports counted: move the shared shape to a file both sides may import (docs/architecture.md).',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', 'routeTree\\.gen\\.ts$'] },
    tsPreCompilationDeps: true,
    // The web's `@/` alias seen from here (the API and the packages have none).
    tsConfig: { fileName: path.join(import.meta.dirname, 'tsconfig.depcruise.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
    combinedDependencies: true,
    preserveSymlinks: false,
  },
};
