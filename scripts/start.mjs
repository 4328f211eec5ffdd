#!/usr/bin/env node
// `npm start`: the built product under plain node. Builds first only when a build is missing or
// older than its sources (`npm run build` always rebuilds), then runs apps/api/dist/main.js in
// this same process, which serves the API and apps/web/dist. docs/deploy.md#starting.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildApi, buildWeb } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
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
const shared = [at('packages/contracts/src'), at('packages/geo/src'), at('package-lock.json')];
const apiOut = at('apps/api/dist/main.js');
const webOut = at('apps/web/dist/index.html');

if (built(apiOut) < newest([at('apps/api/src'), at('apps/api/package.json'), ...shared])) await buildApi();
if (built(webOut) < newest([at('apps/web/src'), at('apps/web/index.html'), at('apps/web/public'), at('apps/web/vite.config.ts'), at('apps/web/package.json'), ...shared])) buildWeb();

process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(apiOut).href);
