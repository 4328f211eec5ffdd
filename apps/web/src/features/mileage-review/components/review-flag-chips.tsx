import { REVIEW_FLAG_LABELS, type ReviewFlag, type ReviewRow } from '@milepost/contracts/mileage-review-api';
import { flagSentence } from '@milepost/contracts/review-flag-sentences';
import type { DistanceUnit } from '@milepost/geo/units';
import { createContext, useContext } from 'react';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { Tooltip } from '@/components/ui/tooltip';

/** Flag chips shown in a row's one line; the rest behind "+N". */
export const VISIBLE_FLAGS = 2;
/**
 * The Flags column's narrowest width: with every other column at what its content needs, the
 * whole row (Load/Trailer to Payable and the row menu, and the Ready tab's checkboxes) fits a 1366 px
 * laptop with the sidebar open (docs/mileage-review.md#screen). The flags take most of the spare width:
 * about 125 px there (two chips, shortened with an ellipsis when both are long), much
 * more on a wide screen. (A Ready trip has no flag, so the Ready tab may give the column its least.)
 */
export const FLAGS_COLUMN_SIZE = 100;

const CHIP = 'rounded-full border border-amber-500/50 bg-amber-50 px-1.5 py-px text-[11px] whitespace-nowrap text-amber-800 dark:bg-amber-950 dark:text-amber-200';

/** The flags' sentences in the user's unit (the server writes them in miles). */
export const FlagUnitContext = createContext<DistanceUnit>('MILES');

/**
 * A flag's sentence in the user's unit, written from the flag's figures (metres); a flag stored
 * before its figures were kept has only the server's sentence, in miles, shown as it is.
 */
export const flagSentenceIn = (f: ReviewFlag, unit: DistanceUnit) => (f.params ? flagSentence(f.code, f.params, unit) : f.sentence);

export function FlagChips({ row }: { row: ReviewRow }) {
  const unit = useContext(FlagUnitContext);
  const flagText = (f: ReviewRow['flags'][number]) => `${REVIEW_FLAG_LABELS[f.code]}: ${flagSentenceIn(f, unit)}`;
  if (!row.flags.length) return <span className="text-muted-foreground">—</span>;
  // One line: the table's rows have one height. A third chip would be cut off with its tooltip,
  // so the rest sit behind a "+N" chip: its tooltip (hover, keyboard focus) and its name list
  // them, and a press (a phone's tap) opens the same list (docs/mileage-review.md#screen). The
  // two widest names with "+N" overflow the column by a few pixels: the two chips shrink (an
  // ellipsis; their full name is in their tooltip and accessible name), "+N" never does.
  const shown = row.flags.slice(0, VISIBLE_FLAGS);
  const rest = row.flags.slice(VISIBLE_FLAGS);
  const flagLine = (f: ReviewRow['flags'][number]) => (
    <>
      <span className="font-medium">{REVIEW_FLAG_LABELS[f.code]}</span>: {flagSentenceIn(f, unit)}
    </>
  );
  const restList = (
    <ul className="space-y-1">
      {rest.map((f, i) => (
        <li key={`${f.code}-${i}`}>{flagLine(f)}</li>
      ))}
    </ul>
  );
  return (
    <span className="flex min-w-0 flex-nowrap gap-1 overflow-hidden">
      {shown.map((f, i) => (
        <Tooltip key={`${f.code}-${i}`} label={flagLine(f)}>
          <span tabIndex={0} data-flag={f.code} aria-label={flagText(f)} className={`${CHIP} min-w-0 truncate`}>
            {REVIEW_FLAG_LABELS[f.code]}
          </span>
        </Tooltip>
      ))}
      {rest.length > 0 && (
        <Popover>
          <Tooltip label={restList}>
            <PopoverTrigger asChild>
              <button
                type="button"
                data-flag-more={rest.length}
                aria-label={`${rest.length} more ${rest.length === 1 ? 'flag' : 'flags'}: ${rest.map(flagText).join('; ')}`}
                className={`${CHIP} shrink-0 cursor-pointer`}
                onClick={(event) => event.stopPropagation()}
              >
                +{rest.length}
              </button>
            </PopoverTrigger>
          </Tooltip>
          <PopoverContent className="w-72 text-xs" onClick={(event) => event.stopPropagation()}>
            {restList}
          </PopoverContent>
        </Popover>
      )}
    </span>
  );
}
