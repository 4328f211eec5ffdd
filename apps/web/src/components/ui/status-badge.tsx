import { cn } from '@/lib/utils';

const TONE = {
  on: 'border-success/30 bg-success/10 text-success',
  off: 'border-border bg-muted text-muted-foreground',
} as const;

/**
 * Active/Inactive (or Enabled/Disabled) badge. With `onClick` it is a button (the holder may
 * change the status); without it, plain text (docs/product/admin.md).
 */
export function StatusBadge({
  on,
  onLabel = 'Active',
  offLabel = 'Inactive',
  onClick,
  actionLabel,
  disabled = false,
  title,
}: {
  on: boolean;
  onLabel?: string;
  offLabel?: string;
  onClick?: () => void;
  /** Accessible name of the button, e.g. 'Deactivate Dana Reyes'. */
  actionLabel?: string;
  disabled?: boolean;
  /** Why it is plain text (e.g. 'You cannot deactivate your own account'). */
  title?: string;
}) {
  const className = cn('inline-flex h-5 items-center gap-1 rounded-full border px-2 text-xs font-medium whitespace-nowrap', on ? TONE.on : TONE.off);
  const dot = <span aria-hidden className={cn('size-1.5 rounded-full', on ? 'bg-success' : 'bg-muted-foreground/60')} />;
  const text = on ? onLabel : offLabel;
  if (!onClick) {
    return (
      <span data-slot="status-badge" className={className} title={title}>
        {dot}
        {text}
      </span>
    );
  }
  return (
    <button
      type="button"
      data-slot="status-badge"
      onClick={onClick}
      disabled={disabled}
      aria-label={actionLabel ? `${text}: ${actionLabel}` : undefined}
      title={actionLabel}
      className={cn(className, 'cursor-pointer outline-none transition-opacity hover:opacity-80 focus-visible:ring-2 focus-visible:ring-ring/50 disabled:cursor-default')}
    >
      {dot}
      {text}
    </button>
  );
}
