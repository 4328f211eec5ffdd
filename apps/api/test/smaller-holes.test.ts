import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import { PERMISSION_NAMES } from '@milepost/contracts/permissions';
import { REPO_ROOT, loadConfig } from '../src/config';
import { globalSettings } from '../src/db/schema/reference';
import { settingsProviderFields } from '../src/modules/telematics/settings-providers';
import { call, createTestContext, linkIn, outbox, type TestContext } from './harness';
import { createDriverRow, createTruckRow, createUser, ownerRoleId, signIn } from './factories';

/** Secrets out of logs, full saves, JSON 404s under /api, tokens that expire, 415s, history order. */
let ctx: TestContext;
let token: string;
let webDir: string;
const logLines: string[] = [];
beforeAll(async () => {
  webDir = await mkdtemp(path.join(os.tmpdir(), 'milepost-web-'));
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Milepost</title>');
  // Relative, as .env.example documents it (WEB_DIST_DIR=apps/web/dist): read from the repository root.
  ctx = await createTestContext({ WEB_DIST_DIR: path.relative(REPO_ROOT, webDir) }, { logLines });
  const u = await createUser(ctx.db, { permissions: PERMISSION_NAMES });
  token = (await signIn(ctx.app, u)).accessToken;
});
afterAll(async () => {
  await ctx.close();
  await rm(webDir, { recursive: true, force: true });
});

describe('WEB_DIST_DIR', () => {
  it('a relative path is read from the repository root: the documented value does not crash startup, and the app shell is served', async () => {
    expect(loadConfig({ WEB_DIST_DIR: 'apps/web/dist' }).WEB_DIST_DIR).toBe(path.join(REPO_ROOT, 'apps/web/dist'));
    expect(ctx.config.WEB_DIST_DIR).toBe(webDir);
    const shell = await call(ctx.app, { method: 'GET', url: '/trips' });
    expect(shell.statusCode).toBe(200);
    expect(shell.body).toContain('<title>Milepost</title>');
  });
});

describe('secrets out of logs', () => {
  it('reset-password and invitation links are never logged; the log names the outbox file', async () => {
    const user = await createUser(ctx.db);
    expect((await call(ctx.app, { method: 'POST', url: `/api/v1/reset-password/init?email=${encodeURIComponent(user.email)}` })).statusCode).toBe(200);
    const invited = await call(ctx.app, {
      method: 'POST',
      url: '/api/v1/users',
      token,
      payload: { firstName: 'Ivy', lastName: 'Invited', email: `ivy-${Date.now()}@example.test`, roleId: await ownerRoleId(ctx.db) },
    });
    expect(invited.statusCode).toBe(201);
    const mails = await outbox(ctx);
    const tokens = mails.slice(-2).map((m) => linkIn(m).searchParams.get('token')!);
    expect(tokens).toHaveLength(2);
    const log = logLines.join('\n');
    for (const t of tokens) expect(log).not.toContain(t);
    expect(log).not.toContain('reset-password?');
    const files = await readdir(ctx.outboxDir);
    for (const f of files.slice(-2)) expect(log).toContain(f);
  });
});

describe('the access log', () => {
  it('one line per request, written when it is answered: the request (tokens in its URL redacted, no headers), the status, the time, the request id', async () => {
    const from = logLines.length;
    const res = await call(ctx.app, { method: 'GET', url: '/api/v1/trips?page=0&size=5', token, headers: { 'x-request-id': 'access-log-1' } });
    expect(res.statusCode).toBe(200);
    const denied = await call(ctx.app, { method: 'GET', url: '/api/v1/trips?token=secret-in-url' });
    expect(denied.statusCode).toBe(401);
    expect((await call(ctx.app, { method: 'GET', url: '/api/v1/no-such-thing' })).statusCode).toBe(404);
    const lines = logLines
      .slice(from)
      .map((l) => JSON.parse(l) as { msg: string; reqId?: string; req?: { method: string; url: string; headers?: unknown }; res?: { statusCode: number }; responseTime?: number });
    expect(lines.filter((l) => l.msg === 'incoming request')).toEqual([]);
    const completed = lines.filter((l) => l.msg === 'request completed');
    expect(completed).toHaveLength(3);
    expect(completed[0]).toMatchObject({
      reqId: 'access-log-1',
      req: { method: 'GET', url: '/api/v1/trips?page=0&size=5' },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
    });
    expect(completed[0]!.req!.headers).toBeUndefined();
    expect(completed[1]).toMatchObject({ req: { url: '/api/v1/trips?token=[redacted]' }, res: { statusCode: 401 } });
    expect(completed[2]).toMatchObject({ req: { url: '/api/v1/no-such-thing' }, res: { statusCode: 404 } });
    expect(logLines.slice(from).join('\n')).not.toContain(token);
  });
});

