import type { FuelImportMapping, FuelImportResult } from '@milepost/contracts/ifta-api';
import { useQuery } from '@tanstack/react-query';
import { parse } from 'csv-parse/browser/esm/sync';
import { useEffect, useState } from 'react';
import { FILTER_SELECT_CLASS } from '@/components/filters/filter-controls';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/error-messages';
import { useWriteMutation } from '@/lib/query-keys';
import { cn } from '@/lib/utils';
import { fuelMappingQueryOptions, importFuelPurchases } from '../api/ifta-api';

const FIELDS: { key: keyof FuelImportMapping; label: string; required: boolean }[] = [
  { key: 'purchasedAt', label: 'Date and time', required: true },
  { key: 'unit', label: 'Unit number', required: true },
  { key: 'jurisdiction', label: 'State / province', required: true },
  { key: 'gallons', label: 'Gallons', required: true },
  { key: 'amount', label: 'Amount (USD)', required: false },
  { key: 'vendor', label: 'Vendor', required: false },
  { key: 'city', label: 'City', required: false },
];

/** The header line of a CSV text (empty when it does not parse). */
function headersOf(csv: string): string[] {
  try {
    const first = csv.split(/\r?\n/, 1)[0] ?? '';
    return ((parse(first, { bom: true, relax_column_count: true, trim: true }) as string[][])[0] ?? []).filter(Boolean);
  } catch {
    return [];
  }
}

/**
 * A fuel card export imported column by column (docs/ifta.md "Import"): the file's columns are
 * mapped to a purchase's fields (the company's last mapping filled in), checked first, then
 * imported — with INVALID lines only when the user chooses to skip them.
 */
export function FuelImport({ companyId }: { companyId: number }) {
  const remembered = useQuery(fuelMappingQueryOptions(companyId));
  const mutation = useWriteMutation('ifta', importFuelPurchases);
  const [csv, setCsv] = useState('');
  const [mapping, setMapping] = useState<Partial<FuelImportMapping>>({});
  const [skipInvalid, setSkipInvalid] = useState(false);
  const [result, setResult] = useState<{ dryRun: boolean; answer: FuelImportResult } | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (remembered.data?.mapping) setMapping(remembered.data.mapping);
  }, [remembered.data]);
  const headers = headersOf(csv);
  const ready = csv.length > 0 && FIELDS.every((f) => !f.required || mapping[f.key]);
  const run = async (dryRun: boolean) => {
    setError(null);
    try {
      const clean = Object.fromEntries(Object.entries(mapping).filter(([, v]) => v)) as FuelImportMapping;
      setResult({ dryRun, answer: await mutation.mutateAsync({ companyId, csv, mapping: clean, dryRun, skipInvalid }) });
    } catch (err) {
      setError(errorText(err));
    }
  };
  const counts = result && {
    ok: result.answer.rows.filter((r) => r.status === 'OK').length,
    invalid: result.answer.rows.filter((r) => r.status === 'INVALID').length,
    duplicate: result.answer.rows.filter((r) => r.status === 'DUPLICATE').length,
  };
  return (
    <section aria-label="Import a fuel card export" className="flex flex-col gap-2 rounded-md border p-3 text-sm">
      <h3 className="text-xs font-medium text-muted-foreground">Import a fuel card export (CSV)</h3>
      <input
        type="file"
        accept=".csv,text/csv"
        aria-label="Fuel card export"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void file.text().then((text) => (setCsv(text), setResult(null)));
        }}
      />
      {headers.length > 0 && (
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-4">
          {FIELDS.map((f) => (
            <label key={f.key} className="flex flex-col gap-0.5 text-xs">
              {f.label}
              {f.required ? '' : ' (optional)'}
              <select className={cn(FILTER_SELECT_CLASS, 'w-full')} value={mapping[f.key] ?? ''} onChange={(e) => setMapping({ ...mapping, [f.key]: e.target.value || undefined })}>
                <option value="">{f.required ? 'Choose a column…' : 'None'}</option>
                {headers.map((h) => (
                  <option key={h} value={h}>
                    {h}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </div>
      )}
      <label className="flex items-center gap-2 text-xs">
        <input type="checkbox" checked={skipInvalid} onChange={(e) => setSkipInvalid(e.target.checked)} />
        Skip the invalid lines (otherwise one invalid line stops the import)
      </label>
      <div className="flex gap-2">
        <Button size="sm" variant="secondary" disabled={!ready || mutation.isPending} onClick={() => void run(true)}>
          Check
        </Button>
        <Button size="sm" disabled={!ready || mutation.isPending} onClick={() => void run(false)}>
          Import
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-destructive">
          {error}
        </p>
      )}
      {result && counts && (
        <div role="status">
          <p>
            {result.dryRun ? 'Checked: ' : `Imported ${result.answer.imported}. `}
            {counts.ok} OK, {counts.invalid} invalid, {counts.duplicate} already imported.
            {!result.dryRun && counts.invalid > 0 && !skipInvalid && ' Nothing was imported: fix the invalid lines or choose to skip them.'}
          </p>
          <ul className="mt-1 max-h-40 overflow-auto text-xs">
            {result.answer.rows
              .filter((r) => r.status !== 'OK')
              .map((r) => (
                <li key={r.row}>
                  Line {r.row}: {r.status === 'INVALID' ? 'invalid' : 'already imported'} — {r.reason}
                </li>
              ))}
          </ul>
        </div>
      )}
    </section>
  );
}
