import { Check } from 'lucide-react';
import type { RefObject, UIEvent } from 'react';
import { Spinner } from '@/components/ui/spinner';

interface Option {
  id: number;
  label: string;
}

/**
 * The lookup picker's list of options (ARIA listbox): the highlighted one follows the pointer, a
 * click picks, the chosen one has a check, a spinner while the next page loads; scrolling asks
 * for more.
 */
export function LookupOptionList({
  listRef,
  listId,
  label,
  options,
  value,
  active,
  onActivate,
  onPick,
  fetchingMore,
  onScroll,
}: {
  listRef: RefObject<HTMLUListElement | null>;
  listId: string;
  label: string;
  options: readonly Option[];
  value: Option | null;
  active: number;
  onActivate: (index: number) => void;
  onPick: (option: Option) => void;
  fetchingMore: boolean;
  onScroll: (element: HTMLElement) => void;
}) {
  return (
    <ul
      ref={listRef}
      id={listId}
      role="listbox"
      aria-label={label}
      className="max-h-60 overflow-y-auto"
      onScroll={(event: UIEvent<HTMLUListElement>) => onScroll(event.currentTarget)}
    >
      {options.map((option, index) => {
        const selected = value?.id === option.id;
        return (
          <li
            key={option.id}
            id={`${listId}-${option.id}`}
            role="option"
            aria-selected={selected}
            data-index={index}
            data-active={index === active || undefined}
            onMouseEnter={() => onActivate(index)}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(option)}
            className="flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 text-sm data-[active]:bg-accent data-[active]:text-accent-foreground"
          >
            <span className="min-w-0 flex-1 truncate">{option.label}</span>
            {selected && <Check aria-hidden className="size-4" />}
          </li>
        );
      })}
      {fetchingMore && (
        <li className="flex justify-center py-1.5" aria-hidden>
          <Spinner className="[&_svg]:size-4" />
        </li>
      )}
    </ul>
  );
}
