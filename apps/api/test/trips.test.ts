import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_NAMES, type PermissionName } from '@milepost/contracts/permissions';
import { TRIP_MESSAGES } from '@milepost/contracts/trips-api';
import { recoveryReasons } from '../src/db/schema/reference';
import { call, createTestContext, type TestContext } from './harness';
import { createDriverRow, createTruckRow, createUser, signIn } from './factories';
import { metresToMiles } from '@milepost/geo/units';

let ctx: TestContext;
let owner: string;
let ownerName: string;
let assignee: number;
let reasonId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const u = await createUser(ctx.db, { permissions: PERMISSION_NAMES, firstName: 'Olga' });
  ownerName = 'Olga User';
  owner = (await signIn(ctx.app, u)).accessToken;
  assignee = (await createUser(ctx.db, { firstName: 'Asha' })).id;
  const [r] = await ctx.db
    .insert(recoveryReasons)
    .values({ name: `Breakdown ${Math.random()}` })
    .returning();
  reasonId = r!.id;
});
afterAll(() => ctx.close());

const u = () => Math.random().toString(36).slice(2, 8).toUpperCase();
const as = async (perms: PermissionName[]) => (await signIn(ctx.app, await createUser(ctx.db, { permissions: perms }))).accessToken;
const api = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object, token = owner) =>
  call(ctx.app, { method, url: `/api/v1${url}`, token, ...(payload ? { payload } : {}) });

const stops = [
  { address: 'Chicago, IL, United States', latitude: 41.878113, longitude: -87.629799, stopType: 'START', loadStatus: 'EMPTY', orderIndex: 0, distance: 0, duration: 0 },
  { address: 'Gary, IN, United States', latitude: 41.593369, longitude: -87.346427, stopType: 'PICKUP', loadStatus: 'EMPTY', orderIndex: 1, distance: 40_000, duration: 2400 },
  {
    address: 'Dallas, TX, United States',
    latitude: 32.776665,
    longitude: -96.796989,
    stopType: 'DELIVERY',
    loadStatus: 'LOADED',
    orderIndex: 2,
    distance: 1_500_000,
    duration: 54000,
  },
];

async function fixtures() {
  const truck = await createTruckRow(ctx.db);
  const driver = await createDriverRow(ctx.db, { firstName: 'Ana', lastName: `Diaz${u()}`, truckId: truck.id, assignedUserId: assignee });
  return { truck, driver };
}

async function tripBody(over: Record<string, unknown> = {}) {
  const { truck, driver } = await fixtures();
  return {
    truckId: truck.id,
    driverId: driver.id,
    identifierType: 'LOAD_NUMBER',
    identifierValue: `LD-${u()}`,
    tripStatus: 'IN_TRANSIT',
    pickupDateTime: '11/20/2026 08:30:00',
    tripStops: stops,
    ...over,
  };
}

