import { describe, expect, it } from 'vitest';
import { periodSearch } from './period-dates';

describe('a period’s dates', () => {
  // Sunday 1 March 2026, 04:00 UTC = Saturday 28 February 22:00 CST.
  const now = new Date('2026-03-01T04:00:00Z');
  it('fills the Central week, month or year around now', () => {
    expect(periodSearch('WEEKLY', now)).toEqual({ periodType: 'WEEKLY', fromDate: '02/23/2026 00:00:00', toDate: '03/01/2026 23:59:59' });
    expect(periodSearch('MONTHLY', now)).toEqual({ periodType: 'MONTHLY', fromDate: '02/01/2026 00:00:00', toDate: '02/28/2026 23:59:59' });
    expect(periodSearch('YEARLY', now)).toEqual({ periodType: 'YEARLY', fromDate: '01/01/2026 00:00:00', toDate: '12/31/2026 23:59:59' });
  });
});
