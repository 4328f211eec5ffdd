import { useQuery } from '@tanstack/react-query';
import { ROUTING_STATUS_TEXT } from '@milepost/contracts/routing-api';
import { formatDisplayDateTime } from '@/lib/date-format';
import { routingStatusQueryOptions } from '../api/system-api';

/**
 * The System screen's HERE line (docs/routing.md#throttles): answering, or throttled /
 * unavailable since when and until when, and how many trips wait to be routed again.
 */
export function HereStatus() {
  const { data } = useQuery(routingStatusQueryOptions());
  if (!data) return null;
  const throttled = data.here === 'THROTTLED' || data.here === 'UNAVAILABLE';
  return (
    <section aria-label="HERE routing" data-testid="here-status" className="mx-4 mt-4 rounded-md border px-3 py-2 text-sm">
      <p className={throttled ? 'font-medium text-amber-700 dark:text-amber-400' : undefined}>
        {throttled
          ? `${ROUTING_STATUS_TEXT[data.here]} since ${formatDisplayDateTime(data.since)}; no one calls HERE until ${formatDisplayDateTime(data.until)}.`
          : ROUTING_STATUS_TEXT[data.here]}
      </p>
      {data.here !== 'NO_KEY' && data.estimatesWaiting > 0 ? (
        <p className="text-muted-foreground">
          {data.estimatesWaiting === 1 ? '1 trip has' : `${data.estimatesWaiting} trips have`} estimated figures; they are routed again once HERE answers.
        </p>
      ) : null}
    </section>
  );
}
