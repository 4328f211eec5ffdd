import { useEffect, useRef, useState } from 'react';

/**
 * True once at least `threshold` of the element has been on screen, and from then on (the map
 * is created once and kept). Without IntersectionObserver (old browsers) it is true at once.
 */
export function useSeenOnce<T extends Element>(threshold: number): [(node: T | null) => void, boolean] {
  const [node, setNode] = useState<T | null>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    if (!node || seen) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting && e.intersectionRatio >= threshold)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { threshold },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [node, seen, threshold]);
  return [setNode, seen];
}

/** True `delayMs` after mounting: a placeholder that would only flash on a fast load stays hidden. */
export function useDelayed(delayMs: number): boolean {
  const [due, setDue] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setDue(true), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
  return due;
}

/**
 * Follows `active`, but once it turned true it stays true for at least `minMs`, so a fast
 * answer does not make an overlay blink.
 */
export function useMinimumDuration(active: boolean, minMs: number): boolean {
  const [shown, setShown] = useState(active);
  const since = useRef<number | null>(active ? Date.now() : null);
  useEffect(() => {
    if (active) {
      since.current ??= Date.now();
      setShown(true);
      return;
    }
    if (since.current === null) return;
    const left = minMs - (Date.now() - since.current);
    const hide = () => {
      since.current = null;
      setShown(false);
    };
    if (left <= 0) {
      hide();
      return;
    }
    const timer = setTimeout(hide, left);
    return () => clearTimeout(timer);
  }, [active, minMs]);
  return active || shown;
}
