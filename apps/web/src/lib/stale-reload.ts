import { toast } from '@/components/layout/toasts';
import { hasErrorCode } from './api-client';

/** How long the refusal and its 'Reload' stay. */
const STALE_TOAST_MS = 10_000;

/**
 * A save refused as STALE_VERSION — the record changed since the form read it (docs/product/shell.md):
 * says so and offers 'Reload', which reads the record again into the form. Returns whether it was that
 * refusal; any other failure is the caller's to report.
 */
export function offerReloadIfStale(error: unknown, reload: () => Promise<unknown>): boolean {
  if (!hasErrorCode(error, 'STALE_VERSION')) return false;
  toast.error(error.message, { action: { label: 'Reload', onClick: () => void reload() }, duration: STALE_TOAST_MS });
  return true;
}
