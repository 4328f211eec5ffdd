import { z } from 'zod';
import { pageQuery, sortQuery } from './api';
import { tripSortFields } from './list-query';
import { TRIP_STATUSES, TRIP_STATUS_LABELS, type TripStatus } from './trips-list';
import { decimalText, id, optionalId, optionalText, queryText, requiredText, version } from './fields';
import { centralDateTime, optionalCentralDateTime, parseCentral } from './time';
import { estimateBasis, ROUTE_SOURCES } from './routing-api';
import { PROVIDER_LABELS, PROVIDERS } from './providers';
// The stop and load types are geo's (packages/geo/src/stops.ts): the trip schemas are built from them.
import { LOAD_STATUSES, STOP_TYPES, stopLetter } from '@milepost/geo/stops';

/**
 * Allowed status changes (decided; docs/product/trips.md leaves them open). A cancelled trip is final:
 * it is never reopened. A completed trip may go back to In Transit to correct a mistake.
 */
export const TRIP_STATUS_TRANSITIONS: Record<TripStatus, readonly TripStatus[]> = {
  UPCOMING: ['IN_TRANSIT', 'COMPLETED', 'CANCELLED'],
  IN_TRANSIT: ['UPCOMING', 'COMPLETED', 'CANCELLED'],
  COMPLETED: ['IN_TRANSIT'],
  CANCELLED: [],
};
export const canChangeTripStatus = (from: TripStatus, to: TripStatus) => from === to || TRIP_STATUS_TRANSITIONS[from].includes(to);

/**
 * The statuses a trip form offers: for a stored trip its own status and those
 * TRIP_STATUS_TRANSITIONS allow from it (Completed → In Transit only, Cancelled stays); for a
 * new trip every status but Cancelled.
 */
export function tripStatusChoices(current: TripStatus | undefined): TripStatus[] {
  if (current === undefined) return TRIP_STATUSES.filter((s) => s !== 'CANCELLED');
  return TRIP_STATUSES.filter((s) => canChangeTripStatus(current, s));
}

export const IDENTIFIER_TYPES = ['LOAD_NUMBER', 'TRAILER_NUMBER'] as const;
export type IdentifierType = (typeof IDENTIFIER_TYPES)[number];

export const TRIP_MESSAGES = {
  truckId: 'Truck is required',
  driverId: 'Driver is required',
  identifierType: 'Identifier type is required',
  identifierValue: 'Number is required',
  tripStatus: 'Trip status is required',
  pickupDateTime: 'Pickup date/time is required',
  endAfterStart: 'End date/time must be after start date/time',
  recoveryReasonRequired: 'Recovery reason is required',
  noStops: 'Please add at least one stop',
  uncompleted: 'This load is still uncompleted. Please complete the current trip before creating a recovery.',
  recoveryReasonForRecovery: 'Recovery reason is required when creating a recovery load.',
  usedByOthers: 'This number is already used by other truck(s).',
  created: 'Trip created successfully!',
  updated: 'Trip updated successfully!',
  notFound: 'Trip not found.',
  stale: 'This trip was changed by someone else since you opened it. Reload it to see the latest version; your changes were not saved.',
  transition: (from: string, to: string) => `A ${from.toLowerCase().replace('_', ' ')} trip cannot be changed to ${to.toLowerCase().replace('_', ' ')}.`,
  truckNotFound: 'Truck not found.',
  driverNotFound: 'Driver not found.',
  dispatcherNotFound: 'Dispatcher not found.',
  recoveryReasonNotFound: 'Recovery reason not found.',
  mileageTripId: 'Trip ID not found',
  notANumber: 'Must be a number',
  milesNegative: 'Miles cannot be negative',
  milesTooLarge: 'At most 100,000 miles',
  payableTooLarge: 'Loaded + empty miles (the payable mileage) must be at most 100,000 miles',
  odometerNegative: 'An odometer reading cannot be negative',
  odometerTooLarge: 'At most 100,000,000 miles',
  endOdometerBelowStart: 'End odometer must not be less than start odometer',
} as const;

/** Largest miles of one trip and largest odometer reading. */
export const MAX_TRIP_MILES = 100_000;
export const MAX_ODOMETER_MILES = 100_000_000;

