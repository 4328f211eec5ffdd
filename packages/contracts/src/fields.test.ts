import { describe, expect, it } from 'vitest';
import { ID_MAX } from './list-query';
import { id, idParam, optionalId, optionalText, rawText, requiredText, text } from './fields';

describe('id', () => {
  it('accepts whole numbers from 1 to 2 147 483 647, as numbers or digit strings', () => {
    expect(id().parse(1)).toBe(1);
    expect(id().parse('42')).toBe(42);
    expect(id().parse(ID_MAX)).toBe(ID_MAX);
    expect(idParam.parse({ id: '2147483647' })).toEqual({ id: ID_MAX });
  });
  it('refuses everything else with one message', () => {
    for (const bad of [0, -1, 1.5, ID_MAX + 1, '2147483648', '99999999999999999999', true, [1], '0x10', '1e3', ' 7', '4.0', '', null, {}, 'abc']) {
      const r = id('Truck is required').safeParse(bad);
      expect(r.success, JSON.stringify(bad)).toBe(false);
      expect(r.error!.issues[0]!.message).toBe('Truck is required');
    }
  });
  it('optionalId reads empty, 0 and missing as null', () => {
    expect(optionalId().parse('')).toBeNull();
    expect(optionalId().parse(0)).toBeNull();
    expect(optionalId().parse(undefined)).toBeNull();
    expect(optionalId().parse(7)).toBe(7);
    expect(optionalId().safeParse(ID_MAX + 1).success).toBe(false);
  });
});

describe('text', () => {
  it('trims, and refuses NUL characters and texts over the maximum with a message naming the field', () => {
    expect(text('Name', 5).parse('  ab  ')).toBe('ab');
    const long = requiredText('Company name', 5).safeParse('abcdef');
    expect(long.error!.issues[0]!.message).toBe('Company name must be at most 5 characters');
    const nul = requiredText('Name', 50).safeParse('a\u0000b');
    expect(nul.error!.issues[0]!.message).toBe('Name must not contain a NUL character');
    expect(rawText('Password', 10).safeParse('pass\u0000').success).toBe(false);
    expect(rawText('Password', 10).parse(' spaced ')).toBe(' spaced ');
  });
  it('requiredText says the spec message when blank; optionalText turns empty into null', () => {
    expect(requiredText('Name', 10, 'Name is required').safeParse('  ').error!.issues[0]!.message).toBe('Name is required');
    expect(optionalText('Notes', 10).parse('')).toBeNull();
    expect(optionalText('Notes', 10).safeParse('x'.repeat(11)).success).toBe(false);
  });
});
