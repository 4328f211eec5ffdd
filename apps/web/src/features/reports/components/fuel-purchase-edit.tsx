import { FUEL_JURISDICTIONS, fuelPurchaseForm, fuelPurchaseUpdate, type FuelPurchaseRow } from '@milepost/contracts/ifta-api';
import { useMemo, useState, type FormEvent } from 'react';
import { FILTER_SELECT_CLASS } from '@/components/filters/filter-controls';
import { Button } from '@/components/ui/button';
import { useConfirmDialog } from '@/components/ui/confirm-dialog';
import { LookupSelect, type LookupOption } from '@/components/ui/lookup-select';
import { hasErrorCode, isApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-messages';
import { companyTruckLookup } from '@/lib/lookups';
import { useWriteMutation } from '@/lib/query-keys';
import { cn } from '@/lib/utils';
import { createFuelPurchase, deleteFuelPurchase, updateFuelPurchase } from '../api/ifta-api';

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
export const FUEL_RECORDED_TEXT = 'Purchase recorded.';

const EMPTY: Values = { purchasedAt: '', jurisdiction: '', gallons: '', amount: '', vendor: '', city: '' };

const valuesOf = (p: FuelPurchaseRow): Values => ({
  purchasedAt: p.purchasedAt,
  jurisdiction: p.jurisdiction,
  gallons: String(p.gallons),
  amount: p.amount === null ? '' : p.amount.toFixed(2),
  vendor: p.vendor ?? '',
  city: p.city ?? '',
});

/** The first message for each form field (and the truck, for a new purchase), from the contract's issues or the server's. */
function fieldErrors(issues: { field: string; message: string }[]) {
  const found: Partial<Record<Field | 'truckId', string>> = {};
  for (const { field, message } of issues) if (field === 'truckId' || FIELDS.some((f) => f.key === field)) found[field as Field | 'truckId'] ??= message;
  return found;
}

/** The errors left once `next` is typed: a field the user changed no longer shows the error it had (it is checked again on save). */
function errorsAfterTyping<K extends string>(errors: Partial<Record<K, string>>, before: Values, next: Values): Partial<Record<K, string>> {
  const left = { ...errors };
  for (const f of FIELDS) if (before[f.key] !== next[f.key]) delete left[f.key as K & Field];
  return left;
}

const issuesOfZod = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) => issues.map((i) => ({ field: String(i.path[0]), message: i.message }));
const issuesOfServer = (issues: readonly { path: string; message: string }[]) => issues.map((i) => ({ field: i.path.replace(/^body\./, ''), message: i.message }));

/** The fields a purchase is typed with, as the contract reads them (empty optional fields are null). */
const formBody = (truckId: number | undefined, values: Values) => ({
  truckId,
  purchasedAt: values.purchasedAt.trim(),
  jurisdiction: values.jurisdiction,
  gallons: values.gallons.trim(),
  amount: values.amount.trim() === '' ? null : values.amount.trim().replace(/^\$/, ''),
  vendor: values.vendor.trim() === '' ? null : values.vendor.trim(),
  city: values.city.trim() === '' ? null : values.city.trim(),
});

