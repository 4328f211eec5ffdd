import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PERMISSION_NAMES } from '@milepost/contracts/permissions';
import { wgs84Meters } from '@milepost/geo/distance';
import { estimateBasisText } from '@milepost/contracts/estimate-basis';
import { DEFAULT_CIRCUITY, estimateLeg } from '@milepost/geo/estimate';
import { metresToMiles, milesToMetres } from '@milepost/geo/units';
import { CALIBRATION_CRON, CALIBRATION_QUEUE } from '../src/modules/routing/jobs';
import { calibrateEstimates, calibrationOf, MIN_CALIBRATION_LEGS } from '../src/modules/routing/calibration';
import { estimateCalibration } from '../src/db/schema/routing';
import { tripMileStats } from '../src/db/schema/telematics';
import { tripStops, trips } from '../src/db/schema/trips';
import { call, createTestContext, testJobs, type TestContext } from './harness';
import { createCompanyRow, createDriverRow, createTripRow, createTruckRow, createUser, signIn } from './factories';

/**
 * An estimate that learns (docs/decisions/021-estimate-calibration.md): a company's circuity per
 * band is the median of actual ÷ great-circle over its completed telematics legs, used from 20
 * legs on; with fewer, the default bands.
 */

let ctx: TestContext;
let token: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const u = await createUser(ctx.db, { permissions: PERMISSION_NAMES });
  token = (await signIn(ctx.app, u)).accessToken;
});
afterAll(() => ctx.close());

const DALLAS = { lat: 32.776665, lng: -96.796989 };
const OKC = { lat: 35.46756, lng: -97.516428 };
const straightMiles = metresToMiles(wgs84Meters(DALLAS, OKC));

interface LegSpec {
  ratio: number;
  gap?: boolean;
  status?: string;
  method?: string | null;
  /** Also kept GLE figures for the trip, at this ratio (Samsara's count: the first provider). */
  gleRatio?: number;
}

/** A company whose trucks drove Dallas → Oklahoma City once per leg spec, with kept Samsara figures. */
async function companyWithLegs(legs: LegSpec[]) {
  const company = await createCompanyRow(ctx.db);
  const truck = await createTruckRow(ctx.db, { companyId: company.id });
  const driver = await createDriverRow(ctx.db, { truckId: truck.id });
  for (const [i, leg] of legs.entries()) {
    const trip = await createTripRow(ctx.db, { truckId: truck.id, driverId: driver.id, loadNumber: `CAL-${company.id}-${i}`, tripStatus: leg.status ?? 'COMPLETED' });
    await ctx.db.insert(tripStops).values([
      { tripId: trip.id, orderIndex: 0, address: 'Dallas, TX', latitude: DALLAS.lat, longitude: DALLAS.lng, stopType: 'PICKUP', loadStatus: 'EMPTY' },
      { tripId: trip.id, orderIndex: 1, address: 'Oklahoma City, OK', latitude: OKC.lat, longitude: OKC.lng, stopType: 'DELIVERY', loadStatus: 'LOADED' },
    ]);
    const miles = straightMiles * leg.ratio;
    const detail = {
      legs: [
        {
          toIndex: 1,
          stopId: null,
          stopType: 'DELIVERY',
          loadStatus: 'LOADED',
          miles,
          method: leg.method === undefined ? 'ODOMETER' : leg.method,
          otherMiles: null,
          otherMethod: null,
          differs: false,
          gap: leg.gap ?? false,
          reachedAt: null,
        },
      ],
    };
    await ctx.db.insert(tripMileStats).values({ tripId: trip.id, source: 'SAMSARA', loadedM: milesToMetres(miles), totalM: milesToMetres(miles), inputsKey: 'test', detail });
    if (leg.gleRatio !== undefined) {
      const gleMiles = straightMiles * leg.gleRatio;
      const gleDetail = { legs: [{ ...detail.legs[0]!, miles: gleMiles, method: 'GPS' }] };
      await ctx.db
        .insert(tripMileStats)
        .values({ tripId: trip.id, source: 'GLE', loadedM: milesToMetres(gleMiles), totalM: milesToMetres(gleMiles), inputsKey: 'test', detail: gleDetail });
    }
  }
  return { company, truck, driver };
}

