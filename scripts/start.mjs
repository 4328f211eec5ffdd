#!/usr/bin/env node
// `npm start`: the built product under plain node. Builds first only when a build is missing or
// older than its sources (`npm run build` always rebuilds), then runs apps/api/dist/main.js in
// this same process, which serves the API and apps/web/dist. docs/deploy.md#starting.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIfStale } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

await buildIfStale();
process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(path.join(root, 'apps/api/dist/main.js')).href);
