import { describe, expect, it } from 'vitest';
import { applyMask, mask } from './masks';

describe('masks', () => {
  it('date 99/99/9999, time 99:99, card and driver hours', () => {
    expect(mask('date', '11222026')).toBe('11/22/2026');
    expect(mask('date', '1122')).toBe('11/22');
    expect(mask('time', '0930')).toBe('09:30');
    expect(mask('card', '4111111111111111')).toBe('4111 1111 1111 1111');
    expect(mask('driverHours', '1045')).toBe('10hrs 45mins');
    expect(mask('driverHours', '10')).toBe('10');
  });
  it('drop what is not a digit and stop at the pattern length', () => {
    expect(applyMask('ab12-34x5678', '99/99/9999')).toBe('12/34/5678');
    expect(applyMask('123456789', '99:99')).toBe('12:34');
    expect(applyMask('', '99:99')).toBe('');
  });
  it('phone goes through the phone mask', () => {
    expect(mask('phone', '13125550100')).toBe('+1 (312) 555-0100');
    expect(mask('phone', '998901234567')).toBe('+998 (90) 123-45-67');
  });
});