describe('POST /trips', () => {
  it('validates every rule of the trip form on the server', async () => {
    const res = await api('POST', '/trips', { truckId: '', driverId: null, identifierValue: ' ', tripStops: [] });
    expect(res.statusCode).toBe(400);
    const byPath = Object.fromEntries(res.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]));
    expect(byPath).toMatchObject({
      'body.truckId': TRIP_MESSAGES.truckId,
      'body.driverId': TRIP_MESSAGES.driverId,
      'body.identifierType': TRIP_MESSAGES.identifierType,
      'body.identifierValue': TRIP_MESSAGES.identifierValue,
      'body.tripStatus': TRIP_MESSAGES.tripStatus,
      'body.pickupDateTime': TRIP_MESSAGES.pickupDateTime,
      'body.tripStops': TRIP_MESSAGES.noStops,
    });
    const order = await api('POST', '/trips', await tripBody({ startDateTime: '11/20/2026 10:00:00', endDateTime: '11/20/2026 09:00:00' }));
    expect(order.json().errors).toEqual([{ path: 'body.endDateTime', message: TRIP_MESSAGES.endAfterStart }]);
    const badDate = await api('POST', '/trips', await tripBody({ pickupDateTime: '2026-11-20T08:30:00Z' }));
    expect(badDate.json().message).toBe('Use the format MM/DD/YYYY HH:mm:ss');
    // Each number rule its own message; the end odometer may not be below the start.
    const numbers = await api('POST', '/trips', await tripBody({ startOdometer: 120500, endOdometer: 120400, loadedMiles: 1e6, emptyMiles: -3 }));
    expect(numbers.statusCode).toBe(400);
    expect(Object.fromEntries(numbers.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]))).toEqual({
      'body.endOdometer': TRIP_MESSAGES.endOdometerBelowStart,
      'body.loadedMiles': TRIP_MESSAGES.milesTooLarge,
      'body.emptyMiles': TRIP_MESSAGES.milesNegative,
    });
  });

  it('creates the trip with ordered stops, route figures, payable mileage and a history row', async () => {
    const body = await tripBody({ emptyMiles: 25, loadedMiles: 932.5, notes: 'Dock 4', tripStops: [stops[2], stops[0], stops[1]] });
    const res = await api('POST', '/trips', body);
    expect(res.statusCode).toBe(201);
    const t = res.json().data;
    expect(t).toMatchObject({
      loadNumber: body.identifierValue,
      trailerNumber: null,
      tripStatus: 'IN_TRANSIT',
      pickupDateTime: '11/20/2026 08:30:00',
      payableMileage: 957.5,
      notes: 'Dock 4',
      recoveryLoadIndex: 0,
      isRecoveryLoad: false,
      version: 1,
    });
    expect(t.tripStops.map((s: { address: string; orderIndex: number }) => [s.orderIndex, s.address.split(',')[0]])).toEqual([
      [0, 'Chicago'],
      [1, 'Gary'],
      [2, 'Dallas'],
    ]);
    // Route figures are the server's (docs/routing.md; no HERE key here: the estimate), not the 40 000 / 1 500 000 m sent.
    const [, gary, dallas] = t.tripStops as { distance: number; duration: number }[];
    expect(t.routeSource).toBe('ESTIMATE');
    expect(gary!.distance).not.toBe(40_000);
    expect(t.mileStats.miles).toBeCloseTo(metresToMiles(dallas!.distance), 6);
    expect(t.mileStats.pu).toBeCloseTo(metresToMiles(gary!.distance), 6);
    expect(t.mileStats.totalMiles).toBeCloseTo(metresToMiles(gary!.distance + dallas!.distance), 6);
    expect(t.mileStats.totalDuration).toBeCloseTo(gary!.duration + dallas!.duration, 6);
    const history = (await api('GET', `/trip-action-history?tripId=${t.id}`)).json().data;
    expect(history.content).toEqual([expect.objectContaining({ columnName: 'TRIP_STATUS', oldValue: null, newValue: 'IN_TRANSIT', name: ownerName })]);
  });

  it('payable mileage stays blank unless both mileages are numbers; empty values are null', async () => {
    const t = (await api('POST', '/trips', await tripBody({ emptyMiles: '', loadedMiles: 100 }))).json().data;
    expect(t).toMatchObject({ emptyMiles: null, loadedMiles: 100, payableMileage: null });
  });

  it('refuses unknown trucks and drivers, and needs CAN_CREATE_TRIP', async () => {
    expect((await api('POST', '/trips', await tripBody({ truckId: 999999 }))).json().message).toBe(TRIP_MESSAGES.truckNotFound);
    expect((await api('POST', '/trips', await tripBody({ driverId: 999999 }))).json().message).toBe(TRIP_MESSAGES.driverNotFound);
    expect((await api('POST', '/trips', await tripBody(), await as(['CAN_SHOW_TRIPS', 'CAN_EDIT_TRIP']))).statusCode).toBe(403);
  });
});

