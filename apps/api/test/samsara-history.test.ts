import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadStoredTrack, refreshTrack, LATE_FIXES_MS } from '../src/modules/telematics/tracks';
import { createSecretBox } from '../src/platform/secret-box';
import { createTestContext, FAST_RETRY, type TestContext } from './harness';
import { createCompanyRow, createTripSettings, createUser } from './factories';
import { providerFixture } from './fixtures/providers';
import { startFakeSamsara, type FakeSamsara } from './fakes/samsara';
import { straightDrive } from './fakes/telematics-server';
import { A, B, tripInTransit } from './telematics-fixtures';

/**
 * Samsara as documented (docs/integrations/samsara.md): the history is paged through short and
 * empty pages to `hasNextPage: false`, each odometer series is kept apart, and every fetch re-reads
 * two hours before where the last one ended and merges by time, so late fixes count once.
 */
let ctx: TestContext;
let samsara: FakeSamsara;
let actorId: number;

beforeAll(async () => {
  samsara = await startFakeSamsara();
  ctx = await createTestContext({ SAMSARA_BASE_URL: samsara.url });
  await createTripSettings(ctx.db, { type: 'TRIP', homeRadius: 1, shopRadius: 1, pickupRadius: 1, trailerRadius: 1, deliveryRadius: 1, samsaraEnabled: true, gleEnabled: false });
  actorId = (await createUser(ctx.db, { permissions: ['CAN_SHOW_TRIPS'] })).id;
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await samsara?.close();
});
beforeEach(() => {
  samsara.clearFaults();
  samsara.historyPageSize = 200;
});

const deps = () => ({ db: ctx.db, secretBox: createSecretBox(ctx.secretKey), config: ctx.config, retry: FAST_RETRY });
const company = () => createCompanyRow(ctx.db, { samsaraEnabled: true, samsaraTokenEncrypted: createSecretBox(ctx.secretKey).seal('samsara-test-token') });
const historyCalls = (vehicleId: string) => samsara.requests.filter((r) => r.path === '/fleet/vehicles/stats/history' && r.query.get('vehicleIds') === vehicleId);
const page = (name: string) => ({ status: 200, body: providerFixture('samsara', name).body });

describe('Samsara history paging', () => {
  it('an empty page mid-history (hasNextPage true) does not end the track: every page after it is fetched and stored', async () => {
    const c = await company();
    const { trip, vehicleId } = await tripInTransit(ctx.db, actorId, c.id, new Date('2026-11-20T13:55:00Z'));
    samsara.replay(/^\/fleet\/vehicles\/stats\/history$/, ['history-1-first', 'history-2-empty-more', 'history-3-no-obd', 'history-4-last'].map(page));
    const before = Date.now();
    const state = await refreshTrack(deps(), trip.id, 'SAMSARA');
    expect(state.error).toBeNull();
    expect(historyCalls(vehicleId)).toHaveLength(4);
    const stored = (await loadStoredTrack(ctx.db, trip.id, 'SAMSARA'))!;
    // All 30 fixes, the 10 after the empty page included (the old rule stopped at 10 and called the track complete).
    expect(stored.track.time).toHaveLength(30);
    expect(stored.track.time[29]).toBe(Date.parse('2026-11-20T14:29:00Z') / 1000);
    expect(stored.fetchedTo.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // The odometer series: the engine's (pages 1 and 4), never the page-3 GPS distance mixed in.
    expect(stored.track.odometerKind).toBe('OBD');
    expect(Array.from(stored.track.odoMeters)).toEqual([
      ...Array.from({ length: 10 }, (_, m) => 512_345_000 + 936 * m),
      ...Array.from({ length: 10 }, (_, m) => 512_345_000 + 936 * (20 + m)),
    ]);
  });

  it('a vehicle without engine diagnostics keeps the GPS distance series alone', async () => {
    const c = await company();
    const start = new Date(Date.now() - 60 * 60_000);
    const { trip, vehicleId } = await tripInTransit(ctx.db, actorId, c.id, start);
    samsara.vehicles.push({ id: vehicleId, name: `NoObd ${vehicleId}`, vin: `vin-${vehicleId}`, noObd: true });
    samsara.history.set(vehicleId, straightDrive(A, B, start, 50));
    samsara.historyPageSize = 20;
    expect((await refreshTrack(deps(), trip.id, 'SAMSARA')).error).toBeNull();
    const stored = (await loadStoredTrack(ctx.db, trip.id, 'SAMSARA'))!;
    expect(stored.track.odometerKind).toBe('GPS_DISTANCE');
    expect(stored.track.odoMeters).toHaveLength(51);
    // The fake's GPS distance is the odometer less 400 000 km: one series, rising, no jump.
    const steps = Array.from(stored.track.odoMeters.slice(1), (m, i) => m - stored.track.odoMeters[i]!);
    expect(Math.min(...steps)).toBeGreaterThan(0);
    expect(Math.max(...steps)).toBeLessThan(2_000);
  });
});

describe('late fixes', () => {
  it('a fix uploaded late is fetched by the next sync (which re-reads two hours) and counted once', async () => {
    const c = await company();
    const start = new Date(Date.now() - 3 * 60 * 60_000);
    const { trip, vehicleId } = await tripInTransit(ctx.db, actorId, c.id, start);
    samsara.vehicles.push({ id: vehicleId, name: `Late ${vehicleId}`, vin: `vin-${vehicleId}` });
    const drive = straightDrive(A, B, start, 175);
    const late = drive[150]!; // 25 minutes ago: the gateway had not uploaded it yet
    samsara.history.set(
      vehicleId,
      drive.filter((f) => f !== late),
    );
    samsara.historyPageSize = 40;
    expect((await refreshTrack(deps(), trip.id, 'SAMSARA')).error).toBeNull();
    const first = (await loadStoredTrack(ctx.db, trip.id, 'SAMSARA'))!;
    expect(first.track.time).toHaveLength(175);
    expect(Array.from(first.track.time)).not.toContain(late.time / 1000);

    // The gateway uploads it; the next sync re-reads from two hours before where the last fetch ended.
    samsara.history.set(vehicleId, drive);
    await new Promise((r) => setTimeout(r, 20));
    expect((await refreshTrack(deps(), trip.id, 'SAMSARA')).error).toBeNull();
    const asked = historyCalls(vehicleId).at(-1)!;
    expect(Date.parse(asked.query.get('startTime')!)).toBe(first.fetchedTo.getTime() - LATE_FIXES_MS);
    const second = (await loadStoredTrack(ctx.db, trip.id, 'SAMSARA'))!;
    // Every fix once: the late one in its place, the two re-read hours not doubled.
    expect(Array.from(second.track.time)).toEqual(drive.map((f) => Math.round(f.time / 1000)));
    expect(second.track.odoMeters).toHaveLength(drive.length);
  });
});
