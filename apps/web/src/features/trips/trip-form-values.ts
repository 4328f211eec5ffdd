import { IDENTIFIER_TYPES, tripFieldsInput, type TripDetail } from '@milepost/contracts/trips-api';
import { TRIP_STATUSES, type TripStatus } from '@milepost/contracts/trips-list';
import { formatCentral, parseCentral } from '@milepost/contracts/time';
import type { LoadStatus, StopType } from '@milepost/geo/stops';
import type { DistanceUnit } from '@milepost/geo/units';
import { z } from 'zod';
import { manualFieldMiles, manualFieldText } from '@/lib/distance-format';
import type { TripPayload } from './api/trips-api';
import { newStopKey, toStopInputs, type StopDraft } from './stops';

/** The value format of the native date-time inputs, read as US Central wall-clock time. */
export const INPUT_DATE_TIME = "yyyy-MM-dd'T'HH:mm";
/** Date-times step in 5 minutes (the date-time picker's MINUTE_STEP). */
const STEP_MS = 5 * 60_000;

/** What the trip form's fields hold: ids picked or null, everything typed as text. */
const tripFormValues = z.object({
  truckId: z.number().nullable(),
  driverId: z.number().nullable(),
  dispatcherId: z.number().nullable(),
  identifierType: z.enum(IDENTIFIER_TYPES),
  identifierValue: z.string(),
  tripStatus: z.enum(TRIP_STATUSES),
  pickupDateTime: z.string(),
  startDateTime: z.string(),
  endDateTime: z.string(),
  startOdometer: z.string(),
  endOdometer: z.string(),
  emptyMiles: z.string(),
  loadedMiles: z.string(),
  notes: z.string(),
  recoveryReasonId: z.number().nullable(),
});

/**
 * The trip form's rules are the contracts' (docs/product/trips.md "Trip form"): the form checks
 * what it would send (`tripFieldsPayload`) by `tripFieldsInput`, the schema the server checks
 * POST and PUT /trips by, and shows each issue under its field. The stops are checked by the
 * stops editor and the submit button (no stops, no submit).
 */
export const tripFormSchema = tripFormValues.superRefine((values, ctx) => {
  const checked = tripFieldsInput.safeParse(tripFieldsPayload(values));
  if (checked.success) return;
  for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
});

export type TripFormValues = z.input<typeof tripFormSchema>;

/** 'yyyy-MM-ddTHH:mm' (Central) → 'MM/DD/YYYY HH:mm:ss'; '' stays ''. */
export function inputToWire(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/.exec(value);
  return m ? `${m[2]}/${m[3]}/${m[1]} ${m[4]}:${m[5]}:00` : '';
}

/** 'MM/DD/YYYY HH:mm:ss' (or an ISO time) → the input's Central 'yyyy-MM-ddTHH:mm'. */
export function wireToInput(value: string | null | undefined): string {
  if (!value) return '';
  const date = parseCentral(value) ?? new Date(value);
  return Number.isNaN(date.getTime()) ? '' : formatCentral(date, INPUT_DATE_TIME);
}

/** Now, down to the 5-minute step the picker offers. */
export const nowInput = (now: Date = new Date()) => formatCentral(new Date(Math.floor(now.getTime() / STEP_MS) * STEP_MS), INPUT_DATE_TIME);

export function emptyTripValues(now: Date = new Date()): TripFormValues {
  return {
    truckId: null,
    driverId: null,
    dispatcherId: null,
    identifierType: 'LOAD_NUMBER',
    identifierValue: '',
    tripStatus: 'IN_TRANSIT',
    pickupDateTime: nowInput(now),
    startDateTime: '',
    endDateTime: '',
    startOdometer: '',
    endOdometer: '',
    emptyMiles: '',
    loadedMiles: '',
    notes: '',
    recoveryReasonId: null,
  };
}

