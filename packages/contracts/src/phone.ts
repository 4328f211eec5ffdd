/**
 * The phone mask of the spec: +1 numbers as +x (xxx) xxx-xxxx (11 digits), all others as
 * +xxx (xx) xxx-xx-xx (12 digits); a leading 1 becomes +1, a leading 9 becomes +998.
 */
/** A phone with some but not all of its digits. */
export const PHONE_INCOMPLETE = 'Phone number is incomplete';

export function phoneDigits(value: string): string {
  return value.replace(/\D/g, '');
}

export function expectedPhoneLength(digits: string): number {
  return digits.startsWith('1') ? 11 : 12;
}

/** True when the typed phone has all its digits (empty counts as not given). */
export function isPhoneComplete(value: string): boolean {
  const d = phoneDigits(value);
  return d.length === expectedPhoneLength(d);
}

/**
 * A leading 9 becomes 998 — unless the digits so far are the start of 998 itself ('9', '99'):
 * someone typing +998 in full keeps every digit.
 */
function countryDigits(value: string): string {
  const d = phoneDigits(value);
  if (d.startsWith('9') && !'998'.startsWith(d) && !d.startsWith('998')) return `998${d.slice(1)}`;
  return d;
}

/**
 * A whole number as people write it: ten digits not starting with 1 or 9 are a US number
 * without its country code (3125550199 → +1 (312) 555-0199). Used on paste and when the field
 * is left, never while typing (a longer number passes through ten digits).
 */
export function normalizePhone(value: string): string {
  const d = phoneDigits(value);
  return formatPhone(d.length === 10 && !/^[19]/.test(d) ? `1${d}` : d);
}

export function formatPhone(value: string): string {
  const d = countryDigits(value);
  if (!d) return '';
  if (d.startsWith('1')) {
    const eleven = d.slice(0, 11);
    const parts = [eleven.slice(0, 1), eleven.slice(1, 4), eleven.slice(4, 7), eleven.slice(7, 11)];
    let out = `+${parts[0]}`;
    if (parts[1]) out += ` (${parts[1]}${parts[1].length === 3 ? ')' : ''}`;
    if (parts[2]) out += ` ${parts[2]}`;
    if (parts[3]) out += `-${parts[3]}`;
    return out;
  }
  const twelve = d.slice(0, 12);
  const parts = [twelve.slice(0, 3), twelve.slice(3, 5), twelve.slice(5, 8), twelve.slice(8, 10), twelve.slice(10, 12)];
  let out = `+${parts[0]}`;
  if (parts[1]) out += ` (${parts[1]}${parts[1].length === 2 ? ')' : ''}`;
  if (parts[2]) out += ` ${parts[2]}`;
  if (parts[3]) out += `-${parts[3]}`;
  if (parts[4]) out += `-${parts[4]}`;
  return out;
}
