import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The state of a screen's record drawer: whether it is open, what it shows, and a session number
 * that grows with every opening. Keying the drawer by `session` gives each opening a fresh form,
 * while closing keeps the content in place for the closing animation. With `resetAfterMs` the
 * drawer also starts over (a new session on `initialTarget`) that long after it closes, unless
 * it was opened again meanwhile (the trips drawer, docs/product/trips.md).
 */
export function useDrawerSession<T>(initialTarget: T, options: { resetAfterMs?: number } = {}) {
  const [state, setState] = useState({ open: false, session: 0, target: initialTarget });
  const { resetAfterMs } = options;
  const initial = useRef(initialTarget);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(resetTimer.current), []);

  /** Opens the drawer on `target`, as a new session. Stable across renders. */
  const openWith = useCallback((target: T) => {
    clearTimeout(resetTimer.current);
    setState((d) => ({ open: true, session: d.session + 1, target }));
  }, []);
  /** Opens or closes without changing the target (the drawer's onOpenChange). Stable across renders. */
  const setOpen = useCallback(
    (open: boolean) => {
      setState((d) => ({ ...d, open }));
      clearTimeout(resetTimer.current);
      if (open || resetAfterMs === undefined) return;
      resetTimer.current = setTimeout(() => setState((d) => (d.open ? d : { open: false, session: d.session + 1, target: initial.current })), resetAfterMs);
    },
    [resetAfterMs],
  );
  return { ...state, openWith, setOpen };
}