/**
 * Empty and absent are no value; a text is read as a number only when written in plain decimal
 * notation ("12", "12.5", "-3", ".5"): "0x10", "1e3", " 12", "Infinity" and "abc" stay texts and
 * are refused as not a number (docs/decisions/009-input-types.md).
 */
const numberOrNull = (v: unknown) => (v === '' || v === undefined || v === null ? null : typeof v === 'string' ? decimalText(v) : v);

/** Miles and odometer readings: a number or nothing, one message per rule (server and form). */
export const tripMiles = z.preprocess(
  numberOrNull,
  z.number({ message: TRIP_MESSAGES.notANumber }).min(0, TRIP_MESSAGES.milesNegative).max(MAX_TRIP_MILES, TRIP_MESSAGES.milesTooLarge).nullable(),
);
export const tripOdometer = z.preprocess(
  numberOrNull,
  z.number({ message: TRIP_MESSAGES.notANumber }).min(0, TRIP_MESSAGES.odometerNegative).max(MAX_ODOMETER_MILES, TRIP_MESSAGES.odometerTooLarge).nullable(),
);

/** The end odometer may equal the start (the truck did not move) but never be below it. */
export const endOdometerBelowStart = (start: number | null, end: number | null) => start !== null && end !== null && end < start;

/** Mileage values are numbers or null; empty goes as null. */
const mileage = tripMiles;
const odometer = tripOdometer;

export const tripStopInput = z.object({
  address: requiredText('Address', 300),
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
  stopType: z.enum(STOP_TYPES),
  /**
   * The dispatcher's explicit choice for the leg into this stop, kept as sent; without it (or
   * null) the server gives the rule's default by freight on board, re-derived on every save
   * (packages/geo/src/stops.ts, docs/decisions/015-loaded-by-freight-on-board.md).
   */
  loadStatus: z
    .enum(LOAD_STATUSES)
    .nullish()
    .transform((v) => v ?? null),
  orderIndex: z.number().int().min(0).max(1000),
  /** Metres of the leg into this stop, from the routing; null when unknown. */
  distance: z
    .number()
    .min(0)
    .max(100_000_000)
    .nullish()
    .transform((v) => v ?? null),
  totalDistance: z
    .number()
    .min(0)
    .max(1_000_000_000)
    .nullish()
    .transform((v) => v ?? null),
  /** Seconds of the leg into this stop. */
  duration: z
    .number()
    .min(0)
    .max(100_000_000)
    .nullish()
    .transform((v) => v ?? null),
});
export type TripStopInput = z.input<typeof tripStopInput>;

/** A trip's fields without its stops. */
const tripFields = z.object({
  truckId: id(TRIP_MESSAGES.truckId),
  driverId: id(TRIP_MESSAGES.driverId),
  dispatcherId: optionalId(),
  identifierType: z.enum(IDENTIFIER_TYPES, { message: TRIP_MESSAGES.identifierType }),
  identifierValue: requiredText('Number', 50, TRIP_MESSAGES.identifierValue),
  tripStatus: z.enum(TRIP_STATUSES, { message: TRIP_MESSAGES.tripStatus }),
  pickupDateTime: centralDateTime(TRIP_MESSAGES.pickupDateTime, 'Pickup date/time'),
  startDateTime: optionalCentralDateTime('Start date/time'),
  endDateTime: optionalCentralDateTime('End date/time'),
  startOdometer: odometer,
  endOdometer: odometer,
  emptyMiles: mileage,
  loadedMiles: mileage,
  notes: optionalText('Notes', 2000, 'many'),
  recoveryReasonId: optionalId(),
});

/** Payable mileage is loaded + empty, and is capped like any trip's miles (each within the cap, their sum over it). */
export const payableTooLarge = (empty: number | null | undefined, loaded: number | null | undefined) =>
  typeof empty === 'number' && typeof loaded === 'number' && empty <= MAX_TRIP_MILES && loaded <= MAX_TRIP_MILES && empty + loaded > MAX_TRIP_MILES;

