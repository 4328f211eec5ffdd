import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { TRUCK_MESSAGES } from '@milepost/contracts/trucks-api';
import { DRIVER_MESSAGES } from '@milepost/contracts/drivers-api';
import { DISPATCHER_MESSAGES, TEAM_MESSAGES } from '@milepost/contracts/dispatchers-api';
import { COMPANY_MESSAGES } from '@milepost/contracts/companies-api';
import { SHOP_MESSAGES } from '@milepost/contracts/shops-api';
import { RECOVERY_REASON_MESSAGES } from '@milepost/contracts/recovery-reasons-api';
import { PERMISSION_NAMES, type PermissionName } from '@milepost/contracts/permissions';
import { drivers } from '../src/db/schema/reference';
import { companyProviders } from '../src/db/schema/telematics';
import { call, createTestContext, type TestContext } from './harness';
import { createCompanyRow, createDriverRow, createTruckRow, createUser, signIn } from './factories';

let ctx: TestContext;
let owner: string;
let ownerId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const u = await createUser(ctx.db, { permissions: PERMISSION_NAMES });
  ownerId = u.id;
  owner = (await signIn(ctx.app, u)).accessToken;
});
afterAll(() => ctx.close());

const as = async (perms: PermissionName[]) => (await signIn(ctx.app, await createUser(ctx.db, { permissions: perms }))).accessToken;
const get = (url: string, token = owner) => call(ctx.app, { method: 'GET', url: `/api/v1${url}`, token });
const send = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, token = owner) =>
  call(ctx.app, { method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}) });
const messages = (res: { json(): { errors?: { path: string; message: string }[] } }) =>
  Object.fromEntries((res.json().errors ?? []).map((e) => [e.path.replace(/^body\./, ''), e.message]));
const u = () => Math.random().toString(36).slice(2, 8);

/**
 * A status change of a versioned record (docs/product/admin.md): without the version, 400 and nothing
 * changes; a stale one, 409 STALE_VERSION and nothing changes; the right one flips it and bumps the version.
 */
async function expectVersionedStatusChange(area: 'trucks' | 'companies', id: number, stale: string) {
  const before = (await get(`/${area}/${id}`)).json().data;
  expect(before.active).toBe(true);
  const url = `/${area}/change-status/${id}?active=false`;
  const unversioned = await send('PATCH', url, {});
  expect(unversioned.statusCode).toBe(400);
  expect(messages(unversioned)).toEqual({ version: 'version is required' });
  expect((await send('PATCH', url)).statusCode).toBe(400);
  const old = await send('PATCH', url, { version: before.version + 1 });
  expect(old.statusCode).toBe(409);
  expect(old.json()).toMatchObject({ code: 'STALE_VERSION', message: stale });
  expect((await get(`/${area}/${id}`)).json().data).toMatchObject({ active: true, version: before.version });
  const off = await send('PATCH', url, { version: before.version });
  expect(off.statusCode).toBe(200);
  expect(off.json().data).toMatchObject({ active: false, version: before.version + 1 });
  // The answer's version is the one the next change (the Undo) sends; the one before it is now stale.
  expect((await send('PATCH', `/${area}/change-status/${id}?active=true`, { version: before.version })).statusCode).toBe(409);
  const on = await send('PATCH', `/${area}/change-status/${id}?active=true`, { version: before.version + 1 });
  expect(on.json().data).toMatchObject({ active: true, version: before.version + 2 });
  expect((await send('PATCH', `/${area}/change-status/999999?active=true`, { version: 1 })).statusCode).toBe(404);
}

