import { milesToMetres } from '@milepost/geo/units';
import { describe, expect, it } from 'vitest';
import { distanceNumber, distanceText, hoursText, milesText } from './distance-format';

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
});