/** The purchase's fields, each with its error under it: the same for a new purchase and a changed one. */
function PurchaseFields({
  idPrefix,
  values,
  errors,
  onChange,
  chooseJurisdiction = false,
}: {
  idPrefix: string;
  values: Values;
  errors: Partial<Record<Field, string>>;
  onChange: (values: Values) => void;
  /** A new purchase starts with no state chosen (an empty first choice). */
  chooseJurisdiction?: boolean;
}) {
  return (
    <>
      {FIELDS.map((f) => {
        const error = errors[f.key];
        const id = `${idPrefix}-${f.key}`;
        return (
          <label key={f.key} htmlFor={id} className="flex flex-col gap-0.5 text-xs">
            {f.label}
            {f.key === 'purchasedAt' && <span className="text-muted-foreground"> (MM/DD/YYYY HH:mm:ss, Central)</span>}
            {f.key === 'jurisdiction' ? (
              <select
                id={id}
                className={cn(FILTER_SELECT_CLASS, 'w-full', error && 'border-destructive')}
                value={values.jurisdiction}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) => onChange({ ...values, jurisdiction: e.target.value })}
              >
                {chooseJurisdiction && <option value="">Choose...</option>}
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
                onChange={(e) => onChange({ ...values, [f.key]: e.target.value })}
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
    </>
  );
}

/** A refusal said under the fields; with 'Reload' when the purchase changed meanwhile. */
function Failure({ failure, onReload }: { failure: { text: string; stale: boolean } | null; onReload?: () => void }) {
  if (!failure) return null;
  return (
    <div role="alert" className="flex flex-wrap items-center gap-2 rounded border border-destructive/50 bg-destructive/10 p-2 text-destructive">
      <span>{failure.text}</span>
      {failure.stale && onReload && (
        <Button type="button" size="sm" variant="outline" onClick={onReload}>
          Reload
        </Button>
      )}
    </div>
  );
}

/**
 * A fuel purchase typed on screen (docs/ifta.md "The screen"), with CAN_EDIT_FUEL_PURCHASES: one of
 * the company's trucks and the purchase's fields, checked with the contract's rules before `POST`;
 * the server's field issues go under their fields, and the same truck, time and gallons as a
 * stored purchase (409 ALREADY_EXISTS) is said as the server says it.
 */
export function FuelPurchaseNew({ companyId, onDone }: { companyId: number; onDone: (message: string, recorded?: FuelPurchaseRow) => void }) {
  const [truck, setTruck] = useState<LookupOption | null>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field | 'truckId', string>>>({});
  const [failure, setFailure] = useState<{ text: string; stale: boolean } | null>(null);
  const create = useWriteMutation('ifta', createFuelPurchase);
  const trucks = useMemo(() => companyTruckLookup(companyId), [companyId]);
  const truckError = errors.truckId;
  const type = (next: Values) => {
    setErrors(errorsAfterTyping(errors, values, next));
    setValues(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const body = formBody(truck?.id, values);
    const checked = fuelPurchaseForm.safeParse(body);
    if (!checked.success) {
      setErrors(fieldErrors(issuesOfZod(checked.error.issues)));
      return;
    }
    setErrors({});
    try {
      const recorded = await create.mutateAsync({ ...body, truckId: truck!.id });
      onDone(FUEL_RECORDED_TEXT, recorded);
    } catch (err) {
      if (isApiError(err) && err.errors) setErrors(fieldErrors(issuesOfServer(err.errors)));
      setFailure({ text: errorText(err), stale: false });
    }
  };

  return (
    <form aria-label="New fuel purchase" className="flex flex-col gap-2 rounded-md border bg-background p-3 text-sm" onSubmit={(e) => void submit(e)} noValidate>
      <h4 className="text-xs font-medium text-muted-foreground">Record a fuel purchase</h4>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
        <div className="flex flex-col gap-0.5 text-xs">
          <label htmlFor="fuel-new-truck">Truck</label>
          <LookupSelect
            id="fuel-new-truck"
            value={truck}
            onChange={(option) => {
              setTruck(option);
              setErrors(({ truckId: _cleared, ...rest }) => rest);
            }}
            {...trucks}
            placeholder="Choose a truck"
            searchPlaceholder="Search trucks..."
            clearLabel="Clear truck"
            invalid={Boolean(truckError)}
            describedBy={truckError ? 'fuel-new-truck-error' : undefined}
          />
          {truckError && (
            <span id="fuel-new-truck-error" className="text-destructive">
              {truckError}
            </span>
          )}
        </div>
        <PurchaseFields idPrefix="fuel-new" values={values} errors={errors} onChange={type} chooseJurisdiction />
      </div>
      <Failure failure={failure} />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={create.isPending}>
          Record purchase
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={() => onDone('')}>
          Cancel
        </Button>
      </div>
    </form>
  );
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

  const body = () => ({ ...formBody(record.truckId, values), truckId: record.truckId, version: record.version });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const checked = fuelPurchaseUpdate.safeParse(body());
    if (!checked.success) {
      setErrors(fieldErrors(issuesOfZod(checked.error.issues)));
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
        setErrors(fieldErrors(issuesOfServer(err.errors)));
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
        <PurchaseFields
          idPrefix={`fuel-${record.id}`}
          values={values}
          errors={errors}
          onChange={(next) => {
            setErrors(errorsAfterTyping(errors, values, next));
            setValues(next);
          }}
        />
      </div>
      <Failure failure={failure} onReload={() => void reloadRecord()} />
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