describe('trucks', () => {
  it('lists with company, drivers and assigned user; filters by keyword, company, driver and active; sorts', async () => {
    const company = await createCompanyRow(ctx.db, { name: `Acme ${u()}` });
    const tag = u().toUpperCase();
    const t1 = await createTruckRow(ctx.db, { unitNumber: `${tag}-101`, companyId: company.id });
    const t2 = await createTruckRow(ctx.db, { unitNumber: `${tag}-102`, active: false });
    const d = await createDriverRow(ctx.db, { firstName: 'Ana', lastName: 'Diaz', truckId: t1.id, assignedUserId: ownerId });

    const page = (await get(`/trucks?keyword=${tag}&sort=unitNumber,desc`)).json().data;
    expect(page.totalElements).toBe(2);
    expect(page.content.map((t: { id: number }) => t.id)).toEqual([t2.id, t1.id]);
    const row = page.content[1];
    expect(row).toMatchObject({ unitNumber: `${tag}-101`, companyName: company.name, driverNames: ['Ana Diaz'], assignUserName: 'Test User', active: true });
    expect((await get(`/trucks?companyId=${company.id}`)).json().data.content.map((t: { id: number }) => t.id)).toEqual([t1.id]);
    expect((await get(`/trucks?driverId=${d.id}`)).json().data.content.map((t: { id: number }) => t.id)).toEqual([t1.id]);
    expect((await get(`/trucks?keyword=${tag}&active=false`)).json().data.content.map((t: { id: number }) => t.id)).toEqual([t2.id]);
    for (const s of ['id', 'unitNumber', 'licencePlate', 'samsaraVin', 'vinNumber', 'companyName', 'active', 'homeLocation', 'updated']) {
      expect((await get(`/trucks?sort=${s},asc`)).statusCode, s).toBe(200);
    }
  });

  it('updates with the spec messages, 409 for a duplicate VIN or unit, and a stale version', async () => {
    const a = await createTruckRow(ctx.db);
    const b = await createTruckRow(ctx.db);
    const bad = await send('PUT', `/trucks/${a.id}`, { vinNumber: '', unitNumber: '', samsaraVin: '', homeLocation: '', licencePlate: '', version: a.version });
    expect(bad.statusCode).toBe(400);
    expect(messages(bad)).toEqual({
      vinNumber: TRUCK_MESSAGES.vinNumber,
      unitNumber: TRUCK_MESSAGES.unitNumber,
      samsaraVin: TRUCK_MESSAGES.samsaraVin,
      homeLocation: TRUCK_MESSAGES.homeLocation,
      licencePlate: TRUCK_MESSAGES.licencePlate,
    });
    // A VIN is 17 letters and digits without I, O, Q; lower case is taken as upper case.
    const vins = await send('PUT', `/trucks/${a.id}`, {
      vinNumber: '1FUJGLDR7CLBP883',
      unitNumber: 'U',
      samsaraVin: '1FUJGLDR7CLBP88O4',
      homeLocation: 'X',
      licencePlate: 'P',
      version: a.version,
    });
    expect(messages(vins)).toEqual({ vinNumber: TRUCK_MESSAGES.vinFormat, samsaraVin: TRUCK_MESSAGES.vinFormat });
    const body = {
      vinNumber: a.vinNumber,
      unitNumber: a.unitNumber,
      samsaraVin: a.samsaraVin,
      licencePlate: a.licencePlate,
      homeLocation: 'Dallas, TX, United States',
      homeLatitude: 32.7767,
      homeLongitude: -96.797,
    };
    const ok = await send('PUT', `/trucks/${a.id}`, { ...body, version: a.version });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ homeLocation: 'Dallas, TX, United States', homeLatitude: 32.7767, version: a.version + 1 });
    const stale = await send('PUT', `/trucks/${a.id}`, { ...body, homeLocation: 'Elsewhere', version: a.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_VERSION', message: TRUCK_MESSAGES.stale });
    const dup = await send('PUT', `/trucks/${a.id}`, { ...body, unitNumber: b.unitNumber.toLowerCase(), version: a.version + 1 });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'ALREADY_EXISTS', message: TRUCK_MESSAGES.duplicate });
    expect((await send('PUT', '/trucks/999999', { ...body, version: 1 })).statusCode).toBe(404);
    // The version the form was loaded at is required: without it, 400 and nothing changes.
    const unversioned = await send('PUT', `/trucks/${a.id}`, { ...body, homeLocation: 'Unversioned' });
    expect(unversioned.statusCode).toBe(400);
    expect(messages(unversioned)).toEqual({ version: 'version is required' });
    expect((await get(`/trucks/${a.id}`)).json().data.homeLocation).toBe('Dallas, TX, United States');
  });

  it('change-status flips active at the version it was shown at; each call needs its permission', async () => {
    const t = await createTruckRow(ctx.db);
    await expectVersionedStatusChange('trucks', t.id, TRUCK_MESSAGES.stale);
    const viewer = await as(['CAN_SHOW_TRUCKS', 'CAN_VIEW_TRUCK']);
    expect((await get(`/trucks/${t.id}`, viewer)).statusCode).toBe(200);
    expect((await send('PATCH', `/trucks/change-status/${t.id}?active=true`, { version: t.version + 2 }, viewer)).statusCode).toBe(403);
    expect((await send('PUT', `/trucks/${t.id}`, {}, viewer)).statusCode).toBe(403);
    expect((await get('/trucks', await as(['CAN_SHOW_USERS']))).statusCode).toBe(403);
  });
});