/** 20 ratios 1.050, 1.055 … 1.145: median 1.0975, p25 1.07375, p75 1.12125 (linear interpolation). */
const twenty = Array.from({ length: 20 }, (_, i) => ({ ratio: 1.05 + i * 0.005 }));

describe('estimate calibration', () => {
  it('from 20 legs in a band the company factor is their median, with the sample size and the p25–p75 spread; 19 legs keep the defaults', async () => {
    // Besides the 20 usable legs: a gap, an unmeasured leg and a trip not completed, none counted;
    // GLE's figures of the same trips (ratio 1.3) give way to Samsara's.
    const calibrated = await companyWithLegs([
      ...twenty.map((leg) => ({ ...leg, gleRatio: 1.3 })),
      { ratio: 2, gap: true },
      { ratio: 2, method: null },
      { ratio: 2, status: 'IN_TRANSIT' },
    ]);
    const short = await companyWithLegs(twenty.slice(0, MIN_CALIBRATION_LEGS - 1));
    await calibrateEstimates(ctx.db);

    const [row] = await ctx.db.select().from(estimateCalibration).where(eq(estimateCalibration.companyId, calibrated.company.id));
    expect(row).toMatchObject({ band: 'LONG', sampleSize: 20 });
    expect(row!.factor).toBeCloseTo(1.0975, 6);
    expect(row!.p25).toBeCloseTo(1.07375, 6);
    expect(row!.p75).toBeCloseTo(1.12125, 6);
    expect((await calibrationOf(ctx.db, calibrated.company.id)).LONG?.factor).toBeCloseTo(1.0975, 6);

    // 19 legs: the sample is kept (with its median of 1.095) but the estimate does not use it.
    const [few] = await ctx.db.select().from(estimateCalibration).where(eq(estimateCalibration.companyId, short.company.id));
    expect(few).toMatchObject({ band: 'LONG', sampleSize: 19 });
    expect(await calibrationOf(ctx.db, short.company.id)).toEqual({});
  });

  it('a trip estimated for a calibrated company uses its factor and says so; an uncalibrated one the default bands', async () => {
    const calibrated = await companyWithLegs(twenty);
    const short = await companyWithLegs(twenty.slice(0, 19));
    await calibrateEstimates(ctx.db);

    const save = async (truckId: number, driverId: number) => {
      const res = await call(ctx.app, {
        method: 'POST',
        url: '/api/v1/trips',
        token,
        payload: {
          truckId,
          driverId,
          identifierType: 'LOAD_NUMBER',
          identifierValue: `LD-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
          tripStatus: 'UPCOMING',
          pickupDateTime: '11/20/2026 08:30:00',
          tripStops: [
            { address: 'Dallas, TX', latitude: DALLAS.lat, longitude: DALLAS.lng, stopType: 'PICKUP', orderIndex: 0 },
            { address: 'Oklahoma City, OK', latitude: OKC.lat, longitude: OKC.lng, stopType: 'DELIVERY', orderIndex: 1 },
          ],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const id = res.json().data.id as number;
      const [trip] = await ctx.db
        .select({ id: trips.id, routeSource: trips.routeSource, basis: trips.routeEstimateBasis, total: trips.routeTotalM })
        .from(trips)
        .where(eq(trips.id, id));
      return trip!;
    };

    const own = await save(calibrated.truck.id, calibrated.driver.id);
    expect(own.routeSource).toBe('ESTIMATE');
    expect(metresToMiles(own.total!)).toBeCloseTo(straightMiles * 1.0975, 3);
    expect(own.basis).toMatchObject({ kind: 'COMPANY', band: 'LONG', sampleSize: 20 });

    const fallback = await save(short.truck.id, short.driver.id);
    expect(fallback.routeSource).toBe('ESTIMATE');
    expect(fallback.total).toBeCloseTo(estimateLeg(DALLAS, OKC, 'PRACTICAL', 50).distance, 3);
    // Dallas → Oklahoma City is ~191 straight miles: the fitted 100–500 mi default.
    expect(metresToMiles(fallback.total!)).toBeCloseTo(straightMiles * DEFAULT_CIRCUITY.FROM_100.factor, 3);
    expect(fallback.basis).toEqual({ kind: 'DEFAULT', band: 'FROM_100', factor: DEFAULT_CIRCUITY.FROM_100.factor, sampleSize: null, p25: null, p75: null });

    // The trip's detail and the routing preview carry the basis; the screens say it in words.
    const detail = (await call(ctx.app, { method: 'GET', url: `/api/v1/trips/${fallback.id}`, token })).json().data;
    expect(estimateBasisText(detail.routeEstimateBasis)).toBe('default × 1.22 for 100–500 mi (fitted on road miles between US cities)');
    const mine = (await call(ctx.app, { method: 'GET', url: `/api/v1/trips/${own.id}`, token })).json().data;
    expect(estimateBasisText(mine.routeEstimateBasis)).toMatch(/^× 1\.10 from 20 of your legs \(middle half \d\.\d\d–\d\.\d\d\)$/);
    const preview = await call(ctx.app, { method: 'POST', url: '/api/v1/routing/routes', token, payload: { stops: [DALLAS, OKC], routingMode: 'PRACTICAL', trailer: true } });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().data.estimateBasis).toMatchObject({ kind: 'DEFAULT', band: 'FROM_100' });
  });

  it('a basis stored before the fitted bands (DEFAULT × 1.25, band LONG) is still served and said', async () => {
    const { truck, driver } = await companyWithLegs([]);
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/v1/trips',
      token,
      payload: {
        truckId: truck.id,
        driverId: driver.id,
        identifierType: 'LOAD_NUMBER',
        identifierValue: `LD-${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
        tripStatus: 'UPCOMING',
        pickupDateTime: '11/20/2026 08:30:00',
        tripStops: [
          { address: 'Dallas, TX', latitude: DALLAS.lat, longitude: DALLAS.lng, stopType: 'PICKUP', orderIndex: 0 },
          { address: 'Oklahoma City, OK', latitude: OKC.lat, longitude: OKC.lng, stopType: 'DELIVERY', orderIndex: 1 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().data.id as number;
    const legacy = { kind: 'DEFAULT', band: 'LONG', factor: 1.25, sampleSize: null, p25: null, p75: null };
    await ctx.db.update(trips).set({ routeEstimateBasis: legacy }).where(eq(trips.id, id));
    const detail = await call(ctx.app, { method: 'GET', url: `/api/v1/trips/${id}`, token });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.routeEstimateBasis).toEqual(legacy);
    expect(estimateBasisText(detail.json().data.routeEstimateBasis)).toBe('default × 1.25 from 25 mi');
  });

  it('the daily job computes the calibration at start when none is fresh, and is scheduled every day', async () => {
    await ctx.db.delete(estimateCalibration);
    const { company } = await companyWithLegs(twenty);
    const jobs = await testJobs(ctx.database, ctx.config, ctx.secretKey);
    try {
      await expect
        .poll(async () => (await ctx.db.select().from(estimateCalibration).where(eq(estimateCalibration.companyId, company.id)))[0]?.sampleSize, { timeout: 20_000, interval: 250 })
        .toBe(20);
      const schedules = (await ctx.db.execute(sql`select name, cron from pgboss.schedule`)) as unknown as { rows: { name: string; cron: string }[] };
      expect(schedules.rows).toContainEqual({ name: CALIBRATION_QUEUE, cron: CALIBRATION_CRON });
      // The start-up jobs (backfills) finish before the queue stops, so none fails on a closed pool.
      const active = async () =>
        (
          (await ctx.db.execute(sql`select count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active') and name <> ${CALIBRATION_QUEUE}`)) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]!.n;
      await expect.poll(active, { timeout: 20_000, interval: 250 }).toBe(0);
    } finally {
      await jobs.stop(2_000);
    }
  });
});
