import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorText } from '@/lib/error-messages';

/**
 * A drawer body that reads its record first (an edit always starts from the current version):
 * a spinner while it loads, the failure with 'Try again', then `children(record)`.
 */
export function RecordLoader<T>({ query, loadingLabel, children }: { query: UseQueryResult<T, Error>; loadingLabel?: string; children: (record: T) => ReactNode }) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error) {
    return (
      <div role="alert" className="flex flex-col items-center gap-3 py-10 text-center">
        <p className="text-sm text-destructive">{errorText(query.error)}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div className="flex justify-center py-10">
      <Spinner {...(loadingLabel ? { label: loadingLabel } : {})} />
    </div>
  );
}
