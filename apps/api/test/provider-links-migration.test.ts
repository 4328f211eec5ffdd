import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_NAMES } from '@milepost/contracts/permissions';
import type { TripSettings } from '@milepost/contracts/settings-api';
import type { TruckRow } from '@milepost/contracts/trucks-api';
import { loggerOptions } from '../src/app-deps';
import type { Database } from '../src/db/client';
import { trucks } from '../src/db/schema/reference';
import { driverProviderLinks, settingsProviders, truckProviderLinks } from '../src/db/schema/telematics';
import { syncCompany } from '../src/modules/telematics/sync';
import { createSecretBox } from '../src/platform/secret-box';
import { call, createTestContext, FAST_RETRY, type TestContext } from './harness';
import { createUser, driverLink, driversLinked, signIn, trucksLinked } from './factories';
import { startFakeSamsara, type FakeSamsara } from './fakes/samsara';
import { startFakeGle, type FakeGle } from './fakes/gle';

/**
 * Migration 0026 (docs/decisions/022-provider-links.md): the ids providers give trucks and drivers and the TRIP
 * settings' provider switches move from per-provider columns of `trucks`, `drivers` and
 * `global_settings` to rows keyed by provider, in place. Each id reads the same after as before
 * (the trucks API's vehicleId, the TRIP settings' samsaraEnabled/gleEnabled on the wire), and the
 * sync still matches the migrated trucks and drivers by those ids.
 */
let ctx: TestContext;
let samsara: FakeSamsara;
let gle: FakeGle;
let token: string;
const ids: Record<string, number> = {};
const box = createSecretBox('a-test-key-for-migration-0026-!!');

async function seedOldRows(database: Database) {
  const one = async (text: string, values: unknown[] = []) => ((await database.executeSql(text, values)).rows[0] as { id: number }).id;
  ids.company = await one(`insert into companies (name, email, phone, us_dot) values ('Linked Co', 'ops@linked.test', '+1 (312) 555-0100', '1') returning id`);
  await database.executeSql(`insert into company_providers (company_id, provider, enabled, token_encrypted) values ($1, 'SAMSARA', true, $2), ($1, 'GLE', true, $3)`, [
    ids.company,
    box.seal('samsara-test-token'),
    box.seal('gle-test-token'),
  ]);
  const truck = (unit: string, vehicleId: string | null, gleVehicleId: string | null, updatedAt: string) =>
    one(
      `insert into trucks (unit_number, vin_number, samsara_vin, licence_plate, home_location, company_id, vehicle_id, gle_vehicle_id, updated_at)
       values ($1, $2, $3, 'IL-1', 'Chicago, IL', $4, $5, $6, $7) returning id`,
      [unit, `1GLEVIN${unit}`, `3SAMVIN${unit}`, ids.company, vehicleId, gleVehicleId, updatedAt],
    );
  ids.both = await truck('M-1', 'sv-281', 'GLE-M-1', '2026-01-01T00:00:00Z');
  ids.none = await truck('M-2', null, null, '2026-01-01T00:00:00Z');
  // Two trucks with one Samsara id (the id was only indexed): the more recently updated keeps it.
  ids.older = await truck('M-3', 'sv-dup', null, '2026-01-01T00:00:00Z');
  ids.newer = await truck('M-4', 'sv-dup', null, '2026-02-01T00:00:00Z');
  const driver = (first: string, samsaraId: string | null, gleId: string | null) =>
    one(`insert into drivers (first_name, last_name, truck_id, samsara_driver_id, gle_driver_id) values ($1, 'Migrated', $2, $3, $4) returning id`, [
      first,
      ids.both,
      samsaraId,
      gleId,
    ]);
  ids.rosa = await driver('Rosa', `${ids.company}:d-1`, `${ids.company}:gd-1`);
  ids.sam = await driver('Sam', null, null);
  ids.settings = await one(`insert into global_settings (type, pickup_radius, delivery_radius, samsara_enabled, gle_enabled) values ('TRIP', 1, 1, true, false) returning id`);
}

