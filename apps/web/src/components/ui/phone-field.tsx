import { Controller, type Control, type FieldError, type FieldPath, type FieldValues } from 'react-hook-form';
import { FormField, fieldAria } from './form-field';
import { PhoneInput } from './phone-input';

/** A form's labelled phone field: the masked `PhoneInput` bound to `name`, its error under it (docs/product/trips.md phone mask). */
export function PhoneField<T extends FieldValues>({
  id,
  control,
  name,
  error,
  placeholder = '+1 (555) 123-4567',
}: {
  id: string;
  control: Control<T>;
  name: FieldPath<T>;
  error: FieldError | undefined;
  placeholder?: string;
}) {
  return (
    <FormField id={id} label="Phone" error={error}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <PhoneInput
            id={id}
            placeholder={placeholder}
            name={field.name}
            ref={field.ref}
            onBlur={field.onBlur}
            value={field.value ?? ''}
            onValueChange={field.onChange}
            {...fieldAria(id, error)}
          />
        )}
      />
    </FormField>
  );
}
