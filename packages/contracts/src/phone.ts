/**
 * The phone mask of the spec: +1 numbers as +x (xxx) xxx-xxxx (11 digits), all others as
 * +xxx (xx) xxx-xx-xx (12 digits); a leading 1 becomes +1, a leading 9 becomes +998.
 */
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

export function formatPhone(value: string): string {
  let d = phoneDigits(value);
  if (!d) return '';
  if (d.startsWith('9') && !d.startsWith('998')) d = `998${d.slice(1)}`;
  if (d.startsWith('1')) {
    d = d.slice(0, 11);
    const parts = [d.slice(0, 1), d.slice(1, 4), d.slice(4, 7), d.slice(7, 11)];
    let out = `+${parts[0]}`;
    if (parts[1]) out += ` (${parts[1]}${parts[1].length === 3 ? ')' : ''}`;
    if (parts[2]) out += ` ${parts[2]}`;
    if (parts[3]) out += `-${parts[3]}`;
    return out;
  }
  d = d.slice(0, 12);
  const parts = [d.slice(0, 3), d.slice(3, 5), d.slice(5, 8), d.slice(8, 10), d.slice(10, 12)];
  let out = `+${parts[0]}`;
  if (parts[1]) out += ` (${parts[1]}${parts[1].length === 2 ? ')' : ''}`;
  if (parts[2]) out += ` ${parts[2]}`;
  if (parts[3]) out += `-${parts[3]}`;
  if (parts[4]) out += `-${parts[4]}`;
  return out;
}
