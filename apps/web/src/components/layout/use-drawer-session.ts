import { useCallback, useState } from 'react';

/**
 * The state of a screen's record drawer: whether it is open, what it shows, and a session number
 * that grows with every opening. Keying the drawer by `session` gives each opening a fresh form,
 * while closing keeps the content in place for the closing animation.
 */
export function useDrawerSession<T>(initialTarget: T) {
  const [state, setState] = useState({ open: false, session: 0, target: initialTarget });
  /** Opens the drawer on `target`, as a new session. Stable across renders. */
  const openWith = useCallback((target: T) => setState((d) => ({ open: true, session: d.session + 1, target })), []);
  /** Opens or closes without changing the target (the drawer's onOpenChange). Stable across renders. */
  const setOpen = useCallback((open: boolean) => setState((d) => ({ ...d, open })), []);
  return { ...state, openWith, setOpen };
}
