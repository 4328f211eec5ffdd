// Import circles, type imports counted (docs/decisions/012-one-way-to-do-each-thing.md), run by
// `npm run lint`: dependency-cruiser reads the graph (ESLint's import-x/no-cycle, which skips
// `import type` and cost two thirds of ESLint's time, is not used). Two checks: no file imports itself through others (.dependency-cruiser.mjs), and no API
// module does (modules/a → modules/b → modules/a, whichever files carry the imports).
import { cruise, format } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const options = await extractDepcruiseOptions('./.dependency-cruiser.mjs');
const tsConfig = extractTSConfig(options.tsConfig.fileName);
const { output: result } = await cruise(['apps', 'packages'], options, {}, { tsConfig });

let failed = false;
if (result.summary.error > 0) {
  process.stdout.write((await format(result, { outputType: 'err' })).output);
  failed = true;
}

// The API modules' graph: one node per folder of apps/api/src/modules.
const MODULE = /^apps\/api\/src\/modules\/([^/]+)\//;
const edges = new Map();
for (const m of result.modules) {
  const from = MODULE.exec(m.source)?.[1];
  if (!from) continue;
  for (const d of m.dependencies) {
    const to = MODULE.exec(d.resolved)?.[1];
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    edges.get(from).set(to, `${m.source} → ${d.resolved}`);
  }
}
/** Every loop of modules, once each (from its alphabetically first module). */
const loops = [];
const walk = (start, at, path) => {
  for (const [next, via] of edges.get(at) ?? []) {
    if (next === start) loops.push([...path, via]);
    else if (next > start && !path.some((p) => p.startsWith(`apps/api/src/modules/${next}/`))) walk(start, next, [...path, via]);
  }
};
for (const start of [...edges.keys()].sort()) walk(start, start, []);
for (const loop of loops) {
  console.log(`  error module loop: ${loop.map((via) => MODULE.exec(via)[1]).join(' → ')} → ${MODULE.exec(loop[0])[1]}\n      ${loop.join('\n      ')}`);
  failed = true;
}

if (failed) process.exit(1);
console.log(`✔ no import circles (${result.summary.totalCruised} modules; API modules: no loop)`);
