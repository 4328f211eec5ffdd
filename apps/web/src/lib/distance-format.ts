import { estimateBasisText, type EstimateBasisLike } from '@milepost/contracts/estimate-basis';
import { DECIMAL } from '@milepost/contracts/list-query';
import { PROVIDER_LABELS, PROVIDERS, type ProviderName } from '@milepost/contracts/providers';
import { groupDigits, metersTo, metresToMiles, milesToMetres, type DistanceUnit } from '@milepost/geo/units';

/**
 * The one way the product writes a distance (docs/decisions/README.md "Units"; issue "honest numbers"):
 * in the user's unit (miles or km, 1 decimal, grouped with spaces), and saying where it came
 * from — an estimate reads "≈ 812.4 mi est.", a routed or measured figure "812.4 mi".
 */

/** Where a figure came from. Only an estimate changes how it is written; the others name their source in titles. */
export type DistanceSource = 'HERE' | 'ESTIMATE' | ProviderName | 'ODOMETER' | 'GPS' | 'MANUAL';

export const UNIT_SUFFIX: Readonly<Record<DistanceUnit, string>> = { MILES: 'mi', KM: 'km' };

export const SOURCE_TITLES: Readonly<Record<DistanceSource, string>> = {
  HERE: 'Truck route from HERE',
  ESTIMATE: 'Estimate (no HERE route): straight-line distance × a road factor',
  ...(Object.fromEntries(PROVIDERS.map((p) => [p, `Measured along ${PROVIDER_LABELS[p]} GPS points`])) as Record<ProviderName, string>),
  ODOMETER: 'Odometer readings',
  GPS: 'Measured along GPS points',
  MANUAL: 'Entered by staff',
};

/**
 * An estimate's hover, wherever an estimated figure shows (components/estimate-figure.tsx): what it
 * was computed with — the company's learned factor and sample ("× 1.08 from 212 of your legs"),
 * else the default bands (docs/decisions/021-estimate-calibration.md) — with `note` said first.
 */
export function estimateHover(basis: EstimateBasisLike | null | undefined | typeof PER_TRIP, unit: DistanceUnit, note?: string): string {
  const made = basis === PER_TRIP ? PER_TRIP_TEXT : estimateBasisText(basis, unit);
  return `${note ? `${note} ` : ''}${SOURCE_TITLES.ESTIMATE}. ${made}`;
}

/** A sum over trips estimated each with its own factor (Reports): the hover sends to the trips. */
export const PER_TRIP = 'PER_TRIP';
const PER_TRIP_TEXT = "Each trip's factor (your company's own, or the default bands) is in its hover on the Trips list.";

/**
 * A mileage column's spec header; with KM the unit is said, so no kilometre passes for a mile:
 * the word Miles (or Mileage) becomes km — "TOTAL KM", "Payable km", "Loaded km" — and a header
 * without it gets "(km)" ("PU (km)"). Nothing reads "Miles (km)".
 */
export function mileageHeader(header: string, unit: DistanceUnit): string {
  if (unit !== 'KM') return header;
  if (!/\b(miles|mileage)\b/i.test(header)) return `${header} (km)`;
  return header.replace(/\b(miles|mileage)\b/gi, (word) => (word === word.toUpperCase() ? 'KM' : 'km'));
}

/** Just the number in the unit (for table cells whose header names the unit), e.g. "1 234.5". */
export function distanceNumber(meters: number, unit: DistanceUnit): string {
  return groupDigits(metersTo(meters, unit), 1);
}

/** "812.4 mi", "1 307.5 km", or for an estimate "≈ 812.4 mi est."; nothing at all reads "0 mi". */
export function distanceText(meters: number, unit: DistanceUnit, source?: DistanceSource | null): string {
  const number = distanceNumber(meters, unit);
  // Nothing to estimate: an estimated zero (the first stop's leg) reads "0 mi", not "≈ 0.0 mi est.".
  if (source === 'ESTIMATE' && (number === '0.0' || number === '-0.0')) return `0 ${UNIT_SUFFIX[unit]}`;
  const text = `${number} ${UNIT_SUFFIX[unit]}`;
  return source === 'ESTIMATE' ? `≈ ${text} est.` : text;
}

/** The same for a figure the API gives in miles (trip lists and mileage stats). */
export function milesText(miles: number, unit: DistanceUnit, source?: DistanceSource | null): string {
  return distanceText(milesToMetres(miles), unit, source);
}

/** A figure the API gives in miles, as the number a table cell shows in the user's unit ("1 307.5"); '—' for none. */
export function milesNumber(miles: number | null | undefined, unit: DistanceUnit): string {
  return miles === null || miles === undefined ? '—' : groupDigits(milesIn(miles, unit), 1);
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

/**
 * A figure staff enter (Loaded/Empty Miles, Payable Mileage, odometers) is answered by the API in
 * miles (kept in metres, docs/decisions/020-one-unit.md) and shown and typed in the user's unit
 * (docs/decisions/020-one-unit.md). Its field's text: '' for none, miles as answered, km to 0.1.
 */
export function manualFieldText(miles: number | null | undefined, unit: DistanceUnit): string {
  if (miles === null || miles === undefined) return '';
  return unit === 'KM' ? String(Math.round(milesIn(miles, 'KM') * 10) / 10) : String(miles);
}

/**
 * The miles to send for a field typed in the user's unit: blank is null, a text not in plain
 * decimal notation NaN (refused as not a number); a km figure that still
 * reads as the stored one gives the stored miles back (so opening and saving in km never changes
 * what a driver is paid), any other km figure is turned into miles to 6 decimals — the precision
 * the API answers typed figures in (metresToEnteredMiles) — so 100 km is kept as 100 000 m.
 */
export function manualFieldMiles(text: string, unit: DistanceUnit, stored: number | null = null): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  // Plain decimal notation only, as the API reads numbers (docs/decisions/009-input-types.md): "1e6" is not a number.
  const n = DECIMAL.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (unit !== 'KM' || !Number.isFinite(n)) return n;
  if (stored !== null && trimmed === manualFieldText(stored, unit)) return stored;
  return Math.round(metresToMiles(n * 1000) * 1e6) / 1e6;
}
