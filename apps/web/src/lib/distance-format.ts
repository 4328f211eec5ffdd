import { groupDigits, metersTo, milesToMetres, type DistanceUnit } from '@milepost/geo/units';

/**
 * The one way the product writes a distance (docs/decisions/README.md "Units"; issue "honest numbers"):
 * in the user's unit (miles or km, 1 decimal, grouped with spaces), and saying where it came
 * from — an estimate reads "≈ 812.4 mi est.", a routed or measured figure "812.4 mi".
 */

/** Where a figure came from. Only an estimate changes how it is written; the others name their source in titles. */
export type DistanceSource = 'HERE' | 'ESTIMATE' | 'SAMSARA' | 'GLE' | 'ODOMETER' | 'GPS' | 'MANUAL';

export const UNIT_SUFFIX: Readonly<Record<DistanceUnit, string>> = { MILES: 'mi', KM: 'km' };

export const SOURCE_TITLES: Readonly<Record<DistanceSource, string>> = {
  HERE: 'Truck route from HERE',
  ESTIMATE: 'Estimate: straight-line distance × road factor (no HERE route)',
  SAMSARA: 'Measured along Samsara GPS points',
  GLE: 'Measured along GLE GPS points',
  ODOMETER: 'Odometer readings',
  GPS: 'Measured along GPS points',
  MANUAL: 'Entered by staff',
};

/** A mileage column's spec header; with KM the unit is said, so no kilometre passes for a mile. */
export const mileageHeader = (header: string, unit: DistanceUnit) => (unit === 'KM' ? `${header} (km)` : header);

/** Just the number in the unit (for table cells whose header names the unit), e.g. "1 234.5". */
export function distanceNumber(meters: number, unit: DistanceUnit): string {
  return groupDigits(metersTo(meters, unit), 1);
}

/** "812.4 mi", "1 307.5 km", or for an estimate "≈ 812.4 mi est.". */
export function distanceText(meters: number, unit: DistanceUnit, source?: DistanceSource | null): string {
  const text = `${distanceNumber(meters, unit)} ${UNIT_SUFFIX[unit]}`;
  return source === 'ESTIMATE' ? `≈ ${text} est.` : text;
}

/** The same for a figure the API gives in miles (trip lists and mileage stats). */
export function milesText(miles: number, unit: DistanceUnit, source?: DistanceSource | null): string {
  return distanceText(milesToMetres(miles), unit, source);
}

/** A figure the API gives in miles, as a number in the user's unit (miles pass through unchanged). */
export function milesIn(miles: number, unit: DistanceUnit): number {
  return unit === 'KM' ? milesToMetres(miles) / 1000 : miles;
}

/** Hours to 2 decimals: "14.20 h" (an estimate's hours are estimates too: "≈ 14.20 h"). */
export function hoursText(seconds: number, source?: DistanceSource | null): string {
  const text = `${groupDigits(seconds / 3600, 2)} h`;
  return source === 'ESTIMATE' ? `≈ ${text}` : text;
}
