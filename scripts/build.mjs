#!/usr/bin/env node
// `npm run build`: the whole product, always rebuilt — the API compiled to one ES module
// (apps/api/dist/main.js, run by plain `node`) and the web app (apps/web/dist).
// `npm start` calls it only when a build is missing or older than its sources (scripts/start.mjs).
// `node scripts/build.mjs api` builds the API only.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv[2];

/**
 * The API and the TypeScript-source workspaces it imports (@milepost/contracts, @milepost/geo)
 * in one file; every other package stays in node_modules (PGlite loads its WebAssembly from
 * there, argon2 is native).
 */
export async function buildApi() {
  const started = Date.now();
  const pkg = JSON.parse(readFileSync(path.join(root, 'apps/api/package.json'), 'utf8'));
  const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@milepost/'));
  // The workspaces' own runtime packages (date-fns, geographiclib, flexpolyline…) load from node_modules too.
  for (const ws of ['packages/contracts', 'packages/geo']) {
    const wsPkg = JSON.parse(readFileSync(path.join(root, ws, 'package.json'), 'utf8'));
    for (const name of Object.keys({ ...wsPkg.dependencies, ...wsPkg.devDependencies })) if (!name.startsWith('@milepost/')) external.push(name);
  }
  await build({
    entryPoints: [path.join(root, 'apps/api/src/main.ts')],
    outfile: path.join(root, 'apps/api/dist/main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external,
    logLevel: 'warning',
    // One ES module that may still meet CommonJS packages at run time.
    banner: { js: "import { createRequire as __milepostRequire } from 'node:module'; const require = __milepostRequire(import.meta.url);" },
  });
  console.log(`API compiled to apps/api/dist/main.js in ${Date.now() - started} ms`);
}

export function buildWeb() {
  const status = spawnSync('npm', ['run', 'build', '-w', '@milepost/web'], { cwd: root, stdio: 'inherit' }).status;
  if (status !== 0) throw new Error('the web app did not build');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    await buildApi();
    if (only !== 'api') buildWeb();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
