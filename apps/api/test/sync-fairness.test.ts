import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { IntegrationStatus } from '@milepost/contracts/integrations-api';
import { syncQueueOf } from '../src/modules/telematics/jobs';
import { DEFAULT_RETRY } from '../src/modules/telematics/provider';
import { createSecretBox } from '../src/platform/secret-box';
import { call, createTestContext, type TestContext } from './harness';
import { createCompanyRow, createTripSettings, createUser, signIn } from './factories';
import { startFakeSamsara, type FakeSamsara } from './fakes/samsara';
import { startFakeGle, type FakeGle } from './fakes/gle';

/**
 * One company or provider that hangs never delays the others (docs/integrations/telematics.md#sync):
 * per-provider queues sharing TELEMATICS_CONCURRENCY slots fairly, a time budget per run, and
 * retries queued behind fresh work. The clients keep their production patience (30 s a call, six
 * attempts), so a hanging company holds its slot until the run's budget (here 20 s) cuts it.
 */
const BUDGET_SECONDS = 20;

let ctx: TestContext;
let samsara: FakeSamsara;
let gle: FakeGle;
let owner: string;
let seq = 0;
const uid = () => `${Date.now().toString(36)}${(seq++).toString(36)}`;

beforeAll(async () => {
  samsara = await startFakeSamsara();
  gle = await startFakeGle();
  ctx = await createTestContext(
    { SAMSARA_BASE_URL: samsara.url, GLE_BASE_URL: gle.url, TELEMATICS_CONCURRENCY: '8' },
    { jobs: true, telematicsRetry: DEFAULT_RETRY, syncBudgetSeconds: BUDGET_SECONDS },
  );
  await createTripSettings(ctx.db, { type: 'TRIP', pickupRadius: 1, deliveryRadius: 1, samsaraEnabled: true, gleEnabled: true });
  const user = await createUser(ctx.db, { permissions: ['CAN_SYNC_INTEGRATIONS', 'CAN_SHOW_COMPANIES'] });
  owner = (await signIn(ctx.app, user)).accessToken;
  // One sync first: the Samsara SDK loads with the first run (seconds on a busy machine), not inside the timed ones.
  const warm = await company(uid());
  await ctx.jobs!.enqueueSync(warm.id, 'SAMSARA');
  await allIn([warm.id], 'SAMSARA', 'SUCCEEDED', 90_000);
}, 180_000);

afterAll(async () => {
  await ctx?.close();
  await samsara?.close();
  await gle?.close();
});

/** A company with tokens of its own at both fakes (so a fake can hang for it alone), one vehicle at Samsara. */
async function company(k: string) {
  const box = createSecretBox(ctx.secretKey);
  const samsaraToken = `samsara-${k}`;
  const gleToken = `gle-${k}`;
  samsara.acceptToken(samsaraToken);
  gle.acceptToken(gleToken);
  samsara.vehicles.push({ id: `v-${k}`, name: `U ${k}`, vin: `vin-${k}` });
  const row = await createCompanyRow(ctx.db, { samsaraEnabled: true, gleEnabled: true, samsaraTokenEncrypted: box.seal(samsaraToken), gleTokenEncrypted: box.seal(gleToken) });
  return { id: row.id, samsaraToken, gleToken };
}

async function statusOf(companyId: number) {
  const res = await call(ctx.app, { method: 'GET', url: `/api/v1/integrations/status?companyId=${companyId}`, token: owner });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: IntegrationStatus }>().data;
}