describe('full saves', () => {
  it('PUT /global-setting/{id} must carry every field: {} is a 400 and changes nothing', async () => {
    const full = { homeRadius: 1, shopRadius: 2, pickupRadius: 3, trailerRadius: 4, deliveryRadius: 5, samsaraEnabled: true, gleEnabled: true, type: 'TRIP' };
    const created = await call(ctx.app, { method: 'POST', url: '/api/v1/global-setting', token, payload: full });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const empty = await call(ctx.app, { method: 'PUT', url: `/api/v1/global-setting/${id}`, token, payload: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errors.map((e: { path: string }) => e.path)).toEqual(
      expect.arrayContaining(['body.homeRadius', 'body.deliveryRadius', 'body.samsaraEnabled', 'body.gleEnabled']),
    );
    const partial = await call(ctx.app, { method: 'PUT', url: `/api/v1/global-setting/${id}`, token, payload: { homeRadius: 9 } });
    expect(partial.statusCode).toBe(400);
    const [row] = await ctx.db.select().from(globalSettings).where(eq(globalSettings.id, id));
    expect(row).toMatchObject({ homeRadius: 1, deliveryRadius: 5 });
    expect((await settingsProviderFields(ctx.db, [id])).get(id)).toEqual({ samsaraEnabled: true, gleEnabled: true });
    // The form's empty radius still reads as 0.
    const form = await call(ctx.app, { method: 'PUT', url: `/api/v1/global-setting/${id}`, token, payload: { ...full, homeRadius: '' } });
    expect(form.json().data.homeRadius).toBe(0);
  });
});

describe('paths, tokens and media types', () => {
  it('/API/V1/USERS, in any letter case, is a JSON 404 and not the web app', async () => {
    for (const url of ['/API/V1/USERS', '/Api/v1/users', '/api/V1/users', '/API']) {
      const res = await call(ctx.app, { method: 'GET', url, token });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json().code).toBe('NOT_FOUND');
    }
    // The app shell still answers its own routes.
    const shell = await call(ctx.app, { method: 'GET', url: '/trips' });
    expect(shell.statusCode).toBe(200);
    expect(shell.headers['content-type']).toMatch(/text\/html/);
  });

  it('a token signed with the right key but without exp is refused', async () => {
    const { sub, sid } = decodeJwt(token);
    const forged = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('milepost')
      .setSubject(sub!)
      .setIssuedAt()
      .sign(new TextEncoder().encode(ctx.jwtSecret));
    const res = await call(ctx.app, { method: 'GET', url: '/api/v1/me', token: forged });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHENTICATED');
    expect((await call(ctx.app, { method: 'GET', url: '/api/v1/me', token })).statusCode).toBe(200);
  });

  it('a body of the wrong media type is a 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    for (const [type, body] of [
      ['application/xml', '<team><name>Night shift</name></team>'],
      ['text/plain', 'name=Night shift'],
    ]) {
      const res = await call(ctx.app, { method: 'POST', url: '/api/v1/teams', token, headers: { 'content-type': type! }, payload: body });
      expect(res.statusCode, type).toBe(415);
      expect(res.json()).toMatchObject({ status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    }
  });
});

describe('trip history order', () => {
  it('after parallel status changes, history lists the changes in the order they were made', async () => {
    const truck = await createTruckRow(ctx.db);
    const driver = await createDriverRow(ctx.db, { truckId: truck.id });
    const created = await call(ctx.app, {
      method: 'POST',
      url: '/api/v1/trips',
      token,
      payload: {
        truckId: truck.id,
        driverId: driver.id,
        identifierType: 'LOAD_NUMBER',
        identifierValue: `LD-${Date.now()}`,
        tripStatus: 'UPCOMING',
        pickupDateTime: '11/20/2026 08:30:00',
        tripStops: [
          { address: 'Chicago, IL, United States', latitude: 41.878113, longitude: -87.629799, stopType: 'START', loadStatus: 'EMPTY', orderIndex: 0 },
          { address: 'Dallas, TX, United States', latitude: 32.776665, longitude: -96.796989, stopType: 'DELIVERY', loadStatus: 'LOADED', orderIndex: 1 },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    const tripId = created.json().data.id;
    for (let round = 0; round < 6; round++) {
      // Six changes sent at once with the version all of them saw: the first to lock the trip wins, the
      // rest are stale (409 STALE_VERSION) — never a 500 or a deadlock.
      const { version } = (await call(ctx.app, { method: 'GET', url: `/api/v1/trips/${tripId}`, token })).json().data;
      const answers = await Promise.all(
        ['IN_TRANSIT', 'UPCOMING', 'IN_TRANSIT', 'UPCOMING', 'IN_TRANSIT', 'UPCOMING'].map((status) =>
          call(ctx.app, { method: 'PATCH', url: `/api/v1/trips/change-trip-status/${tripId}?tripStatus=${status}`, token, payload: { version } }),
        ),
      );
      expect(answers.some((r) => r.statusCode === 200)).toBe(true);
      for (const r of answers.filter((a) => a.statusCode !== 200)) expect([r.statusCode, r.json().code]).toEqual([409, 'STALE_VERSION']);
      const trip = (await call(ctx.app, { method: 'GET', url: `/api/v1/trips/${tripId}`, token })).json().data;
      const history = (await call(ctx.app, { method: 'GET', url: `/api/v1/trip-action-history?tripId=${tripId}&size=100`, token })).json().data.content as {
        oldValue: string | null;
        newValue: string;
      }[];
      // Newest first: the newest entry is the trip's status now, and each entry starts where the older one ended.
      expect(history[0]!.newValue).toBe(trip.tripStatus);
      for (let i = 0; i < history.length - 1; i++) expect(history[i]!.oldValue, `round ${round}, entry ${i}`).toBe(history[i + 1]!.newValue);
    }
  });
});
