import { VALIDATION_MESSAGES } from '@milepost/contracts/messages';
import type { ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/** Text shown under a field: the error's message, else 'Invalid value' (docs/product/trips.md). */
export function fieldErrorText(error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  return typeof error.message === 'string' && error.message !== '' ? error.message : VALIDATION_MESSAGES.invalidValue;
}

export function fieldErrorId(id: string): string {
  return `${id}-error`;
}

/** Label, control and the error under it. The control should set aria-invalid / aria-describedby itself. */
export function FormField({ id, label, error, className, children }: { id: string; label: ReactNode; error?: FieldError | undefined; className?: string; children: ReactNode }) {
  const message = fieldErrorText(error);
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {message && (
        <p id={fieldErrorId(id)} className="text-xs text-destructive">
          {message}
        </p>
      )}
    </div>
  );
}

/** aria props for a control inside {@link FormField}. */
export function fieldAria(id: string, error: FieldError | undefined) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': fieldErrorId(id) } : {};
}
