import { describe, expect, it } from 'vitest';
import { CANADIAN_JURISDICTIONS, IFTA_MEMBERS, US_JURISDICTIONS } from './ifta-api';
import { CANADIAN_STATE_MILES, MEXICO_NOTE, OUTSIDE_US_NOTE, jurisdictionNote, quarterRange } from './state-miles-api';

describe('jurisdictionNote: the hover and the worksheet Note of a jurisdiction outside the US states', () => {
  it('names each province as an IFTA jurisdiction, each territory and Mexico as not one, and OUT as water or unmatched', () => {
    expect(jurisdictionNote('ON')).toBe('Ontario, Canada (IFTA jurisdiction).');
    expect(jurisdictionNote('QC')).toBe('Quebec, Canada (IFTA jurisdiction).');
    expect(jurisdictionNote('YT')).toBe('Yukon, Canada: not an IFTA jurisdiction.');
    expect(jurisdictionNote('MX')).toBe(MEXICO_NOTE);
    expect(MEXICO_NOTE).toBe('Mexico: not an IFTA jurisdiction.');
    expect(jurisdictionNote('OUT')).toBe(OUTSIDE_US_NOTE);
    expect(OUTSIDE_US_NOTE).toMatch(/^Water or unmatched: /);
  });

  it('has no note for a US state (CA is California), nor for a name that is no jurisdiction', () => {
    expect(jurisdictionNote('CA')).toBe('');
    expect(jurisdictionNote('IN')).toBe('');
    expect(jurisdictionNote('constructor')).toBe('');
  });

  it("agrees with the IFTA return's Canadian jurisdictions and members", () => {
    expect(Object.keys(CANADIAN_STATE_MILES).sort()).toEqual([...CANADIAN_JURISDICTIONS].sort());
    for (const [code, { ifta }] of Object.entries(CANADIAN_STATE_MILES)) {
      expect(IFTA_MEMBERS.has(code), code).toBe(ifta);
      expect((US_JURISDICTIONS as readonly string[]).includes(code), code).toBe(false);
    }
    expect(IFTA_MEMBERS.has('MX')).toBe(false);
    expect(IFTA_MEMBERS.has('OUT')).toBe(false);
  });
});

describe('quarterRange: a Central-time quarter, worked out once and kept', () => {
  it('gives its first and last second in Central time (CST in winter, CDT in summer), each call its own Dates', () => {
    const q1 = quarterRange(2026, 1);
    expect(q1.from.toISOString()).toBe('2026-01-01T06:00:00.000Z');
    expect(q1.to.toISOString()).toBe('2026-04-01T04:59:59.000Z');
    expect(quarterRange(2026, 3).from.toISOString()).toBe('2026-07-01T05:00:00.000Z');
    expect(quarterRange(2026, 4).to.toISOString()).toBe('2027-01-01T05:59:59.000Z');
    // A caller that changes its Dates changes nothing for the next.
    q1.from.setTime(0);
    expect(quarterRange(2026, 1).from.toISOString()).toBe('2026-01-01T06:00:00.000Z');
  });
});
