/**
 * Starts the product for the end-to-end suite: prepares the fresh data folder with the demo
 * data plus the few accounts the specs need that the demo does not have (once per run, see
 * below), then runs the real server entry point on it.
 */
import { existsSync } from 'node:fs';
import { cp, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../apps/api/src/db/client';
import { syncAccessCatalogue } from '../apps/api/src/db/seed/access';
import { seedDemo } from '../apps/api/src/db/seed/demo';
import { loadConfig } from '../apps/api/src/config';
import { routingServiceFor } from '../apps/api/src/modules/routing/service';
import { roles, users } from '../apps/api/src/db/schema/access';
import { hashPassword } from '../apps/api/src/platform/crypto';
import { E2E_ACCOUNTS } from './accounts';

const dataDir = process.env.MILEPOST_DATA_DIR;
if (!dataDir) throw new Error('MILEPOST_DATA_DIR is required');

/** Migrates and seeds a data folder: the demo plus the accounts the specs need. */
async function prepare(pgdata: string) {
  const database = await openDatabase({ dataDir: pgdata });
  await database.migrate();
  await syncAccessCatalogue(database.db);
  // Demo trips are routed like the server will (HERE when HERE_* points at a fake, else the estimate).
  await seedDemo(database.db, routingServiceFor(loadConfig(), database.db));
  const [noAccess] = await database.db.insert(roles).values({ name: 'NO_ACCESS', description: 'A role without permissions' }).onConflictDoNothing().returning();
  const roleId = noAccess?.id ?? (await database.db.select().from(roles).where(eq(roles.name, 'NO_ACCESS')))[0]!.id;
  await database.db
    .insert(users)
    .values({
      email: E2E_ACCOUNTS.noPermissions.email,
      firstName: 'Nora',
      lastName: 'Nothing',
      roleId,
      passwordHash: await hashPassword(E2E_ACCOUNTS.noPermissions.password),
    })
    .onConflictDoNothing();
  await database.close();
}

/**
 * The suite's servers start from one prepared folder (E2E_TEMPLATE_DIR, chosen by
 * playwright.config.ts): the first server to take the lock seeds it once, every server copies it
 * (a closed PGlite folder copies whole). Seeding the demo is the costliest part of a start.
 */
const template = process.env.E2E_TEMPLATE_DIR;
if (template) {
  const ready = path.join(template, 'ready');
  const ours = await mkdir(path.join(template, 'lock')).then(
    () => true,
    () => false,
  );
  if (ours) {
    await prepare(path.join(template, 'pgdata'));
    await writeFile(ready, '');
  }
  while (!existsSync(ready)) await new Promise((r) => setTimeout(r, 200));
  await cp(path.join(template, 'pgdata'), path.join(dataDir, 'pgdata'), { recursive: true });
} else {
  await prepare(path.join(dataDir, 'pgdata'));
}

await import('../apps/api/src/main');
