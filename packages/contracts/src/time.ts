import { TZDate } from '@date-fns/tz';
import { endOfDay, endOfMonth, endOfWeek, endOfYear, format, startOfDay, startOfMonth, startOfWeek, startOfYear } from 'date-fns';
import { z } from 'zod';
import { CENTRAL_TZ, WIRE_DATE_TIME_PATTERN, type PeriodType } from './list-query';

/** Dates travel as MM/DD/YYYY HH:mm:ss in US Central time (CENTRAL_TZ). */
export const WIRE_DATE_FORMAT = 'MM/dd/yyyy HH:mm:ss';

/**
 * The years a date on the wire may have (docs/decisions/009-input-types.md): a year outside
 * would not survive the database or the date library (9999 runs into year 10000 in UTC; 0001
 * is read by `Date` as 1901), and no trip or report of this fleet lies there.
 */
export const WIRE_YEAR_MIN = 1900;
export const WIRE_YEAR_MAX = 2100;

export const DATE_MESSAGES = {
  format: 'Use the format MM/DD/YYYY HH:mm:ss',
  year: (field: string) => `${field} must be a date from 01/01/${WIRE_YEAR_MIN} to 12/31/${WIRE_YEAR_MAX}`,
} as const;

/** Parses MM/DD/YYYY HH:mm:ss as Central time; null when malformed, not a real date, or outside WIRE_YEAR_MIN..WIRE_YEAR_MAX. */
export function parseCentral(value: string): Date | null {
  const m = WIRE_DATE_TIME_PATTERN.exec(value.trim());
  if (!m) return null;
  const [, mo, d, y, h, mi, s] = m.map(Number) as [number, number, number, number, number, number, number];
  if (y < WIRE_YEAR_MIN || y > WIRE_YEAR_MAX) return null;
  const date = new TZDate(y, mo - 1, d, h, mi, s, CENTRAL_TZ);
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d || date.getHours() !== h || date.getMinutes() !== mi) return null;
  return new Date(date.getTime());
}

/** The year of a wire date-time, or null when it is not one. */
const wireYear = (value: string) => {
  const m = WIRE_DATE_TIME_PATTERN.exec(value.trim());
  return m ? Number(m[3]) : null;
};

/** Reads a wire date-time in a zod transform: the date, or an issue (the format, or the year out of range, naming `field`). */
function readWireDateTime(v: string, field: string, ctx: z.RefinementCtx): Date {
  const d = parseCentral(v);
  if (d) return d;
  const year = wireYear(v);
  const outOfRange = year !== null && (year < WIRE_YEAR_MIN || year > WIRE_YEAR_MAX);
  ctx.addIssue({ code: 'custom', message: outOfRange ? DATE_MESSAGES.year(field) : DATE_MESSAGES.format });
  return z.NEVER;
}

/** A time as US Central wall-clock time in a date-fns `pattern` (the one formatter of times). */
export function formatCentral(date: Date | string | number, pattern: string): string {
  return format(new TZDate(new Date(date).getTime(), CENTRAL_TZ), pattern);
}

/** A time as it travels between web and API: MM/DD/YYYY HH:mm:ss, Central. */
export const formatWireDateTime = (date: Date | string | number): string => formatCentral(date, WIRE_DATE_FORMAT);

/**
 * A zod field for a wire date-time; gives a Date. `message` when missing; a year outside
 * WIRE_YEAR_MIN..WIRE_YEAR_MAX is refused naming `field`.
 */
export const centralDateTime = (message: string, field: string) =>
  z
    .string({ message })
    .trim()
    .min(1, message)
    .transform((v, ctx) => readWireDateTime(v, field, ctx));

/** An optional wire date-time: empty or absent is null. */
export const optionalCentralDateTime = (field: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z
      .string()
      .nullable()
      .transform((v, ctx) => (v === null ? null : readWireDateTime(v, field, ctx))),
  );

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
