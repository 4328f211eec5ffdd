import { TRIP_STATUS_LABELS, type TripStatus } from '@milepost/contracts/trips-list';
import { cn } from '@/lib/utils';

/** A trip status label; an unknown status shows raw, in red (docs/product/trips.md). */
export function TripStatusText({ status, className }: { status: string; className?: string }) {
  const label = (TRIP_STATUS_LABELS as Record<string, string>)[status];
  if (label === undefined) return <span className={cn('text-destructive', className)}>{status}</span>;
  const tone: Record<TripStatus, string> = {
    UPCOMING: 'text-muted-foreground',
    IN_TRANSIT: 'text-primary',
    COMPLETED: 'text-success',
    CANCELLED: 'text-muted-foreground line-through',
  };
  return <span className={cn(tone[status as TripStatus], className)}>{label}</span>;
}
