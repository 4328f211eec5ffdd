import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** The scrollable body of a screen, under its header bar. */
export function ScreenBody({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="screen-body" className={cn('flex min-h-0 flex-1 flex-col overflow-auto', className)} {...props} />;
}