/** Polls until every company's run of `provider` is in `state`; answers how long that took. */
async function allIn(ids: number[], provider: 'SAMSARA' | 'GLE', state: string, timeoutMs: number): Promise<number> {
  const since = Date.now();
  for (;;) {
    const states = await Promise.all(ids.map(async (id) => (await statusOf(id))[provider].state));
    if (states.every((s) => s === state)) return Date.now() - since;
    if (Date.now() - since > timeoutMs) throw new Error(`${provider} states after ${timeoutMs} ms: ${states.join(', ')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The sync jobs of a queue (every state), by company. */
async function jobsIn(queue: string) {
  const r = (await ctx.db.execute(
    sql`select (data->>'companyId')::int as "companyId", (data->>'attempt')::int as attempt, state::text, output from pgboss.job where name = ${queue}`,
  )) as unknown as { rows: { companyId: number; attempt: number | null; state: string; output: { retried?: number; error?: { message: string } } | null }[] };
  return r.rows;
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('fair sync queues', () => {
  it('3 of 20 companies hang at Samsara: the other 17 all sync within 60 s, the hanging runs are cut at their budget and retried behind fresh work', async () => {
    const k = uid();
    const fleet = [];
    for (let i = 0; i < 20; i++) fleet.push(await company(`${k}-${i}`));
    const hung = fleet.slice(0, 3);
    const healthy = fleet.slice(3);
    for (const c of hung) samsara.hang(c.samsaraToken);
    // The hanging companies are queued first: they take their slots before anyone else.
    const since = Date.now();
    for (const c of fleet) await ctx.jobs!.enqueueSync(c.id, 'SAMSARA');

    await allIn(
      healthy.map((c) => c.id),
      'SAMSARA',
      'SUCCEEDED',
      60_000,
    );
    expect(Date.now() - since).toBeLessThan(60_000);
    // Each read the whole vehicle list (the fake's one list, 21 vehicles with the warm-up company's).
    for (const c of healthy) expect((await statusOf(c.id)).SAMSARA).toMatchObject({ vehicles: 21, error: null });

    // The hanging runs end at their budget, and each is tried again in Samsara's retry queue —
    // created when it failed, so behind every sync queued before — never in front of fresh syncs.
    const hungIds = new Set(hung.map((c) => c.id));
    const fresh = async () => (await jobsIn(syncQueueOf('SAMSARA'))).filter((j) => hungIds.has(j.companyId));
    await until('the hanging runs cut at their budget', async () => (await fresh()).every((j) => j.state === 'completed'), BUDGET_SECONDS * 1000 + 40_000);
    for (const j of await fresh()) {
      expect(j.output).toMatchObject({ retried: 1, error: { message: `The sync stopped when its time budget (${BUDGET_SECONDS} s) was spent; what it stored so far is kept.` } });
    }
    await until(
      'their retries',
      async () => new Set((await jobsIn(syncQueueOf('SAMSARA', 'retry'))).filter((j) => hungIds.has(j.companyId) && j.attempt === 1).map((j) => j.companyId)).size === 3,
      10_000,
    );
    // Never two runs at once for one company: one call in flight at most.
    for (const c of hung) expect(samsara.maxInFlight(c.samsaraToken)).toBe(1);

    // A fresh sync queued now runs before those retries come round, and quickly.
    const late = await company(`${k}-late`);
    const lateSince = Date.now();
    // (The retries hang again meanwhile, on the retry queue's few slots.)
    await ctx.jobs!.enqueueSync(late.id, 'SAMSARA');
    await allIn([late.id], 'SAMSARA', 'SUCCEEDED', 30_000);
    expect(Date.now() - lateSince).toBeLessThan(30_000);
  }, 180_000);

  it('Samsara hanging for every company never holds GLE up: each provider keeps a slot of its own', async () => {
    const k = uid();
    const fleet = [];
    for (let i = 0; i < 10; i++) fleet.push(await company(`${k}-g${i}`));
    for (const c of fleet) samsara.hang(c.samsaraToken);
    gle.vehicles.push({ id: `g-${k}`, vin: `gvin-${k}`, unitNumber: `G ${k}` });
    // Ten hanging Samsara runs queued first: more than the eight slots.
    for (const c of fleet) await ctx.jobs!.enqueueSync(c.id, 'SAMSARA');
    await new Promise((r) => setTimeout(r, 2_000));
    const since = Date.now();
    for (const c of fleet) await ctx.jobs!.enqueueSync(c.id, 'GLE');
    await allIn(
      fleet.map((c) => c.id),
      'GLE',
      'SUCCEEDED',
      45_000,
    );
    expect(Date.now() - since).toBeLessThan(45_000);
    // Samsara's runs were still hanging meanwhile (the budget had not cut them yet).
    const running = await Promise.all(fleet.map(async (c) => (await statusOf(c.id)).SAMSARA.state));
    expect(running.filter((s) => s === 'RUNNING').length).toBeGreaterThan(0);
  }, 180_000);
});
