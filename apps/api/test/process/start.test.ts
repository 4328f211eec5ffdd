import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../../src/db/client';
import { users } from '../../src/db/schema/access';
import { hashPassword } from '../../src/platform/crypto';
import { repoRoot, signIn, start } from './server';

const dataDirs: string[] = [];
afterAll(async () => {
  await Promise.all(dataDirs.map((d) => rm(d, { recursive: true, force: true })));
});

/**
 * `npm run db:backup` / `db:restore` as they run beside `npm start`: the compiled backup command
 * (apps/api/dist/db-cli.js, what scripts/db.mjs runs) in a process of its own, on the embedded
 * database of MILEPOST_DATA_DIR.
 */
function dbCommand(dataDir: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, MILEPOST_DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  return spawnSync(process.execPath, [path.join(repoRoot, 'apps/api/dist/db-cli.js'), ...args], { cwd: repoRoot, env, encoding: 'utf8', timeout: 120_000 });
}

/** Row count and checksum of tables no background job writes to. */
async function stableTables(dataDir: string): Promise<Record<string, string>> {
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
  try {
    const out: Record<string, string> = {};
    for (const table of ['trucks', 'drivers', 'companies', 'trip_stops', 'drizzle.__drizzle_migrations']) {
      const { rows } = (await database.executeSql(`select count(*)::int as n, md5(coalesce(string_agg(r::text, E'\\n' order by r::text), '')) as sum from ${table} r`, [])) as {
        rows: { n: number; sum: string }[];
      };
      out[table] = `${rows[0]!.n} rows, md5 ${rows[0]!.sum}`;
    }
    return out;
  } finally {
    await database.close();
  }
}

describe('npm start (embedded PGlite)', () => {
  it('first start migrates and seeds once, prints the demo login (only while that password works); SIGTERM shuts down cleanly; a second start reuses the data; db:backup beside the running server and db:restore into an empty folder keep the data', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'milepost-start-'));
    dataDirs.push(dataDir);

    // A first start seeds the demo before it listens: about 30 s alone, twice that beside other suites.
    const first = await start({ MILEPOST_DATA_DIR: dataDir }, 180_000);
    expect(first.output()).toContain('(demo data seeded)');
    expect(first.output()).toContain('Demo login: owner@milepost.local / milepost-demo');
    // The first start's jobs compute the demo's mile stats in the background (about 10 s of
    // statements on the embedded database): the server answers all the while.
    for (let i = 0; i < 12; i++) {
      const askedAt = Date.now();
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
      expect(Date.now() - askedAt, 'a health check while the jobs run').toBeLessThan(2_000);
      await new Promise((r) => setTimeout(r, 300));
    }
    const owner = await signIn(first.url, 'owner@milepost.local', 'milepost-demo');
    expect(owner.status).toBe(200);
    // Demo reference data: about 50 trucks, 80 drivers, companies with integrations.
    const { accessToken: demoToken } = ((await owner.json()) as { data: { accessToken: string } }).data;
    const list = async (path: string) =>
      (
        (await (await fetch(`${first.url}/api/v1${path}`, { headers: { authorization: `Bearer ${demoToken}` } })).json()) as {
          data: { totalElements: number; content: Record<string, unknown>[] };
        }
      ).data;
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
    const logLine = first
      .output()
      .split('\n')
      .find((l) => l.includes('"request completed"'));
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
    expect(await first.exited, `first server's exit: ${first.lastWords()}`).toBe(0);
    // No waiting on idle keep-alive sockets: that would take SHUTDOWN_GRACE_MS (10 s).
    expect(Date.now() - killedAt).toBeLessThan(8_000);
    expect(first.output()).toContain('shutting down');

    const backupFile = path.join(dataDir, 'backup-while-running.tar.gz');
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

      // npm run db:backup while this server runs (docs/deploy.md#backups): the command, a second
      // process, asks the running server to write the dump; the server answers on.
      const backup = dbCommand(dataDir, 'backup', backupFile);
      expect(backup.status, `${backup.stdout}${backup.stderr}`).toBe(0);
      expect(backup.stdout).toContain('(written by the running server)');
      expect((await stat(backupFile)).size).toBeGreaterThan(10_000);
      expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
    } finally {
      second.proc.kill('SIGTERM');
      expect(await second.exited, `second server's exit: ${second.lastWords()}`).toBe(0);
    }

    // Once the demo owner's password is changed, the banner stops advertising the old one.
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
    await database.db
      .update(users)
      .set({ passwordHash: await hashPassword('changed-by-the-owner') })
      .where(eq(users.email, 'owner@milepost.local'));
    await database.close();
    const third = await start({ MILEPOST_DATA_DIR: dataDir });
    try {
      expect(third.output()).not.toContain('Demo login');
      expect((await signIn(third.url, 'owner@milepost.local', 'milepost-demo')).status).toBe(401);
    } finally {
      third.proc.kill('SIGTERM');
      expect(await third.exited, `third server's exit: ${third.lastWords()}`).toBe(0);
    }

    // npm run db:restore of that backup into an empty data folder: the demo's reference data,
    // stops and migrations as the server had them (every table is compared in demo-seed.test.ts).
    const restoredDir = await mkdtemp(path.join(os.tmpdir(), 'milepost-restored-'));
    dataDirs.push(restoredDir);
    const restore = dbCommand(restoredDir, 'restore', backupFile);
    expect(restore.status, `${restore.stdout}${restore.stderr}`).toBe(0);
    const [was, restored] = [await stableTables(dataDir), await stableTables(restoredDir)];
    expect(was['trip_stops']).toMatch(/^[1-9]\d* rows/);
    expect(restored).toEqual(was);
  }, 420_000);
});
