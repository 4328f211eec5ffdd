import { z } from 'zod';
import { pageQuery } from './api';
import { decimalNumber, hasNoNul, id, nulMessage, optionalText, requiredText, text } from './fields';
import { centralDateTime } from './time';
import { quarterRange } from './state-miles-api';

/**
 * The IFTA quarterly return (docs/ifta.md): fuel purchases per truck, the quarter's tax rates per
 * jurisdiction, and the return drafted from the fileable state miles. The return is in miles and
 * US gallons, as it is filed; volumes are kept in US gallons to three decimals, as
 * receipts give them (docs/ifta.md "Units"), and shown in litres beside them in KM mode.
 */

/** Litres in a US gallon (exactly 231 cubic inches): the KM-mode display beside the return's gallons. */
export const LITRES_PER_US_GALLON = 3.785411784;
export const gallonsToLitres = (gallons: number): number => gallons * LITRES_PER_US_GALLON;

export const US_JURISDICTIONS = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA',
  'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX',
  'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
] as const; // prettier-ignore
export const CANADIAN_JURISDICTIONS = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const;
/** Where a purchase can be made: a US state or DC, a Canadian province or territory. */
export const FUEL_JURISDICTIONS: readonly string[] = [...US_JURISDICTIONS, ...CANADIAN_JURISDICTIONS];
/**
 * IFTA's member jurisdictions: the 48 contiguous states and the 10 provinces. Miles elsewhere
 * (AK, HI, DC, the territories, the Canadian territories YT NT NU, Mexico `MX`, water or unmatched `OUT`) count
 * in the fleet's total miles and MPG but are taxed by no IFTA return.
 */
export const IFTA_MEMBERS: ReadonlySet<string> = new Set([...US_JURISDICTIONS, ...CANADIAN_JURISDICTIONS].filter((j) => !['AK', 'HI', 'DC', 'NT', 'NU', 'YT'].includes(j)));

export const IFTA_MESSAGES = {
  quarter: 'quarter must be like 2026Q3 (a year from 2000 to 2100, then Q1 to Q4)',
  companyId: 'companyId must be a whole number from 1 to 2147483647',
  truckId: 'truckId must be a whole number from 1 to 2147483647',
  /** A purchase's truck, as the purchase form says it. */
  truck: 'Truck is required',
  purchasedAt: 'purchasedAt must be MM/DD/YYYY HH:mm:ss',
  fromDate: 'fromDate must be MM/DD/YYYY HH:mm:ss',
  toDate: 'toDate must be MM/DD/YYYY HH:mm:ss',
  rangeOrder: 'toDate must not be before fromDate',
  jurisdiction: 'jurisdiction must be a US state or Canadian province code, like IN or ON',
  gallons: 'gallons must be more than 0 and at most 500, with at most 3 decimals',
  amount: 'amount must be a number of US dollars from 0 to 100000, with at most 2 decimals',
  version: 'version must be a whole number from 1 to 2147483647',
  rateVersion: 'version must be a whole number from 0 to 2147483647 (0 for a quarter without rates)',
  rate: 'ratePerGallon must be a number of US dollars from 0 to 10, with at most 4 decimals',
  surcharge: 'surchargePerGallon must be a number of US dollars from 0 to 10, with at most 4 decimals',
  rateJurisdiction: 'jurisdiction must be an IFTA member: a state of the 48 contiguous states or a Canadian province',
  rateDuplicate: 'Each jurisdiction may appear once in a quarter',
  notFound: 'Fuel purchase not found.',
  stale: 'This fuel purchase was changed by someone else. Reload it and try again.',
  duplicate: 'This truck already has a purchase of these gallons at this time.',
  truckNotFound: 'Truck not found.',
  truckCompany: 'The truck belongs to no company: give it one before recording its fuel.',
  ratesStale: "This quarter's rates were changed by someone else. Reload them and try again.",
  csv: 'csv must be the file text, at most 10 MB',
  mappingColumn: 'Map this field to a column of the file',
  mappingMissing: (column: string) => `The file has no column "${column}"`,
  invalidRows: (n: number) => `${n} row${n === 1 ? '' : 's'} cannot be imported: fix them, or choose to skip them`,
  matrixEmpty: 'The file has no diesel rate for any IFTA jurisdiction (docs/ifta.md names the columns read)',
  matrixColumns: 'The file has no Jurisdiction and Diesel columns (docs/ifta.md names the columns read)',
  companyNotFound: 'Company not found.',
} as const;