describe('drivers and assignment', () => {
  it('assigns several drivers to one user; 409 Already assigned. when nothing changes', async () => {
    const target = await createUser(ctx.db);
    const d1 = await createDriverRow(ctx.db);
    const d2 = await createDriverRow(ctx.db, { assignedUserId: ownerId });
    const res = await send('POST', '/drivers/assign-user', { userId: target.id, driverIds: [d1.id, d2.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ assigned: 2 });
    const rows = await ctx.db
      .select({ a: drivers.assignedUserId })
      .from(drivers)
      .where(sql`${drivers.id} in (${d1.id}, ${d2.id})`);
    expect(rows.every((r) => r.a === target.id)).toBe(true);
    const again = await send('POST', '/drivers/assign-user', { userId: target.id, driverIds: [d1.id, d2.id] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_ASSIGNED', message: DRIVER_MESSAGES.alreadyAssigned });
    const listed = (await get(`/drivers?assignedUserId=${target.id}`)).json().data;
    expect(listed.totalElements).toBe(2);
  });

  it('reads one driver back by id (a filter label after a reload), with its truck and assigned user', async () => {
    const truck = await createTruckRow(ctx.db);
    const d = await createDriverRow(ctx.db, { firstName: 'Idris', lastName: 'Byid', truckId: truck.id, assignedUserId: ownerId });
    await createDriverRow(ctx.db, { firstName: 'Idris', lastName: 'Other' });
    const one = (await get(`/drivers?id=${d.id}&size=1`)).json().data;
    expect(one.totalElements).toBe(1);
    expect(one.content[0]).toMatchObject({ id: d.id, firstName: 'Idris', lastName: 'Byid', unitNumber: truck.unitNumber, assignedUserId: ownerId });
    expect(one.content[0].assignUserName).toEqual(expect.any(String));
    expect((await get('/drivers?id=999999')).json().data.totalElements).toBe(0);
    expect((await get('/drivers?id=abc')).statusCode).toBe(400);
  });

  it('needs at least one driver and a user; unknown ones are refused; needs the assign permission', async () => {
    const empty = await send('POST', '/drivers/assign-user', { driverIds: [] });
    expect(messages(empty)).toEqual({ userId: DRIVER_MESSAGES.userRequired, driverIds: DRIVER_MESSAGES.driversRequired });
    const unknown = await send('POST', '/drivers/assign-user', { userId: ownerId, driverIds: [999999] });
    expect(unknown.statusCode).toBe(400);
    const t = await as(['CAN_SHOW_TRUCKS']);
    expect((await send('POST', '/drivers/assign-user', { userId: ownerId, driverIds: [1] }, t)).statusCode).toBe(403);
  });
});

describe('dispatchers and teams', () => {
  it('create, edit, list by team and keyword, change status', async () => {
    const team = (await send('POST', '/teams', { name: `Night ${u()}` })).json().data;
    const res = await send('POST', '/dispatchers', { firstName: 'Maya', lastName: '', teamId: team.id });
    expect(res.statusCode).toBe(201);
    const d = res.json().data;
    expect(d).toMatchObject({ firstName: 'Maya', lastName: null, team: team.name, active: true });
    const upd = await send('PUT', `/dispatchers/${d.id}`, { firstName: 'Maya', lastName: 'Lee', teamId: null });
    expect(upd.json().data).toMatchObject({ lastName: 'Lee', teamId: null, team: null });
    await send('PUT', `/dispatchers/${d.id}`, { firstName: 'Maya', lastName: 'Lee', teamId: team.id });
    const byTeam = (await get(`/dispatchers?teamId=${team.id}&keyword=maya%20lee`)).json().data;
    expect(byTeam.content.map((x: { id: number }) => x.id)).toEqual([d.id]);
    expect((await send('PATCH', `/dispatchers/change-status/${d.id}?active=false`)).json().data.active).toBe(false);
  });

  it('validates with the spec messages; 409 for a duplicate team name; unknown team refused', async () => {
    expect(messages(await send('POST', '/dispatchers', { firstName: ' ' }))).toEqual({ firstName: DISPATCHER_MESSAGES.firstName });
    expect(messages(await send('POST', '/teams', { name: '' }))).toEqual({ name: TEAM_MESSAGES.name });
    const name = `Day ${u()}`;
    await send('POST', '/teams', { name });
    const dup = await send('POST', '/teams', { name: name.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(TEAM_MESSAGES.duplicate);
    expect((await send('POST', '/dispatchers', { firstName: 'X', teamId: 999999 })).json().message).toBe(DISPATCHER_MESSAGES.teamNotFound);
  });

  it('teams list with keyword and active, rename and status; permissions enforced', async () => {
    const t = (await send('POST', '/teams', { name: `Rename ${u()}` })).json().data;
    const renamed = await send('PUT', `/teams/${t.id}`, { name: `${t.name} 2` });
    expect(renamed.json().data.name).toBe(`${t.name} 2`);
    await send('PATCH', `/teams/change-status/${t.id}?active=false`);
    expect((await get(`/teams?keyword=${encodeURIComponent(t.name)}&active=false`)).json().data.totalElements).toBe(1);
    // One team by id, whatever its status (a filter label after a reload).
    const byId = (await get(`/teams?id=${t.id}`)).json().data;
    expect(byId.content.map((x: { id: number; name: string }) => [x.id, x.name])).toEqual([[t.id, `${t.name} 2`]]);
    expect((await get('/teams?id=0')).statusCode).toBe(400);
    const reader = await as(['CAN_SHOW_DISPATCHERS']);
    expect((await get('/teams', reader)).statusCode).toBe(200);
    expect((await send('POST', '/teams', { name: 'N' }, reader)).statusCode).toBe(403);
    expect((await send('POST', '/dispatchers', { firstName: 'N' }, reader)).statusCode).toBe(403);
  });
});

describe('companies', () => {
  const company = () => ({ name: `Road Co ${u()}`, email: 'ops@road.test', phone: '+1 (469) 555-0199', usDot: '3141592' });

  it('create, update with version, list, change status; spec messages and 409', async () => {
    const res = await send('POST', '/companies', company());
    expect(res.statusCode).toBe(201);
    const c = res.json().data;
    expect(c).toMatchObject({ samsaraTokenHint: null, gleTokenHint: null, samsaraEnabled: false, gleEnabled: false });
    const bad = await send('POST', '/companies', { name: '', email: 'x', phone: '+1 (469) 555', usDot: '' });
    expect(messages(bad)).toEqual({ name: COMPANY_MESSAGES.name, email: COMPANY_MESSAGES.email, phone: COMPANY_MESSAGES.phoneIncomplete, usDot: COMPANY_MESSAGES.usDot });
    // Each rule its own message: a half-typed phone is incomplete, not missing; US DOT is digits.
    const wrong = await send('POST', '/companies', { ...company(), phone: '', usDot: 'DOT-12' });
    expect(messages(wrong)).toEqual({ phone: COMPANY_MESSAGES.phone, usDot: COMPANY_MESSAGES.usDotDigits });
    const dup = await send('POST', '/companies', { ...company(), name: c.name.toLowerCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(COMPANY_MESSAGES.duplicate);
    const upd = await send('PUT', `/companies/${c.id}`, { ...company(), name: c.name, samsaraEnabled: true, version: c.version });
    expect(upd.json().data).toMatchObject({ samsaraEnabled: true, version: c.version + 1 });
    expect((await send('PUT', `/companies/${c.id}`, { ...company(), name: c.name, version: c.version })).statusCode).toBe(409);
    // The version the form was loaded at is required: without it, 400 and nothing changes.
    const unversioned = await send('PUT', `/companies/${c.id}`, { ...company(), name: c.name, samsaraEnabled: false });
    expect(unversioned.statusCode).toBe(400);
    expect(messages(unversioned)).toEqual({ version: 'version is required' });
    expect((await get(`/companies/${c.id}`)).json().data.samsaraEnabled).toBe(true);
    expect((await get(`/companies?keyword=${encodeURIComponent(c.name)}`)).json().data.totalElements).toBe(1);
    await expectVersionedStatusChange('companies', c.id, COMPANY_MESSAGES.stale);
  });

  it('tokens are sealed at rest, shown only as placeholders, and never in any answer', async () => {
    const c = (await send('POST', '/companies', company())).json().data;
    const samsaraToken = `samsara_api_${u()}${u()}4f2a`;
    const gleToken = `gle-secret-${u()}${u()}9c1d`;
    const missing = await send('PUT', `/companies/change-tokens/${c.id}`, { samsaraToken: '', gleToken: '' });
    expect(messages(missing)).toEqual({ samsaraToken: COMPANY_MESSAGES.samsaraToken, gleToken: COMPANY_MESSAGES.gleToken, version: 'version is required' });
    // Like every save of a versioned record: without the version 400, a stale one 409; neither changes anything.
    const unversioned = await send('PUT', `/companies/change-tokens/${c.id}`, { samsaraToken, gleToken });
    expect(unversioned.statusCode).toBe(400);
    expect(messages(unversioned)).toEqual({ version: 'version is required' });
    const stale = await send('PUT', `/companies/change-tokens/${c.id}`, { samsaraToken, gleToken, version: c.version + 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_VERSION', message: COMPANY_MESSAGES.stale });
    expect((await get(`/companies/${c.id}`)).json().data).toMatchObject({ samsaraTokenHint: null, gleTokenHint: null, version: c.version });
    const res = await send('PUT', `/companies/change-tokens/${c.id}`, { samsaraToken, gleToken, version: c.version });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ samsaraTokenHint: '•••• 4f2a', gleTokenHint: '•••• 9c1d', version: c.version + 1 });

    const answers = [res.body, (await get(`/companies/${c.id}`)).body, (await get('/companies?size=100')).body];
    for (const body of answers) {
      expect(body).not.toContain(samsaraToken);
      expect(body).not.toContain(gleToken);
    }
    // The database holds ciphertext, not the token (one row per provider, migration 0024).
    const rows = await ctx.db.select().from(companyProviders).where(eq(companyProviders.companyId, c.id)).orderBy(companyProviders.provider);
    expect(rows.map((r) => r.provider)).toEqual(['GLE', 'SAMSARA']);
    expect(JSON.stringify(rows)).not.toContain(samsaraToken.slice(0, -4));
    expect(JSON.stringify(rows)).not.toContain(gleToken.slice(0, -4));
    for (const row of rows) expect(row.tokenEncrypted).toMatch(/^v1:/);
    // Only the right key opens them.
    const { companyTokens } = await import('../src/modules/companies/service');
    const { createSecretBox } = await import('../src/platform/secret-box');
    await expect(companyTokens(ctx.db, createSecretBox('a-different-key-a-different-key-!'), c.id)).rejects.toThrow();
  });

  it('token changes need CAN_EDIT_COMPANY_TOKENS', async () => {
    const c = (await send('POST', '/companies', company())).json().data;
    const editor = await as(['CAN_SHOW_COMPANIES', 'CAN_EDIT_COMPANY']);
    expect((await send('PUT', `/companies/change-tokens/${c.id}`, { samsaraToken: 'a', gleToken: 'b', version: c.version }, editor)).statusCode).toBe(403);
    expect((await send('PUT', `/companies/change-tokens/999999`, { samsaraToken: 'a', gleToken: 'b', version: 1 })).statusCode).toBe(404);
  });
});

describe('shops', () => {
  it('create, update, list and flip status; name+location must be unique', async () => {
    const body = { name: `Fix-It ${u()}`, location: 'Tulsa, OK, United States', latitude: 36.153982, longitude: -95.992775 };
    const res = await send('POST', '/shops', body);
    expect(res.statusCode).toBe(201);
    const s = res.json().data;
    expect(s).toMatchObject({ ...body, active: true });
    const dup = await send('POST', '/shops', { ...body, name: body.name.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(SHOP_MESSAGES.duplicate);
    expect((await send('POST', '/shops', { ...body, location: 'Tulsa, OK 74103, United States' })).statusCode).toBe(201);
    const bad = await send('POST', '/shops', { name: '', location: '' });
    expect(messages(bad)).toMatchObject({ name: SHOP_MESSAGES.name, location: SHOP_MESSAGES.location, latitude: SHOP_MESSAGES.coordinates });
    expect((await send('PUT', `/shops/${s.id}`, { ...body, name: `${body.name} East` })).json().data.name).toBe(`${body.name} East`);
    expect((await send('PATCH', `/shops/change-status/${s.id}?active=false`)).json().data.active).toBe(false);
    expect((await get(`/shops?keyword=${encodeURIComponent(body.name)}&active=false`)).json().data.totalElements).toBe(1);
    expect((await send('POST', '/shops', body, await as(['CAN_SHOW_SHOPS']))).statusCode).toBe(403);
  });
});

describe('recovery reasons', () => {
  it('create, rename with the id in the body, list and change status; length and 409 rules', async () => {
    const res = await send('POST', '/recovery/reasons', { name: `Breakdown ${u()}` });
    expect(res.statusCode).toBe(201);
    const r = res.json().data;
    expect(messages(await send('POST', '/recovery/reasons', { name: '' }))).toEqual({ name: RECOVERY_REASON_MESSAGES.name });
    expect(messages(await send('POST', '/recovery/reasons', { name: 'x'.repeat(100) }))).toEqual({ name: RECOVERY_REASON_MESSAGES.tooLong });
    expect((await send('POST', '/recovery/reasons', { name: 'x'.repeat(99) })).statusCode).toBe(201);
    const dup = await send('POST', '/recovery/reasons', { name: r.name.toLowerCase() });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(RECOVERY_REASON_MESSAGES.duplicate);
    const renamed = await send('PUT', '/recovery/reasons', { id: r.id, name: `${r.name} (tow)` });
    expect(renamed.json().data.name).toBe(`${r.name} (tow)`);
    expect((await send('PATCH', `/recovery/reasons/change-status/${r.id}?active=false`)).json().data.active).toBe(false);
    expect((await get('/recovery/reasons?active=false')).json().data.content.map((x: { id: number }) => x.id)).toContain(r.id);
    const tripEditor = await as(['CAN_EDIT_TRIP']);
    expect((await get('/recovery/reasons?active=true', tripEditor)).statusCode).toBe(200);
    expect((await send('POST', '/recovery/reasons', { name: 'N' }, tripEditor)).statusCode).toBe(403);
  });
});

describe('system settings', () => {
  it('404 before any exist, then create, read and update; radii must not be negative; empty reads as 0', async () => {
    expect((await get('/global-setting/by-type?type=TRIP')).statusCode).toBe(404);
    const bad = await send('POST', '/global-setting', {
      homeRadius: -1,
      shopRadius: -1,
      pickupRadius: -1,
      trailerRadius: -1,
      deliveryRadius: -1,
      samsaraEnabled: false,
      gleEnabled: false,
    });
    expect(messages(bad)).toEqual({
      homeRadius: 'Home radius must be positive',
      shopRadius: 'Shop radius must be positive',
      pickupRadius: 'Pickup radius must be positive',
      trailerRadius: 'Trailer radius must be positive',
      deliveryRadius: 'Delivery radius must be positive',
    });
    const huge = await send('POST', '/global-setting', {
      homeRadius: 99999999999,
      shopRadius: 'abc',
      pickupRadius: 1,
      trailerRadius: 1,
      deliveryRadius: 1,
      samsaraEnabled: false,
      gleEnabled: false,
    });
    expect(messages(huge)).toEqual({ homeRadius: 'Home radius must be at most 1,000 miles', shopRadius: 'Shop radius must be a number' });
    const res = await send('POST', '/global-setting', {
      homeRadius: 0.5,
      shopRadius: '',
      pickupRadius: 1,
      trailerRadius: 1,
      deliveryRadius: 2,
      samsaraEnabled: true,
      gleEnabled: false,
      type: 'TRIP',
    });
    expect(res.statusCode).toBe(201);
    const s = res.json().data;
    expect(s).toMatchObject({ homeRadius: 0.5, shopRadius: 0, deliveryRadius: 2, samsaraEnabled: true, gleEnabled: false, type: 'TRIP' });
    expect((await send('POST', '/global-setting', { ...s, id: undefined })).statusCode).toBe(409);
    const upd = await send('PUT', `/global-setting/${s.id}`, { ...s, deliveryRadius: 3.5 });
    expect(upd.json().data.deliveryRadius).toBe(3.5);
    expect((await get('/global-setting/by-type')).json().data.deliveryRadius).toBe(3.5);
    const viewer = await as(['CAN_SHOW_SYSTEM_SETTINGS', 'CAN_VIEW_RADIUS_SETTINGS']);
    expect((await get('/global-setting/by-type?type=TRIP', viewer)).statusCode).toBe(200);
    expect((await send('PUT', `/global-setting/${s.id}`, s, viewer)).statusCode).toBe(403);
  });

  it('route settings: 404 when none yet, create, update; only your own', async () => {
    const me = await createUser(ctx.db);
    const token = (await signIn(ctx.app, me)).accessToken;
    expect((await get(`/user-route-setting/${me.id}`, token)).statusCode).toBe(404);
    const created = await send('POST', '/user-route-setting', { userId: me.id, trailerType: 'TRAILER_53', routingType: 'PRACTICAL', distanceUnit: 'MILES' }, token);
    expect(created.statusCode).toBe(201);
    const s = created.json().data;
    const upd = await send('PUT', `/user-route-setting/${s.id}`, { userId: me.id, trailerType: '', routingType: 'SHORTEST', distanceUnit: 'KM' }, token);
    expect(upd.json().data).toMatchObject({ trailerType: null, routingType: 'SHORTEST', distanceUnit: 'KM' });
    expect((await get(`/user-route-setting/${me.id}`, token)).json().data.routingType).toBe('SHORTEST');
    expect((await get(`/user-route-setting/${ownerId}`, token)).statusCode).toBe(403);
    expect((await send('PUT', `/user-route-setting/${s.id}`, { userId: me.id, routingType: 'FASTEST', distanceUnit: 'KM' }, token)).statusCode).toBe(400);
  });
});
