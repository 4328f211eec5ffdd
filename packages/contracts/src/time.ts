import { TZDate } from '@date-fns/tz';
import { endOfDay, endOfMonth, endOfWeek, endOfYear, format, startOfDay, startOfMonth, startOfWeek, startOfYear } from 'date-fns';
import { z } from 'zod';
import { CENTRAL_TZ, WIRE_DATE_TIME_PATTERN, type PeriodType } from './list-query';

/** Dates travel as MM/DD/YYYY HH:mm:ss in US Central time (CENTRAL_TZ). */
export const WIRE_DATE_FORMAT = 'MM/dd/yyyy HH:mm:ss';

/** Parses MM/DD/YYYY HH:mm:ss as Central time; null when malformed or not a real date. */
export function parseCentral(value: string): Date | null {
  const m = WIRE_DATE_TIME_PATTERN.exec(value.trim());
  if (!m) return null;
  const [, mo, d, y, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  const date = new TZDate(y, mo - 1, d, h, mi, s, CENTRAL_TZ);
  if (date.getMonth() !== mo - 1 || date.getDate() !== d || date.getHours() !== h || date.getMinutes() !== mi) return null;
  return new Date(date.getTime());
}

/** A time as US Central wall-clock time in a date-fns `pattern` (the one formatter of times). */
export function formatCentral(date: Date | string | number, pattern: string): string {
  return format(new TZDate(new Date(date).getTime(), CENTRAL_TZ), pattern);
}

/** A time as it travels between web and API: MM/DD/YYYY HH:mm:ss, Central. */
export const formatWireDateTime = (date: Date | string | number): string => formatCentral(date, WIRE_DATE_FORMAT);

/** A zod field for a wire date-time; gives a Date. */
export const centralDateTime = (message: string) =>
  z
    .string({ message })
    .trim()
    .min(1, message)
    .transform((v, ctx) => {
      const d = parseCentral(v);
      if (!d) {
        ctx.addIssue({ code: 'custom', message: 'Use the format MM/DD/YYYY HH:mm:ss' });
        return z.NEVER;
      }
      return d;
    });

/**
 * The period around `now` in Central time: weeks start Monday; from the start of the first day
 * to the end of the last.
 */
export function periodRange(type: PeriodType, now: Date = new Date()): { from: Date; to: Date } {
  const local = new TZDate(now.getTime(), CENTRAL_TZ);
  const [start, end] =
    type === 'WEEKLY'
      ? [startOfWeek(local, { weekStartsOn: 1 }), endOfWeek(local, { weekStartsOn: 1 })]
      : type === 'MONTHLY'
        ? [startOfMonth(local), endOfMonth(local)]
        : [startOfYear(local), endOfYear(local)];
  return { from: new Date(startOfDay(start).getTime()), to: new Date(endOfDay(end).getTime()) };
}
