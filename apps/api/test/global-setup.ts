import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { syncAccessCatalogue } from '../src/db/seed/access';

/**
 * Migrates one template database per test run, so each test file starts from a copy instead of
 * running every migration again: a dumped PGlite data folder, or a PostgreSQL database that
 * `CREATE DATABASE … TEMPLATE` clones (test/harness.ts). Dropped when the run ends.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: the dumped data folder's file; PostgreSQL: the template database's name. */
    milepostTemplate: string;
  }
}

export function adminUrl(): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  if (!url.username) url.username = process.env.PGUSER ?? 'postgres';
  return url.toString();
}

async function admin<T>(run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl() });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

export default async function setup(project: TestProject) {
  if (project.config.env?.MILEPOST_TEST_DB === 'postgres') {
    const name = `milepost_template_${randomBytes(6).toString('hex')}`;
    await admin((c) => c.query(`create database ${name}`));
    const url = new URL(adminUrl());
    url.pathname = `/${name}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 2 });
    await database.migrate();
    await syncAccessCatalogue(database.db);
    await database.close();
    project.provide('milepostTemplate', name);
    return async () => {
      await admin((c) => c.query(`drop database if exists ${name} with (force)`));
    };
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'milepost-template-'));
  const database = await openDatabase({ dataDir: null });
  await database.migrate();
  await syncAccessCatalogue(database.db);
  const file = path.join(dir, 'pgdata.tar');
  await writeFile(file, Buffer.from(await (await database.dumpDataDir!('none')).arrayBuffer()));
  await database.close();
  project.provide('milepostTemplate', file);
  return async () => {
    await rm(dir, { recursive: true, force: true });
  };
}
