import { formatPhone, normalizePhone, phoneDigits } from '@milepost/contracts/phone';
import type { ComponentProps } from 'react';
import { Input } from './input';

/**
 * The next masked value after an edit: `formatPhone` of the typed digits (docs/product/trips.md phone mask).
 * Deleting only a mask character (')', ' ', '-') removes the digit before it, so Backspace
 * never gets stuck on the mask.
 */
export function nextPhoneValue(previous: string, typed: string): string {
  let digits = phoneDigits(typed);
  if (typed.length < previous.length && digits === phoneDigits(previous)) digits = digits.slice(0, -1);
  // A whole number pasted at once is read as people write it (a 10-digit US number gets +1).
  if (digits.length - phoneDigits(previous).length >= 10) return normalizePhone(digits);
  return formatPhone(digits);
}

/** A phone field with the product's mask. Controlled: `value` is the masked text. */
export function PhoneInput({
  value,
  onValueChange,
  onBlur,
  ...props
}: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & { value: string; onValueChange: (value: string) => void }) {
  return (
    <Input
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      value={value}
      onChange={(event) => onValueChange(nextPhoneValue(value, event.target.value))}
      onBlur={(event) => {
        // Leaving the field completes a 10-digit US number with its +1.
        const normal = normalizePhone(value);
        if (normal !== value) onValueChange(normal);
        onBlur?.(event);
      }}
      {...props}
    />
  );
}
