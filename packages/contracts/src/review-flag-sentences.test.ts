import { milesToMetres } from '@milepost/geo/units';
import { describe, expect, it } from 'vitest';
import { flagSentence, type ReviewFlagParams } from './review-flag-sentences';

const m = milesToMetres;

/** Each flag's figures (metres) with its miles sentence (docs/mileage-review.md "Flags") and its km sentence. */
const CASES: [string, ReviewFlagParams, string, string][] = [
  [
    'OVER_TOLERANCE',
    { provider: 'GPS', actualM: m(139.4), routedM: m(136.7), differencePct: 1.98, tolerancePct: 1 },
    'GPS 139.4 mi is 2 % over routed 136.7 mi (tolerance 1 %)',
    'GPS 224.3 km is 2 % over routed 220.0 km (tolerance 1 %)',
  ],
  [
    'OVER_TOLERANCE',
    { provider: 'GPS', actualM: m(1000), routedM: m(1154.1), differencePct: -13.35, tolerancePct: 2.5 },
    'GPS 1,000.0 mi is 13.4 % under routed 1,154.1 mi (tolerance 2.5 %)',
    'GPS 1,609.3 km is 13.4 % under routed 1,857.3 km (tolerance 2.5 %)',
  ],
  [
    'PARTIAL_GPS',
    { provider: 'GPS', legsMeasured: 1, legs: 3, actualM: m(169.5), routedM: m(858) },
    'GPS measured 1 of 3 legs: 169.5 of 858.0 mi',
    'GPS measured 1 of 3 legs: 272.8 of 1,380.8 km',
  ],
  ['PARTIAL_GPS', { provider: 'GPS', legsMeasured: 0, legs: 2, actualM: 0, routedM: null }, 'GPS measured 0 of 2 legs: 0.0 mi', 'GPS measured 0 of 2 legs: 0.0 km'],
  [
    'GPS_GAP',
    { from: 'Joliet, IL', to: 'Tulsa, OK', legM: m(38) },
    'GPS gap on the 38.0 mi leg between Joliet, IL and Tulsa, OK',
    'GPS gap on the 61.2 km leg between Joliet, IL and Tulsa, OK',
  ],
  ['GPS_GAP', { from: 'Joliet, IL', to: 'Tulsa, OK', legM: null }, 'GPS gap on the leg between Joliet, IL and Tulsa, OK', 'GPS gap on the leg between Joliet, IL and Tulsa, OK'],
  [
    'ODOMETER_GPS_DISAGREE',
    { from: 'Chicago, IL', to: 'Joliet, IL', odometerM: m(43.5), gpsM: m(40.1) },
    'Odometer 43.5 mi and GPS 40.1 mi disagree between Chicago, IL and Joliet, IL',
    'Odometer 70.0 km and GPS 64.5 km disagree between Chicago, IL and Joliet, IL',
  ],
  [
    'STOP_PASSED_NEAR',
    { provider: 'GPS', passedM: m(1.2), place: 'Milwaukee, WI', stop: 3, radiusM: m(0.3) },
    'The GPS track passed 1.2 mi from Milwaukee, WI (stop 3); radius 0.3 mi',
    'The GPS track passed 1.9 km from Milwaukee, WI (stop 3); radius 0.5 km',
  ],
  [
    'STOP_NOT_REACHED',
    { provider: 'GPS', place: 'Tulsa, OK', stop: 3 },
    "The truck's GPS track never reached Tulsa, OK (stop 3)",
    "The truck's GPS track never reached Tulsa, OK (stop 3)",
  ],
  ['NO_TELEMATICS', { integration: 'Samsara' }, 'No GPS track for this trip although the company runs Samsara', 'No GPS track for this trip although the company runs Samsara'],
  ['ESTIMATE_ONLY', { estimate: true }, 'Routed miles are an estimate and there is no GPS track', 'Routed miles are an estimate and there is no GPS track'],
];

describe('flagSentence: a flag in miles or km from its figures, never from its text', () => {
  it.each(CASES)('%s in miles and km', (code, params, miles, km) => {
    expect(flagSentence(code, params, 'MILES')).toBe(miles);
    expect(flagSentence(code, params, 'KM')).toBe(km);
  });

  it('the km sentence follows the figures, not numbers in the place names', () => {
    // A place whose name holds "5 mi" is left alone: only the figures are converted.
    const km = flagSentence('GPS_GAP', { from: 'Exit 5 mi Rd, TX', to: 'Austin, TX', legM: m(10) }, 'KM');
    expect(km).toBe('GPS gap on the 16.1 km leg between Exit 5 mi Rd, TX and Austin, TX');
  });
});
