import { ID_MAX, tripSortFields } from '@milepost/contracts/list-query';
import { describe, expect, it } from 'vitest';
import { booleanParam, idParam, keywordParam, oneOfParam, readSearch, sortParam, textParam, wireDateParam, withDefault } from './search-params';

const NUL = String.fromCharCode(0);

describe('URL search param readers', () => {
  it('accepts only known sort fields and directions; anything else means no sort', () => {
    const sort = sortParam(['id', 'name']);
    expect(sort('name,desc')).toBe('name,desc');
    expect(sort('id,asc')).toBe('id,asc');
    expect(sort('email,asc')).toBeUndefined();
    expect(sort('name,up')).toBeUndefined();
    expect(sort('name')).toBeUndefined();
    expect(sort(42)).toBeUndefined();
    expect(sortParam(tripSortFields)('pickupDateTime,desc')).toBe('pickupDateTime,desc');
  });

  it('trims the keyword and drops an empty, overlong or NUL one', () => {
    expect(keywordParam('  dana ')).toBe('dana');
    expect(keywordParam('   ')).toBeUndefined();
    expect(keywordParam('x'.repeat(200))).toBe('x'.repeat(200));
    expect(keywordParam('x'.repeat(201))).toBeUndefined();
    expect(keywordParam(` ${'x'.repeat(200)} `)).toBe('x'.repeat(200));
    expect(keywordParam(`da${NUL}na`)).toBeUndefined();
    // The router reads `keyword=123` as a number: not a text.
    expect(keywordParam(123)).toBeUndefined();
  });

  it('keeps an untrimmed text as given, empty too, within its maximum', () => {
    const label = textParam({ max: 100, trim: false });
    expect(label(' T-100 ')).toBe(' T-100 ');
    expect(label('')).toBe('');
    expect(label('x'.repeat(101))).toBeUndefined();
    expect(label(`a${NUL}`)).toBeUndefined();
    expect(label(null)).toBeUndefined();
    expect(textParam({ trim: false })('x'.repeat(5000))).toHaveLength(5000);
  });

  it('reads ids from 1 to ID_MAX, as numbers or digit strings', () => {
    expect(idParam(7)).toBe(7);
    expect(idParam('42')).toBe(42);
    expect(idParam(ID_MAX)).toBe(ID_MAX);
    for (const bad of [0, -1, 1.5, ID_MAX + 1, 1e20, '99999999999999999999', '0x10', ' 7', '4.0', '', 'abc', true, null, [1], {}, Number.NaN]) {
      expect(idParam(bad), String(bad)).toBeUndefined();
    }
  });

  it('reads one of a list, a boolean and a wire date-time; anything else is absent', () => {
    const view = oneOfParam(['table', 'map']);
    expect(view('map')).toBe('map');
    expect(view('MAP')).toBeUndefined();
    expect(view(1)).toBeUndefined();
    expect(withDefault(view, 'table')('chart')).toBe('table');
    expect(withDefault(view, 'table')(undefined)).toBe('table');
    expect(booleanParam(true)).toBe(true);
    expect(booleanParam(false)).toBe(false);
    expect(booleanParam('true')).toBeUndefined();
    expect(wireDateParam('03/02/2026 00:00:00')).toBe('03/02/2026 00:00:00');
    for (const bad of ['2026-03-02', '03/02/2026', '3/2/2026 00:00:00', ' 03/02/2026 00:00:00', 20260302]) expect(wireDateParam(bad)).toBeUndefined();
  });

  it('reads a whole search: absent params stay absent unless defaulted, bad ones read undefined, unknown ones are dropped', () => {
    const readers = { tab: withDefault(oneOfParam(['roles', 'permissions']), 'roles'), keyword: keywordParam, id: idParam };
    expect(readSearch(readers, {})).toStrictEqual({ tab: 'roles' });
    expect(readSearch(readers, { tab: 'permissions', keyword: ' ops ', id: 'x', other: 1 })).toStrictEqual({ tab: 'permissions', keyword: 'ops', id: undefined });
  });
});