describe('number check and recovery loads', () => {
  it('a number in use by a trip that is not completed blocks; all completed needs a reason; then it is recovery 1, 2', async () => {
    const number = `LD-${u()}`;
    const first = (await api('POST', '/trips', await tripBody({ identifierValue: number }))).json().data;
    const blocked = await api('POST', '/trips', await tripBody({ identifierValue: number.toLowerCase(), recoveryReasonId: reasonId }));
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json()).toMatchObject({ code: 'NUMBER_IN_USE', message: TRIP_MESSAGES.uncompleted });

    await api('PATCH', `/trips/change-trip-status/${first.id}?tripStatus=COMPLETED`, { version: first.version });
    const noReason = await api('POST', '/trips', await tripBody({ identifierValue: number }));
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toBe(TRIP_MESSAGES.recoveryReasonForRecovery);

    const r1 = (await api('POST', '/trips', await tripBody({ identifierValue: number, recoveryReasonId: reasonId, tripStatus: 'COMPLETED' }))).json().data;
    expect(r1).toMatchObject({ recoveryLoadIndex: 1, isRecoveryLoad: true, recoveryReasonId: reasonId, recoveryReasonName: expect.stringMatching(/^Breakdown/) });
    // The edit form reads the trip again: the reason comes with its name, not only its id.
    expect((await api('GET', `/trips/${r1.id}`)).json().data).toMatchObject({ recoveryReasonId: reasonId, recoveryReasonName: expect.stringMatching(/^Breakdown/) });
    const r2 = (await api('POST', '/trips', await tripBody({ identifierValue: number, recoveryReasonId: reasonId }))).json().data;
    expect(r2.recoveryLoadIndex).toBe(2);
    // The list marks recovery loads with their reason (docs/product/trips.md).
    const listed = (await api('GET', `/trips?loadNumber=${number}&sort=id,asc`)).json().data.content;
    expect(listed.map((r: { isRecoveryLoad: boolean; recoveryReasonName: string | null }) => [r.isRecoveryLoad, r.recoveryReasonName])).toEqual([
      [false, null],
      [true, expect.stringMatching(/^Breakdown/)],
      [true, expect.stringMatching(/^Breakdown/)],
    ]);

    const check = (await api('GET', `/trips/check-number?number=${number}&identifierType=LOAD_NUMBER`)).json().data;
    expect(check.map((c: { recoveryLoadIndex: number }) => c.recoveryLoadIndex)).toEqual([0, 1, 2]);
    expect(check[0]).toMatchObject({ id: first.id, tripStatus: 'COMPLETED', identifierType: 'LOAD_NUMBER', loadNumber: number });
    expect((await api('GET', `/trips/${first.id}`)).json().data.hasIncompleteTrips).toBe(true);
    expect((await api('GET', `/trips/check-number?number=${number}&identifierType=TRAILER_NUMBER`)).json().data).toEqual([]);
  });

  it('a cancelled trip does not hold its number', async () => {
    const number = `TR-${u()}`;
    const t = (await api('POST', '/trips', await tripBody({ identifierType: 'TRAILER_NUMBER', identifierValue: number }))).json().data;
    expect(t.trailerNumber).toBe(number);
    await api('PATCH', `/trips/change-trip-status/${t.id}?tripStatus=CANCELLED`, { version: t.version });
    const again = await api('POST', '/trips', await tripBody({ identifierType: 'TRAILER_NUMBER', identifierValue: number }));
    expect(again.statusCode).toBe(201);
    expect(again.json().data.recoveryLoadIndex).toBe(0);
  });
});

