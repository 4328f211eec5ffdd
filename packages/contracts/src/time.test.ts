import { describe, expect, it } from 'vitest';
import { centralDateTime, formatWireDateTime, optionalCentralDateTime, parseCentral, periodRange } from './time';

describe('Central time on the wire', () => {
  it('parses and formats MM/DD/YYYY HH:mm:ss in America/Chicago, in both offsets', () => {
    expect(parseCentral('01/15/2026 09:00:00')!.toISOString()).toBe('2026-01-15T15:00:00.000Z'); // CST, UTC-6
    expect(parseCentral('07/04/2026 09:00:00')!.toISOString()).toBe('2026-07-04T14:00:00.000Z'); // CDT, UTC-5
    expect(formatWireDateTime(new Date('2026-07-04T14:00:00Z'))).toBe('07/04/2026 09:00:00');
    expect(formatWireDateTime(parseCentral('11/01/2026 01:30:00')!)).toBe('11/01/2026 01:30:00');
  });
  it('refuses malformed and impossible dates', () => {
    expect(parseCentral('2026-01-15 09:00:00')).toBeNull();
    expect(parseCentral('02/30/2026 09:00:00')).toBeNull();
    expect(parseCentral('13/01/2026 09:00:00')).toBeNull();
    expect(parseCentral('03/08/2026 02:30:00')).toBeNull(); // skipped by the spring-forward change
  });
  it('takes the years 1900 to 2100 only: never a silent change of year (0001 is not 1901)', () => {
    expect(parseCentral('01/01/1900 00:00:00')!.toISOString()).toBe('1900-01-01T06:00:00.000Z');
    expect(formatWireDateTime(parseCentral('12/31/2100 23:59:59')!)).toBe('12/31/2100 23:59:59');
    for (const y of ['0001', '0099', '1899', '2101', '9999']) expect(parseCentral(`01/01/${y} 00:00:00`), y).toBeNull();
    const toDate = centralDateTime('toDate must be MM/DD/YYYY HH:mm:ss', 'toDate');
    expect(toDate.safeParse('12/31/9999 23:59:59').error!.issues[0]!.message).toBe('toDate must be a date from 01/01/1900 to 12/31/2100');
    expect(toDate.safeParse('13/31/2026 23:59:59').error!.issues[0]!.message).toBe('Use the format MM/DD/YYYY HH:mm:ss');
    const end = optionalCentralDateTime('End date/time');
    expect(end.safeParse('01/01/0001 00:00:00').error!.issues[0]!.message).toBe('End date/time must be a date from 01/01/1900 to 12/31/2100');
    expect(end.parse('')).toBeNull();
  });
});

describe('periods', () => {
  it('weeks start Monday and run from the start of Monday to the end of Sunday, Central time', () => {
    const { from, to } = periodRange('WEEKLY', new Date('2026-11-22T18:00:00Z')); // Sunday noon CST
    expect(formatWireDateTime(from)).toBe('11/16/2026 00:00:00');
    expect(formatWireDateTime(to)).toBe('11/22/2026 23:59:59');
  });
  it('the week of the spring DST change is 167 hours long; the autumn one 169', () => {
    const spring = periodRange('WEEKLY', new Date('2026-03-10T12:00:00Z'));
    expect(formatWireDateTime(spring.from)).toBe('03/09/2026 00:00:00');
    // 2026-03-08 is the Sunday that loses an hour: the week of Mon 03/02 .. Sun 03/08
    const springWeek = periodRange('WEEKLY', new Date('2026-03-05T12:00:00Z'));
    expect((springWeek.to.getTime() + 1 - springWeek.from.getTime()) / 3_600_000).toBe(167);
    const autumnWeek = periodRange('WEEKLY', new Date('2026-10-29T12:00:00Z'));
    expect(formatWireDateTime(autumnWeek.from)).toBe('10/26/2026 00:00:00');
    expect((autumnWeek.to.getTime() + 1 - autumnWeek.from.getTime()) / 3_600_000).toBe(169);
  });
  it('months and years', () => {
    const m = periodRange('MONTHLY', new Date('2026-02-10T12:00:00Z'));
    expect([formatWireDateTime(m.from), formatWireDateTime(m.to)]).toEqual(['02/01/2026 00:00:00', '02/28/2026 23:59:59']);
    const y = periodRange('YEARLY', new Date('2026-01-01T03:00:00Z')); // still 2025 in Chicago
    expect([formatWireDateTime(y.from), formatWireDateTime(y.to)]).toEqual(['01/01/2025 00:00:00', '12/31/2025 23:59:59']);
  });
});