/** The rules between fields, once: the end after the start, the end odometer not below the start, payable within the cap. */
function tripFieldRules(
  v: Pick<z.output<typeof tripFields>, 'startDateTime' | 'endDateTime' | 'startOdometer' | 'endOdometer' | 'emptyMiles' | 'loadedMiles'>,
  ctx: z.RefinementCtx,
) {
  if (payableTooLarge(v.emptyMiles, v.loadedMiles)) {
    ctx.addIssue({ code: 'custom', path: ['loadedMiles'], message: TRIP_MESSAGES.payableTooLarge });
  }
  if (v.startDateTime && v.endDateTime && v.endDateTime <= v.startDateTime) {
    ctx.addIssue({ code: 'custom', path: ['endDateTime'], message: TRIP_MESSAGES.endAfterStart });
  }
  if (endOdometerBelowStart(v.startOdometer, v.endOdometer)) {
    ctx.addIssue({ code: 'custom', path: ['endOdometer'], message: TRIP_MESSAGES.endOdometerBelowStart });
  }
}

/**
 * The trip payload of POST and PUT without its stops, with every rule: the web's trip form
 * checks what it would send by it, while its stops editor keeps the stops.
 */
export const tripFieldsInput = tripFields.superRefine(tripFieldRules);

/** The trip payload of POST and PUT; the same rules on both sides. */
export const tripInput = tripFields
  .extend({ tripStops: z.array(tripStopInput, { message: TRIP_MESSAGES.noStops }).min(1, TRIP_MESSAGES.noStops).max(50) })
  .superRefine(tripFieldRules);
export type TripInput = z.input<typeof tripInput>;

export const tripUpdate = z.intersection(tripInput, z.object({ version: version('version is required') }));

export const tripStop = z.object({
  id: z.number().int(),
  address: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  stopType: z.string(),
  /** The status the leg into this stop is counted with. */
  loadStatus: z.string(),
  /** True when a dispatcher chose `loadStatus`; false when it is the rule's default (send it back only when true). */
  loadStatusExplicit: z.boolean(),
  orderIndex: z.number().int(),
  distance: z.number().nullable(),
  totalDistance: z.number().nullable(),
  duration: z.number().nullable(),
});

const person = z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string().nullable() });

/** Mileage figures in miles. */
export const mileStats = z.object({
  miles: z.number().nullable(),
  totalEmpty: z.number().nullable(),
  pu: z.number().nullable(),
  trl: z.number().nullable(),
  totalMiles: z.number().nullable(),
  totalDuration: z.number().nullable(),
  emptyMiles: z.number().nullable(),
  loadedMiles: z.number().nullable(),
  payableMileage: z.number().nullable(),
});

export const tripDetail = z.object({
  id: z.number().int(),
  truckId: z.number().int(),
  driverId: z.number().int(),
  dispatcherId: z.number().int().nullable(),
  truck: z.object({ id: z.number().int(), unitNumber: z.string() }),
  driver: person,
  dispatcher: person.nullable(),
  identifierType: z.enum(IDENTIFIER_TYPES),
  loadNumber: z.string().nullable(),
  trailerNumber: z.string().nullable(),
  tripStatus: z.enum(TRIP_STATUSES),
  pickupDateTime: z.string(),
  startDateTime: z.string().nullable(),
  endDateTime: z.string().nullable(),
  startOdometer: z.number().nullable(),
  endOdometer: z.number().nullable(),
  emptyMiles: z.number().nullable(),
  loadedMiles: z.number().nullable(),
  payableMileage: z.number().nullable(),
  notes: z.string().nullable(),
  recoveryReasonId: z.number().int().nullable(),
  recoveryReasonName: z.string().nullable(),
  recoveryLoadIndex: z.number().int(),
  isRecoveryLoad: z.boolean(),
  hasIncompleteTrips: z.boolean(),
  tripStops: z.array(tripStop),
  mileStats,
  /** Where the route figures (stop distances, mileStats miles) came from; null with fewer than 2 valid stops. */
  routeSource: z.enum(ROUTE_SOURCES).nullable(),
  /** What an estimated route was computed with (the company's factor or the default bands); null for HERE. */
  routeEstimateBasis: estimateBasis.nullish(),
  version: z.number().int(),
  updated: z.string(),
});
export type TripDetail = z.infer<typeof tripDetail>;