const DECIMALS = (n: number) => (v: number) => Math.abs(Math.round(v * 10 ** n) - v * 10 ** n) < 1e-6;

/** A quarter as the return names it: 2026Q3. */
export const quarterText = z
  .string({ message: IFTA_MESSAGES.quarter })
  .trim()
  .regex(/^\d{4}Q[1-4]$/, IFTA_MESSAGES.quarter)
  .refine((q) => Number(q.slice(0, 4)) >= 2000 && Number(q.slice(0, 4)) <= 2100, IFTA_MESSAGES.quarter);

/** The Central-time first and last second of a quarter like 2026Q3. */
export function iftaQuarterRange(quarter: string): { from: Date; to: Date } {
  return quarterRange(Number(quarter.slice(0, 4)), Number(quarter.slice(5)));
}

export const gallons = decimalNumber(
  z.number({ message: IFTA_MESSAGES.gallons }).gt(0, IFTA_MESSAGES.gallons).max(500, IFTA_MESSAGES.gallons).refine(DECIMALS(3), IFTA_MESSAGES.gallons),
);
export const amount = decimalNumber(
  z.number({ message: IFTA_MESSAGES.amount }).min(0, IFTA_MESSAGES.amount).max(100_000, IFTA_MESSAGES.amount).refine(DECIMALS(2), IFTA_MESSAGES.amount),
);
export const fuelJurisdiction = z
  .string({ message: IFTA_MESSAGES.jurisdiction })
  .trim()
  .transform((v) => v.toUpperCase())
  .refine((v) => FUEL_JURISDICTIONS.includes(v), IFTA_MESSAGES.jurisdiction);

// ---------------------------------------------------------------- fuel purchases

export const fuelPurchaseListQuery = pageQuery
  .extend({
    companyId: id(IFTA_MESSAGES.companyId).optional(),
    truckId: id(IFTA_MESSAGES.truckId).optional(),
    jurisdiction: fuelJurisdiction.optional(),
    fromDate: centralDateTime(IFTA_MESSAGES.fromDate, 'fromDate').optional(),
    toDate: centralDateTime(IFTA_MESSAGES.toDate, 'toDate').optional(),
  })
  .superRefine((q, ctx) => {
    if (q.fromDate && q.toDate && q.toDate < q.fromDate) ctx.addIssue({ code: 'custom', message: IFTA_MESSAGES.rangeOrder, path: ['toDate'] });
  });
export type FuelPurchaseListQuery = z.output<typeof fuelPurchaseListQuery>;

export const fuelPurchaseRow = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  truckId: z.number().int(),
  unitNumber: z.string(),
  /** MM/DD/YYYY HH:mm:ss, Central. */
  purchasedAt: z.string(),
  jurisdiction: z.string(),
  gallons: z.number(),
  /** US dollars, when the receipt gives them. */
  amount: z.number().nullable(),
  vendor: z.string().nullable(),
  city: z.string().nullable(),
  version: z.number().int(),
});
export type FuelPurchaseRow = z.infer<typeof fuelPurchaseRow>;

export const fuelPurchaseForm = z.object({
  truckId: id(IFTA_MESSAGES.truck),
  purchasedAt: centralDateTime(IFTA_MESSAGES.purchasedAt, 'purchasedAt'),
  jurisdiction: fuelJurisdiction,
  gallons,
  amount: amount.nullish().transform((v) => v ?? null),
  vendor: optionalText('vendor', 200),
  city: optionalText('city', 200),
});
export type FuelPurchaseForm = z.input<typeof fuelPurchaseForm>;
export const fuelPurchaseUpdate = fuelPurchaseForm.extend({
  version: z.number({ message: IFTA_MESSAGES.version }).int(IFTA_MESSAGES.version).min(1, IFTA_MESSAGES.version).max(2147483647, IFTA_MESSAGES.version),
});

