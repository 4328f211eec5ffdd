/** Distances are stored in metres and durations in seconds; shown in miles or km. */
export const METERS_TO_MILES = 0.000621371;

export type DistanceUnit = 'MILES' | 'KM';

export function metersTo(meters: number, unit: DistanceUnit): number {
  return unit === 'KM' ? meters / 1000 : meters * METERS_TO_MILES;
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
