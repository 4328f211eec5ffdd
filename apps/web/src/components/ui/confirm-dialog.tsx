import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { lazyLayer, useLayer } from '@/components/ui/lazy-layer';

const alertDialogLayer = lazyLayer(() => import('@/components/ui/alert-dialog'));

/** docs/product/trips.md: the dialog's content is cleared this long after it closes (after the exit animation). */
export const CONFIRM_DIALOG_RESET_MS = 250;
export const PROCESSING_LABEL = 'Processing...';

export interface ConfirmOptions<P = unknown> {
  title: ReactNode;
  description?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  variant?: 'default' | 'destructive';
  payload?: P;
  /** Runs on confirm. The dialog shows 'Processing...' until it settles, closes on success, stays open on failure. */
  onConfirm: (payload: P) => void | Promise<void>;
}

interface ConfirmState extends ConfirmOptions<unknown> {
  open: boolean;
  loading: boolean;
}

const CLOSED: ConfirmState = { open: false, loading: false, title: '', onConfirm: () => {} };

export interface ConfirmDialogProps {
  open: boolean;
  loading?: boolean;
  title: ReactNode;
  description?: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  variant?: 'default' | 'destructive';
  onConfirm: () => void;
  onOpenChange: (open: boolean) => void;
}

/**
 * Presentational confirm dialog: cannot be dismissed (Escape, overlay, Cancel) while loading. Its
 * code loads when it first opens (components/ui/lazy-layer.tsx).
 */
export function ConfirmDialog({
  open,
  loading = false,
  title,
  description,
  confirmLabel = 'Confirm',
  cancelLabel = 'Cancel',
  variant = 'default',
  onConfirm,
  onOpenChange,
}: ConfirmDialogProps) {
  const layer = useLayer(alertDialogLayer, open);
  if (!layer) return null;
  const { AlertDialog, AlertDialogContent, AlertDialogDescription, AlertDialogFooter, AlertDialogHeader, AlertDialogTitle } = layer;
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (!next && loading) return;
        onOpenChange(next);
      }}
    >
      <AlertDialogContent
        onEscapeKeyDown={(event) => {
          if (loading) event.preventDefault();
        }}
        {...(description ? {} : { 'aria-describedby': undefined })}
      >
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          {description && <AlertDialogDescription>{description}</AlertDialogDescription>}
        </AlertDialogHeader>
        <AlertDialogFooter>
          <Button variant="outline" disabled={loading} onClick={() => onOpenChange(false)}>
            {cancelLabel}
          </Button>
          <Button variant={variant === 'destructive' ? 'destructive' : 'default'} disabled={loading} aria-busy={loading} onClick={onConfirm}>
            {loading ? PROCESSING_LABEL : confirmLabel}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/**
 * State for one confirm dialog (docs/product/trips.md Confirm-dialog state: title, description, labels,
 * payload, confirm action, loading). `confirm(options)` opens it; render `dialog` once.
 */
export function useConfirmDialog() {
  const [state, setState] = useState<ConfirmState>(CLOSED);
  const resetTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const mounted = useRef(true);
  const busy = useRef(false);
  const actionRef = useRef<Pick<ConfirmOptions<unknown>, 'onConfirm' | 'payload'> | null>(null);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(resetTimer.current);
    };
  }, []);

  const close = useCallback(() => {
    setState((s) => ({ ...s, open: false, loading: false }));
    clearTimeout(resetTimer.current);
    resetTimer.current = setTimeout(() => {
      actionRef.current = null;
      if (mounted.current) setState(CLOSED);
    }, CONFIRM_DIALOG_RESET_MS);
  }, []);

  const confirm = useCallback(<P,>(options: ConfirmOptions<P>) => {
    clearTimeout(resetTimer.current);
    const opts = options as ConfirmOptions<unknown>;
    actionRef.current = { onConfirm: opts.onConfirm, payload: opts.payload };
    setState({ ...opts, open: true, loading: false });
  }, []);

  const handleConfirm = useCallback(async () => {
    const action = actionRef.current;
    if (!action || busy.current) return;
    busy.current = true;
    setState((s) => ({ ...s, loading: true }));
    try {
      await action.onConfirm(action.payload);
      if (mounted.current) close();
    } catch {
      // The action reports its own failure; keep the dialog open so the user can retry or cancel.
      if (mounted.current) setState((s) => ({ ...s, loading: false }));
    } finally {
      busy.current = false;
    }
  }, [close]);

  const dialog = (
    <ConfirmDialog
      open={state.open}
      loading={state.loading}
      title={state.title}
      description={state.description}
      {...(state.confirmLabel !== undefined ? { confirmLabel: state.confirmLabel } : {})}
      {...(state.cancelLabel !== undefined ? { cancelLabel: state.cancelLabel } : {})}
      {...(state.variant !== undefined ? { variant: state.variant } : {})}
      onConfirm={() => void handleConfirm()}
      onOpenChange={(open) => {
        if (!open) close();
      }}
    />
  );

  return { confirm, close, dialog, isOpen: state.open, isLoading: state.loading };
}
