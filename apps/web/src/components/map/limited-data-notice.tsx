import { AlertTriangle } from 'lucide-react';

/** docs/product/shell.md "Trips": the notice of a trip without location data from the other sources. */
export const LIMITED_DATA = {
  title: 'Limited Data Available',
  text: 'Additional location data has not been provided by the backend system. Statistics are calculated based on available trip stops only.',
} as const;

/** The amber 'Limited Data Available' notice, under a map panel's title. */
export function LimitedDataNotice() {
  return (
    <div role="status" className="flex gap-2 border-b border-amber-300 bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-200">
      <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
      <p>
        <strong className="block font-semibold">{LIMITED_DATA.title}</strong>
        {LIMITED_DATA.text}
      </p>
    </div>
  );
}
