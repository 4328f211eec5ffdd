import { estimateBasisText, type EstimateBasisLike } from '@milepost/contracts/estimate-basis';
import type { DistanceUnit } from '@milepost/geo/units';
import type { ReactNode } from 'react';
import { UNIT_SUFFIX, estimateHover, type PER_TRIP } from '@/lib/distance-format';
import { cn } from '@/lib/utils';

/** The amber of every estimated figure. */
export const ESTIMATE_TEXT = 'text-amber-700 dark:text-amber-400';

/**
 * An estimated figure (no HERE route), the one way every screen shows it — the trips list and cards,
 * the Mileage Report's routing row, Reports, the map panel's title and its report: "≈ 812.4" in
 * amber, its hover saying what it was computed with ("× 1.08 from 212 of your legs", or the default
 * bands; docs/decisions/021-estimate-calibration.md) and screen readers hearing the unit and "est.". `children` is the figure
 * as the screen writes it; `spoken` is what follows it for a screen reader (the unit and "est." by
 * default; nothing when the figure already says so).
 */
export function EstimateFigure({
  children,
  basis,
  unit,
  note,
  approx = true,
  spoken,
  className,
}: {
  children: ReactNode;
  basis?: EstimateBasisLike | null | undefined | typeof PER_TRIP;
  unit: DistanceUnit;
  /** Said before the estimate's explanation, e.g. "3 of 12 trips estimated." */
  note?: string;
  /** Whether to write "≈ " before the figure (false when the figure already reads "≈ … est."). */
  approx?: boolean;
  spoken?: string | null;
  className?: string;
}) {
  const said = spoken === undefined ? ` ${UNIT_SUFFIX[unit]} est.` : spoken;
  return (
    <span data-source="ESTIMATE" title={estimateHover(basis, unit, note)} className={cn('tabular-nums', ESTIMATE_TEXT, className)}>
      {approx && '≈ '}
      {children}
      {said && <span className="sr-only">{said}</span>}
    </span>
  );
}

/**
 * The estimate's basis in words, on screen next to an estimated figure (its hover says the same):
 * "Estimate: × 1.08 from 212 of your legs (middle half 1.05–1.12)" or "Estimate: default × 1.22
 * for 100–500 mi (fitted on road miles between US cities)" — docs/routing.md "The estimate".
 */
export function EstimateBasisNote({ basis, unit, className }: { basis: EstimateBasisLike | null | undefined; unit: DistanceUnit; className?: string }) {
  return (
    <span data-testid="estimate-basis" className={cn('text-xs text-muted-foreground', className)}>
      Estimate: {estimateBasisText(basis, unit)}
    </span>
  );
}
