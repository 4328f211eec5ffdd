import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { IntegrationStatus } from '@milepost/contracts/integrations-api';
import { openDatabase } from '../../src/db/client';
import { companies } from '../../src/db/schema/reference';
import { companyProviders } from '../../src/db/schema/telematics';
import { syncAccessCatalogue } from '../../src/db/seed/access';
import { createSecretBox } from '../../src/platform/secret-box';
import { startFakeSamsara, type FakeSamsara } from '../fakes/samsara';
import { accessTokenOf, start, type Started } from './server';
import { createTripSettings } from '../factories';

/**
 * docs/decisions/014-background-jobs.md (the sync lease): an instance killed (SIGKILL) in the middle of one company's sync. The next
 * instance syncs another company within 30 s — even with the killed company's sync queued again
 * behind its dead run — and the killed company's sync is taken over by itself.
 */
let samsara: FakeSamsara;
const dataDirs: string[] = [];
const running: Started[] = [];
afterAll(async () => {
  for (const s of running) s.proc.kill('SIGKILL');
  await samsara?.close();
  await Promise.all(dataDirs.map((d) => rm(d, { recursive: true, force: true })));
});

const ADMIN = { email: 'sync-admin@example.test', password: 'sync-admin-password' };

async function api<T>(url: string, token: string, method = 'GET', body?: unknown): Promise<{ status: number; data: T }> {
  const res = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, data: ((await res.json()) as { data: T }).data };
}

async function until<T>(what: string, timeoutMs: number, fn: () => Promise<T | null>): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== null) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('a sync killed mid-run', () => {
  it('does not stop another company’s sync, and is taken over by a new run by itself', async () => {
    samsara = await startFakeSamsara('tok-killed');
    samsara.acceptToken('tok-other');
    samsara.vehicles.push({ id: 'v-kill-1', name: 'Kill One', vin: 'kill-1' });
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'milepost-kill-'));
    dataDirs.push(dataDir);
    const secretKey = randomBytes(32).toString('hex');

    // Two companies with Samsara on, and their tokens sealed with the server's key.
    const database = await openDatabase({ dataDir: path.join(dataDir, 'pgdata') });
    await database.migrate();
    await syncAccessCatalogue(database.db);
    const box = createSecretBox(secretKey);
    const [killed, other] = await database.db
      .insert(companies)
      .values([
        { name: 'Killed Co', email: 'ops@killed.test', phone: '+1 (312) 555-0100', usDot: '1234567' },
        { name: 'Other Co', email: 'ops@other.test', phone: '+1 (312) 555-0101', usDot: '1234568' },
      ])
      .returning({ id: companies.id });
    await database.db.insert(companyProviders).values([
      { companyId: killed!.id, provider: 'SAMSARA', enabled: true, tokenEncrypted: box.seal('tok-killed') },
      { companyId: other!.id, provider: 'SAMSARA', enabled: true, tokenEncrypted: box.seal('tok-other') },
    ]);
    await createTripSettings(database.db, { type: 'TRIP', pickupRadius: 1, deliveryRadius: 1, samsaraEnabled: true, gleEnabled: false });
    await database.close();

    const env = {
      MILEPOST_DATA_DIR: dataDir,
      MILEPOST_SEED_DEMO: 'false',
      MILEPOST_SECRET_KEY: secretKey,
      MILEPOST_JWT_SECRET: randomBytes(32).toString('hex'),
      MILEPOST_ADMIN_EMAIL: ADMIN.email,
      MILEPOST_ADMIN_PASSWORD: ADMIN.password,
      SAMSARA_BASE_URL: samsara.url,
    };

    // The killed company's vehicle list never finishes: its sync is mid-run when the instance dies.
    samsara.fail(/^\/fleet\/vehicles$/, { kind: 'drip' }, 1000, (_q, auth) => auth === 'Bearer tok-killed');
    const first = await start(env, 120_000);
    running.push(first);
    const token1 = await accessTokenOf(first.url, ADMIN);
    expect((await api(`${first.url}/api/v1/integrations/sync`, token1, 'POST', { companyId: killed!.id, provider: 'SAMSARA' })).status).toBe(202);
    await until('the killed company’s sync to start', 30_000, async () => (samsara.requests.some((r) => r.authorization === 'Bearer tok-killed') ? true : null));
    const killedAt = Date.now();
    first.proc.kill('SIGKILL');
    await first.exited;
    samsara.clearFaults();

    const second = await start(env, 120_000); // PGlite recovers from the kill first
    running.push(second);
    const token2 = await accessTokenOf(second.url, ADMIN);
    const status = async (companyId: number) => (await api<IntegrationStatus>(`${second.url}/api/v1/integrations/status?companyId=${companyId}`, token2)).data.SAMSARA;
    // Queued again behind the dead run (the stately queue's fetch failed on this for everyone), then another company's sync.
    expect((await api(`${second.url}/api/v1/integrations/sync`, token2, 'POST', { companyId: killed!.id, provider: 'SAMSARA' })).status).toBe(202);
    const since = Date.now();
    expect((await api(`${second.url}/api/v1/integrations/sync`, token2, 'POST', { companyId: other!.id, provider: 'SAMSARA' })).status).toBe(202);
    await until('the other company’s sync', 30_000, async () => ((await status(other!.id)).state === 'SUCCEEDED' ? true : null));
    expect(Date.now() - since).toBeLessThan(30_000);

    // The dead run is taken over once its lease runs out (STALLED meanwhile: telematics-robust.test.ts), by a new run.
    const done = await until('the killed company’s sync to recover', 150_000, async () => {
      const s = await status(killed!.id);
      return s.state === 'SUCCEEDED' ? s : null;
    });
    expect(done).toMatchObject({ vehicles: 1, error: null });
    expect(Date.parse(done.startedAt!)).toBeGreaterThan(killedAt);
  }, 400_000);
});
