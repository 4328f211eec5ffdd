import { toast } from '@/components/layout/toasts';
import { isApiError } from './api-client';
import { saveErrorText } from './error-messages';

/**
 * Reports a failed save (docs/product/shell.md "Failed saves": every form says so and keeps
 * its drawer open): the status-based text, server message preferred, as a toast; field issues
 * the server named (`body.email` …) also go under their fields when `setFieldError` is given.
 */
export function reportSaveFailure(error: unknown, entity: string, setFieldError?: (field: string, message: string) => void): string {
  if (setFieldError && isApiError(error) && error.errors) {
    for (const issue of error.errors) {
      const field = issue.path.replace(/^body\./, '');
      if (field && !field.includes('.')) setFieldError(field, issue.message);
    }
  }
  const text = saveErrorText(error, entity);
  // One toast per failure: pressing Save again on the same failure replaces it instead of stacking.
  toast.error(text, { id: `save-failed:${text}` });
  return text;
}
