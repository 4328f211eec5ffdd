import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { PermissionName } from '@milepost/contracts/permissions';
import type { MileStatsLeg } from '@milepost/contracts/mile-stats-api';
import type { Db } from '../src/db/client';
import { permissions, rolePermissions, roles, users } from '../src/db/schema/access';
import { companies, drivers, globalSettings, trucks } from '../src/db/schema/reference';
import { companyProviders, driverProviderLinks, settingsProviders, truckProviderLinks } from '../src/db/schema/telematics';
import { trips } from '../src/db/schema/trips';
import { hashPassword } from '../src/platform/crypto';

const unique = () => randomBytes(5).toString('hex');

/** A role of its own holding exactly these permissions. */
export async function createRole(db: Db, perms: readonly PermissionName[], name = `ROLE_${unique()}`) {
  const [role] = await db.insert(roles).values({ name, description: 'test role' }).returning();
  if (perms.length) {
    const ids = await db
      .select({ id: permissions.id })
      .from(permissions)
      .where(inArray(permissions.name, [...perms]));
    await db.insert(rolePermissions).values(ids.map((p) => ({ roleId: role!.id, permissionId: p.id })));
  }
  return role!;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  roleId: number;
}

/** A user with a role of its own holding `permissions` (none by default). */
export async function createUser(
  db: Db,
  opts: { permissions?: readonly PermissionName[]; roleId?: number; password?: string | null; active?: boolean; firstName?: string } = {},
): Promise<TestUser> {
  const role = opts.roleId !== undefined ? { id: opts.roleId } : await createRole(db, opts.permissions ?? []);
  const password = opts.password === undefined ? `pw-${unique()}` : opts.password;
  const email = `user-${unique()}@example.test`;
  const [u] = await db
    .insert(users)
    .values({
      email,
      firstName: opts.firstName ?? 'Test',
      lastName: 'User',
      roleId: role.id,
      active: opts.active ?? true,
      passwordHash: password === null ? null : await hashPassword(password),
    })
    .returning();
  return { id: u!.id, email, password: password ?? '', roleId: role.id };
}

export async function signIn(app: FastifyInstance, user: { email: string; password: string }) {
  const res = await app.inject({ method: 'POST', url: '/api/v1/authenticate', payload: { email: user.email, password: user.password } });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json<{ data: { accessToken: string; refreshToken: string } }>().data;
}

export async function setUserActive(db: Db, userId: number, active: boolean) {
  await db.update(users).set({ active }).where(eq(users.id, userId));
}

let serial = 0;
const next = () => `${Date.now().toString(36)}${(serial++).toString(36)}${randomBytes(2).toString('hex')}`;

/** A company's switch and sealed token of one provider, as the tests set them (table company_providers). */
export interface ProviderRowOptions {
  samsaraEnabled?: boolean;
  gleEnabled?: boolean;
  samsaraTokenEncrypted?: string | null;
  gleTokenEncrypted?: string | null;
}

export async function createCompanyRow(db: Db, over: Partial<typeof companies.$inferInsert> & ProviderRowOptions = {}) {
  const { samsaraEnabled, gleEnabled, samsaraTokenEncrypted, gleTokenEncrypted, ...own } = over;
  const [c] = await db
    .insert(companies)
    .values({ name: `Haulers ${next()}`, email: 'ops@haulers.test', phone: '+1 (312) 555-0100', usDot: '1234567', ...own })
    .returning();
  await setCompanyProvider(db, c!.id, 'SAMSARA', { enabled: samsaraEnabled, tokenEncrypted: samsaraTokenEncrypted });
  await setCompanyProvider(db, c!.id, 'GLE', { enabled: gleEnabled, tokenEncrypted: gleTokenEncrypted });
  return c!;
}

/** Sets a company's switch and/or sealed token of one provider (undefined: left as it is). */
export async function setCompanyProvider(
  db: Db,
  companyId: number,
  provider: 'SAMSARA' | 'GLE',
  set: { enabled?: boolean | undefined; tokenEncrypted?: string | null | undefined },
) {
  const values = Object.fromEntries(Object.entries(set).filter(([, v]) => v !== undefined)) as { enabled?: boolean; tokenEncrypted?: string | null };
  if (!Object.keys(values).length) return;
  await db
    .insert(companyProviders)
    .values({ companyId, provider, ...values })
    .onConflictDoUpdate({ target: [companyProviders.companyId, companyProviders.provider], set: values });
}

/** A unique 17-character VIN (no I, O or Q) from a factory id. */
const vinOf = (lead: string, id: string) => `${lead}${id.replace(/[IOQ]/g, 'X')}`.padEnd(17, '0').slice(0, 17);

/** A truck's ids at the providers, as the sync links them (table truck_provider_links). */
export interface TruckLinkOptions {
  vehicleId?: string | null;
  gleVehicleId?: string | null;
}

export async function createTruckRow(db: Db, options: Partial<typeof trucks.$inferInsert> & TruckLinkOptions = {}) {
  const { vehicleId, gleVehicleId, ...over } = options;
  const id = next().toUpperCase();
  const [t] = await db
    .insert(trucks)
    .values({
      unitNumber: `U${id}`,
      vinNumber: vinOf('1', id),
      samsaraVin: vinOf('3', id),
      licencePlate: `IL-${id.slice(0, 6)}`,
      homeLocation: 'Chicago, IL, United States',
      homeLatitude: 41.8781,
      homeLongitude: -87.6298,
      ...over,
    })
    .returning();
  if (vehicleId) await db.insert(truckProviderLinks).values({ truckId: t!.id, provider: 'SAMSARA', externalId: vehicleId });
  if (gleVehicleId) await db.insert(truckProviderLinks).values({ truckId: t!.id, provider: 'GLE', externalId: gleVehicleId });
  return t!;
}

