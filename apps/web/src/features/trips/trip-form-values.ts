import {
  IDENTIFIER_TYPES,
  TRIP_MESSAGES,
  TRIP_STATUSES,
  endOdometerBelowStart,
  tripMiles,
  tripOdometer,
  type TripDetail,
  type TripStatus,
} from '@milepost/contracts/trips-api';
import { formatCentral, parseCentral } from '@milepost/contracts/time';
import { z } from 'zod';
import type { TripPayload } from './api/trips-api';
import { newStopKey, toStopInputs, type StopDraft } from './stops';

/** The value format of the native date-time inputs, read as US Central wall-clock time. */
export const INPUT_DATE_TIME = "yyyy-MM-dd'T'HH:mm";
/** Date-times step in 5 minutes (the date-time picker's MINUTE_STEP). */
const STEP_MS = 5 * 60_000;

const toNumber = (text: string): number | null => {
  if (text.trim() === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
};

/** A number typed as text, checked by the contracts' rule (its own message per rule). */
const numberText = (rule: typeof tripMiles | typeof tripOdometer) =>
  z.string().superRefine((text, ctx) => {
    const r = rule.safeParse(text);
    if (!r.success) ctx.addIssue({ code: 'custom', message: r.error.issues[0]!.message });
  });

const idField = (message: string) => z.number({ message }).int().positive(message).nullable().refine((v) => v !== null, message);

/** The trip form's values and rules (docs/product/trips.md "Trip form"); messages from the contracts. */
export const tripFormSchema = z
  .object({
    truckId: idField(TRIP_MESSAGES.truckId),
    driverId: idField(TRIP_MESSAGES.driverId),
    dispatcherId: z.number().nullable(),
    identifierType: z.enum(IDENTIFIER_TYPES, { message: TRIP_MESSAGES.identifierType }),
    identifierValue: z.string().trim().min(1, TRIP_MESSAGES.identifierValue).max(50),
    tripStatus: z.enum(TRIP_STATUSES, { message: TRIP_MESSAGES.tripStatus }),
    pickupDateTime: z.string().min(1, TRIP_MESSAGES.pickupDateTime),
    startDateTime: z.string(),
    endDateTime: z.string(),
    startOdometer: numberText(tripOdometer),
    endOdometer: numberText(tripOdometer),
    emptyMiles: numberText(tripMiles),
    loadedMiles: numberText(tripMiles),
    notes: z.string().max(2000),
    recoveryReasonId: z.number().nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.startDateTime && v.endDateTime && v.endDateTime <= v.startDateTime) {
      ctx.addIssue({ code: 'custom', path: ['endDateTime'], message: TRIP_MESSAGES.endAfterStart });
    }
    if (endOdometerBelowStart(toNumber(v.startOdometer), toNumber(v.endOdometer))) {
      ctx.addIssue({ code: 'custom', path: ['endOdometer'], message: TRIP_MESSAGES.endOdometerBelowStart });
    }
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


/** Payable mileage = empty + loaded when both are numbers; blank otherwise (docs/product/trips.md). */
export function payableMileage(emptyMiles: string, loadedMiles: string): string {
  const empty = toNumber(emptyMiles);
  const loaded = toNumber(loadedMiles);
  if (empty === null || loaded === null) return '';
  return String(Math.round((empty + loaded) * 10) / 10);
}

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

const numText = (n: number | null) => (n === null ? '' : String(n));

export function tripValuesOf(trip: TripDetail): TripFormValues {
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
    startOdometer: numText(trip.startOdometer),
    endOdometer: numText(trip.endOdometer),
    emptyMiles: numText(trip.emptyMiles),
    loadedMiles: numText(trip.loadedMiles),
    notes: trip.notes ?? '',
    recoveryReasonId: trip.recoveryReasonId,
  };
}

export function tripStopsOf(trip: TripDetail): StopDraft[] {
  return [...trip.tripStops]
    .sort((a, b) => a.orderIndex - b.orderIndex)
    .map((s) => ({
      key: newStopKey(),
      address: s.address,
      latitude: s.latitude,
      longitude: s.longitude,
      stopType: s.stopType as StopDraft['stopType'],
      loadStatus: s.loadStatus as StopDraft['loadStatus'],
      orderIndex: s.orderIndex,
      distance: s.distance,
      totalDistance: s.totalDistance,
      duration: s.duration,
    }));
}

/**
 * The payload of POST/PUT /trips (docs/product/trips.md "On submit"): dates as MM/DD/YYYY HH:mm:ss, empty
 * values dropped, mileage numbers or null, isRecoveryLoad from the recovery reason. The
 * completion fields go only with a COMPLETED status.
 */
export function tripPayload(values: TripFormValues, stops: readonly StopDraft[]): TripPayload {
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
    startOdometer: completed ? toNumber(values.startOdometer) : null,
    endOdometer: completed ? toNumber(values.endOdometer) : null,
    notes: values.notes.trim(),
    recoveryReasonId: values.recoveryReasonId,
  };
  const payload: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) if (value !== null && value !== undefined && value !== '') payload[key] = value;
  payload.emptyMiles = toNumber(values.emptyMiles);
  payload.loadedMiles = toNumber(values.loadedMiles);
  payload.isRecoveryLoad = values.recoveryReasonId !== null;
  payload.tripStops = toStopInputs(stops);
  return payload as TripPayload;
}
