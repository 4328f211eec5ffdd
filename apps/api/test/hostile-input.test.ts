import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { PERMISSION_NAMES } from '@milepost/contracts/permissions';
import { teams, trucks } from '../src/db/schema/reference';
import { companies } from '../src/db/schema/reference';
import { users } from '../src/db/schema/access';
import { trips } from '../src/db/schema/trips';
import { call, createTestContext, type TestContext } from './harness';
import { createCompanyRow, createDriverRow, createTruckRow, createUser, ownerRoleId, signIn } from './factories';

/** Ids past int32 (docs/decisions/009-input-types.md) and texts with NUL are 400s from the shared schemas, never 500s. */
let ctx: TestContext;
let token: string;
let userId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const u = await createUser(ctx.db, { permissions: PERMISSION_NAMES });
  userId = u.id;
  token = (await signIn(ctx.app, u)).accessToken;
});
afterAll(() => ctx.close());

type Answer = { statusCode: number; json: () => { code: string; message: string; errors?: { path: string; message: string }[] } };
const expect400 = (res: Answer, message?: string | RegExp, path?: string) => {
  expect(res.statusCode, JSON.stringify(res.json()).slice(0, 300)).toBe(400);
  expect(res.json().code).toBe('VALIDATION_FAILED');
  if (typeof message === 'string') expect(res.json().message).toBe(message);
  else if (message) expect(res.json().message).toMatch(message);
  if (path) expect(res.json().errors?.[0]?.path).toBe(path);
};

/** A trip as POST /trips takes it (truck and driver made in the test). */
const tripBody = (truckId: number, driverId: number, over: Record<string, unknown> = {}) => ({
  truckId,
  driverId,
  identifierType: 'LOAD_NUMBER',
  identifierValue: `LD-${Date.now()}-${Math.random().toString(36).slice(2, 7)}`,
  tripStatus: 'UPCOMING',
  pickupDateTime: '11/20/2026 08:30:00',
  tripStops: [
    { address: 'Chicago, IL, United States', latitude: 41.878113, longitude: -87.629799, stopType: 'START', loadStatus: 'EMPTY', orderIndex: 0 },
    { address: 'Dallas, TX, United States', latitude: 32.776665, longitude: -96.796989, stopType: 'DELIVERY', loadStatus: 'LOADED', orderIndex: 1 },
  ],
  ...over,
});

describe('ids', () => {
  it('an id beyond 2 147 483 647, or not a digit string, in a path is a 400', async () => {
    for (const bad of ['2147483648', '99999999999999999999', 'true', '0x10', '1e3', '%5B1%5D', '-1', '0']) {
      expect400(await call(ctx.app, { method: 'GET', url: `/api/v1/trips/${bad}`, token }), 'id must be a whole number from 1 to 2147483647');
      expect400(await call(ctx.app, { method: 'GET', url: `/api/v1/users/${bad}`, token }));
      expect400(await call(ctx.app, { method: 'PATCH', url: `/api/v1/teams/change-status/${bad}?active=false`, token }));
    }
    expect400(await call(ctx.app, { method: 'GET', url: '/api/v1/user-route-setting/2147483648', token }));
    expect400(await call(ctx.app, { method: 'PUT', url: '/api/v1/companies/change-tokens/2147483648', token, payload: { samsaraToken: 'a', gleToken: 'b', version: 1 } }));
    // The largest id is valid: simply not found.
    expect((await call(ctx.app, { method: 'GET', url: '/api/v1/trips/2147483647', token })).statusCode).toBe(404);
  });

  it('an id beyond 2 147 483 647 in a filter or a body is a 400', async () => {
    for (const q of ['truckId=2147483648', 'driverId=99999999999', 'assignedUserId=true', 'truckId=0x10']) {
      expect400(await call(ctx.app, { method: 'GET', url: `/api/v1/trips?${q}`, token }));
    }
    expect400(await call(ctx.app, { method: 'GET', url: '/api/v1/trucks?companyId=2147483648', token }));
    expect400(await call(ctx.app, { method: 'GET', url: '/api/v1/users?roleId=2147483648', token }));
    expect400(await call(ctx.app, { method: 'GET', url: '/api/v1/trip-action-history?tripId=2147483648', token }));
    expect400(await call(ctx.app, { method: 'POST', url: '/api/v1/roles', token, payload: { name: 'Big', permissionIds: [2147483648] } }));
    expect400(await call(ctx.app, { method: 'POST', url: '/api/v1/roles', token, payload: { name: 'Bool', permissionIds: [true] } }));
    expect400(await call(ctx.app, { method: 'POST', url: '/api/v1/dispatchers', token, payload: { firstName: 'D', teamId: 2147483648 } }));
    expect400(await call(ctx.app, { method: 'POST', url: '/api/v1/drivers/assign-user', token, payload: { userId: 2147483648, driverIds: [1] } }));
    expect400(await call(ctx.app, { method: 'PUT', url: '/api/v1/mile-stats/payable-mileage', token, payload: { tripId: 2147483648, emptyMiles: 1, loadedMiles: 1 } }));
    expect400(await call(ctx.app, { method: 'PUT', url: '/api/v1/users/1', token, payload: { firstName: 'A', lastName: 'B', email: 'a@b.test', roleId: [1] } }));
    expect400(await call(ctx.app, { method: 'GET', url: '/api/v1/trips?page=100000000000000000000', token }));
  });
});

