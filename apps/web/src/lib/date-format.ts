import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

/** Every time in the product displays in US Central time (spec 01 §1). */
export const DISPLAY_TIME_ZONE = 'America/Chicago';

/** Spec 01 §9 display formats. */
export const DATE_TIME_FORMAT = 'dd.MM.yyyy HH:mm';
export const DATE_FORMAT = 'dd.MM.yyyy';

/** An ISO timestamp (or Date) shown in Central time; '' for a missing or unreadable value. */
export function formatCentral(value: string | Date | null | undefined, pattern: string = DATE_TIME_FORMAT): string {
  if (value === null || value === undefined || value === '') return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  return format(new TZDate(date, DISPLAY_TIME_ZONE), pattern);
}