/** The fuel card export's column (by its header) for each field of a purchase. */
const column = (field: string) => requiredText(field, 200, IFTA_MESSAGES.mappingColumn);
const optionalColumn = (field: string) => text(field, 200).optional();
export const fuelImportMapping = z.object({
  purchasedAt: column('purchasedAt'),
  unit: column('unit'),
  jurisdiction: column('jurisdiction'),
  gallons: column('gallons'),
  amount: optionalColumn('amount'),
  vendor: optionalColumn('vendor'),
  city: optionalColumn('city'),
});
export type FuelImportMapping = z.infer<typeof fuelImportMapping>;

/** At most 10 MB of text: ~100 000 card lines. */
export const FUEL_IMPORT_MAX_CHARS = 10_000_000;

export const fuelImportBody = z.object({
  companyId: id(IFTA_MESSAGES.companyId),
  csv: z.string({ message: IFTA_MESSAGES.csv }).min(1, IFTA_MESSAGES.csv).max(FUEL_IMPORT_MAX_CHARS, IFTA_MESSAGES.csv).refine(hasNoNul, nulMessage('csv')),
  mapping: fuelImportMapping,
  /** Check the rows, import nothing. */
  dryRun: z.boolean().default(false),
  /** Import the good rows and leave out the INVALID ones (otherwise one INVALID row stops the import). */
  skipInvalid: z.boolean().default(false),
});
export type FuelImportBody = z.input<typeof fuelImportBody>;

export const FUEL_IMPORT_STATUSES = ['OK', 'INVALID', 'DUPLICATE'] as const;
export const fuelImportResult = z.object({
  imported: z.number().int(),
  rows: z.array(z.object({ row: z.number().int(), status: z.enum(FUEL_IMPORT_STATUSES), reason: z.string().nullable() })),
});
export type FuelImportResult = z.infer<typeof fuelImportResult>;

export const companyQuery = z.object({ companyId: id(IFTA_MESSAGES.companyId) });
export const fuelImportMappingAnswer = z.object({ companyId: z.number().int(), mapping: fuelImportMapping.nullable() });

// ---------------------------------------------------------------- rates

const rateNumber = (message: string) => decimalNumber(z.number({ message }).min(0, message).max(10, message).refine(DECIMALS(4), message));
export const iftaRateRow = z.object({
  jurisdiction: z
    .string({ message: IFTA_MESSAGES.rateJurisdiction })
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v) => IFTA_MEMBERS.has(v), IFTA_MESSAGES.rateJurisdiction),
  ratePerGallon: rateNumber(IFTA_MESSAGES.rate),
  surchargePerGallon: rateNumber(IFTA_MESSAGES.surcharge).default(0),
});
export const iftaRatesQuery = z.object({ quarter: quarterText });
export const iftaRatesForm = z
  .object({
    quarter: quarterText,
    rows: z.array(iftaRateRow).max(100),
    version: z.number({ message: IFTA_MESSAGES.rateVersion }).int(IFTA_MESSAGES.rateVersion).min(0, IFTA_MESSAGES.rateVersion).max(2147483647, IFTA_MESSAGES.rateVersion),
  })
  .superRefine((f, ctx) => {
    const seen = new Set<string>();
    f.rows.forEach((r, i) => {
      if (seen.has(r.jurisdiction)) ctx.addIssue({ code: 'custom', message: IFTA_MESSAGES.rateDuplicate, path: ['rows', i, 'jurisdiction'] });
      seen.add(r.jurisdiction);
    });
  });
