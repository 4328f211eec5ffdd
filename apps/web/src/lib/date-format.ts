import { CENTRAL_TZ, WIRE_DATE_TIME_PATTERN } from '@milepost/contracts/list-query';

/** docs/product/shell.md display formats; every time displays in US Central time. */
export const DATE_TIME_FORMAT = 'dd.MM.yyyy HH:mm';
export const DATE_FORMAT = 'dd.MM.yyyy';

// The browser's own time zone data, not a date library: the lists show dates on their first screen
// (docs/decisions/013-first-screen-loads-fast.md).
let central: Intl.DateTimeFormat | undefined;
const centralParts = (date: Date) => {
  central ??= new Intl.DateTimeFormat('en-US', {
    timeZone: CENTRAL_TZ,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of central.formatToParts(date)) parts[part.type] = part.value;
  return parts;
};

/**
 * An ISO timestamp, a wire date (Central) or a Date as the screens show it: DD.MM.YYYY HH:mm in Central time (or another
 * display `pattern` of yyyy, MM, dd, HH, mm and ss); '' for a missing or unreadable value.
 */
export function formatDisplayDateTime(value: string | Date | null | undefined, pattern: string = DATE_TIME_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  const fields = typeof value === 'string' ? (wireFields(value) ?? instantFields(new Date(value))) : instantFields(value);
  if (!fields) return '';
  return pattern.replace(/yyyy|MM|dd|HH|mm|ss/g, (token) => fields[token] ?? '');
}

type Fields = Record<string, string | undefined>;

/**
 * A wire date (MM/DD/YYYY HH:mm:ss) is already Central wall-clock time: shown as written. Read with
 * `new Date()`, a browser would take it for its own zone's time and move it by the zones' difference.
 */
function wireFields(value: string): Fields | null {
  const m = WIRE_DATE_TIME_PATTERN.exec(value.trim());
  return m ? { MM: m[1], dd: m[2], yyyy: m[3], HH: m[4], mm: m[5], ss: m[6] } : null;
}

function instantFields(date: Date): Fields | null {
  if (Number.isNaN(date.getTime())) return null;
  const p = centralParts(date);
  return { yyyy: p.year?.padStart(4, '0'), MM: p.month, dd: p.day, HH: p.hour, mm: p.minute, ss: p.second };
}

/** 'yyyy-MM-dd' (a Central day, as a date input gives it) → its start or end on the wire. */
export function dayToWire(day: string, end: boolean): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  return m ? `${m[2]}/${m[3]}/${m[1]} ${end ? '23:59:59' : '00:00:00'}` : undefined;
}

/** The wire date's day as 'yyyy-MM-dd' for a date input. */
export function wireToDay(wire: string | undefined): string {
  const m = wire ? /^(\d{2})\/(\d{2})\/(\d{4})/.exec(wire) : null;
  return m ? `${m[3]}-${m[1]}-${m[2]}` : '';
}
