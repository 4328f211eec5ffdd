import { FUEL_JURISDICTIONS, fuelPurchaseUpdate, type FuelPurchaseRow } from '@milepost/contracts/ifta-api';
import { useState, type FormEvent } from 'react';
import { FILTER_SELECT_CLASS } from '@/components/filters/filter-controls';
import { Button } from '@/components/ui/button';
import { useConfirmDialog } from '@/components/ui/confirm-dialog';
import { hasErrorCode, isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-messages';
import { useWriteMutation } from '@/lib/query-keys';
import { cn } from '@/lib/utils';
import { deleteFuelPurchase, updateFuelPurchase } from '../api/ifta-api';

type Field = 'purchasedAt' | 'jurisdiction' | 'gallons' | 'amount' | 'vendor' | 'city';
type Values = Record<Field, string>;

const FIELDS: { key: Field; label: string }[] = [
  { key: 'purchasedAt', label: 'Date and time' },
  { key: 'jurisdiction', label: 'State / province' },
  { key: 'gallons', label: 'Gallons' },
  { key: 'amount', label: 'Amount (USD)' },
  { key: 'vendor', label: 'Vendor' },
  { key: 'city', label: 'City' },
];

export const FUEL_STALE_TEXT = 'This purchase was changed by someone else since you opened it. Reload it to see their change, then make yours again.';
export const FUEL_SAVED_TEXT = 'Purchase saved.';
export const FUEL_DELETED_TEXT = 'Purchase deleted.';

const valuesOf = (p: FuelPurchaseRow): Values => ({
  purchasedAt: p.purchasedAt,
  jurisdiction: p.jurisdiction,
  gallons: String(p.gallons),
  amount: p.amount === null ? '' : p.amount.toFixed(2),
  vendor: p.vendor ?? '',
  city: p.city ?? '',
});

/** The first message for each form field, from the contract's issues or the server's. */
function fieldErrors(issues: { field: string; message: string }[]) {
  const found: Partial<Record<Field, string>> = {};
  for (const { field, message } of issues) if (FIELDS.some((f) => f.key === field)) found[field as Field] ??= message;
  return found;
}

/**
 * One fuel purchase changed or deleted (docs/ifta.md "The screen"), with CAN_EDIT_FUEL_PURCHASES:
 * the fields of a purchase checked with the contract's rules before saving, the server's field
 * issues under their fields, a purchase changed meanwhile (409 STALE_VERSION) said plainly with
 * 'Reload', and a purchase already recorded (409 ALREADY_EXISTS) said as the server says it.
 */
export function FuelPurchaseEdit({
  purchase,
  reload,
  onDone,
}: {
  purchase: FuelPurchaseRow;
  reload: () => Promise<FuelPurchaseRow | undefined>;
  onDone: (message: string) => void;
}) {
  const [record, setRecord] = useState(purchase);
  const [values, setValues] = useState<Values>(() => valuesOf(purchase));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<{ text: string; stale: boolean } | null>(null);
  const save = useWriteMutation('ifta', updateFuelPurchase);
  const remove = useWriteMutation('ifta', deleteFuelPurchase);
  const { dialog, confirm } = useConfirmDialog();
  const label = `Purchase ${record.unitNumber}, ${record.purchasedAt}`;

  const body = () => ({
    truckId: record.truckId,
    purchasedAt: values.purchasedAt.trim(),
    jurisdiction: values.jurisdiction,
    gallons: values.gallons.trim(),
    amount: values.amount.trim() === '' ? null : values.amount.trim().replace(/^\$/, ''),
    vendor: values.vendor.trim() === '' ? null : values.vendor.trim(),
    city: values.city.trim() === '' ? null : values.city.trim(),
    version: record.version,
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = fuelPurchaseUpdate.safeParse(body());
    if (!checked.success) {
      setErrors(fieldErrors(checked.error.issues.map((i) => ({ field: String(i.path[0]), message: i.message }))));
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: record.id, body: body() });
      onDone(FUEL_SAVED_TEXT);
    } catch (err) {
      if (hasErrorCode(err, 'STALE_VERSION')) {
        setFailure({ text: FUEL_STALE_TEXT, stale: true });
        return;
      }
      if (isApiError(err) && err.errors) {
        setErrors(fieldErrors(err.errors.map((i) => ({ field: i.path.replace(/^body\./, ''), message: i.message }))));
      }
      setFailure({ text: errorText(err), stale: false });
    }
  };

  const reloadRecord = async () => {
    const fresh = await reload();
    setFailure(null);
    setErrors({});
    if (!fresh) {
      onDone('The purchase no longer exists.');
      return;
    }
    setRecord(fresh);
    setValues(valuesOf(fresh));
  };

  const askDelete = () =>
    confirm({
      title: 'Delete this fuel purchase?',
      description: `${record.unitNumber}, ${record.purchasedAt}, ${record.jurisdiction}, ${record.gallons} gal. The return no longer counts it.`,
      confirmLabel: 'Delete',
      variant: 'destructive',
      onConfirm: async () => {
        try {
          await remove.mutateAsync(record.id);
          onDone(FUEL_DELETED_TEXT);
        } catch (err) {
          setFailure({ text: errorText(err), stale: false });
        }
      },
    });

  return (
    <form aria-label={label} className="flex flex-col gap-2 rounded-md border bg-background p-3 text-sm" onSubmit={(e) => void submit(e)} noValidate>
      <h4 className="text-xs font-medium text-muted-foreground">Change the purchase of {record.unitNumber}</h4>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        {FIELDS.map((f) => {
          const error = errors[f.key];
          const id = `fuel-${record.id}-${f.key}`;
          return (
            <label key={f.key} htmlFor={id} className="flex flex-col gap-0.5 text-xs">
              {f.label}
              {f.key === 'purchasedAt' && <span className="text-muted-foreground"> (MM/DD/YYYY HH:mm:ss, Central)</span>}
              {f.key === 'jurisdiction' ? (
                <select
                  id={id}
                  className={cn(FILTER_SELECT_CLASS, 'w-full')}
                  value={values.jurisdiction}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(e) => setValues({ ...values, jurisdiction: e.target.value })}
                >
                  {FUEL_JURISDICTIONS.map((j) => (
                    <option key={j} value={j}>
                      {j}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={id}
                  className={cn('rounded border bg-background px-1.5 py-1', error && 'border-destructive')}
                  inputMode={f.key === 'gallons' || f.key === 'amount' ? 'decimal' : undefined}
                  value={values[f.key]}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(e) => setValues({ ...values, [f.key]: e.target.value })}
                />
              )}
              {error && (
                <span id={`${id}-error`} className="text-destructive">
                  {error}
                </span>
              )}
            </label>
          );
        })}
      </div>
      {failure && (
        <div role="alert" className="flex flex-wrap items-center gap-2 rounded border border-destructive/50 bg-destructive/10 p-2 text-destructive">
          <span>{failure.text}</span>
          {failure.stale && (
            <Button type="button" size="sm" variant="outline" onClick={() => void reloadRecord()}>
              Reload
            </Button>
          )}
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={save.isPending || remove.isPending}>
          Save purchase
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => onDone('')}>
          Cancel
        </Button>
        <Button type="button" size="sm" variant="destructive" className="ml-auto" disabled={save.isPending || remove.isPending} onClick={askDelete}>
          Delete purchase
        </Button>
      </div>
      {dialog}
    </form>
  );
}
