import { readdirSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allRoutes } from './routes';

/**
 * route-refs.gen.ts and route-refs/<module>.gen.ts are written from the route table: each entry's
 * method and path, typed by the entry (docs/decisions/023-one-route-table.md). One file per
 * module behind one barrel, so the bundler puts each module's refs in the chunks of the screens
 * that call it (in one file they all landed in the first screen's chunk). After changing the table:
 * `UPDATE_ROUTE_REFS=1 npx vitest run --project packages packages/contracts/src/route-refs.test.ts`.
 */
const DIR = new URL('./route-refs/', import.meta.url);
const HEADER = '// Written from routes.ts by route-refs.test.ts (UPDATE_ROUTE_REFS=1); do not edit by hand.';

function generated(): Map<string, string> {
  const byModule = new Map<string, string[]>();
  for (const { module, name, def } of allRoutes()) {
    if (!byModule.has(module)) byModule.set(module, []);
    byModule.get(module)!.push(`  ${name}: { method: '${def.method}', path: '${def.path}' } as RouteRef<Routes['${module}']['${name}']>,`);
  }
  const files = new Map<string, string>();
  for (const [module, lines] of byModule) {
    files.set(
      `${module}.gen.ts`,
      [HEADER, "import type { RouteRef } from '../route-table';", "import type { Routes } from '../routes';", '', `export const ${module} = {`, ...lines, '};', ''].join('\n'),
    );
  }
  const barrel = [
    HEADER,
    '// Each route of the table as the web client calls it: method and path, typed by its entry',
    "// (`import * as routes from '@milepost/contracts/route-refs.gen'`, then `routes.trips.get`).",
    ...[...byModule.keys()].map((module) => `export { ${module} } from './route-refs/${module}.gen';`),
    '',
  ].join('\n');
  files.set('../route-refs.gen.ts', barrel);
  return files;
}

describe('route refs', () => {
  it('route-refs.gen.ts and route-refs/ are the route table written out', () => {
    const want = generated();
    if (process.env.UPDATE_ROUTE_REFS) {
      rmSync(DIR, { recursive: true, force: true });
      mkdirSync(DIR);
      for (const [file, text] of want) writeFileSync(new URL(file, DIR), text);
    }
    const message = 'route-refs is out of date: see the header of route-refs.test.ts';
    expect(readdirSync(DIR).sort(), message).toEqual([...want.keys()].filter((f) => !f.startsWith('../')).sort());
    for (const [file, text] of want) expect(readFileSync(new URL(file, DIR), 'utf8'), `${file}: ${message}`).toBe(text);
  });
});