describe('texts', () => {
  it('a NUL character in a body is a 400 naming the field, and nothing is written', async () => {
    const before = (await ctx.db.select({ n: count() }).from(teams))[0]!.n;
    expect400(await call(ctx.app, { method: 'POST', url: '/api/v1/teams', token, payload: { name: 'a\u0000b' } }), 'Team Name must not contain a NUL character');
    expect((await ctx.db.select({ n: count() }).from(teams))[0]!.n).toBe(before);
    expect400(await call(ctx.app, { method: 'PUT', url: '/api/v1/profile', token, payload: { firstName: 'Ann\u0000', lastName: 'Lee' } }));
    expect((await ctx.db.select().from(users).where(eq(users.id, userId)))[0]!.firstName).toBe('Test');
    expect400(await call(ctx.app, { method: 'POST', url: '/api/v1/authenticate', payload: { email: 'a@b.test', password: 'x\u0000y' } }));
    expect400(await call(ctx.app, { method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: 'abc\u0000' } }));
    expect400(
      await call(ctx.app, {
        method: 'POST',
        url: '/api/v1/reset-password/finish',
        payload: { email: 'a@b.test', token: 't\u0000', newPassword: 'long-enough', confirmPassword: 'long-enough' },
      }),
    );
  });

  it('a NUL character in a query string is a 400', async () => {
    expect400(await call(ctx.app, { method: 'GET', url: '/api/v1/trips?loadNumber=a%00b', token }), 'Load number must not contain a NUL character');
    expect400(await call(ctx.app, { method: 'GET', url: '/api/v1/users?keyword=a%00b', token }));
    expect400(await call(ctx.app, { method: 'GET', url: '/api/v1/trips/check-number?number=a%00b&identifierType=LOAD_NUMBER', token }));
    expect400(await call(ctx.app, { method: 'GET', url: '/api/v1/places/autosuggest?q=chi%00cago', token }));
  });

  it('every text has a maximum: a 100 kB company email is a 400 with "<Field> must be at most N characters"', async () => {
    const before = (await ctx.db.select({ n: count() }).from(companies))[0]!.n;
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/v1/companies',
      token,
      payload: { name: 'Big Mail', email: `${'a'.repeat(100_000)}@example.test`, phone: '+1 (312) 555-0100', usDot: '1234567' },
    });
    expect400(res, 'Email must be at most 254 characters');
    expect((await ctx.db.select({ n: count() }).from(companies))[0]!.n).toBe(before);
    expect400(await call(ctx.app, { method: 'POST', url: '/api/v1/teams', token, payload: { name: 'x'.repeat(101) } }), 'Team Name must be at most 100 characters');
  });
});

