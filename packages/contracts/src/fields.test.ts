import { describe, expect, it } from 'vitest';
import { ID_MAX } from './list-query';
import { decimalNumber, id, idParam, optionalId, optionalText, queryText, rawText, requiredText, text } from './fields';
import { z } from 'zod';

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

describe('control characters', () => {
  const breaks = ['\n', '\r', '\r\n', '\t', '\u000b', '\u000c', '\u001b', '\u007f', '\u0085', '\u2028', '\u2029', '\ufeff'];
  it('a name, number or address refuses any of them inside, with a message naming the field', () => {
    for (const c of breaks) {
      for (const schema of [requiredText('Load number', 50), text('Address', 300), optionalText('Last name', 100), queryText('Keyword')]) {
        const r = schema.safeParse(`L${c}=2+2`);
        expect(r.success, JSON.stringify(c)).toBe(false);
        expect(r.error!.issues[0]!.message).toMatch(/^(Load number|Address|Last name|Keyword) must not contain line breaks, tabs or other control characters$/);
      }
    }
    // A NUL keeps its own message.
    expect(requiredText('Name', 50).safeParse('a\u0000b').error!.issues[0]!.message).toBe('Name must not contain a NUL character');
  });
  it('legitimate text stays: accents, apostrophes, quotes, symbols, other scripts', () => {
    for (const ok of ["O'Brien", 'José Ñúñez', 'Zoë Müller-Łukasz', 'Dock "B" & Co. #4; gate 2', '1003-A/7', 'Ünit 7 — north', '北京', '=SUM(A1)']) {
      expect(requiredText('Name', 100).parse(ok)).toBe(ok);
    }
  });
  it('a multi-line note keeps line breaks and tabs but refuses other control characters', () => {
    const notes = optionalText('Notes', 2000, 'many');
    expect(notes.parse('Gate 4\r\n\tcall ahead\nno dock 2')).toBe('Gate 4\r\n\tcall ahead\nno dock 2');
    for (const c of ['\u0000', '\u001b', '\u007f', '\u0085', '\u2028', '\ufeff']) {
      expect(notes.safeParse(`a${c}b`).success, JSON.stringify(c)).toBe(false);
    }
    expect(notes.safeParse('a\u001bb').error!.issues[0]!.message).toBe('Notes must not contain control characters other than line breaks and tabs');
  });
});

describe('plain decimal notation', () => {
  const n = decimalNumber(z.number());
  it('reads a minus, digits and a fraction', () => {
    expect(['12', '-3.5', '.5', '12.', '0', '007'].map((v) => n.parse(v))).toEqual([12, -3.5, 0.5, 12, 0, 7]);
    expect(n.parse(4.25)).toBe(4.25);
  });
  it('refuses hex, octal, binary, exponents, Infinity, a plus sign, spaces and empty texts', () => {
    for (const bad of ['0x10', '0X1A', '0o7', '0b1', '1e1', '1E5', '2.5e-3', 'Infinity', '-Infinity', 'NaN', '+5', ' 7', '7 ', '\t7', '', ' ', '1_000', '1,5', '--1', '.', '-']) {
      expect(n.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
