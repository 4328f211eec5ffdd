import { afterAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import net from 'node:net';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../src/db/client';
import { companies, recoveryReasons } from '../../src/db/schema/reference';
import { companyProviders, integrationSyncStatus } from '../../src/db/schema/telematics';
import { syncAccessCatalogue } from '../../src/db/seed/access';
import { createSecretBox } from '../../src/platform/secret-box';
import { createTripSettings } from '../factories';
import { startFakeSamsara, type FakeSamsara } from '../fakes/samsara';
import { adminUrl } from '../global-setup';
import { accessTokenOf, start, until } from './server';

/** Graceful shutdown (docs/deploy.md#shutdown): SIGTERM drains what is in flight, loses nothing. */
const dataDirs: string[] = [];
const databases: string[] = [];
let samsara: FakeSamsara | null = null;
const admin = async (statement: string) => {
  const c = new pg.Client({ connectionString: adminUrl() });
  await c.connect();
  await c.query(statement).finally(() => c.end());
};
afterAll(async () => {
  await samsara?.close();
  await Promise.all(dataDirs.map((d) => rm(d, { recursive: true, force: true })));
  for (const name of databases) await admin(`drop database if exists ${name} with (force)`);
});

/** The embedded default, and PostgreSQL too when the run has one (TEST_DATABASE_URL). */
const DATABASES = ['embedded PGlite', ...(process.env.TEST_DATABASE_URL ? ['PostgreSQL'] : [])] as const;

/** A PostgreSQL database of its own for one server (dropped after the file), as a URL. */
async function postgresDatabase(): Promise<string> {
  const name = `milepost_shutdown_${randomBytes(5).toString('hex')}`;
  await admin(`create database ${name}`);
  databases.push(name);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

interface Outcome {
  name: string;
  status?: number;
  id?: number;
  error?: string;
}

/** One POST on a connection of its own; resolves with the answer or the socket error (a reset). */
function write(url: string, token: string, name: string, sent: () => void): Promise<Outcome> {
  return new Promise((resolve) => {
    const body = JSON.stringify({ name });
    const req = http.request(`${url}/api/v1/recovery/reasons`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${token}` },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => {
        let id: number | undefined;
        try {
          id = (JSON.parse(text) as { data?: { id?: number } }).data?.id;
        } catch {
          /* not JSON */
        }
        resolve({ name, status: res.statusCode!, ...(id ? { id } : {}) });
      });
      res.on('error', (err) => resolve({ name, error: err.message }));
    });
    req.on('error', (err) => resolve({ name, error: (err as NodeJS.ErrnoException).code ?? err.message }));
    req.on('finish', sent);
    req.end(body);
  });
}

describe('SIGTERM', () => {
  it.each(DATABASES)(
    'on %s, during 100 in-flight writes: /api/ready turns 503, every acknowledged write is stored, no client sees a reset, the process exits 0',
    async (kind) => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'milepost-shutdown-'));
      dataDirs.push(dataDir);
      const databaseUrl = kind === 'PostgreSQL' ? await postgresDatabase() : undefined;
      const server = await start({
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        MILEPOST_DATA_DIR: dataDir,
        MILEPOST_SEED_DEMO: 'false',
        MILEPOST_ADMIN_EMAIL: 'owner@example.test',
        MILEPOST_ADMIN_PASSWORD: 'owner-password-1',
        SHUTDOWN_GRACE_MS: '20000',
        // A loaded test machine accepts 100 connections slowly.
        SHUTDOWN_DELAY_MS: '3000',
      });
      const accessToken = await accessTokenOf(server.url, { email: 'owner@example.test', password: 'owner-password-1' });
      // Ready once the job workers run.
      await until(async () => (await fetch(`${server.url}/api/ready`)).status === 200, 30_000, '/api/ready');

      // A keep-alive connection opened before the signal, to ask /api/ready after it.
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      const ready = () =>
        new Promise<number>((resolve, reject) => {
          http
            .get(`${server.url}/api/ready`, { agent }, (res) => {
              res.resume();
              res.on('end', () => resolve(res.statusCode!));
            })
            .on('error', reject);
        });
      expect(await ready()).toBe(200);

      let sent = 0;
      let allSent!: () => void;
      const everySent = new Promise<void>((r) => (allSent = r));
      const outcomes = Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          write(server.url, accessToken, `Shutdown reason ${i}`, () => {
            if (++sent === 100) allSent();
          }),
        ),
      );
      await everySent;
      server.proc.kill('SIGTERM');
      // Not ready soon after the signal (an answer of 503, or the connection closed).
      let readyAfter: number | string = 200;
      await until(async () => (readyAfter = await ready().catch(() => 'closed')) !== 200, 10_000, '/api/ready to turn 503');
      const results = await outcomes;
      expect(await server.exited, `the server's exit: ${server.lastWords()}`).toBe(0);
      agent.destroy();

      expect([503, 'closed']).toContain(readyAfter);
      console.log(
        `shutdown: ${results.filter((r) => r.status === 201).length} created, ${results.filter((r) => r.status === 503).length} refused, /api/ready after the signal: ${readyAfter}`,
      );
      // No reset, no broken answer: each write was answered, created or refused cleanly.
      expect(results.filter((r) => r.error)).toEqual([]);
      for (const r of results) expect([201, 503], JSON.stringify(r)).toContain(r.status);
      const acknowledged = results.filter((r) => r.status === 201);
      expect(acknowledged.length).toBeGreaterThan(0);
      // Drained, not cut: requests still in flight when the signal came were finished.
      expect(server.output()).toContain('shutting down');

      const database = await openDatabase(databaseUrl ? { url: databaseUrl } : { dataDir: path.join(dataDir, 'pgdata') });
      try {
        const stored = await database.db
          .select({ id: recoveryReasons.id, name: recoveryReasons.name })
          .from(recoveryReasons)
          .where(
            inArray(
              recoveryReasons.name,
              acknowledged.map((r) => r.name),
            ),
          );
        expect(stored.map((s) => s.name).sort()).toEqual(acknowledged.map((r) => r.name).sort());
        expect(new Set(stored.map((s) => s.id))).toEqual(new Set(acknowledged.map((r) => r.id)));
      } finally {
        await database.close();
      }
    },
    120_000,
  );

  it('serves a connection it took before it stopped accepting whose request comes only after (not 503: a refused write is not retried by a load balancer)', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'milepost-shutdown-'));
    dataDirs.push(dataDir);
    const server = await start({ MILEPOST_DATA_DIR: dataDir, MILEPOST_SEED_DEMO: 'false', SHUTDOWN_GRACE_MS: '8000', SHUTDOWN_DELAY_MS: '300' });
    const port = Number(new URL(server.url).port);
    await until(async () => (await fetch(`${server.url}/api/ready`)).status === 200, 30_000, '/api/ready');
    const quiet = net.connect(port, '127.0.0.1');
    await once(quiet, 'connect');
    let answer = '';
    quiet.on('data', (d: Buffer) => (answer += d.toString()));
    quiet.on('error', (err) => (answer += `error ${(err as NodeJS.ErrnoException).code}`));
    const closed = once(quiet, 'close');
    server.proc.kill('SIGTERM');
    // Until a new connection is refused: the server stopped accepting (each probe closed at once).
    await until(
      () =>
        new Promise<boolean>((resolve) => {
          const probe = net.connect(port, '127.0.0.1');
          probe.once('connect', () => (probe.destroy(), resolve(false)));
          probe.once('error', () => resolve(true));
        }),
      15_000,
      'the server to stop accepting',
    );
    quiet.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(await server.exited, `the server's exit: ${server.lastWords()}`).toBe(0);
  }, 60_000);

  it('lets the job worker finish the telematics sync in hand, then closes the database and exits 0', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'milepost-shutdown-'));
    dataDirs.push(dataDir);
    const secretKey = randomBytes(32).toString('hex');
    // One company with Samsara on; each Samsara call answers after 1.5 s, so its sync is mid-run at the signal.
    samsara = await startFakeSamsara('tok-shutdown');
    samsara.vehicles.push({ id: 'v-shutdown-1', name: 'Shutdown One', vin: 'shutdown-1' }, { id: 'v-shutdown-2', name: 'Shutdown Two', vin: 'shutdown-2' });
    samsara.fail(/./, { kind: 'slow', delayMs: 1500 }, Number.POSITIVE_INFINITY);
    const seed = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
    await seed.migrate();
    await syncAccessCatalogue(seed.db);
    const [company] = await seed.db
      .insert(companies)
      .values({ name: 'Shutdown Co', email: 'ops@shutdown.test', phone: '+1 (312) 555-0102', usDot: '1234569' })
      .returning({ id: companies.id });
    await seed.db.insert(companyProviders).values({ companyId: company!.id, provider: 'SAMSARA', enabled: true, tokenEncrypted: createSecretBox(secretKey).seal('tok-shutdown') });
    await createTripSettings(seed.db, { type: 'TRIP', pickupRadius: 1, deliveryRadius: 1, samsaraEnabled: true, gleEnabled: false });
    await seed.close();

    const admin = { email: 'owner@example.test', password: 'owner-password-1' };
    const server = await start(
      {
        MILEPOST_DATA_DIR: dataDir,
        MILEPOST_SEED_DEMO: 'false',
        MILEPOST_SECRET_KEY: secretKey,
        MILEPOST_ADMIN_EMAIL: admin.email,
        MILEPOST_ADMIN_PASSWORD: admin.password,
        SAMSARA_BASE_URL: samsara.url,
        SHUTDOWN_GRACE_MS: '20000',
      },
      120_000,
    );
    await until(async () => (await fetch(`${server.url}/api/ready`)).status === 200, 30_000, '/api/ready');
    const accessToken = await accessTokenOf(server.url, admin);
    const queued = await fetch(`${server.url}/api/v1/integrations/sync`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ companyId: company!.id, provider: 'SAMSARA' }),
    });
    expect(queued.status).toBe(202);
    await until(async () => samsara!.requests.length > 0, 30_000, 'the sync to call Samsara');
    const signalledAt = Date.now();
    server.proc.kill('SIGTERM');
    expect(await server.exited, `the server's exit: ${server.lastWords()}`).toBe(0);

    const database = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
    try {
      const [status] = await database.db.select().from(integrationSyncStatus);
      expect(status, JSON.stringify(status)).toMatchObject({ companyId: company!.id, provider: 'SAMSARA', state: 'SUCCEEDED' });
      expect(status!.finishedAt!.getTime()).toBeGreaterThan(signalledAt);
    } finally {
      await database.close();
    }
  }, 180_000);
});
