import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { PERMISSION_NAMES } from '@milepost/contracts/permissions';
import { teams } from '../src/db/schema/reference';
import { companies } from '../src/db/schema/reference';
import { users } from '../src/db/schema/access';
import { call, createTestContext, type TestContext } from './harness';
import { createUser, signIn } from './factories';

/** Issue 8 point 4: ids past int32 and texts with NUL are 400s from the shared schemas, never 500s. */
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

const expect400 = (res: { statusCode: number; json: () => { code: string; message: string } }, message?: string | RegExp) => {
  expect(res.statusCode, JSON.stringify(res.json()).slice(0, 300)).toBe(400);
  expect(res.json().code).toBe('VALIDATION_FAILED');
  if (typeof message === 'string') expect(res.json().message).toBe(message);
  else if (message) expect(res.json().message).toMatch(message);
};

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

describe('numbers (issue 21 point 7)', () => {
  it('numbers in decimal notation only: "0x10" is refused, not read as 16, in a body, a query string and a path', async () => {
    const payable = (over: object) => call(ctx.app, { method: 'PUT', url: '/api/v1/mile-stats/payable-mileage', token, payload: { tripId: 1, emptyMiles: 1, loadedMiles: 1, version: 1, ...over } });
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

  it('payable mileage (loaded + empty) is at most 100 000 miles', async () => {
    const res = await call(ctx.app, { method: 'PUT', url: '/api/v1/mile-stats/payable-mileage', token, payload: { tripId: 1, emptyMiles: 60_000, loadedMiles: 40_000.5, version: 1 } });
    expect400(res, 'Loaded + empty miles (the payable mileage) must be at most 100,000 miles');
  });
});
