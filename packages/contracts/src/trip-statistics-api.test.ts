import { describe, expect, it } from 'vitest';
import { formatCentral, formatWireDateTime, parseCentral } from './time';
import { periodOf, periodOnWire, tripStatisticsExportQuery, tripStatisticsRangeQuery } from './trip-statistics-api';

const bounds = (p: { from: Date; to: Date }) => [formatWireDateTime(p.from), formatWireDateTime(p.to), Math.round((p.to.getTime() - p.from.getTime()) / 3_600_000)];

describe('report periods (Central time, weeks from Monday)', () => {
  it('a week that loses an hour to DST is 167 hours long, one that gains an hour 169', () => {
    expect(periodOf('WEEKLY', '2026-03-02')).toMatchObject({ periodGroup: '03/02/2026 - 03/08/2026' });
    expect(bounds(periodOf('WEEKLY', '2026-03-02'))).toEqual(['03/02/2026 00:00:00', '03/08/2026 23:59:59', 167]);
    expect(bounds(periodOf('WEEKLY', '2026-10-26'))).toEqual(['10/26/2026 00:00:00', '11/01/2026 23:59:59', 169]);
    expect(periodOf('WEEKLY', '2026-03-02').from.toISOString()).toBe('2026-03-02T06:00:00.000Z'); // CST
    expect(periodOf('WEEKLY', '2026-03-09').from.toISOString()).toBe('2026-03-09T05:00:00.000Z'); // CDT
  });
  it('weeks, months and years across the year end', () => {
    expect(periodOf('WEEKLY', '2026-12-28').periodGroup).toBe('12/28/2026 - 01/03/2027');
    expect(bounds(periodOf('WEEKLY', '2026-12-28')).slice(0, 2)).toEqual(['12/28/2026 00:00:00', '01/03/2027 23:59:59']);
    expect(periodOf('MONTHLY', '2026-12-01')).toMatchObject({ periodGroup: 'Dec 2026' });
    expect(bounds(periodOf('MONTHLY', '2026-12-01'))).toEqual(['12/01/2026 00:00:00', '12/31/2026 23:59:59', 744]);
    expect(bounds(periodOf('MONTHLY', '2026-11-01'))).toEqual(['11/01/2026 00:00:00', '11/30/2026 23:59:59', 721]);
    expect(periodOf('YEARLY', '2026-01-01').periodGroup).toBe('2026');
    expect(periodOf('YEARLY', '2026-01-01').to.toISOString()).toBe('2027-01-01T05:59:59.999Z');
    expect(bounds(periodOf('DAILY', '2026-03-08'))).toEqual(['03/08/2026 00:00:00', '03/08/2026 23:59:59', 23]);
  });
  it('labels and bounds by calendar arithmetic agree with the time-zone database on every day of two years', () => {
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2028, 0, 1); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      const midnight = parseCentral(`${day.slice(5, 7)}/${day.slice(8)}/${day.slice(0, 4)} 00:00:00`)!;
      const p = periodOnWire('DAILY', day);
      expect(p.periodStart).toBe(formatWireDateTime(midnight));
      // The day's last second: the next Central midnight minus one second (23, 24 or 25 hours later).
      const next = parseCentral(formatCentral(new Date(midnight.getTime() + 26 * 3_600_000), 'MM/dd/yyyy 00:00:00'))!;
      expect(p.periodEnd, day).toBe(formatWireDateTime(new Date(next.getTime() - 1000)));
      expect(p.periodGroup).toBe(formatCentral(midnight, 'MM/dd/yyyy'));
    }
    expect(periodOnWire('MONTHLY', '2028-02-01')).toEqual({ periodGroup: 'Feb 2028', periodStart: '02/01/2028 00:00:00', periodEnd: '02/29/2028 23:59:59' });
    expect(periodOnWire('YEARLY', '2027-01-01')).toEqual({ periodGroup: '2027', periodStart: '01/01/2027 00:00:00', periodEnd: '12/31/2027 23:59:59' });
  });
  it('queries: a range must not run backwards; the export needs a period type or both dates', () => {
    expect(tripStatisticsRangeQuery.safeParse({ fromDate: '01/02/2026 00:00:00', toDate: '01/01/2026 00:00:00' }).success).toBe(false);
    expect(tripStatisticsRangeQuery.safeParse({ fromDate: '01/01/2026 00:00:00', toDate: '01/01/2026 00:00:00' }).success).toBe(true);
    expect(tripStatisticsExportQuery.safeParse({ periodType: 'MONTHLY' }).success).toBe(true);
    expect(tripStatisticsExportQuery.safeParse({ fromDate: '01/01/2026 00:00:00' }).success).toBe(false);
    expect(tripStatisticsExportQuery.safeParse({}).success).toBe(false);
  });
});
