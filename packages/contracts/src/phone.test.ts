import { describe, expect, it } from 'vitest';
import { formatPhone, isPhoneComplete, normalizePhone } from './phone';

describe('phone mask', () => {
  it('formats +1 numbers as +x (xxx) xxx-xxxx', () => {
    expect(formatPhone('13125550100')).toBe('+1 (312) 555-0100');
    expect(formatPhone('1312')).toBe('+1 (312)');
    expect(formatPhone('131255')).toBe('+1 (312) 55');
    expect(formatPhone('+1 (312) 555-01009999')).toBe('+1 (312) 555-0100');
  });
  it('formats other numbers as +xxx (xx) xxx-xx-xx; a leading 9 becomes +998', () => {
    expect(formatPhone('998901234567')).toBe('+998 (90) 123-45-67');
    expect(formatPhone('901234567')).toBe('+998 (01) 234-56-7');
    // The start of 998 typed in full stays as typed, so every digit is kept.
    expect(formatPhone('9')).toBe('+9');
    expect(formatPhone('99')).toBe('+99');
    expect(formatPhone('998')).toBe('+998');
    expect(formatPhone('991')).toBe('+998 (91)');
  });
  it('a 10-digit US number without its 1 gets +1 when normalized', () => {
    expect(normalizePhone('3125550199')).toBe('+1 (312) 555-0199');
    expect(normalizePhone('(312) 555-0199')).toBe('+1 (312) 555-0199');
    expect(normalizePhone('13125550199')).toBe('+1 (312) 555-0199');
    expect(normalizePhone('998901234567')).toBe('+998 (90) 123-45-67');
    expect(normalizePhone('')).toBe('');
  });
  it('is complete at 11 digits with +1, else 12', () => {
    expect(isPhoneComplete('+1 (312) 555-0100')).toBe(true);
    expect(isPhoneComplete('+1 (312) 555-010')).toBe(false);
    expect(isPhoneComplete('+998 (90) 123-45-67')).toBe(true);
    expect(isPhoneComplete('+998 (90) 123-45-6')).toBe(false);
    expect(isPhoneComplete('')).toBe(false);
  });
});