export type IftaRatesForm = z.input<typeof iftaRatesForm>;
export const iftaRates = z.object({
  quarter: z.string(),
  rows: z.array(z.object({ jurisdiction: z.string(), ratePerGallon: z.number(), surchargePerGallon: z.number() })),
  /** 0: the quarter has no rates yet. */
  version: z.number().int(),
});
export type IftaRates = z.infer<typeof iftaRates>;
export const iftaRatesImportBody = z.object({
  quarter: quarterText,
  csv: z.string({ message: IFTA_MESSAGES.csv }).min(1, IFTA_MESSAGES.csv).max(1_000_000, IFTA_MESSAGES.csv).refine(hasNoNul, nulMessage('csv')),
  version: iftaRatesForm.shape.version,
});

// ---------------------------------------------------------------- the return

export const iftaReturnQuery = z.object({ companyId: id(IFTA_MESSAGES.companyId), quarter: quarterText });
export type IftaReturnQuery = z.output<typeof iftaReturnQuery>;

export const IFTA_WARNING_CODES = ['NO_RATES', 'MILES_NO_FUEL', 'FUEL_NO_MILES', 'MPG_RANGE', 'FUEL_NOT_DRIVEN', 'NOT_FILEABLE', 'DAYS_WITHOUT_GPS', 'NO_MILES'] as const;
export const iftaWarning = z.object({
  code: z.enum(IFTA_WARNING_CODES),
  message: z.string(),
  /** The trucks (unit numbers) or jurisdictions it names. */
  items: z.array(z.string()),
});
export type IftaWarning = z.infer<typeof iftaWarning>;

export const iftaReturnRow = z.object({
  jurisdiction: z.string(),
  totalMiles: z.number().int(),
  taxableMiles: z.number().int(),
  taxableGallons: z.number().int(),
  taxPaidGallons: z.number().int(),
  netTaxableGallons: z.number().int(),
  ratePerGallon: z.number(),
  surchargePerGallon: z.number(),
  surchargeDue: z.number(),
  /** Net taxable gallons × rate, US dollars; negative is a credit. */
  taxDue: z.number(),
  /** Trips and purchases behind the row (their lists: GET /ifta-return/trips and /fuel-purchases with the jurisdiction). */
  trips: z.number().int(),
  purchases: z.number().int(),
});
export type IftaReturnRow = z.infer<typeof iftaReturnRow>;

export const iftaReturn = z.object({
  companyId: z.number().int(),
  quarter: z.string(),
  totalMiles: z.number().int(),
  totalGallons: z.number().int(),
  /** Fleet MPG, two decimals; 0 when there is no fuel. */
  mpg: z.number(),
  rows: z.array(iftaReturnRow),
  /** Σ taxDue + surchargeDue. */
  totalDue: z.number(),
  notFileable: z.object({ trips: z.number().int(), miles: z.number().int() }),
  warnings: z.array(iftaWarning),
});
export type IftaReturn = z.infer<typeof iftaReturn>;

export const iftaReturnTripsQuery = pageQuery.extend({
  companyId: id(IFTA_MESSAGES.companyId),
  quarter: quarterText,
  jurisdiction: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2,3}$/, IFTA_MESSAGES.jurisdiction),
});
export const iftaReturnTrip = z.object({
  tripId: z.number().int(),
  truckId: z.number().int(),
  unitNumber: z.string(),
  loadNumber: z.string().nullable(),
  pickupDateTime: z.string(),
  miles: z.number(),
  source: z.string(),
  fileable: z.boolean(),
});
export type IftaReturnTrip = z.infer<typeof iftaReturnTrip>;

export const IFTA_RETURN_CSV_HEADERS = [
  'Jurisdiction', 'Total Miles (mi)', 'Taxable Miles (mi)', 'Taxable Gallons (gal)', 'Tax-Paid Gallons (gal)', 'Net Taxable Gallons (gal)',
  'Rate ($/gal)', 'Surcharge ($/gal)', 'Surcharge Due ($)', 'Tax Due ($)',
] as const; // prettier-ignore
export const iftaReturnFileName = (q: IftaReturnQuery) => `milepost-ifta-return-${q.companyId}-${q.quarter}.csv`;
