import { STATE_MILES_SOURCE_LABELS, jurisdictionNote, type TripStateMiles } from '@milepost/contracts/state-miles-api';
import type { DistanceUnit } from '@milepost/geo/units';
import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { milesText } from '@/lib/distance-format';
import { errorText } from '@/lib/error-messages';
import { tripStateMilesQueryOptions } from '../api/mileage-api';

export const STATE_SPLIT_EMPTY_TEXT = 'No state miles yet: they are computed when the trip is saved and when its GPS track is read.';

/**
 * The trip's miles per state (docs/state-miles.md), one line per source it has, best first: the
 * first complete one is what the IFTA report counts — a partial GPS split (its track missed a leg)
 * is shown and not counted, and a straight-line estimate is never counted (not fileable). In the
 * user's unit, as every figure of the Mileage Report.
 */
function noteOf(s: TripStateMiles['sources'][number], best: TripStateMiles['sources'][number] | undefined): string {
  if (s.partial) return ' (partial: the track missed a leg; not counted)';
  if (s !== best) return '';
  return s.source === 'ESTIMATE' ? ' (not fileable: no route or GPS)' : ' (counted)';
}

export function StateMilesSplit({ tripId, unit = 'MILES' }: { tripId: number; unit?: DistanceUnit }) {
  const query = useQuery(tripStateMilesQueryOptions(tripId));
  return (
    <section aria-label="Miles by state" className="grid gap-1.5">
      <h3 className="text-sm font-medium">Miles by state (IFTA)</h3>
      {query.isPending ? (
        <p className="text-sm text-muted-foreground">Loading...</p>
      ) : query.error && !query.data ? (
        <p role="alert" className="text-sm text-destructive">
          {errorText(query.error)}
        </p>
      ) : query.data!.sources.length === 0 ? (
        <p className="text-sm text-muted-foreground">{STATE_SPLIT_EMPTY_TEXT}</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {query.data!.sources.map((s) => (
            <li key={s.source} title={s.computedFrom}>
              <span className="font-medium">{STATE_MILES_SOURCE_LABELS[s.source]}</span>
              <span className="text-xs text-muted-foreground">
                {noteOf(
                  s,
                  query.data!.sources.find((x) => !x.partial),
                )}
              </span>
              :{' '}
              <span className="tabular-nums">
                {s.states.map((x, i) => (
                  // A province, territory, MX or OUT says what it is on hover (docs/state-miles.md "Jurisdiction codes").
                  <Fragment key={x.state}>
                    {i > 0 && ' · '}
                    <span title={jurisdictionNote(x.state) || undefined}>{`${x.state} ${milesText(x.miles, unit)}`}</span>
                  </Fragment>
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
