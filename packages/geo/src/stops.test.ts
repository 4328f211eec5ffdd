import { describe, expect, it } from 'vitest';
import { loadStatusDefaults, loadStatusFor, resolveLoadStatuses, type StopType } from './stops';

const TYPES: Record<string, StopType> = { S: 'START', P: 'PICKUP', T: 'TRAILER', X: 'SHOP', D: 'DELIVERY', H: 'HOME' };
/** The legs' statuses (element 0, the first stop's own, left out) as letters: 'S P D' → 'E L'. */
const legs = (route: string) =>
  loadStatusDefaults(route.split(' ').map((c) => TYPES[c]!))
    .slice(1)
    .map((s) => s[0])
    .join(' ');

describe('loadStatusDefaults: loaded while freight is on board (docs/decisions/015-loaded-by-freight-on-board.md)', () => {
  it.each([
    ['S P D', 'E L'],
    ['S P P D', 'E L L'],
    ['S P T D', 'E L L'],
    ['S T D', 'E L'],
    ['S P D D', 'E L L'],
    ['S P D P D', 'E L E L'],
    ['S P D H', 'E L E'],
    ['S P X D', 'E L L'],
  ])('%s → %s', (route, expected) => {
    expect(legs(route)).toBe(expected);
  });

  it('more routes: a round trip, a trailer dropped after the delivery, a shop before the pickup', () => {
    expect(legs('S P P D S')).toBe('E L L E');
    expect(legs('S P D T H')).toBe('E L E E');
    expect(legs('S X P D H')).toBe('E E L E');
    expect(legs('S P D X D H')).toBe('E L L L E');
    expect(legs('S T P D')).toBe('E E L');
    expect(legs('P D')).toBe('L');
  });

  it('a lone stop and the first stop keep the spec table; no stops give none', () => {
    for (const t of Object.values(TYPES)) expect(loadStatusDefaults([t])).toEqual([loadStatusFor(t)]);
    expect(loadStatusDefaults(['DELIVERY', 'PICKUP'])[0]).toBe('LOADED');
    expect(loadStatusDefaults([])).toEqual([]);
  });
});

describe('resolveLoadStatuses', () => {
  it('keeps an explicit choice and derives the others', () => {
    const got = resolveLoadStatuses([
      { stopType: 'START' },
      { stopType: 'PICKUP', loadStatus: 'LOADED', loadStatusExplicit: true },
      { stopType: 'PICKUP', loadStatus: 'EMPTY', loadStatusExplicit: false },
      { stopType: 'DELIVERY', loadStatus: 'EMPTY', loadStatusExplicit: true },
    ]);
    expect(got).toEqual(['EMPTY', 'LOADED', 'LOADED', 'EMPTY']);
  });
});
