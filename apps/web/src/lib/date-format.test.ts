import { formatCentral } from '@milepost/contracts/time';
import { describe, expect, it } from 'vitest';
import { DATE_FORMAT, DATE_TIME_FORMAT, dayToWire, formatDisplayDateTime, wireToDay } from './date-format';

describe('display dates in Central time', () => {
  it('shows DD.MM.YYYY HH:mm in Central time, standard and daylight time', () => {
    expect(formatDisplayDateTime('2026-03-05T03:00:00Z')).toBe('04.03.2026 21:00');
    expect(formatDisplayDateTime('2026-07-01T05:00:00.000Z')).toBe('01.07.2026 00:00');
    expect(formatDisplayDateTime(new Date('2026-12-31T23:59:59Z'), DATE_FORMAT)).toBe('31.12.2026');
    expect(formatDisplayDateTime('2026-01-01T05:59:00Z', 'HH:mm')).toBe('23:59');
  });

  it("shows a wire date (already Central) as written, whatever the browser's time zone", () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ['UTC', 'America/New_York', 'America/Los_Angeles', 'Asia/Tokyo']) {
        process.env.TZ = tz;
        expect(formatDisplayDateTime('11/27/2026 04:14:00'), tz).toBe('27.11.2026 04:14');
        expect(formatDisplayDateTime('03/08/2026 02:30:00', 'MM/dd/yyyy HH:mm:ss'), tz).toBe('03/08/2026 02:30:00');
      }
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('shows nothing for a missing or unreadable value', () => {
    for (const value of [null, undefined, '', 'not a date']) expect(formatDisplayDateTime(value)).toBe('');
  });

  it('writes what the date library wrote before, around midnight, the clock changes and new year', () => {
    const instants = [
      '2026-03-08T07:59:59Z',
      '2026-03-08T08:00:00Z',
      '2026-03-08T08:30:00Z', // spring forward, 02:00 CST → 03:00 CDT
      '2026-11-01T05:59:59Z',
      '2026-11-01T06:00:00Z',
      '2026-11-01T07:00:00Z', // fall back, 02:00 CDT → 01:00 CST
      '2025-12-31T23:30:00Z',
      '2026-01-01T05:00:00Z',
      '2026-01-01T06:00:00Z',
      '2024-02-29T12:00:00Z',
      '2020-01-01T00:00:00Z',
    ];
    // Every fifth hour of a year (and a minute more each time), too.
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 5 * 3_600_000 + 61_000) instants.push(new Date(t).toISOString());
    for (const iso of instants) {
      for (const pattern of [DATE_TIME_FORMAT, DATE_FORMAT, 'HH:mm', 'MM/dd/yyyy HH:mm:ss']) {
        expect(formatDisplayDateTime(iso, pattern), `${iso} ${pattern}`).toBe(formatCentral(iso, pattern));
      }
    }
  });

  it('turns a picked day into the wire and back', () => {
    expect(dayToWire('2026-03-01', false)).toBe('03/01/2026 00:00:00');
    expect(dayToWire('2026-03-01', true)).toBe('03/01/2026 23:59:59');
    expect(dayToWire('bad', true)).toBeUndefined();
    expect(wireToDay('03/20/2026 23:59:59')).toBe('2026-03-20');
    expect(wireToDay(undefined)).toBe('');
  });
});
