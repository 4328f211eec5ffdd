#!/usr/bin/env node
// `npm run db:backup -- [FILE]` / `npm run db:restore -- FILE`: the compiled backup command
// (apps/api/src/db-cli.ts), built first when missing or older than its sources. docs/deploy.md#backups.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIfStale } from './build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

await buildIfStale({ web: false });
await import(pathToFileURL(path.join(root, 'apps/api/dist/db-cli.js')).href);
