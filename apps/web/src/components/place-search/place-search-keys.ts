import type { KeyboardEvent } from 'react';

/** What the place list's keys read and set. */
export interface PlaceListKeys {
  open: boolean;
  setOpen: (open: boolean) => void;
  /** How many places the list shows. */
  count: number;
  /** False while a status (searching, no results…) stands in for the list. */
  showList: boolean;
  /** The highlighted place, or -1. */
  active: number;
  setActiveIndex: (index: number) => void;
  /** Picks the place at this index. */
  pick: (index: number) => void;
}

/**
 * The place search input's keys (ARIA combobox): ↓/↑ move (↓ also opens), Home/End jump, Enter
 * picks, Escape closes, Tab leaves.
 */
export function placeListKeyDown({ open, setOpen, count, showList, active, setActiveIndex, pick }: PlaceListKeys) {
  return (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!open) setOpen(true);
        else if (count && showList) setActiveIndex((active + 1) % count);
        break;
      case 'ArrowUp':
        e.preventDefault();
        if (open && count && showList) setActiveIndex(active <= 0 ? count - 1 : active - 1);
        break;
      case 'Home':
      case 'End':
        if (open && count && showList) {
          e.preventDefault();
          setActiveIndex(e.key === 'Home' ? 0 : count - 1);
        }
        break;
      case 'Enter':
        // Enter picks the highlighted place and never submits the surrounding form while the list is open.
        if (open) {
          e.preventDefault();
          if (active >= 0) pick(active);
        }
        break;
      case 'Escape':
        if (open) {
          e.preventDefault();
          e.stopPropagation();
          setOpen(false);
          setActiveIndex(-1);
        }
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };
}
