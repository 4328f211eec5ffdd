import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allRoutes } from './routes';

/**
 * route-refs.gen.ts is written from the route table: each entry's method and path, typed by the
 * entry (docs/decisions/023-one-route-table.md). After changing the table:
 * `UPDATE_ROUTE_REFS=1 npx vitest run --project packages packages/contracts/src/route-refs.test.ts`.
 */
const FILE = new URL('./route-refs.gen.ts', import.meta.url);

function generated(): string {
  const lines = [
    '// Written from routes.ts by route-refs.test.ts (UPDATE_ROUTE_REFS=1); do not edit by hand.',
    "import type { RouteRef } from './route-table';",
    "import type { Routes } from './routes';",
    '',
    '// Each route of the table as the web client calls it: method and path, typed by its entry. One',
    "// export per module, so a screen's bundle holds only the modules it calls",
    "// (`import * as routes from '@milepost/contracts/route-refs.gen'`).",
  ];
  let current = '';
  for (const { module, name, def } of allRoutes()) {
    if (module !== current) {
      if (current) lines.push('};', '');
      lines.push(`export const ${module} = {`);
      current = module;
    }
    lines.push(`  ${name}: { method: '${def.method}', path: '${def.path}' } as RouteRef<Routes['${module}']['${name}']>,`);
  }
  lines.push('};', '');
  return lines.join('\n');
}

describe('route refs', () => {
  it('route-refs.gen.ts is the route table written out', () => {
    const want = generated();
    if (process.env.UPDATE_ROUTE_REFS) writeFileSync(FILE, want);
    expect(readFileSync(FILE, 'utf8'), 'route-refs.gen.ts is out of date: see the header of route-refs.test.ts').toBe(want);
  });
});