export const tripListQuery = pageQuery.extend({
  loadNumber: queryText('Load number', 50),
  trailerNumber: queryText('Trailer number', 50),
  truckId: id().optional(),
  driverId: id().optional(),
  assignedUserId: id().optional(),
  tripStatus: z.enum(TRIP_STATUSES).optional(),
  /** Pickup date-time range, MM/DD/YYYY HH:mm:ss Central. */
  fromDate: centralDateTime('fromDate must be MM/DD/YYYY HH:mm:ss', 'fromDate').optional(),
  toDate: centralDateTime('toDate must be MM/DD/YYYY HH:mm:ss', 'toDate').optional(),
  sort: sortQuery(tripSortFields),
});

export const tripRow = z.object({
  id: z.number().int(),
  truckId: z.number().int(),
  driverId: z.number().int(),
  unitNumber: z.string(),
  driverName: z.string(),
  assignUserName: z.string().nullable(),
  companyName: z.string().nullable(),
  loadNumber: z.string().nullable(),
  trailerNumber: z.string().nullable(),
  identifierType: z.enum(IDENTIFIER_TYPES),
  dispatcherName: z.string().nullable(),
  miles: z.number().nullable(),
  totalEmpty: z.number().nullable(),
  pu: z.number().nullable(),
  trl: z.number().nullable(),
  totalMiles: z.number().nullable(),
  /** Where Miles … TOTAL MILES came from: HERE or ESTIMATE (label estimates). */
  routeSource: z.enum(ROUTE_SOURCES).nullable(),
  /** What an estimated route was computed with (the estimate's tooltip); null for HERE. */
  routeEstimateBasis: estimateBasis.nullish(),
  payableMileage: z.number().nullable(),
  loadedMiles: z.number().nullable(),
  emptyMiles: z.number().nullable(),
  /** The first PICKUP stop's address (else the first stop's). */
  pickupLocation: z.string().nullable(),
  /** The last DELIVERY stop's address (else the last stop's). */
  deliveryLocation: z.string().nullable(),
  /** A recovery load (marked in the list), with its reason's name for the tooltip. */
  isRecoveryLoad: z.boolean(),
  recoveryReasonName: z.string().nullable(),
  pickupDateTime: z.string(),
  updated: z.string(),
  tripStatus: z.string(),
});
export type TripRow = z.infer<typeof tripRow>;

export const checkNumberQuery = z.object({
  number: requiredText('Number', 50, TRIP_MESSAGES.identifierValue),
  identifierType: z.enum(IDENTIFIER_TYPES, { message: TRIP_MESSAGES.identifierType }),
});

export const duplicateCheckRow = z.object({
  id: z.number().int(),
  truckId: z.number().int(),
  unitNumber: z.string(),
  identifierType: z.enum(IDENTIFIER_TYPES),
  loadNumber: z.string().nullable(),
  trailerNumber: z.string().nullable(),
  driverName: z.string(),
  tripStatus: z.string(),
  recoveryLoadIndex: z.number().int(),
});
export type DuplicateCheckRow = z.infer<typeof duplicateCheckRow>;

export const identifierNumbersQuery = pageQuery.extend({
  keyword: queryText('Keyword', 50),
  type: z.enum(IDENTIFIER_TYPES).default('LOAD_NUMBER'),
});
export const identifierNumberItem = z.object({ identifierValue: z.string() });

export const infoByNumberQuery = z.object({ number: requiredText('Number', 50), identifierType: z.enum(IDENTIFIER_TYPES).optional() });
export const vehicleInfo = z.object({
  trucks: z.array(z.object({ id: z.number().int(), unitNumber: z.string() })),
  drivers: z.array(z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string() })),
});

export const changeTripStatusQuery = z.object({ tripStatus: z.enum(TRIP_STATUSES, { message: TRIP_MESSAGES.tripStatus }) });

/** The sources whose figures "Use these miles" takes in the Mileage Report (docs/mileage-review.md "Screen"). */
export const FIGURE_SOURCES = ['HERE', 'ESTIMATE', ...PROVIDERS] as const;
export type FigureSource = (typeof FIGURE_SOURCES)[number];
export const FIGURE_SOURCE_LABELS: Record<FigureSource, string> = { HERE: 'HERE route', ESTIMATE: 'Estimate', ...PROVIDER_LABELS };
/** The Trip History's words for payable miles taken from one source's figures. */
export const takenFromNote = (source: FigureSource) => `taken from ${FIGURE_SOURCE_LABELS[source]}`;

