import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { cn } from '@/lib/utils';
import { Label } from './label';
import { Switch } from './switch';

/** A form's labelled on/off switch in its bordered row, bound to the boolean `name`. */
export function SwitchField<T extends FieldValues>({
  id,
  control,
  name,
  label,
  disabled,
  className,
}: {
  id: string;
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <div className={cn('flex items-center justify-between gap-3 rounded-md border px-3 py-2', className)}>
          <Label htmlFor={id}>{label}</Label>
          <Switch id={id} disabled={disabled} checked={field.value ?? false} onCheckedChange={field.onChange} onBlur={field.onBlur} />
        </div>
      )}
    />
  );
}
