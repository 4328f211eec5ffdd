import { describe, expect, it } from 'vitest';
import { SAME_PLACE_METERS, stopLetter, stopTypeDefaults, type StopTypeSlot } from './stop-types';
import { loadStatusDefaults, type StopType } from './stops';

const DALLAS = { lat: 32.7767, lng: -96.797 };
const FORT_WORTH = { lat: 32.7555, lng: -97.3308 };
const OKC = { lat: 35.4676, lng: -97.5164 };
const TULSA = { lat: 36.154, lng: -95.9928 };
const slot = (at: { lat: number; lng: number }, chosen: StopType | null = null): StopTypeSlot => ({ ...at, chosen });

describe('stopTypeDefaults', () => {
  it('a round trip: Dallas → Fort Worth → Oklahoma City → Dallas is START, PICKUP, DELIVERY, HOME, loaded only into the delivery', () => {
    const types = stopTypeDefaults([DALLAS, FORT_WORTH, OKC, DALLAS].map((p) => slot(p)));
    expect(types).toEqual(['START', 'PICKUP', 'DELIVERY', 'HOME']);
    expect(loadStatusDefaults(types)).toEqual(['EMPTY', 'EMPTY', 'LOADED', 'EMPTY']);
  });

  it('the first stop is START, a last stop elsewhere DELIVERY, a stop between with nothing on board PICKUP', () => {
    expect(stopTypeDefaults([slot(DALLAS)])).toEqual(['START']);
    expect(stopTypeDefaults([slot(DALLAS), slot(OKC)])).toEqual(['START', 'DELIVERY']);
    expect(stopTypeDefaults([DALLAS, FORT_WORTH, OKC, TULSA].map((p) => slot(p)))).toEqual(['START', 'PICKUP', 'DELIVERY', 'DELIVERY']);
    // Back at the start's place, but with freight still on board: that is a delivery.
    expect(stopTypeDefaults([DALLAS, FORT_WORTH, DALLAS].map((p) => slot(p)))).toEqual(['START', 'PICKUP', 'DELIVERY']);
  });

  it('the same place is within SAME_PLACE_METERS of the START', () => {
    const near = { lat: DALLAS.lat + (SAME_PLACE_METERS * 0.8) / 111_320, lng: DALLAS.lng };
    const far = { lat: DALLAS.lat + (SAME_PLACE_METERS * 1.5) / 111_320, lng: DALLAS.lng };
    expect(stopTypeDefaults([slot(DALLAS), slot(FORT_WORTH, 'PICKUP'), slot(OKC, 'DELIVERY'), slot(near)]).at(-1)).toBe('HOME');
    expect(stopTypeDefaults([slot(DALLAS), slot(FORT_WORTH, 'PICKUP'), slot(OKC, 'DELIVERY'), slot(far)]).at(-1)).toBe('DELIVERY');
  });

  it('chosen types are kept and count for what follows', () => {
    // Two pickups chosen: freight on board, the next stop defaults to DELIVERY.
    expect(stopTypeDefaults([slot(DALLAS), slot(FORT_WORTH), slot(OKC, 'PICKUP'), slot(TULSA)])).toEqual(['START', 'PICKUP', 'PICKUP', 'DELIVERY']);
    // A chosen HOME stays HOME wherever it is; a chosen START in the middle too.
    expect(stopTypeDefaults([slot(DALLAS, 'HOME'), slot(FORT_WORTH, 'START'), slot(OKC)])).toEqual(['HOME', 'START', 'DELIVERY']);
    // A pre-loaded trailer hooked with nothing on board brings freight: the next stop delivers it.
    expect(stopTypeDefaults([slot(DALLAS), slot(FORT_WORTH, 'TRAILER'), slot(OKC), slot(DALLAS)])).toEqual(['START', 'TRAILER', 'DELIVERY', 'HOME']);
  });
});

describe('stopLetter', () => {
  it('numbers stops A, B, C … Z, AA, AB', () => {
    expect([0, 1, 2, 25, 26, 27].map(stopLetter)).toEqual(['A', 'B', 'C', 'Z', 'AA', 'AB']);
  });
});