/** The trucks a provider's vehicle id is linked to (none or one). */
export function trucksLinked(db: Db, provider: 'SAMSARA' | 'GLE', externalId: string) {
  return db
    .select({ truck: trucks })
    .from(trucks)
    .innerJoin(truckProviderLinks, and(eq(truckProviderLinks.truckId, trucks.id), eq(truckProviderLinks.provider, provider), eq(truckProviderLinks.externalId, externalId)))
    .then((rows) => rows.map((r) => r.truck));
}

/** A truck's id at a provider (null: not linked). */
export async function truckLink(db: Db, truckId: number, provider: 'SAMSARA' | 'GLE'): Promise<string | null> {
  const [row] = await db
    .select({ id: truckProviderLinks.externalId })
    .from(truckProviderLinks)
    .where(and(eq(truckProviderLinks.truckId, truckId), eq(truckProviderLinks.provider, provider)));
  return row?.id ?? null;
}

/** The drivers a provider's (company-scoped) driver id is linked to (none or one). */
export function driversLinked(db: Db, provider: 'SAMSARA' | 'GLE', externalId: string) {
  return db
    .select({ driver: drivers })
    .from(drivers)
    .innerJoin(driverProviderLinks, and(eq(driverProviderLinks.driverId, drivers.id), eq(driverProviderLinks.provider, provider), eq(driverProviderLinks.externalId, externalId)))
    .then((rows) => rows.map((r) => r.driver));
}

/** A driver's id at a provider (null: not linked). */
export async function driverLink(db: Db, driverId: number, provider: 'SAMSARA' | 'GLE'): Promise<string | null> {
  const [row] = await db
    .select({ id: driverProviderLinks.externalId })
    .from(driverProviderLinks)
    .where(and(eq(driverProviderLinks.driverId, driverId), eq(driverProviderLinks.provider, provider)));
  return row?.id ?? null;
}

/** The TRIP settings' telematics switches, as the tests set them (table settings_providers). */
export interface SettingsSwitches {
  samsaraEnabled?: boolean;
  gleEnabled?: boolean;
}

/**
 * Settings of a type (TRIP by default) with their switches; settings of that type already there
 * are left as they are. Answers the settings' id.
 */
export async function createTripSettings(db: Db, values: Partial<typeof globalSettings.$inferInsert> & SettingsSwitches): Promise<{ id: number }> {
  const { samsaraEnabled, gleEnabled, ...own } = values;
  const [row] = await db
    .insert(globalSettings)
    .values({ type: 'TRIP', ...own })
    .onConflictDoNothing()
    .returning({ id: globalSettings.id });
  if (!row) {
    const [existing] = await db
      .select({ id: globalSettings.id })
      .from(globalSettings)
      .where(eq(globalSettings.type, own.type ?? 'TRIP'));
    return existing!;
  }
  await setSettingsSwitches(db, row.id, { samsaraEnabled, gleEnabled });
  return row;
}

/** Sets switches of a settings row (undefined: left as it is). */
export async function setSettingsSwitches(db: Db, settingsId: number, switches: SettingsSwitches) {
  for (const [provider, enabled] of [
    ['SAMSARA', switches.samsaraEnabled],
    ['GLE', switches.gleEnabled],
  ] as const) {
    if (enabled === undefined) continue;
    await db
      .insert(settingsProviders)
      .values({ settingsId, provider, enabled })
      .onConflictDoUpdate({ target: [settingsProviders.settingsId, settingsProviders.provider], set: { enabled } });
  }
}

/** Sets switches of the TRIP settings. */
export async function setTripSwitches(db: Db, switches: SettingsSwitches) {
  const [row] = await db.select({ id: globalSettings.id }).from(globalSettings).where(eq(globalSettings.type, 'TRIP'));
  await setSettingsSwitches(db, row!.id, switches);
}

export async function createDriverRow(db: Db, over: Partial<typeof drivers.$inferInsert> = {}) {
  const [d] = await db
    .insert(drivers)
    .values({ firstName: 'Dave', lastName: `Driver${next()}`, ...over })
    .returning();
  return d!;
}

/** A trip row written directly (no stops, nothing computed, no history): a COMPLETED load, with the values given over those. */
export async function createTripRow(db: Db, values: { truckId: number; driverId: number; loadNumber: string } & Partial<typeof trips.$inferInsert>) {
  const [t] = await db
    .insert(trips)
    .values({ identifierType: 'LOAD_NUMBER', tripStatus: 'COMPLETED', pickupDateTime: new Date('2026-11-01T12:00:00Z'), ...values })
    .returning();
  return t!;
}

/** The id of the seeded OWNER role. */
export async function ownerRoleId(db: Db): Promise<number> {
  const [owner] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'OWNER'));
  return owner!.id;
}

/** A leg of a kept GPS figure, measured by the odometer and agreeing with GPS (the review tests' stored figures): leg 1 the empty run to the pickup, the others loaded. */
export const measuredLeg = (toIndex: number, miles: number, over: Partial<MileStatsLeg> = {}): MileStatsLeg => ({
  toIndex,
  stopId: null,
  stopType: toIndex === 1 ? 'PICKUP' : 'DELIVERY',
  loadStatus: toIndex === 1 ? 'EMPTY' : 'LOADED',
  miles,
  method: 'ODOMETER',
  otherMiles: miles,
  otherMethod: 'GPS',
  differs: false,
  gap: false,
  reachedAt: '10/05/2026 10:00:00',
  seconds: 3600,
  ...over,
});
