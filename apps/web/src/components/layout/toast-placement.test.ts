import { describe, expect, it } from 'vitest';
import { SIDEBAR_WIDTH } from './sidebar';
import { TOAST_PLACEMENT } from './toast-placement';

describe('toast placement', () => {
  it('sits at the bottom left just past the expanded sidebar, narrow enough to end left of a wide drawer at 1366 px', () => {
    expect(TOAST_PLACEMENT.position).toBe('bottom-left');
    expect(TOAST_PLACEMENT.offset.left).toBe(`calc(${SIDEBAR_WIDTH} + 16px)`);
    // 16rem (256 px) + 16 + 320 = 592 px < 1366 − 768 (the wide drawer, sm:max-w-3xl).
    const width = Number.parseInt(String((TOAST_PLACEMENT.style as Record<string, string>)['--width']), 10);
    expect(256 + 16 + width).toBeLessThan(1366 - 768);
  });
});