/** The trip's values as the form holds them; the figures staff enter in the user's unit (stored in miles). */
export function tripValuesOf(trip: TripDetail, unit: DistanceUnit = 'MILES'): TripFormValues {
  return {
    truckId: trip.truckId,
    driverId: trip.driverId,
    dispatcherId: trip.dispatcherId,
    identifierType: trip.identifierType,
    identifierValue: (trip.identifierType === 'LOAD_NUMBER' ? trip.loadNumber : trip.trailerNumber) ?? '',
    tripStatus: (TRIP_STATUSES as readonly string[]).includes(trip.tripStatus) ? (trip.tripStatus as TripStatus) : 'IN_TRANSIT',
    pickupDateTime: wireToInput(trip.pickupDateTime),
    startDateTime: wireToInput(trip.startDateTime),
    endDateTime: wireToInput(trip.endDateTime),
    startOdometer: manualFieldText(trip.startOdometer, unit),
    endOdometer: manualFieldText(trip.endOdometer, unit),
    emptyMiles: manualFieldText(trip.emptyMiles, unit),
    loadedMiles: manualFieldText(trip.loadedMiles, unit),
    notes: trip.notes ?? '',
    recoveryReasonId: trip.recoveryReasonId,
  };
}

/**
 * The saved stops as drafts: their types were saved, so they count as chosen (the rules do not
 * change them); a load status counts as the dispatcher's when the API says it was (loadStatusExplicit).
 */
export function tripStopsOf(trip: TripDetail): StopDraft[] {
  const sorted = [...trip.tripStops].sort((a, b) => a.orderIndex - b.orderIndex);
  return sorted.map((s) => ({
    key: newStopKey(),
    address: s.address,
    latitude: s.latitude,
    longitude: s.longitude,
    stopType: s.stopType as StopType,
    typeChosen: true,
    loadStatus: s.loadStatus as LoadStatus,
    loadChosen: s.loadStatusExplicit,
    orderIndex: s.orderIndex,
    distance: s.distance,
    totalDistance: s.totalDistance,
    duration: s.duration,
  }));
}

/**
 * The payload of POST/PUT /trips without the stops (docs/product/trips.md "On submit"): dates as
 * MM/DD/YYYY HH:mm:ss, empty values dropped, mileage numbers or null. The completion fields go
 * only with a COMPLETED status. The server derives isRecoveryLoad from the recovery reason.
 */
/** The figures a trip has stored (miles as the API answers them): a km figure left as shown keeps them. */
type StoredFigures = { emptyMiles: number | null; loadedMiles: number | null; startOdometer?: number | null; endOdometer?: number | null };

export function tripFieldsPayload(values: TripFormValues, unit: DistanceUnit = 'MILES', stored: StoredFigures | undefined = undefined): Omit<TripPayload, 'tripStops'> {
  const completed = values.tripStatus === 'COMPLETED';
  const raw: Record<string, unknown> = {
    truckId: values.truckId,
    driverId: values.driverId,
    dispatcherId: values.dispatcherId,
    identifierType: values.identifierType,
    identifierValue: values.identifierValue.trim(),
    tripStatus: values.tripStatus,
    pickupDateTime: inputToWire(values.pickupDateTime),
    startDateTime: completed ? inputToWire(values.startDateTime) : '',
    endDateTime: completed ? inputToWire(values.endDateTime) : '',
    // Odometers too are read in the user's unit and sent in miles.
    startOdometer: completed ? manualFieldMiles(values.startOdometer, unit, stored?.startOdometer ?? null) : null,
    endOdometer: completed ? manualFieldMiles(values.endOdometer, unit, stored?.endOdometer ?? null) : null,
    notes: values.notes.trim(),
    recoveryReasonId: values.recoveryReasonId,
  };
  const payload: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) if (value !== null && value !== undefined && value !== '') payload[key] = value;
  // Typed in the user's unit, sent in miles (a km figure left as shown keeps the stored miles).
  payload.emptyMiles = manualFieldMiles(values.emptyMiles, unit, stored?.emptyMiles ?? null);
  payload.loadedMiles = manualFieldMiles(values.loadedMiles, unit, stored?.loadedMiles ?? null);
  return payload as Omit<TripPayload, 'tripStops'>;
}

export function tripPayload(values: TripFormValues, stops: readonly StopDraft[], unit: DistanceUnit = 'MILES', stored?: StoredFigures): TripPayload {
  return { ...tripFieldsPayload(values, unit, stored), tripStops: toStopInputs(stops) };
}
