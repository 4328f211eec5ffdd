import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/**
 * Page by page through a list paged on the server (`page` zero-based, `totalPages` from the API):
 * "Page 2 of 3" with Previous and Next, shown only when there is more than one page. Used where a
 * list sits inside a dialog or a panel rather than a scrolling DataTable (trip history, the IFTA
 * purchases and trips; docs/ifta.md "The screen").
 */
export function Pager({
  page,
  totalPages,
  busy = false,
  onPageChange,
  label = 'Pages',
  className,
}: {
  page: number;
  totalPages: number;
  /** A page is loading: the buttons wait. */
  busy?: boolean;
  onPageChange: (page: number) => void;
  /** The navigation's name, when several lists are paged on one screen. */
  label?: string;
  className?: string;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className={cn('flex items-center justify-end gap-2 text-sm', className)}>
      <span className="text-muted-foreground tabular-nums">
        Page {page + 1} of {totalPages}
      </span>
      <Button variant="outline" size="icon-sm" aria-label="Previous page" disabled={page === 0 || busy} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft aria-hidden />
      </Button>
      <Button variant="outline" size="icon-sm" aria-label="Next page" disabled={page >= totalPages - 1 || busy} onClick={() => onPageChange(page + 1)}>
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