beforeAll(async () => {
  samsara = await startFakeSamsara();
  gle = await startFakeGle();
  ctx = await createTestContext({ SAMSARA_BASE_URL: samsara.url, GLE_BASE_URL: gle.url }, { before: { tag: '0026_provider_links', seed: seedOldRows } });
  token = (await signIn(ctx.app, await createUser(ctx.db, { permissions: PERMISSION_NAMES }))).accessToken;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await samsara?.close();
  await gle?.close();
});

const get = async <T>(url: string) => {
  const res = await call(ctx.app, { method: 'GET', url: `/api/v1${url}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: T }).data;
};

describe('migration 0026: provider links and settings switches', () => {
  it('moves the trucks’ and drivers’ provider ids in place; the trucks API shows the same vehicleId', async () => {
    expect((await get<TruckRow>(`/trucks/${ids.both}`)).vehicleId).toBe('sv-281');
    expect((await get<TruckRow>(`/trucks/${ids.none}`)).vehicleId).toBeNull();
    expect((await get<TruckRow>(`/trucks/${ids.newer}`)).vehicleId).toBe('sv-dup');
    expect((await get<TruckRow>(`/trucks/${ids.older}`)).vehicleId).toBeNull();
    const links = await ctx.db.select().from(truckProviderLinks).orderBy(truckProviderLinks.truckId, truckProviderLinks.provider);
    expect(links.map((l) => `${l.truckId} ${l.provider} ${l.externalId}`)).toEqual([`${ids.both} GLE GLE-M-1`, `${ids.both} SAMSARA sv-281`, `${ids.newer} SAMSARA sv-dup`]);
    const drivers = await ctx.db.select().from(driverProviderLinks).orderBy(driverProviderLinks.provider);
    expect(drivers.map((l) => `${l.driverId} ${l.provider} ${l.externalId}`)).toEqual([`${ids.rosa} GLE ${ids.company}:gd-1`, `${ids.rosa} SAMSARA ${ids.company}:d-1`]);
  });

  it('moves the TRIP settings’ switches in place; the settings API answers samsaraEnabled and gleEnabled as before', async () => {
    expect(await get<TripSettings>('/global-setting/by-type?type=TRIP')).toMatchObject({ id: ids.settings, samsaraEnabled: true, gleEnabled: false, type: 'TRIP' });
    const rows = await ctx.db.select().from(settingsProviders);
    expect(rows.map((r) => `${r.settingsId} ${r.provider} ${r.enabled}`)).toEqual([`${ids.settings} SAMSARA true`]);
  });

  it('drops the old columns', async () => {
    const res = await ctx.database.executeSql(
      `select table_name || '.' || column_name as c from information_schema.columns
       where (table_name, column_name) in (('trucks', 'vehicle_id'), ('trucks', 'gle_vehicle_id'), ('drivers', 'samsara_driver_id'), ('drivers', 'gle_driver_id'),
         ('global_settings', 'samsara_enabled'), ('global_settings', 'gle_enabled'), ('trucks', 'samsara_vin'))`,
    );
    expect((res.rows as { c: string }[]).map((r) => r.c)).toEqual(['trucks.samsara_vin']);
  });

  it('the sync still matches the migrated truck and driver by their ids', async () => {
    const before = (await ctx.db.select({ id: trucks.id }).from(trucks)).length;
    // A vehicle whose VIN matches no truck: found by its migrated id. A driver renamed at Samsara: found by its migrated id.
    samsara.vehicles.push({ id: 'sv-281', name: 'M-1 renamed', vin: 'NOTAVINOFOURS0000' });
    samsara.drivers.push({ id: 'd-1', name: 'Rosie Renamed', vehicleId: 'sv-281' });
    // Samsara is switched off in the migrated TRIP settings: switch it on through the API as a user would.
    const res = await call(ctx.app, {
      method: 'PUT',
      url: `/api/v1/global-setting/${ids.settings}`,
      token,
      payload: { homeRadius: 0, shopRadius: 0, pickupRadius: 1, trailerRadius: 0, deliveryRadius: 1, samsaraEnabled: true, gleEnabled: true, type: 'TRIP' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ samsaraEnabled: true, gleEnabled: true });
    await syncCompany({ db: ctx.db, secretBox: box, config: ctx.config, retry: FAST_RETRY }, ids.company!, 'SAMSARA');
    expect((await ctx.db.select({ id: trucks.id }).from(trucks)).length).toBe(before);
    expect((await trucksLinked(ctx.db, 'SAMSARA', 'sv-281')).map((t) => t.id)).toEqual([ids.both]);
    expect((await driversLinked(ctx.db, 'SAMSARA', `${ids.company}:d-1`)).map((d) => d.id)).toEqual([ids.rosa]);
    expect(await driverLink(ctx.db, ids.sam!, 'SAMSARA')).toBeNull();

    gle.vehicles.push({ id: 'GLE-M-1', vin: 'NOTAVINOFGLE00000', unitNumber: 'M-1 at GLE', driver: { id: 'gd-1', name: 'Rosa Renamed' } });
    await syncCompany({ db: ctx.db, secretBox: box, config: ctx.config, retry: FAST_RETRY }, ids.company!, 'GLE');
    expect((await ctx.db.select({ id: trucks.id }).from(trucks)).length).toBe(before);
    expect((await trucksLinked(ctx.db, 'GLE', 'GLE-M-1')).map((t) => t.id)).toEqual([ids.both]);
    expect((await driversLinked(ctx.db, 'GLE', `${ids.company}:gd-1`)).map((d) => d.id)).toEqual([ids.rosa]);
  });
});

describe('modules outside telematics', () => {
  /**
   * Adding a provider touches modules/telematics only (docs/integrations/telematics.md "Adding a
   * provider"): these modules name no provider — no provider column, no provider's name. The one
   * allowed word is the spec's `samsaraVin`, the truck's VIN as the user enters it
   * (docs/decisions/022-provider-links.md).
   */
  it.each(['trucks', 'drivers', 'companies', 'settings', 'mileage-review'])('modules/%s names no telematics provider', async (name) => {
    const dir = new URL(`../src/modules/${name}/`, import.meta.url);
    const files = await readdir(dir);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = (await readFile(new URL(file, dir), 'utf8')).replace(/\bsamsaraVin\b/g, '');
      expect(text, file).not.toMatch(/samsara|\bgle|vehicle_?id/i);
    }
  });
});

/**
 * Every file of apps/<app>/src and packages/<package>/src (tests aside) that names a telematics provider outside
 * its homes — modules/telematics/ and packages/contracts/src/providers.ts, where the provider set is
 * declared once — each with why. Every list of providers derives from providers.ts; what is left is
 * named on purpose, grouped by what adding a provider does to it (docs/integrations/telematics.md
 * "Adding a provider"). The set only shrinks: a file that starts naming a provider fails here (take
 * the name from providers.ts instead), and a file that stops naming one is taken off the list.
 */
const STILL_NAMES_A_PROVIDER: readonly (readonly [file: string, reason: string])[] = [
  // Adding a provider touches these.
  // Its settings line: the provider's address on this server (and a polled provider's interval), passed to its client.
  ['apps/api/src/config.ts', 'SAMSARA_BASE_URL, GLE_BASE_URL and GLE_POLL_SECONDS'],
  // The spec's wire fields: a provider's fields are named after it ("samsara…", "gle…") and each schema declares them.
  ['packages/contracts/src/companies-api.ts', "the company's samsaraEnabled, gleEnabled, samsaraToken, gleToken, samsaraTokenHint, gleTokenHint and the spec's token messages"],
  ['packages/contracts/src/settings-api.ts', "the TRIP settings' samsaraEnabled and gleEnabled with their messages"],
  ['packages/contracts/src/mile-stats-api.ts', "GET /mile-stats's samsaraStats, gleStats, samsaraFetchedAt and gleFetchedAt"],
  ['packages/contracts/src/route-data-api.ts', "GET /trips/route-data's samsaraLocation and gleLocation"],

  // Adding a provider leaves these as they are.
  // The truck's two VINs, the user's entries as the spec names and shows them (docs/decisions/022-provider-links.md);
  // a new provider's vehicles match on one of them (its registry record's truckVin).
  ['packages/contracts/src/trucks-api.ts', "the spec's message 'Samsara VIN is required'"],
  ['apps/api/src/db/schema/reference.ts', 'the column samsara_vin, its index trucks_samsara_vin_idx, and vin_number shown as "GLE VIN"'],
  ['apps/web/src/features/trucks/components/truck-form.tsx', "the spec's labels 'Samsara VIN' and 'GLE VIN'"],
  ['apps/web/src/features/trucks/components/truck-view.tsx', "the spec's labels 'Samsara VIN' and 'GLE VIN'"],
  ['apps/web/src/features/trucks/components/trucks-columns.tsx', "the spec's columns 'Samsara VIN' and 'GLE VIN'"],
  // The demo data: which demo company runs which provider, the ids each gave the trucks, and how each one's device
  // reports the demo drives; a new provider may stay out of the demo.
  ['apps/api/src/db/seed/demo-reference.ts', "the demo companies' and TRIP settings' switches and the trucks' provider ids"],
  ['apps/api/src/db/seed/demo-trips.ts', "the demo tracks: Samsara's fix a minute, GLE's device every two minutes"],
];
const PROVIDER_WORD = /samsara|\bgle(?=\b|[A-Z_])|\bGLE\b/i;
const PROVIDER_HOMES = ['apps/api/src/modules/telematics/', 'packages/contracts/src/providers.ts'];

async function sourceFiles(dir: URL, root: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    if (entry.isDirectory()) out.push(...(await sourceFiles(new URL(`${entry.name}/`, dir), `${root}${entry.name}/`)));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(`${root}${entry.name}`);
  }
  return out;
}

describe('the provider set is declared once', () => {
  it('no file of apps/*/src or packages/*/src names a provider beyond the known list', async () => {
    const repo = new URL('../../../', import.meta.url);
    const roots = [
      ...(await readdir(new URL('apps/', repo))).map((app) => `apps/${app}/src/`),
      ...(await readdir(new URL('packages/', repo))).map((pkg) => `packages/${pkg}/src/`),
    ];
    const naming: string[] = [];
    for (const root of roots) {
      const dir = new URL(root, repo);
      const exists = await readdir(dir).then(
        () => true,
        () => false,
      );
      if (!exists) continue;
      for (const file of await sourceFiles(dir, root)) {
        if (PROVIDER_HOMES.some((home) => file.startsWith(home))) continue;
        const text = (await readFile(new URL(file, repo), 'utf8')).replace(/\bsamsaraVin\b/g, '');
        if (PROVIDER_WORD.test(text)) naming.push(file);
      }
    }
    expect(roots.length).toBeGreaterThanOrEqual(4);
    const listed = STILL_NAMES_A_PROVIDER.map(([file]) => file);
    expect(new Set(listed).size, 'each file once').toBe(listed.length);
    for (const [file, reason] of STILL_NAMES_A_PROVIDER) expect(reason.trim(), file).not.toBe('');
    expect(naming.sort()).toEqual(listed.sort());
  });

  it("the server's log redacts every provider's token field (the spec's samsaraToken, gleToken)", () => {
    const { redact } = loggerOptions(ctx.config);
    expect(Array.isArray(redact) ? redact : redact?.paths).toEqual(expect.arrayContaining(['*.samsaraToken', '*.gleToken']));
  });
});
