import { and, asc, count, eq, gt, gte, inArray, sql } from 'drizzle-orm';
import { wgs84Meters } from '@milepost/geo/distance';
import { bandOf, type Calibration, type EstimateBand } from '@milepost/geo/estimate';
import { metresToMiles } from '@milepost/geo/units';
import type { Db } from '../../db/client';
import { trucks } from '../../db/schema/reference';
import { estimateCalibration } from '../../db/schema/routing';
import { tripMileStats } from '../../db/schema/telematics';
import { tripStops, trips } from '../../db/schema/trips';
import { PROVIDERS, providerRank } from '../telematics';

/**
 * An estimate that learns (docs/decisions/021-estimate-calibration.md): per company and distance
 * band, the circuity factor of its own completed legs — the median of actual ÷ great-circle over
 * the legs its telematics measured — with the sample size and the spread (p25–p75). A band is used
 * by the estimate only from MIN_CALIBRATION_LEGS legs on; below, the default bands apply.
 */
export const MIN_CALIBRATION_LEGS = 20;
/** Legs whose straight line is shorter than this tell nothing about the roads (a yard move). */
const MIN_STRAIGHT_MILES = 1;
/** Ratios outside these bounds are measurement faults (a stop never reached, a GPS jump), not roads. */
const MIN_RATIO = 1;
const MAX_RATIO = 3;
/** Trips read at a time: the scan never holds the whole table in memory. */
const BATCH = 500;

interface KeptLeg {
  toIndex: number;
  miles: number | null;
  method: string | null;
  gap: boolean;
}

/**
 * Computes every company's calibration again from the stored figures, in one transaction: the
 * completed trips' kept telematics legs (the first provider's in PROVIDERS order — `trip_mile_stats`) are read a
 * batch of trips at a time, each leg's ratio to the WGS84 distance of its stops goes into a
 * temporary table, and the median and quartiles are taken by PostgreSQL. Companies whose legs are
 * gone lose their rows. Answers the rows written.
 */
export async function calibrateEstimates(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`CREATE TEMP TABLE estimate_calibration_ratios (company_id integer NOT NULL, band text NOT NULL, ratio double precision NOT NULL) ON COMMIT DROP`);
    let after = 0;
    for (;;) {
      // One kept figure per trip, the first provider in PROVIDERS order: the
      // reports' actual source (modules/telematics/sources.ts).
      const batch = await tx
        .selectDistinctOn([tripMileStats.tripId], { tripId: tripMileStats.tripId, companyId: trucks.companyId, legs: sql<KeptLeg[] | null>`${tripMileStats.detail} -> 'legs'` })
        .from(tripMileStats)
        .innerJoin(trips, eq(trips.id, tripMileStats.tripId))
        .innerJoin(trucks, eq(trucks.id, trips.truckId))
        .where(and(gt(tripMileStats.tripId, after), eq(trips.tripStatus, 'COMPLETED'), inArray(tripMileStats.source, [...PROVIDERS]), sql`${trucks.companyId} IS NOT NULL`))
        .orderBy(asc(tripMileStats.tripId), providerRank(tripMileStats.source))
        .limit(BATCH);
      if (!batch.length) break;
      after = batch.at(-1)!.tripId;
      const stops = await tx
        .select({ tripId: tripStops.tripId, orderIndex: tripStops.orderIndex, lat: tripStops.latitude, lng: tripStops.longitude })
        .from(tripStops)
        .where(
          inArray(
            tripStops.tripId,
            batch.map((t) => t.tripId),
          ),
        );
      const at = new Map(stops.map((s) => [`${s.tripId}:${s.orderIndex}`, s]));
      const rows: { companyId: number; band: EstimateBand; ratio: number }[] = [];
      for (const t of batch) {
        for (const leg of Array.isArray(t.legs) ? t.legs : []) {
          if (leg.miles === null || leg.gap || (leg.method !== 'ODOMETER' && leg.method !== 'GPS')) continue;
          const from = at.get(`${t.tripId}:${leg.toIndex - 1}`);
          const to = at.get(`${t.tripId}:${leg.toIndex}`);
          if (!from || !to) continue;
          const straight = wgs84Meters(from, to);
          const straightMiles = metresToMiles(straight);
          if (straightMiles < MIN_STRAIGHT_MILES) continue;
          const ratio = leg.miles / straightMiles;
          if (ratio < MIN_RATIO || ratio > MAX_RATIO) continue;
          rows.push({ companyId: t.companyId!, band: bandOf(straight), ratio });
        }
      }
      if (rows.length) {
        const values = sql.join(
          rows.map((r) => sql`(${r.companyId}::integer, ${r.band}::text, ${r.ratio}::double precision)`),
          sql`, `,
        );
        await tx.execute(sql`INSERT INTO estimate_calibration_ratios (company_id, band, ratio) VALUES ${values}`);
      }
      if (batch.length < BATCH) break;
    }
    await tx.delete(estimateCalibration);
    await tx.execute(sql`
      INSERT INTO estimate_calibration (company_id, band, factor, sample_size, p25, p75, computed_at)
      SELECT company_id, band,
        percentile_cont(0.5) WITHIN GROUP (ORDER BY ratio),
        count(*)::integer,
        percentile_cont(0.25) WITHIN GROUP (ORDER BY ratio),
        percentile_cont(0.75) WITHIN GROUP (ORDER BY ratio),
        now()
      FROM estimate_calibration_ratios
      GROUP BY company_id, band`);
    const [written] = await tx.select({ n: count() }).from(estimateCalibration);
    return written?.n ?? 0;
  });
}

/** The company's usable bands (at least MIN_CALIBRATION_LEGS legs); empty without a company or calibration. */
export async function calibrationOf(db: Db, companyId: number | null | undefined): Promise<Calibration> {
  if (companyId == null) return {};
  const rows = await db
    .select()
    .from(estimateCalibration)
    .where(and(eq(estimateCalibration.companyId, companyId), gte(estimateCalibration.sampleSize, MIN_CALIBRATION_LEGS)));
  const calibration: Calibration = {};
  for (const r of rows) calibration[r.band as EstimateBand] = { factor: r.factor, sampleSize: r.sampleSize, p25: r.p25, p75: r.p75 };
  return calibration;
}

/** True when no calibration was computed within the last day (the job runs at start then). */
export async function calibrationDue(db: Db): Promise<boolean> {
  const [row] = await db.select({ latest: sql<string | null>`max(${estimateCalibration.computedAt})` }).from(estimateCalibration);
  return !row?.latest || Date.now() - new Date(row.latest).getTime() > 24 * 3600 * 1000;
}
