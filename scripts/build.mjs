#!/usr/bin/env node
// `npm run build`: the whole product, always rebuilt — the API compiled to one ES module
// (apps/api/dist/main.js, run by plain `node`) and the web app (apps/web/dist).
// `npm start` calls it only when a build is missing or older than its sources (scripts/start.mjs).
// `node scripts/build.mjs api` builds the API only.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv[2];
const at = (...p) => path.join(root, ...p);

/** The newest modification time under these files and folders (node_modules, build output and tests skipped). */
function newest(paths) {
  let latest = 0;
  const walk = (p) => {
    let st;
    try {
      st = statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules' && name !== 'dist') walk(path.join(p, name));
    } else if (!/\.test\.tsx?$/.test(p)) latest = Math.max(latest, st.mtimeMs);
  };
  paths.forEach(walk);
  return latest;
}

/** When the oldest of these outputs was written (0 when one is missing). */
const built = (...files) => Math.min(...files.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
const shared = [at('packages/contracts/src'), at('packages/geo/src'), at('package-lock.json')];

/** Whether apps/api/dist is missing or older than its sources (`npm start`, `npm run db:backup`). */
export const apiStale = () => built(at('apps/api/dist/main.js'), at('apps/api/dist/db-cli.js')) < newest([at('apps/api/src'), at('apps/api/package.json'), at('scripts/build.mjs'), ...shared]);

/** Whether apps/web/dist is missing or older than its sources. */
export const webStale = () =>
  built(at('apps/web/dist/index.html')) < newest([at('apps/web/src'), at('apps/web/index.html'), at('apps/web/public'), at('apps/web/vite.config.ts'), at('apps/web/package.json'), ...shared]);

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
    // The server, and the backup/restore command (npm run db:backup, db:restore).
    entryPoints: [path.join(root, 'apps/api/src/main.ts'), path.join(root, 'apps/api/src/db-cli.ts')],
    outdir: path.join(root, 'apps/api/dist'),
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
  console.log(`API compiled to apps/api/dist/main.js (and db-cli.js) in ${Date.now() - started} ms`);
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
