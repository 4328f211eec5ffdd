import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client';
import { users } from '../../src/db/schema/access';
import { hashPassword } from '../../src/platform/crypto';
import { start } from './server';

const dataDirs: string[] = [];
afterAll(async () => {
  await Promise.all(dataDirs.map((d) => rm(d, { recursive: true, force: true })));
});

async function signIn(url: string, email: string, password: string) {
  return fetch(`${url}/api/v1/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
}

describe('npm start (embedded PGlite)', () => {
  it('first start migrates and seeds once, prints the demo login (only while that password works); SIGTERM shuts down cleanly; a second start reuses the data', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'milepost-start-'));
    dataDirs.push(dataDir);

    const first = await start({ MILEPOST_DATA_DIR: dataDir });
    expect(first.output()).toContain('(demo data seeded)');
    expect(first.output()).toContain('Demo login: owner@milepost.local / milepost-demo');
    const owner = await signIn(first.url, 'owner@milepost.local', 'milepost-demo');
    expect(owner.status).toBe(200);
    // Demo reference data: about 50 trucks, 80 drivers, companies with integrations.
    const { accessToken: demoToken } = ((await owner.json()) as { data: { accessToken: string } }).data;
    const list = async (path: string) =>
      ((await (await fetch(`${first.url}/api/v1${path}`, { headers: { authorization: `Bearer ${demoToken}` } })).json()) as { data: { totalElements: number; content: Record<string, unknown>[] } }).data;
    expect((await list('/trucks?size=1')).totalElements).toBe(50);
    expect((await list('/drivers?size=1')).totalElements).toBe(80);
    expect((await list('/trips?size=1')).totalElements).toBeGreaterThan(300);
    for (const status of ['UPCOMING', 'IN_TRANSIT', 'COMPLETED', 'CANCELLED']) {
      expect((await list(`/trips?size=1&tripStatus=${status}`)).totalElements, status).toBeGreaterThan(0);
    }
    expect((await list('/trips?size=100&sort=loadNumber,asc')).content.length).toBe(100);
    // Every demo trip's route miles were computed at seed (no key: the estimate), none blank:
    // sorted descending, blanks would come first.
    const byMiles = (await list('/trips?size=5&sort=totalMiles,desc')).content.concat((await list('/trips?size=5&sort=totalMiles,asc')).content);
    for (const row of byMiles) expect(row).toMatchObject({ routeSource: 'ESTIMATE', totalMiles: expect.any(Number) });
    const demoCompanies = await list('/companies');
    // Integrations on with stored demo GPS history, and no token: an offline demo calls no provider.
    expect(demoCompanies.content.some((c) => c.samsaraEnabled && c.gleEnabled)).toBe(true);
    expect(demoCompanies.content.every((c) => c.samsaraTokenHint === null && c.gleTokenHint === null)).toBe(true);
    const health = await fetch(`${first.url}/api/health`);
    expect(health.status).toBe(200);
    // Structured JSON request logs, with no token in them.
    const logLine = first.output().split('\n').find((l) => l.includes('"request completed"'));
    expect(logLine && JSON.parse(logLine)).toMatchObject({ level: 30, res: { statusCode: 200 } });
    expect(first.output()).not.toMatch(/eyJhbGci/);

    const inFlight = fetch(`${first.url}/api/v1/authenticate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'owner@milepost.local', password: 'milepost-demo' }),
    });
    await new Promise((r) => setTimeout(r, 20)); // the request is being served (argon2 takes a while)
    const killedAt = Date.now();
    first.proc.kill('SIGTERM');
    expect((await inFlight).status).toBe(200);
    expect(await first.exited, first.output()).toBe(0);
    expect(Date.now() - killedAt).toBeLessThan(5_000); // no waiting on idle keep-alive sockets
    expect(first.output()).toContain('shutting down');

    const second = await start({ MILEPOST_DATA_DIR: dataDir, MILEPOST_ADMIN_EMAIL: 'boss@example.test', MILEPOST_ADMIN_PASSWORD: 'boss-password-1' });
    try {
      expect(second.output()).not.toContain('(demo data seeded)');
      expect((await signIn(second.url, 'owner@milepost.local', 'milepost-demo')).status).toBe(200);
      const admin = await signIn(second.url, 'boss@example.test', 'boss-password-1');
      expect(admin.status).toBe(200);
      const { accessToken } = ((await admin.json()) as { data: { accessToken: string } }).data;
      const me = (await (await fetch(`${second.url}/api/v1/me`, { headers: { authorization: `Bearer ${accessToken}` } })).json()) as {
        data: { role: string; permissions: unknown[] };
      };
      expect(me.data.role).toBe('OWNER');
      expect(me.data.permissions.length).toBeGreaterThan(50);
      // The demo password still works, so the banner still offers it.
      expect(second.output()).toContain('Demo login: owner@milepost.local / milepost-demo');
    } finally {
      second.proc.kill('SIGTERM');
      expect(await second.exited, second.output()).toBe(0);
    }

    // Once the demo owner's password is changed, the banner stops advertising the old one.
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
    await database.db.update(users).set({ passwordHash: await hashPassword('changed-by-the-owner') }).where(eq(users.email, 'owner@milepost.local'));
    await database.close();
    const third = await start({ MILEPOST_DATA_DIR: dataDir });
    try {
      expect(third.output()).not.toContain('Demo login');
      expect((await signIn(third.url, 'owner@milepost.local', 'milepost-demo')).status).toBe(401);
    } finally {
      third.proc.kill('SIGTERM');
      expect(await third.exited, third.output()).toBe(0);
    }
  }, 180_000);
});