describe('control characters in typed names, numbers and addresses', () => {
  const CONTROLS = { LF: '\n', CR: '\r', CRLF: '\r\n', tab: '\t', ESC: '\u001b', DEL: '\u007f', NEL: '\u0085', 'line separator': '\u2028', BOM: '\ufeff' };

  it('are refused with a 400 naming the field, on every kind of record, and nothing is written', async () => {
    const truck = await createTruckRow(ctx.db);
    const driver = await createDriverRow(ctx.db, { truckId: truck.id });
    const roleId = await ownerRoleId(ctx.db);
    const company = { name: 'Haulers', email: 'ops@haulers.test', phone: '+1 (312) 555-0100', usDot: '1234567' };
    const truckForm = {
      vinNumber: '1FUJGLDR0CLBP8834',
      samsaraVin: '3FUJGLDR0CLBP8834',
      unitNumber: 'T-1',
      homeLocation: 'Chicago, IL',
      licencePlate: 'IL-1',
      version: truck.version,
    };
    const stops = tripBody(truck.id, driver.id).tripStops;
    const tripsBefore = (await ctx.db.select({ n: count() }).from(trips))[0]!.n;
    const companiesBefore = (await ctx.db.select({ n: count() }).from(companies))[0]!.n;
    for (const [name, c] of Object.entries(CONTROLS)) {
      const bad = `L${c}=2+2`;
      const cases: [string, string, object, string, string][] = [
        ['POST', '/api/v1/companies', { ...company, name: bad }, 'body.name', 'Company name'],
        ['POST', '/api/v1/users', { firstName: bad, lastName: 'Lee', email: 'ann@example.test', roleId }, 'body.firstName', 'First name'],
        ['POST', '/api/v1/users', { firstName: 'Ann', lastName: bad, email: 'ann@example.test', roleId }, 'body.lastName', 'Last name'],
        ['PUT', '/api/v1/profile', { firstName: bad, lastName: 'Lee' }, 'body.firstName', 'First Name'],
        ['POST', '/api/v1/dispatchers', { firstName: bad }, 'body.firstName', 'First Name'],
        ['POST', '/api/v1/teams', { name: bad }, 'body.name', 'Team Name'],
        ['PUT', `/api/v1/trucks/${truck.id}`, { ...truckForm, unitNumber: bad }, 'body.unitNumber', 'Unit Number'],
        ['PUT', `/api/v1/trucks/${truck.id}`, { ...truckForm, homeLocation: bad }, 'body.homeLocation', 'Home Location'],
        ['POST', '/api/v1/shops', { name: bad, location: 'Gary, IN' }, 'body.name', 'Shop name'],
        ['POST', '/api/v1/trips', tripBody(truck.id, driver.id, { identifierValue: bad }), 'body.identifierValue', 'Number'],
        ['POST', '/api/v1/trips', tripBody(truck.id, driver.id, { identifierType: 'TRAILER_NUMBER', identifierValue: bad }), 'body.identifierValue', 'Number'],
        ['POST', '/api/v1/trips', tripBody(truck.id, driver.id, { tripStops: [stops[0], { ...stops[1], address: `Dallas${c}=1+1` }] }), 'body.tripStops.1.address', 'Address'],
      ];
      for (const [method, url, payload, path, field] of cases) {
        const res = await call(ctx.app, { method: method as 'POST', url, token, payload });
        expect400(res, `${field} must not contain line breaks, tabs or other control characters`, path);
        expect(res.statusCode, `${name} in ${path} of ${method} ${url}`).toBe(400);
      }
      expect400(
        await call(ctx.app, { method: 'GET', url: `/api/v1/trips?loadNumber=${encodeURIComponent(bad)}`, token }),
        'Load number must not contain line breaks, tabs or other control characters',
        'querystring.loadNumber',
      );
      expect400(await call(ctx.app, { method: 'GET', url: `/api/v1/trucks?keyword=${encodeURIComponent(bad)}`, token }), undefined, 'querystring.keyword');
    }
    expect((await ctx.db.select({ n: count() }).from(trips))[0]!.n).toBe(tripsBefore);
    expect((await ctx.db.select({ n: count() }).from(companies))[0]!.n).toBe(companiesBefore);
    expect((await ctx.db.select().from(users).where(eq(users.id, userId)))[0]!.firstName).toBe('Test');
    expect((await ctx.db.select().from(trucks).where(eq(trucks.id, truck.id)))[0]!.unitNumber).toBe(truck.unitNumber);
  });

  it('legitimate text is kept as typed: accents, apostrophes, quotes; a trip note keeps its line breaks and tabs', async () => {
    const truck = await createTruckRow(ctx.db);
    const driver = await createDriverRow(ctx.db, { truckId: truck.id });
    const team = await call(ctx.app, { method: 'POST', url: '/api/v1/teams', token, payload: { name: "O'Brien & Zoë's — Night crew" } });
    expect(team.statusCode, team.body).toBe(201);
    expect(team.json().data.name).toBe("O'Brien & Zoë's — Night crew");
    const notes = 'Gate 4\r\n\tcall ahead\nno dock 2';
    const created = await call(ctx.app, {
      method: 'POST',
      url: '/api/v1/trips',
      token,
      payload: tripBody(truck.id, driver.id, {
        identifierValue: `Ñ-O'K-${Date.now()}`,
        notes,
        tripStops: [
          { address: 'Société Générale, Montréal, QC, Canada', latitude: 45.5, longitude: -73.56, stopType: 'START', loadStatus: 'EMPTY', orderIndex: 0 },
          { address: 'Dock "B", O\'Hare, Chicago, IL', latitude: 41.97, longitude: -87.9, stopType: 'DELIVERY', loadStatus: 'LOADED', orderIndex: 1 },
        ],
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const trip = (await call(ctx.app, { method: 'GET', url: `/api/v1/trips/${created.json().data.id}`, token })).json().data;
    expect(trip.notes).toBe(notes);
    expect(trip.tripStops.map((s: { address: string }) => s.address)).toEqual(['Société Générale, Montréal, QC, Canada', 'Dock "B", O\'Hare, Chicago, IL']);
    // Other control characters are refused in a note too.
    expect400(
      await call(ctx.app, { method: 'POST', url: '/api/v1/trips', token, payload: tripBody(truck.id, driver.id, { notes: 'a\u001bb' }) }),
      'Notes must not contain control characters other than line breaks and tabs',
      'body.notes',
    );
  });
});

describe('dates in the years 1900 to 2100', () => {
  const GOOD_FROM = '01/01/2026 00:00:00';
  const GOOD_TO = '12/31/2026 23:59:59';
  // Every GET that takes a date range (the trips list and export, the reports, state miles, the Mileage Review queue and export).
  const ROUTES = [
    '/api/v1/trips',
    '/api/v1/trips/export.csv',
    '/api/v1/trip-statistics',
    '/api/v1/trip-statistics/export.csv',
    '/api/v1/state-miles',
    '/api/v1/state-miles/export.csv',
    '/api/v1/mileage-review',
    '/api/v1/mileage-review/ready',
    '/api/v1/mileage-review/export.csv',
  ];
  const get = (route: string, fromDate: string, toDate: string) =>
    call(ctx.app, { method: 'GET', url: `${route}?fromDate=${encodeURIComponent(fromDate)}&toDate=${encodeURIComponent(toDate)}`, token });

  it('a GET answers 400 naming fromDate or toDate for the years 9999, 0001, 1899 and 2101 — never a 500', async () => {
    for (const route of ROUTES) {
      for (const bad of ['12/31/9999 23:59:59', '01/01/0001 00:00:00', '12/31/1899 23:59:59', '01/01/2101 00:00:00']) {
        expect400(await get(route, bad, GOOD_TO), 'fromDate must be a date from 01/01/1900 to 12/31/2100', 'querystring.fromDate');
        expect400(await get(route, GOOD_FROM, bad), 'toDate must be a date from 01/01/1900 to 12/31/2100', 'querystring.toDate');
      }
    }
  });

  it('a GET takes the first second of 1900 to the last of 2100', async () => {
    for (const route of ROUTES) {
      const res = await get(route, '01/01/1900 00:00:00', '12/31/2100 23:59:59');
      expect(res.statusCode, `${route}: ${res.body.slice(0, 300)}`).toBe(200);
    }
  });

  it('POST and PUT /trips answer 400 naming the date for a year out of range, and keep 1900 and 2100 as typed (0001 is not saved as 1901)', async () => {
    const truck = await createTruckRow(ctx.db);
    const driver = await createDriverRow(ctx.db, { truckId: truck.id });
    const before = (await ctx.db.select({ n: count() }).from(trips))[0]!.n;
    for (const y of ['9999', '0001', '1899', '2101']) {
      const post = (over: Record<string, unknown>) => call(ctx.app, { method: 'POST', url: '/api/v1/trips', token, payload: tripBody(truck.id, driver.id, over) });
      expect400(await post({ pickupDateTime: `01/15/${y} 08:00:00` }), 'Pickup date/time must be a date from 01/01/1900 to 12/31/2100', 'body.pickupDateTime');
      expect400(await post({ startDateTime: `01/15/${y} 08:00:00` }), 'Start date/time must be a date from 01/01/1900 to 12/31/2100', 'body.startDateTime');
      expect400(await post({ endDateTime: `12/31/${y} 23:59:59` }), 'End date/time must be a date from 01/01/1900 to 12/31/2100', 'body.endDateTime');
    }
    expect((await ctx.db.select({ n: count() }).from(trips))[0]!.n).toBe(before);
    for (const pickupDateTime of ['01/01/1900 00:00:00', '12/31/2100 23:59:59']) {
      const res = await call(ctx.app, { method: 'POST', url: '/api/v1/trips', token, payload: tripBody(truck.id, driver.id, { pickupDateTime }) });
      expect(res.statusCode, res.body).toBe(201);
      const trip = (await call(ctx.app, { method: 'GET', url: `/api/v1/trips/${res.json().data.id}`, token })).json().data;
      expect(trip.pickupDateTime).toBe(pickupDateTime);
      const put = await call(ctx.app, {
        method: 'PUT',
        url: `/api/v1/trips/${trip.id}`,
        token,
        payload: { ...tripBody(truck.id, driver.id, { identifierValue: trip.loadNumber, pickupDateTime: '01/01/0001 00:00:00' }), version: trip.version },
      });
      expect400(put, 'Pickup date/time must be a date from 01/01/1900 to 12/31/2100', 'body.pickupDateTime');
    }
  });
});

describe('numbers', () => {
  it('numbers in decimal notation only: "0x10" is refused, not read as 16, in a body, a query string and a path', async () => {
    const payable = (over: object) =>
      call(ctx.app, { method: 'PUT', url: '/api/v1/mile-stats/payable-mileage', token, payload: { tripId: 1, emptyMiles: 1, loadedMiles: 1, version: 1, ...over } });
    for (const bad of ['0x10', '0b10', '0o20', 'Infinity', '1_000']) {
      expect400(await payable({ loadedMiles: bad }), 'Must be a number');
    }
    expect400(await call(ctx.app, { method: 'GET', url: '/api/v1/places/autosuggest?q=chicago&limit=0x5', token }));
    expect400(await call(ctx.app, { method: 'GET', url: '/api/v1/places/autosuggest?q=chicago&at=0x10,-87.6', token }));
    expect400(await call(ctx.app, { method: 'GET', url: '/api/v1/trips/summary?truckId=0x10&number=L1', token }));
    expect400(await call(ctx.app, { method: 'GET', url: '/api/v1/map-tiles/0x2/1/1?token=t' }));
    // Decimal is read as before.
    expect((await call(ctx.app, { method: 'GET', url: '/api/v1/places/autosuggest?q=chicago&limit=5&at=41.88,-87.63', token })).statusCode).toBe(200);
  });

  // Texts that are not a number in plain decimal notation (an optional minus, digits, an optional fraction).
  const NOT_DECIMAL = ['0x10', '0X1A', '0b1', '0o7', '1e1', '1E1', '2.5e0', 'Infinity', '-Infinity', 'NaN', '+5', ' 5', '5 ', '\t5', '1_0', '5,0', '.', '-'];

  it('tolerancePct, a year, a quarter, a limit, a radius and miles take plain decimal notation only: hex, exponent, Infinity, signs and padding are 400s naming the field', async () => {
    const company = await createCompanyRow(ctx.db);
    const payRule = (tolerancePct: unknown) =>
      call(ctx.app, { method: 'PUT', url: `/api/v1/companies/${company.id}/pay-rule`, token, payload: { payBasis: 'ROUTED', tolerancePct, version: 0 } });
    const settings = { homeRadius: 1, shopRadius: 2, pickupRadius: 3, trailerRadius: 4, deliveryRadius: 5, samsaraEnabled: true, gleEnabled: true, type: 'TRIP' };
    for (const bad of NOT_DECIMAL) {
      const q = encodeURIComponent(bad);
      expect400(await payRule(bad), 'Tolerance must be a number from 0 to 25', 'body.tolerancePct');
      expect400(
        await call(ctx.app, { method: 'GET', url: `/api/v1/state-miles?periodType=QUARTERLY&year=${q}&quarter=1`, token }),
        'year must be a whole number from 2000 to 2100',
        'querystring.year',
      );
      expect400(
        await call(ctx.app, { method: 'GET', url: `/api/v1/state-miles?periodType=QUARTERLY&year=2026&quarter=${q}`, token }),
        'quarter must be 1, 2, 3 or 4',
        'querystring.quarter',
      );
      expect400(await call(ctx.app, { method: 'GET', url: `/api/v1/places/autosuggest?q=chicago&limit=${q}`, token }), undefined, 'querystring.limit');
      expect400(await call(ctx.app, { method: 'GET', url: `/api/v1/places/autosuggest?q=chicago&at=${q},-87.6`, token }), undefined, 'querystring.at');
      expect400(
        await call(ctx.app, { method: 'POST', url: '/api/v1/global-setting', token, payload: { ...settings, homeRadius: bad } }),
        'Home radius must be a number',
        'body.homeRadius',
      );
      expect400(
        await call(ctx.app, { method: 'PUT', url: '/api/v1/mile-stats/payable-mileage', token, payload: { tripId: 1, emptyMiles: 1, loadedMiles: bad, version: 1 } }),
        'Must be a number',
        'body.loadedMiles',
      );
    }
    // An empty text is no number either, where empty does not mean "none".
    expect400(await payRule(''), 'Tolerance must be a number from 0 to 25', 'body.tolerancePct');
    expect400(
      await call(ctx.app, { method: 'GET', url: '/api/v1/state-miles?periodType=QUARTERLY&year=&quarter=1', token }),
      'year must be a whole number from 2000 to 2100',
      'querystring.year',
    );
    // Plain decimals are read as before.
    const saved = await payRule('2.5');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.tolerancePct).toBe(2.5);
    expect((await call(ctx.app, { method: 'GET', url: '/api/v1/state-miles?periodType=QUARTERLY&year=2026&quarter=1', token })).statusCode).toBe(200);
    expect((await call(ctx.app, { method: 'GET', url: '/api/v1/places/autosuggest?q=chicago&limit=5&at=41.88,-87.63', token })).statusCode).toBe(200);
  });

  it('payable mileage (loaded + empty) is at most 100 000 miles', async () => {
    const res = await call(ctx.app, {
      method: 'PUT',
      url: '/api/v1/mile-stats/payable-mileage',
      token,
      payload: { tripId: 1, emptyMiles: 60_000, loadedMiles: 40_000.5, version: 1 },
    });
    expect400(res, 'Loaded + empty miles (the payable mileage) must be at most 100,000 miles');
  });
});
