import { formatCentral } from '@milepost/contracts/time';

/** docs/product/shell.md display formats; every time displays in US Central time. */
export const DATE_TIME_FORMAT = 'dd.MM.yyyy HH:mm';
export const DATE_FORMAT = 'dd.MM.yyyy';

/**
 * An ISO timestamp (or Date) as the screens show it: DD.MM.YYYY HH:mm in Central time (or another
 * display `pattern`); '' for a missing or unreadable value.
 */
export function formatDisplayDateTime(value: string | Date | null | undefined, pattern: string = DATE_TIME_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return formatCentral(date, pattern);
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
