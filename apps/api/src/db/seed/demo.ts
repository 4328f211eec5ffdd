import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { roles, users } from '../schema/access';
import { appMeta } from '../schema/platform';
import { hashPassword, verifyPassword } from '../../platform/crypto';
import { seedDemoReference } from './demo-reference';
import { seedDemoTrips } from './demo-trips';
import { seedDemoFuel } from './demo-fuel';
import type { RoutingService } from '../../modules/routing/service';
import { backfillMileStats, recomputeAll } from '../../modules/trip-figures';

export const DEMO_LOGIN = { email: 'owner@milepost.local', password: 'milepost-demo' } as const;

const DEMO_USERS = [
  { email: DEMO_LOGIN.email, firstName: 'Olivia', lastName: 'Owner', phone: '+1 (312) 555-0100', role: 'OWNER' },
  { email: 'dispatcher@milepost.local', firstName: 'Dan', lastName: 'Dispatcher', phone: '+1 (312) 555-0101', role: 'DISPATCHER' },
  { email: 'viewer@milepost.local', firstName: 'Vera', lastName: 'Viewer', phone: null, role: 'VIEWER' },
] as const;

/**
 * Seeds the demo data once; a second start finds the flag and does nothing. Returns whether it
 * seeded. The demo trips are routed as they are saved, with the estimate (no network inside the
 * seed's transaction); with a HERE key they are routed again by HERE once it has committed. The
 * figures of the stored demo tracks (and so the trips' GPS state miles) are kept in the same
 * transaction, before the demo fuel is drawn from them. A fresh start shows no blank miles.
 */
export async function seedDemo(db: Db, routing: RoutingService): Promise<boolean> {
  // Every later start: one read, no password hashing (docs/deploy.md#starting).
  if ((await db.select({ key: appMeta.key }).from(appMeta).where(eq(appMeta.key, 'demo_seeded'))).length) return false;
  const passwordHash = await hashPassword(DEMO_LOGIN.password);
  const seeded = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(appMeta)
      .values({ key: 'demo_seeded', value: sql`to_jsonb(now())` })
      .onConflictDoNothing()
      .returning();
    if (!inserted.length) return false;
    const roleIds = new Map((await tx.select({ id: roles.id, name: roles.name }).from(roles)).map((r) => [r.name, r.id]));
    for (const u of DEMO_USERS) {
      await tx
        .insert(users)
        .values({ email: u.email, firstName: u.firstName, lastName: u.lastName, phone: u.phone, roleId: roleIds.get(u.role) ?? null, passwordHash })
        .onConflictDoNothing();
    }
    await seedDemoReference(tx);
    await seedDemoTrips(tx, routing.withoutHere());
    // The stored demo tracks' figures and GPS state miles now, through the backfill job's own code,
    // so the reports and the IFTA return are complete on the first screen (docs/ifta.md "Demo").
    await backfillMileStats({ db: tx }, 2000, (_tripId, err) => {
      throw err;
    });
    await seedDemoFuel(tx);
    return true;
  });
  if (seeded && routing.hasHere) {
    const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_LOGIN.email));
    if (owner) await recomputeAll(db, routing, owner.id, false);
  }
  return seeded;
}

/**
 * Whether the demo login still signs in: the account exists, is active and still has the demo
 * password. The start banner prints it only then (a changed password is never advertised).
 */
export async function demoLoginWorks(db: Db): Promise<boolean> {
  const [row] = await db.select({ hash: users.passwordHash, active: users.active }).from(users).where(eq(users.email, DEMO_LOGIN.email));
  return Boolean(row?.active && row.hash && (await verifyPassword(row.hash, DEMO_LOGIN.password)));
}
