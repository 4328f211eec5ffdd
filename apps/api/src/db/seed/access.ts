import { and, eq, inArray, sql } from 'drizzle-orm';
import { ACCESS_MANAGEMENT_PERMISSIONS, PERMISSION_CATALOGUE, PERMISSION_NAMES, SEEDED_ROLES } from '@milepost/contracts/permissions';
import type { Db } from '../client';
import { permissions, rolePermissions, roles, users } from '../schema/access';
import { appMeta } from '../schema/platform';
import { lockAccessChanges } from '../../platform/access-rules';
import { hashPassword } from '../../platform/crypto';

/**
 * Runs at every start. Adds catalogue permissions the database does not have yet (a newer
 * release may bring some) and grants those new ones to OWNER, who holds every permission.
 * Creates the seeded roles once.
 */
export async function syncAccessCatalogue(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(permissions)
      .values(PERMISSION_CATALOGUE.map((p) => ({ name: p.name, description: p.description })))
      .onConflictDoNothing()
      .returning({ id: permissions.id });

    const [seeded] = await tx.select().from(appMeta).where(eq(appMeta.key, 'roles_seeded'));
    if (!seeded) {
      for (const role of SEEDED_ROLES) {
        const [r] = await tx.insert(roles).values({ name: role.name, description: role.description }).onConflictDoNothing().returning({ id: roles.id });
        if (!r) continue;
        const granted = await tx
          .select({ id: permissions.id })
          .from(permissions)
          .where(inArray(permissions.name, [...role.permissions]));
        if (granted.length) await tx.insert(rolePermissions).values(granted.map((p) => ({ roleId: r.id, permissionId: p.id })));
      }
      await tx.insert(appMeta).values({ key: 'roles_seeded', value: true });
    } else if (added.length) {
      const [owner] = await tx
        .select({ id: roles.id })
        .from(roles)
        .where(eq(sql`upper(${roles.name})`, 'OWNER'));
      if (owner) {
        await tx
          .insert(rolePermissions)
          .values(added.map((p) => ({ roleId: owner.id, permissionId: p.id })))
          .onConflictDoNothing();
      }
    }
  });
}

/**
 * Makes sure a working OWNER account with these credentials exists (MILEPOST_ADMIN_EMAIL /
 * MILEPOST_ADMIN_PASSWORD): the OWNER role active and holding every catalogue permission,
 * the permissions that manage access enabled, and the account active with this password.
 * This is the way back in after any lock-out.
 */
export async function ensureAdmin(db: Db, email: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await lockAccessChanges(tx);
    const [owner] = await tx
      .select({ id: roles.id })
      .from(roles)
      .where(eq(sql`upper(${roles.name})`, 'OWNER'));
    if (!owner) throw new Error('The OWNER role is missing; cannot ensure the admin account');
    await tx
      .update(roles)
      .set({ active: true, updatedAt: sql`now()` })
      .where(and(eq(roles.id, owner.id), eq(roles.active, false)));
    const catalogue = await tx
      .select({ id: permissions.id })
      .from(permissions)
      .where(inArray(permissions.name, [...PERMISSION_NAMES]));
    await tx
      .insert(rolePermissions)
      .values(catalogue.map((p) => ({ roleId: owner.id, permissionId: p.id })))
      .onConflictDoNothing();
    await tx
      .update(permissions)
      .set({ enabled: true, updatedAt: sql`now()` })
      .where(and(inArray(permissions.name, [...ACCESS_MANAGEMENT_PERMISSIONS]), eq(permissions.enabled, false)));
    const [existing] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    if (existing) {
      await tx
        .update(users)
        .set({ passwordHash, active: true, roleId: owner.id, updatedAt: sql`now()`, version: sql`${users.version} + 1` })
        .where(eq(users.id, existing.id));
    } else {
      await tx.insert(users).values({ email, firstName: 'Admin', lastName: 'Owner', roleId: owner.id, passwordHash });
    }
  });
}