describe('PUT /trips/{id}', () => {
  it('writes field-level history: status, driver, dates, mileage and each stop change', async () => {
    const body = await tripBody();
    const t = (await api('POST', '/trips', body)).json().data;
    const { driver: other } = await fixtures();
    const newStops = [
      stops[0],
      { ...stops[1], address: 'Joliet, IL, United States', latitude: 41.525, longitude: -88.0817, stopType: 'SHOP', loadStatus: 'LOADED' },
      stops[2],
      { ...stops[2], address: 'Austin, TX, United States', latitude: 30.2672, longitude: -97.7431, orderIndex: 3, distance: 300_000 },
    ];
    const res = await api('PUT', `/trips/${t.id}`, {
      ...body,
      driverId: other.id,
      tripStatus: 'COMPLETED',
      startDateTime: '11/20/2026 09:00:00',
      endDateTime: '11/21/2026 17:45:00',
      loadedMiles: 1200,
      tripStops: newStops,
      version: t.version,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.version).toBe(t.version + 1);
    const history = (await api('GET', `/trip-action-history?tripId=${t.id}&size=50`)).json().data.content;
    const changes = Object.fromEntries([...history].reverse().map((h: { columnName: string; oldValue: string; newValue: string }) => [h.columnName, [h.oldValue, h.newValue]]));
    expect(changes).toMatchObject({
      TRIP_STATUS: ['IN_TRANSIT', 'COMPLETED'],
      DRIVER: [expect.stringMatching(/^Ana Diaz/), `${other.firstName} ${other.lastName}`],
      START_DATE_TIME: [null, '11/20/2026 09:00:00'],
      END_DATE_TIME: [null, '11/21/2026 17:45:00'],
      LOADED_MILES: [null, '1200'],
      ADDRESS_2: ['Gary, IN, United States', 'Joliet, IL, United States'],
      STOP_TYPE_2: ['PICKUP', 'SHOP'],
      LOAD_STATUS_2: ['EMPTY', 'LOADED'],
      ADDED_STOP_4: [null, 'Austin, TX, United States'],
    });
    expect(history.every((h: { name: string }) => h.name === ownerName)).toBe(true);
  });

  it('history pages 10 at a time, newest first', async () => {
    const body = await tripBody();
    let t = (await api('POST', '/trips', body)).json().data;
    for (let i = 1; i <= 11; i++) {
      t = (await api('PUT', `/trips/${t.id}`, { ...body, notes: `note ${i}`, version: t.version })).json().data;
    }
    const page0 = (await api('GET', `/trip-action-history?tripId=${t.id}`)).json().data;
    expect(page0).toMatchObject({ size: 10, totalElements: 12, totalPages: 2 });
    expect(page0.content[0]).toMatchObject({ columnName: 'NOTES', oldValue: 'note 10', newValue: 'note 11' });
  });

  it('a stale version gets 409 and nothing is overwritten; two concurrent saves: one wins', async () => {
    const body = await tripBody();
    const t = (await api('POST', '/trips', body)).json().data;
    const [a, b] = await Promise.all([
      api('PUT', `/trips/${t.id}`, { ...body, notes: 'from Ann', version: t.version }),
      api('PUT', `/trips/${t.id}`, { ...body, notes: 'from Bob', version: t.version }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    const winner = a.statusCode === 200 ? a : b;
    expect(loser.json()).toMatchObject({ code: 'STALE_VERSION', message: TRIP_MESSAGES.stale });
    const stored = (await api('GET', `/trips/${t.id}`)).json().data;
    expect(stored.notes).toBe(winner.json().data.notes);
    expect(stored.version).toBe(t.version + 1);
    expect((await api('PUT', `/trips/${t.id}`, { ...body, notes: 'late' })).statusCode).toBe(400); // no version at all
  });

  it('changing the number to one in use follows the number rules', async () => {
    const busy = (await api('POST', '/trips', await tripBody())).json().data;
    const body = await tripBody();
    const t = (await api('POST', '/trips', body)).json().data;
    const res = await api('PUT', `/trips/${t.id}`, { ...body, identifierValue: busy.loadNumber, version: t.version });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TRIP_MESSAGES.uncompleted);
  });
});

describe('status changes', () => {
  it('need the version the trip was shown at: a stale one is 409 STALE_VERSION and changes nothing, none is a 400', async () => {
    const body = await tripBody({ tripStatus: 'UPCOMING' });
    const t = (await api('POST', '/trips', body)).json().data;
    // Someone else saves the trip after this user saw it.
    const saved = await api('PUT', `/trips/${t.id}`, { ...body, notes: 'changed meanwhile', version: t.version });
    expect(saved.statusCode, saved.body).toBe(200);
    const historyCount = async () => (await api('GET', `/trip-action-history?tripId=${t.id}`)).json().data.totalElements;
    const before = await historyCount();
    const stale = await api('PATCH', `/trips/change-trip-status/${t.id}?tripStatus=CANCELLED`, { version: t.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_VERSION', message: TRIP_MESSAGES.stale });
    const missing = await api('PATCH', `/trips/change-trip-status/${t.id}?tripStatus=CANCELLED`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('version is required');
    expect((await api('GET', `/trips/${t.id}`)).json().data).toMatchObject({ tripStatus: 'UPCOMING', version: t.version + 1 });
    expect(await historyCount()).toBe(before);
    const cancelled = await api('PATCH', `/trips/change-trip-status/${t.id}?tripStatus=CANCELLED`, { version: t.version + 1 });
    expect(cancelled.json().data).toMatchObject({ tripStatus: 'CANCELLED', version: t.version + 2 });
  });

  it('follow the decided transitions; a cancelled trip is never reopened', async () => {
    const body = await tripBody({ tripStatus: 'UPCOMING' });
    const t = (await api('POST', '/trips', body)).json().data;
    const inTransit = (await api('PATCH', `/trips/change-trip-status/${t.id}?tripStatus=IN_TRANSIT`, { version: t.version })).json().data;
    expect(inTransit.tripStatus).toBe('IN_TRANSIT');
    const cancelled = (await api('PATCH', `/trips/change-trip-status/${t.id}?tripStatus=CANCELLED`, { version: inTransit.version })).json().data;
    expect(cancelled.tripStatus).toBe('CANCELLED');
    const reopen = await api('PATCH', `/trips/change-trip-status/${t.id}?tripStatus=IN_TRANSIT`, { version: cancelled.version });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json()).toMatchObject({ code: 'TRANSITION_NOT_ALLOWED', message: 'A cancelled trip cannot be changed to in transit.' });
    const viaPut = await api('PUT', `/trips/${t.id}`, { ...body, tripStatus: 'IN_TRANSIT', version: cancelled.version });
    expect(viaPut.statusCode).toBe(409);
    expect(viaPut.json().code).toBe('TRANSITION_NOT_ALLOWED');
    expect((await api('PATCH', `/trips/change-trip-status/${t.id}?tripStatus=PAUSED`, { version: cancelled.version })).statusCode).toBe(400);
    const history = (await api('GET', `/trip-action-history?tripId=${t.id}`)).json().data.content;
    expect(history.slice(0, 2).map((h: { newValue: string }) => h.newValue)).toEqual(['CANCELLED', 'IN_TRANSIT']);
    expect((await api('PATCH', `/trips/change-trip-status/${t.id}?tripStatus=COMPLETED`, { version: cancelled.version }, await as(['CAN_SHOW_TRIPS']))).statusCode).toBe(403);
  });
});

describe('GET /trips', () => {
  it('filters by load, trailer, truck, driver, assigned user and Central-time date range, and sorts on every column', async () => {
    const body = await tripBody({ pickupDateTime: '03/08/2026 03:30:00' }); // the morning clocks spring forward
    const t = (await api('POST', '/trips', body)).json().data;
    const list = async (q: string) => (await api('GET', `/trips?${q}`)).json().data;
    const ids = async (q: string) => (await list(q)).content.map((r: { id: number }) => r.id);
    expect(await ids(`loadNumber=${body.identifierValue.toLowerCase()}`)).toEqual([t.id]);
    expect(await ids(`truckId=${body.truckId}`)).toEqual([t.id]);
    expect(await ids(`driverId=${body.driverId}`)).toEqual([t.id]);
    expect(await ids(`assignedUserId=${assignee}&truckId=${body.truckId}`)).toEqual([t.id]);
    expect(await ids(`truckId=${body.truckId}&fromDate=03/08/2026 00:00:00&toDate=03/08/2026 23:59:59`)).toEqual([t.id]);
    expect(await ids(`truckId=${body.truckId}&fromDate=03/08/2026 03:31:00&toDate=03/14/2026 23:59:59`)).toEqual([]);
    expect(await ids(`truckId=${body.truckId}&fromDate=03/02/2026 00:00:00&toDate=03/08/2026 23:59:59`)).toEqual([t.id]);
    expect(await ids(`trailerNumber=${body.identifierValue}`)).toEqual([]);
    const row = (await list(`truckId=${body.truckId}`)).content[0];
    expect(row).toMatchObject({
      id: t.id,
      unitNumber: expect.any(String),
      driverName: expect.stringMatching(/^Ana Diaz/),
      assignUserName: 'Asha User',
      loadNumber: body.identifierValue,
      // The first PICKUP stop, not the START.
      pickupLocation: 'Gary, IN, United States',
      deliveryLocation: 'Dallas, TX, United States',
      pickupDateTime: '03/08/2026 03:30:00',
      tripStatus: 'IN_TRANSIT',
    });
    for (const field of [
      'id',
      'unitNumber',
      'driverName',
      'assignUserName',
      'companyName',
      'loadNumber',
      'dispatcherName',
      'miles',
      'totalEmpty',
      'pu',
      'trl',
      'totalMiles',
      'payableMileage',
      'loadedMiles',
      'emptyMiles',
      'pickupLocation',
      'deliveryLocation',
      'pickupDateTime',
      'updated',
      'tripStatus',
    ]) {
      expect((await api('GET', `/trips?sort=${field},desc&size=5`)).statusCode, field).toBe(200);
    }
    expect((await api('GET', '/trips?fromDate=yesterday')).statusCode).toBe(400);
    expect((await api('GET', '/trips', undefined, await as(['CAN_SHOW_ROUTES']))).statusCode).toBe(403);
  });
});

describe('GET /trips answer, written by the database', () => {
  it('is exactly the declared response schema, with the figures and dates GET /trips/{id} shows, newest first, paged with its total', async () => {
    const { envelope, paged } = await import('@milepost/contracts/api');
    const { tripRow } = await import('@milepost/contracts/trips-api');
    const first = await tripBody({ pickupDateTime: '11/01/2026 01:30:00' }); // the hour clocks fall back, Central time
    const a = (await api('POST', '/trips', first)).json().data;
    const b = (await api('POST', '/trips', { ...(await tripBody()), truckId: first.truckId, driverId: first.driverId })).json().data;
    const c = (await api('POST', '/trips', { ...(await tripBody({ tripStatus: 'UPCOMING' })), truckId: first.truckId, driverId: first.driverId })).json().data;

    const res = await api('GET', `/trips?truckId=${first.truckId}&size=2`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const strict = envelope(paged(tripRow.strict()).strict()).strict();
    const page = strict.parse(res.json()).data;
    expect(page).toMatchObject({ totalElements: 3, totalPages: 2, page: 0, size: 2 });
    expect(page.totalIsEstimate).toBeUndefined();
    expect(page.content.map((r) => r.id)).toEqual([c.id, b.id]);
    const last = strict.parse((await api('GET', `/trips?truckId=${first.truckId}&size=2&page=1`)).json()).data;
    expect(last.content.map((r) => r.id)).toEqual([a.id]);

    const detail = (await api('GET', `/trips/${a.id}`)).json().data;
    expect(last.content[0]).toEqual({
      id: a.id,
      truckId: first.truckId,
      driverId: first.driverId,
      unitNumber: detail.truck.unitNumber,
      driverName: `${detail.driver.firstName} ${detail.driver.lastName}`,
      assignUserName: 'Asha User',
      companyName: null, // the factory's truck has no company
      loadNumber: first.identifierValue,
      trailerNumber: null,
      identifierType: 'LOAD_NUMBER',
      dispatcherName: null,
      miles: detail.mileStats.miles,
      totalEmpty: detail.mileStats.totalEmpty,
      pu: detail.mileStats.pu,
      trl: detail.mileStats.trl,
      totalMiles: detail.mileStats.totalMiles,
      routeSource: detail.routeSource,
      routeEstimateBasis: detail.routeEstimateBasis,
      payableMileage: detail.payableMileage,
      loadedMiles: detail.loadedMiles,
      emptyMiles: detail.emptyMiles,
      pickupLocation: 'Gary, IN, United States',
      deliveryLocation: 'Dallas, TX, United States',
      isRecoveryLoad: false,
      recoveryReasonName: null,
      pickupDateTime: '11/01/2026 01:30:00',
      updated: detail.updated,
      tripStatus: 'IN_TRANSIT',
    });
    expect(typeof detail.mileStats.miles).toBe('number');
  });

  it('is compressed with brotli or gzip as the client accepts, and the same JSON once decoded', async () => {
    const { brotliDecompressSync, gunzipSync } = await import('node:zlib');
    for (let i = 0; i < 3; i++) await api('POST', '/trips', await tripBody());
    const get = (acceptEncoding?: string) =>
      call(ctx.app, { method: 'GET', url: '/api/v1/trips?size=20', token: owner, ...(acceptEncoding ? { headers: { 'accept-encoding': acceptEncoding } } : {}) });
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    const expected = plain.json();
    const br = await get('gzip, deflate, br');
    expect(br.headers).toMatchObject({ 'content-encoding': 'br', vary: expect.stringContaining('accept-encoding'), 'content-type': expect.stringMatching(/^application\/json/) });
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(expected);
    const gzip = await get('br;q=0, gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(expected);
    expect((await get('identity')).headers['content-encoding']).toBeUndefined();
  });

  it('without a filter, a table the database estimates past twice the cap is not counted: the estimate, flagged', async () => {
    const { sql } = await import('drizzle-orm');
    await api('POST', '/trips', await tripBody());
    const setEstimate = (n: number) => ctx.db.execute(sql`update pg_class set reltuples = ${n} where oid = 'trips'::regclass`);
    await setEstimate(1_000_000);
    const estimated = (await api('GET', '/trips?size=5')).json().data;
    expect(estimated).toMatchObject({ totalElements: 1_000_000, totalPages: 200_000, totalIsEstimate: true });
    expect(estimated.content).toHaveLength(5);
    // A small estimate: counted exactly.
    await setEstimate(3);
    const exact = (await api('GET', '/trips?size=5')).json().data;
    const [{ n }] = ((await ctx.db.execute(sql`select count(*)::int as n from trips`)) as unknown as { rows: { n: number }[] }).rows as [{ n: number }];
    expect(exact.totalElements).toBe(n);
    expect(exact.totalIsEstimate).toBeUndefined();
    await ctx.db.execute(sql`analyze trips`);
  });
});

describe('names in the list', () => {
  it('follow renames of the truck, driver, dispatcher, company and assigned user', async () => {
    const { sql } = await import('drizzle-orm');
    const body = await tripBody();
    const t = (await api('POST', '/trips', body)).json().data;
    await ctx.db.execute(sql`update drivers set last_name = 'Renamed' where id = ${body.driverId}`);
    await ctx.db.execute(sql`update trucks set unit_number = ${`R-${body.truckId}`} where id = ${body.truckId}`);
    await ctx.db.execute(sql`update users set first_name = 'Asher' where id = ${assignee}`);
    const row = (await api('GET', `/trips?truckId=${body.truckId}`)).json().data.content.find((r: { id: number }) => r.id === t.id);
    expect(row).toMatchObject({ driverName: 'Ana Renamed', unitNumber: `R-${body.truckId}`, assignUserName: 'Asher User' });
    await ctx.db.execute(sql`update users set first_name = 'Asha' where id = ${assignee}`);
  });
});

describe('lookups', () => {
  it('numbers by keyword and type; trucks and drivers of a number', async () => {
    const tag = u();
    const body = await tripBody({ identifierValue: `LK-${tag}-1` });
    await api('POST', '/trips', body);
    const nums = (await api('GET', `/trips/identifier-numbers?keyword=lk-${tag}&type=LOAD_NUMBER`)).json().data;
    expect(nums.content).toEqual([{ identifierValue: `LK-${tag}-1` }]);
    expect(nums.totalElements).toBe(1);
    // Numbers are looked up by any part of them, as people type them (issue: "7842" finds LD-784210).
    expect((await api('GET', `/trips/identifier-numbers?keyword=${tag}&type=LOAD_NUMBER`)).json().data.content).toEqual([{ identifierValue: `LK-${tag}-1` }]);
    // Numbers starting with the keyword come first, then those holding it further in.
    await api('POST', '/trips', await tripBody({ identifierValue: `${tag}-Z` }));
    const both = (await api('GET', `/trips/identifier-numbers?keyword=${tag.toLowerCase()}&type=LOAD_NUMBER`)).json().data;
    expect(both.content).toEqual([{ identifierValue: `${tag}-Z` }, { identifierValue: `LK-${tag}-1` }]);
    expect(both.totalElements).toBe(2);
    const second = (await api('GET', `/trips/identifier-numbers?keyword=${tag}&type=LOAD_NUMBER&size=1&page=1`)).json().data;
    expect(second).toMatchObject({ content: [{ identifierValue: `LK-${tag}-1` }], totalElements: 2 });
    expect((await api('GET', `/trips/identifier-numbers?keyword=${tag.slice(1)}-1&type=LOAD_NUMBER`)).json().data.content).toEqual([{ identifierValue: `LK-${tag}-1` }]);
    expect((await api('GET', `/trips/identifier-numbers?keyword=${tag}-2&type=LOAD_NUMBER`)).json().data.content).toEqual([]);
    // % and _ are plain characters, not wildcards.
    expect((await api('GET', `/trips/identifier-numbers?keyword=lk_${tag}&type=LOAD_NUMBER`)).json().data.content).toEqual([]);
    expect((await api('GET', `/trips/identifier-numbers?keyword=lk-${tag}&type=TRAILER_NUMBER`)).json().data.content).toEqual([]);
    const info = (await api('GET', `/trips/vehicle/info-by-identifier-number?number=LK-${tag}-1`)).json().data;
    expect(info.trucks.map((x: { id: number }) => x.id)).toEqual([body.truckId]);
    expect(info.drivers.map((x: { id: number }) => x.id)).toEqual([body.driverId]);
    const search = (await api('GET', `/trips/trucks-search?number=LK-${tag}-1&identifierType=LOAD_NUMBER`)).json().data;
    expect(search.map((x: { id: number }) => x.id)).toEqual([body.truckId]);
    const routesOnly = await as(['CAN_SHOW_ROUTES']);
    expect((await api('GET', `/trips/identifier-numbers?keyword=${tag}`, undefined, routesOnly)).statusCode).toBe(200);
  });
});

describe('manual mileage', () => {
  it('saves loaded and empty miles, payable is their sum, recorded in history; needs its permission', async () => {
    const t = (await api('POST', '/trips', await tripBody())).json().data;
    const res = await api('PUT', '/mile-stats/payable-mileage', { tripId: t.id, emptyMiles: 30.5, loadedMiles: 800, payableMileage: 1, version: t.version });
    expect(res.json().data).toMatchObject({ emptyMiles: 30.5, loadedMiles: 800, payableMileage: 830.5, version: t.version + 1 });
    const history = (await api('GET', `/trip-action-history?tripId=${t.id}`)).json().data.content.map((h: { columnName: string }) => h.columnName);
    expect(history).toEqual(expect.arrayContaining(['EMPTY_MILES', 'LOADED_MILES', 'PAYABLE_MILEAGE']));
    expect((await api('PUT', '/mile-stats/payable-mileage', { emptyMiles: 1, loadedMiles: 1, version: 1 })).json().message).toBe(TRIP_MESSAGES.mileageTripId);
    expect(
      (
        await api(
          'PUT',
          '/mile-stats/payable-mileage',
          { tripId: t.id, emptyMiles: 1, loadedMiles: 1, version: t.version + 1 },
          await as(['CAN_SHOW_TRIPS', 'CAN_VIEW_MILEAGE_REPORT_TRIP']),
        )
      ).statusCode,
    ).toBe(403);
  });

  it('needs the version the figures were read at: a stale one is 409 STALE_VERSION and changes nothing, none is a 400', async () => {
    const t = (await api('POST', '/trips', await tripBody())).json().data;
    const first = await api('PUT', '/mile-stats/payable-mileage', { tripId: t.id, emptyMiles: 10, loadedMiles: 100, version: t.version });
    expect(first.statusCode, first.body).toBe(200);
    const historyCount = async () => (await api('GET', `/trip-action-history?tripId=${t.id}`)).json().data.totalElements;
    const before = await historyCount();
    // Someone who read the trip before that save sends their figures with the old version.
    const stale = await api('PUT', '/mile-stats/payable-mileage', { tripId: t.id, emptyMiles: 20, loadedMiles: 200, version: t.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_VERSION', message: TRIP_MESSAGES.stale });
    const missing = await api('PUT', '/mile-stats/payable-mileage', { tripId: t.id, emptyMiles: 20, loadedMiles: 200 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('version is required');
    const now = (await api('GET', `/trips/${t.id}`)).json().data;
    expect(now).toMatchObject({ emptyMiles: 10, loadedMiles: 100, payableMileage: 110, version: t.version + 1 });
    expect(await historyCount()).toBe(before);
    // With the version it now has, the save goes through.
    expect((await api('PUT', '/mile-stats/payable-mileage', { tripId: t.id, emptyMiles: 20, loadedMiles: 200, version: now.version })).statusCode).toBe(200);
  });
});
