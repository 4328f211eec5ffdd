import { useEffect, useState } from 'react';

/** `value`, settled for `delayMs` (docs/product/shell.md: 500 ms on screens, 300 ms on pickers). */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
