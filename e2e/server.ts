/**
 * Starts the product for the end-to-end suite: prepares the fresh data folder with the demo
 * data plus the few accounts the specs need that the demo does not have, then runs the real
 * server entry point on it.
 */
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

const database = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
await database.migrate();
await syncAccessCatalogue(database.db);
// Demo trips are routed like the server will (HERE when HERE_* points at a fake, else the estimate).
await seedDemo(database.db, routingServiceFor(loadConfig(), database.db));
const [noAccess] = await database.db
  .insert(roles)
  .values({ name: 'NO_ACCESS', description: 'A role without permissions' })
  .onConflictDoNothing()
  .returning();
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

await import('../apps/api/src/main');
