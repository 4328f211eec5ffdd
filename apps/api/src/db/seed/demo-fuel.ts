import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { fuelPurchases, iftaRateQuarters, iftaRates } from '../schema/ifta';
import { tripStateMiles } from '../schema/trip-statistics';
import { IFTA_MEMBERS } from '@milepost/contracts/ifta-api';
import { metresToMiles } from '@milepost/geo/units';

/**
 * Demo diesel rates per IFTA jurisdiction, US dollars per gallon, with a surcharge in KY. Figures
 * of the right size for the demo's return, not any quarter's published rates: a carrier imports
 * IFTA, Inc.'s matrix (docs/ifta.md "The rate matrix file").
 */
const DEMO_RATES: Record<string, number> = {
  AL: 0.3, AZ: 0.27, AR: 0.285, CA: 0.97, CO: 0.325, CT: 0.49, DE: 0.22, FL: 0.38, GA: 0.36, ID: 0.32, IL: 0.739, IN: 0.61,
  IA: 0.325, KS: 0.26, KY: 0.246, LA: 0.2, ME: 0.312, MD: 0.47, MA: 0.24, MI: 0.31, MN: 0.31, MS: 0.18, MO: 0.245, MT: 0.2975,
  NE: 0.314, NV: 0.27, NH: 0.222, NJ: 0.5, NM: 0.21, NY: 0.42, NC: 0.404, ND: 0.23, OH: 0.47, OK: 0.19, OR: 0.4, PA: 0.785,
  RI: 0.38, SC: 0.28, SD: 0.28, TN: 0.27, TX: 0.2, UT: 0.385, VT: 0.32, VA: 0.31, WA: 0.494, WV: 0.357, WI: 0.329, WY: 0.24,
  AB: 0.394, BC: 0.741, MB: 0.424, NB: 0.53, NL: 0.64, NS: 0.47, ON: 0.433, PE: 0.458, QC: 0.612, SK: 0.455,
}; // prettier-ignore
const DEMO_SURCHARGES: Record<string, number> = { KY: 0.1 };
const VENDORS = ['Pilot #412', "Love's #301", 'TA #12', 'Petro #88', 'Flying J #645', 'Speedway #7'] as const;

/**
 * A quarter of fuel and its rates for the demo (docs/ifta.md "Demo"): for each leg of a demo trip
 * in a state (its counted split, 40 miles or more), one purchase there six hours after the pickup,
 * of the miles at 5.8 to 7.2 MPG (at most 300 gallons), at $3.89 a gallon; and the demo rates for
 * every quarter the trips fall in. Runs in the seed's transaction after the trips.
 */
export async function seedDemoFuel(db: Db) {
  const s = tripStateMiles;
  const legs = (await db.execute(sql`
    select ${s.tripId} as trip_id, ${s.truckId} as truck_id, ${s.state} as state, ${s.metres} as metres, ${s.pickupDateTime} as pickup,
      to_char(${s.pickupDateTime} at time zone 'America/Chicago', 'YYYY"Q"Q') as quarter
    from ${s} where ${s.best} and not ${s.cancelled}
    order by 1, 3`)) as unknown as { rows: { trip_id: number; truck_id: number; state: string; metres: number; pickup: string | Date; quarter: string }[] };
  const purchases = [];
  const quarters = new Set<string>();
  for (const leg of legs.rows) {
    quarters.add(leg.quarter);
    const miles = metresToMiles(Number(leg.metres));
    if (!IFTA_MEMBERS.has(leg.state) || miles < 40) continue;
    const mpg = 5.8 + ((Number(leg.trip_id) * 37) % 15) / 10;
    const gallons = Math.min(300, Math.round((miles / mpg) * 1000) / 1000);
    purchases.push({
      truckId: Number(leg.truck_id),
      purchasedAt: new Date(new Date(leg.pickup).getTime() + 6 * 3_600_000),
      jurisdiction: leg.state,
      gallons: gallons.toFixed(3),
      amountCents: Math.round(gallons * 389),
      vendor: VENDORS[Number(leg.trip_id) % VENDORS.length]!,
      city: null,
    });
  }
  for (let i = 0; i < purchases.length; i += 1000)
    await db
      .insert(fuelPurchases)
      .values(purchases.slice(i, i + 1000))
      .onConflictDoNothing();
  for (const quarter of quarters) {
    await db.insert(iftaRateQuarters).values({ quarter, version: 1 }).onConflictDoNothing();
    await db
      .insert(iftaRates)
      .values(
        Object.entries(DEMO_RATES).map(([jurisdiction, rate]) => ({
          quarter,
          jurisdiction,
          ratePerGallon: rate.toFixed(4),
          surchargePerGallon: (DEMO_SURCHARGES[jurisdiction] ?? 0).toFixed(4),
        })),
      )
      .onConflictDoNothing();
  }
}
