import { formatPhone } from './phone';

/**
 * Input masks of the forms (docs/product/trips.md, docs/product/admin.md). In a pattern, `9` takes one digit; any other
 * character is a literal inserted as the digits reach it. Non-digits typed by the user are dropped.
 */
export function applyMask(value: string, pattern: string): string {
  const digits = value.replace(/\D/g, '');
  let out = '';
  let d = 0;
  let i = 0;
  for (; i < pattern.length && d < digits.length; i++) out += pattern[i] === '9' ? digits[d++] : pattern[i];
  // A complete value keeps the pattern's closing literal ("10hrs 45mins").
  const rest = pattern.slice(i);
  return rest && !rest.includes('9') && d > 0 ? out + rest : out;
}

export const MASK_PATTERNS = {
  date: '99/99/9999',
  time: '99:99',
  card: '9999 9999 9999 9999',
  driverHours: '99hrs 99mins',
} as const;

export type MaskName = keyof typeof MASK_PATTERNS | 'phone';

/** One entry point for every form: `mask('phone', value)`, `mask('date', value)`, … */
export function mask(name: MaskName, value: string): string {
  return name === 'phone' ? formatPhone(value) : applyMask(value, MASK_PATTERNS[name]);
}