/** The manual figures, with the trip's `version` they were read at (a stale one gets 409 STALE_VERSION); `source` when they are one source's figures. */
export const payableMileageForm = z
  .object({
    tripId: id(TRIP_MESSAGES.mileageTripId),
    payableMileage: mileage.optional(),
    emptyMiles: mileage,
    loadedMiles: mileage,
    version: version('version is required'),
    source: z.enum(FIGURE_SOURCES, { message: `source must be ${FIGURE_SOURCES.slice(0, -1).join(', ')} or ${FIGURE_SOURCES.at(-1)}` }).optional(),
  })
  .superRefine((v, ctx) => {
    if (payableTooLarge(v.emptyMiles, v.loadedMiles)) ctx.addIssue({ code: 'custom', path: ['loadedMiles'], message: TRIP_MESSAGES.payableTooLarge });
  });

export const historyQuery = pageQuery.extend({
  tripId: id(),
  size: pageQuery.shape.size.unwrap().default(10),
});
export const historyEntry = z.object({
  id: z.number().int(),
  columnName: z.string(),
  oldValue: z.string().nullable(),
  newValue: z.string().nullable(),
  name: z.string().nullable(),
  createdAt: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

/** Friendly labels of the history field codes; numbered ones end in _N. */
export function historyFieldLabel(code: string): string {
  const fixed: Record<string, string> = {
    TRIP_STATUS: 'Trip Status',
    DRIVER: 'Driver',
    TRUCK: 'Truck',
    DISPATCHER: 'Dispatcher',
    LOADED_MILES: 'Loaded Miles',
    EMPTY_MILES: 'Empty Miles',
    PAYABLE_MILEAGE: 'Payable Mileage',
    PICKUP_DATE_TIME: 'Pickup Date Time',
    START_DATE_TIME: 'Start Date Time',
    END_DATE_TIME: 'End Date Time',
    START_ODOMETER: 'Start Odometer',
    END_ODOMETER: 'End Odometer',
    IDENTIFIER_TYPE: 'Identifier Type',
    NUMBER: 'Number',
    NOTES: 'Notes',
    RECOVERY_REASON: 'Recovery Reason',
  };
  if (fixed[code]) return fixed[code];
  const m = /^(ADDRESS|STOP_TYPE|ADDED_STOP|DELETED_STOP|LOAD_STATUS)_(\d+)$/.exec(code);
  if (m) {
    const label = { ADDRESS: 'Address', STOP_TYPE: 'Stop Type', ADDED_STOP: 'Added Stop', DELETED_STOP: 'Deleted Stop', LOAD_STATUS: 'Load Status' }[m[1] as 'ADDRESS'];
    // Stops by the letter every screen gives them (STOP_TYPE_2 is the second stop: B).
    return `${label} ${stopLetter(Number(m[2]) - 1)}`;
  }
  return code;
}

const IDENTIFIER_TYPE_LABELS: Record<IdentifierType, string> = { LOAD_NUMBER: 'Load Number', TRAILER_NUMBER: 'Trailer Number' };
const titleCase = (code: string) => code.toLowerCase().replace(/(^|_)([a-z])/g, (_, sep: string, c: string) => `${sep ? ' ' : ''}${c.toUpperCase()}`);

/**
 * A history value in the words people read: status and type codes as their labels, wire
 * date-times through `formatDate` (the screen's display format), names and numbers as they are.
 */
export function historyValueText(code: string, value: string | null, formatDate: (date: Date) => string): string {
  if (value === null || value === '') return '';
  if (code === 'TRIP_STATUS') return TRIP_STATUS_LABELS[value as TripStatus] ?? value;
  if (code === 'IDENTIFIER_TYPE') return IDENTIFIER_TYPE_LABELS[value as IdentifierType] ?? value;
  if (code.endsWith('_DATE_TIME')) {
    const date = parseCentral(value);
    return date ? formatDate(date) : value;
  }
  if (/^(STOP_TYPE|LOAD_STATUS)_\d+$/.test(code)) return titleCase(value);
  return value;
}

/** `GET /trips/export.csv`: the list's filters and sort, every matching trip (no paging). */
export const tripExportQuery = tripListQuery.omit({ page: true, size: true });
