import { act } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * A controllable IntersectionObserver: `show(ratio)` tells every observed element it is that
 * much on screen (happy-dom lays nothing out, so nothing is ever visible by itself).
 */
export function stubIntersectionObserver() {
  const observers = new Set<{ callback: IntersectionObserverCallback; targets: Set<Element>; self: IntersectionObserver }>();
  class FakeIntersectionObserver {
    readonly root = null;
    readonly rootMargin = '0px';
    readonly thresholds: number[];
    private entry: { callback: IntersectionObserverCallback; targets: Set<Element>; self: IntersectionObserver };
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      const threshold = options?.threshold ?? 0;
      this.thresholds = Array.isArray(threshold) ? threshold : [threshold];
      this.entry = { callback, targets: new Set(), self: this as unknown as IntersectionObserver };
      observers.add(this.entry);
    }
    observe(target: Element) {
      this.entry.targets.add(target);
    }
    unobserve(target: Element) {
      this.entry.targets.delete(target);
    }
    disconnect() {
      this.entry.targets.clear();
      observers.delete(this.entry);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  return {
    /** Reports every observed element as `ratio` visible. */
    show(ratio: number) {
      act(() => {
        for (const o of [...observers]) {
          const entries = [...o.targets].map((target) => ({ target, isIntersecting: ratio > 0, intersectionRatio: ratio, time: 0 }) as unknown as IntersectionObserverEntry);
          if (entries.length) o.callback(entries, o.self);
        }
      });
    },
    observedCount: () => [...observers].reduce((n, o) => n + o.targets.size, 0),
  };
}
