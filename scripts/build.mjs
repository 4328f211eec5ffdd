#!/usr/bin/env node
// `npm run build`: the whole product, always rebuilt — the API compiled to one ES module
// (apps/api/dist/main.js, run by plain `node`) and the web app (apps/web/dist).
// `npm start` and `npm run cluster` build only what is missing or older than its sources (buildIfStale).
// `node scripts/build.mjs api` builds the API only.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
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

const at = (...p) => path.join(root, ...p);

/** The newest modification time under these files and folders (node_modules and build output skipped). */
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

const built = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

/** Builds the API (and the web app unless `web` is false) only when missing or older than its sources. */
export async function buildIfStale({ web = true } = {}) {
  const shared = [at('packages/contracts/src'), at('packages/geo/src'), at('package-lock.json')];
  if (built(at('apps/api/dist/main.js')) < newest([at('apps/api/src'), at('apps/api/package.json'), ...shared])) await buildApi();
  if (web && built(at('apps/web/dist/index.html')) < newest([at('apps/web/src'), at('apps/web/index.html'), at('apps/web/public'), at('apps/web/vite.config.ts'), at('apps/web/package.json'), ...shared])) buildWeb();
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
