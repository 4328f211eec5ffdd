/**
 * One unit inside Milepost: distances in metres, durations in seconds — in the database, the
 * engine and between modules. Miles (or km) exist only at the edges: the spec's mile fields on
 * the wire, the screens and CSV (docs/decisions/020-one-unit.md). Every conversion between
 * metres and miles goes through this pair, with the spec's factor.
 */

/** The spec's metres-to-miles factor (01-trips-routes-shell.md, "Meters to miles factor 0.000621371"). */
const MILES_PER_METRE = 0.000621371;

/** Metres to miles, at full precision. */
export const metresToMiles = (metres: number): number => metres * MILES_PER_METRE;

/** Miles to metres, the exact inverse of `metresToMiles` (a figure converted there and back is the figure again, to the last bits). */
export const milesToMetres = (miles: number): number => miles / MILES_PER_METRE;

/**
 * A figure staff typed in miles (empty, loaded, payable miles, odometers), stored in metres, back
 * in miles as typed: rounded to 6 decimals (about 1.6 mm), so 432.6 reads 432.6 and not
 * 432.59999999999997. Figures we compute are not rounded (the screens round them).
 */
export const metresToEnteredMiles = (metres: number): number => Math.round(metresToMiles(metres) * 1e6) / 1e6;

export type DistanceUnit = 'MILES' | 'KM';

export function metersTo(meters: number, unit: DistanceUnit): number {
  return unit === 'KM' ? meters / 1000 : metresToMiles(meters);
}

/** Groups thousands with spaces, as the spec shows numbers: 12 345.6 */
export function groupDigits(value: number, decimals: number): string {
  const [int, frac] = Math.abs(value).toFixed(decimals).split('.');
  const grouped = int!.replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${value < 0 && Number(value.toFixed(decimals)) !== 0 ? '-' : ''}${grouped}${frac ? `.${frac}` : ''}`;
}

/** A difference to 1 decimal with its sign, grouped: '+12.3' / '-4.0' / '0.0' (Mileage Report, Reports). */
export const signedMiles = (d: number) => `${d > 0 ? '+' : ''}${groupDigits(d, 1)}`;

/** Miles (or km) to 1 decimal, grouped. */
export const formatDistance = (meters: number, unit: DistanceUnit = 'MILES') => groupDigits(metersTo(meters, unit), 1);

/** Hours to 2 decimals. */
export const formatHours = (seconds: number) => groupDigits(seconds / 3600, 2);
