import { describe, expect, it } from 'vitest';
import { tableTotalText } from './table-toolbar';

describe('tableTotalText', () => {
  it('groups the total with spaces and marks an estimate', () => {
    expect(tableTotalText(12, 'users')).toBe('Total: 12 users');
    expect(tableTotalText(1234567, 'trips')).toBe('Total: 1 234 567 trips');
    expect(tableTotalText(700123, 'trips', true)).toBe('Total: ≈ 700 123 trips');
    expect(tableTotalText(undefined, 'trips')).toBeUndefined();
  });
  it('one is singular', () => {
    expect(tableTotalText(1, 'trips')).toBe('Total: 1 trip');
    expect(tableTotalText(1, 'companies')).toBe('Total: 1 company');
    expect(tableTotalText(1, 'recovery reasons')).toBe('Total: 1 recovery reason');
    expect(tableTotalText(0, 'trips')).toBe('Total: 0 trips');
  });
});
