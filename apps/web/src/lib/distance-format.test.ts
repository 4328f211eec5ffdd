import { describe, expect, it } from 'vitest';
import { milesToMetres } from '@milepost/geo/units';
import { distanceNumber, distanceText, estimateHover, hoursText, manualFieldMiles, manualFieldText, mileageHeader, milesText } from './distance-format';

describe('distanceText', () => {
  it('says where a figure came from: an estimate reads "≈ … est.", a routed one plain', () => {
    const meters = milesToMetres(812.4);
    expect(distanceText(meters, 'MILES', 'HERE')).toBe('812.4 mi');
    expect(distanceText(meters, 'MILES', 'ESTIMATE')).toBe('≈ 812.4 mi est.');
    expect(distanceText(meters, 'MILES')).toBe('812.4 mi');
  });

  it('follows the unit: miles (×0.000621371) or km, one decimal, grouped with spaces', () => {
    expect(distanceText(1_307_450, 'KM', 'HERE')).toBe('1 307.5 km');
    expect(distanceText(1_307_450, 'KM', 'ESTIMATE')).toBe('≈ 1 307.5 km est.');
    expect(distanceText(2_000_000, 'MILES')).toBe('1 242.7 mi');
    expect(distanceNumber(2_000_000, 'KM')).toBe('2 000.0');
  });

  it('converts figures the API gives in miles', () => {
    expect(milesText(100, 'MILES', 'HERE')).toBe('100.0 mi');
    expect(milesText(100, 'KM', 'HERE')).toBe('160.9 km');
    expect(milesText(100, 'KM', 'ESTIMATE')).toBe('≈ 160.9 km est.');
  });

  it('writes hours to 2 decimals, estimates marked', () => {
    expect(hoursText(51_120)).toBe('14.20 h');
    expect(hoursText(51_120, 'ESTIMATE')).toBe('≈ 14.20 h');
  });

  it('an estimated zero reads "0 mi", not "≈ 0.0 mi est."', () => {
    expect(distanceText(0, 'MILES', 'ESTIMATE')).toBe('0 mi');
    expect(distanceText(20, 'KM', 'ESTIMATE')).toBe('0 km');
    expect(distanceText(0, 'MILES', 'HERE')).toBe('0.0 mi');
    expect(distanceText(200, 'MILES', 'ESTIMATE')).toBe('≈ 0.1 mi est.');
  });
});

describe('mileageHeader', () => {
  it('says km instead of Miles in KM mode, and never "Miles (km)"', () => {
    expect(['Miles', 'TOTAL MILES', 'Payable Mileage', 'Loaded Miles', 'Total Empty', 'PU'].map((h) => mileageHeader(h, 'KM'))).toEqual([
      'km',
      'TOTAL KM',
      'Payable km',
      'Loaded km',
      'Total Empty (km)',
      'PU (km)',
    ]);
    expect(mileageHeader('TOTAL MILES', 'MILES')).toBe('TOTAL MILES');
  });
});

describe('manual figures in the unit shown', () => {
  it('shows stored miles in km to 0.1, stores typed km as miles, and an untouched km figure as the stored miles', () => {
    expect(manualFieldText(835.7, 'KM')).toBe('1344.9');
    expect(manualFieldText(835.7, 'MILES')).toBe('835.7');
    expect(manualFieldText(null, 'KM')).toBe('');
    expect(manualFieldMiles('1344.9', 'KM', 835.7)).toBe(835.7);
    expect(manualFieldMiles('1000', 'KM', 835.7)).toBe(621.371);
    // Kept in metres by the API (miles × 1 609.344): 1 000 km is 1 000 000 m, to the millimetre.
    expect(milesToMetres(manualFieldMiles('1000', 'KM')!)).toBeCloseTo(1_000_000, 0);
    expect(milesToMetres(manualFieldMiles('0.1', 'KM')!)).toBeCloseTo(100, 2);
    expect(manualFieldMiles('', 'KM', 835.7)).toBeNull();
    expect(manualFieldMiles('400.5', 'MILES', 835.7)).toBe(400.5);
  });
});

describe('estimateHover', () => {
  it("names the company's learned factor and sample, else the default bands in the user's unit", () => {
    const company = { kind: 'COMPANY', band: 'LONG', factor: 1.08, sampleSize: 212, p25: null, p75: null } as const;
    expect(estimateHover(company, 'MILES')).toContain('× 1.08 from 212 of your legs');
    expect(estimateHover(null, 'MILES')).toContain('× 1.25 under 100 mi, × 1.22 for 100–500 mi, × 1.22 from 500 mi');
    expect(estimateHover(null, 'KM')).toContain('× 1.25 under 161 km, × 1.22 for 161–805 km, × 1.22 from 805 km');
    expect(estimateHover(null, 'KM')).not.toMatch(/\bmi\b/);
    expect(estimateHover(null, 'MILES', '3 of 12 trips estimated.')).toMatch(/^3 of 12 trips estimated\. Estimate \(no HERE route\)/);
  });
});
