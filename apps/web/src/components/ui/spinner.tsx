import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** An accessible busy indicator: role="status", labelled "Loading" unless told otherwise. */
export function Spinner({ className, label = 'Loading', ...props }: ComponentProps<'span'> & { label?: string }) {
  return (
    <span role="status" aria-label={label} data-slot="spinner" className={cn('inline-flex text-muted-foreground', className)} {...props}>
      <LoaderCircle aria-hidden className="size-5 animate-spin" />
    </span>
  );
}
