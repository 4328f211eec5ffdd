import { describe, expect, it } from 'vitest';
import { addStop } from './stops';
import { TRIP_MESSAGES } from '@milepost/contracts/trips-api';
import type { TripDetail } from '@milepost/contracts/trips-api';
import { emptyTripValues, inputToWire, tripFormSchema, tripPayload, tripStopsOf, tripValuesOf, wireToInput } from './trip-form-values';

const stop = (id: number, address: string, orderIndex: number, stopType: string, loadStatus: string, loadStatusExplicit = false) =>
  ({
    id,
    address,
    latitude: 32 + id,
    longitude: -96 - id,
    orderIndex,
    stopType,
    loadStatus,
    loadStatusExplicit,
    distance: null,
    totalDistance: null,
    duration: null,
  }) as TripDetail['tripStops'][number];
const TRIP = {
  id: 42,
  truckId: 1,
  driverId: 2,
  dispatcherId: null,
  identifierType: 'LOAD_NUMBER',
  loadNumber: 'L-42',
  trailerNumber: null,
  tripStatus: 'IN_TRANSIT',
  pickupDateTime: '03/02/2026 09:00:00',
  startDateTime: null,
  endDateTime: null,
  startOdometer: null,
  endOdometer: null,
  emptyMiles: 50,
  loadedMiles: 835.7,
  payableMileage: 885.7,
  notes: null,
  recoveryReasonId: null,
  tripStops: [
    stop(1, 'Dallas, TX', 0, 'START', 'EMPTY'),
    stop(2, 'Fort Worth, TX', 1, 'PICKUP', 'EMPTY'),
    stop(3, 'Oklahoma City, OK', 2, 'DELIVERY', 'LOADED'),
    stop(4, 'Dallas, TX', 3, 'HOME', 'LOADED', true),
  ],
} as unknown as TripDetail;

describe('trip form values', () => {
  it('new trips default to In Transit with pickup now in Central time, down to the 5-minute step', () => {
    // 15:07 UTC on 2 March 2026 is 09:07 CST.
    expect(emptyTripValues(new Date('2026-03-02T15:07:00Z'))).toMatchObject({ tripStatus: 'IN_TRANSIT', identifierType: 'LOAD_NUMBER', pickupDateTime: '2026-03-02T09:05' });
  });

  it('sends dates as MM/DD/YYYY HH:mm:ss, drops empty values, mileage as numbers or null', () => {
    expect(inputToWire('2026-03-02T09:05')).toBe('03/02/2026 09:05:00');
    expect(wireToInput('03/02/2026 09:05:00')).toBe('2026-03-02T09:05');
    const stops = addStop([], { id: '1', title: 'Chicago', address: { label: 'Chicago, IL' }, position: { lat: 41.8, lng: -87.6 } })!;
    const payload = tripPayload({ ...emptyTripValues(), truckId: 1, driverId: 2, identifierValue: ' L-1 ', pickupDateTime: '2026-03-02T09:05', loadedMiles: '12.5' }, stops);
    expect(payload).toMatchObject({ truckId: 1, driverId: 2, identifierValue: 'L-1', pickupDateTime: '03/02/2026 09:05:00', loadedMiles: 12.5, emptyMiles: null });
    // The server derives isRecoveryLoad from the recovery reason: the form does not send it.
    expect(payload).not.toHaveProperty('isRecoveryLoad');
    expect(payload).not.toHaveProperty('dispatcherId');
    expect(payload).not.toHaveProperty('notes');
    expect(payload).not.toHaveProperty('startDateTime');
    expect(payload.tripStops[0]).not.toHaveProperty('key');
  });

  const errors = (patch: Partial<ReturnType<typeof emptyTripValues>>) => {
    const r = tripFormSchema.safeParse({ ...emptyTripValues(), truckId: 1, driverId: 2, identifierValue: 'L-1', tripStatus: 'COMPLETED', ...patch });
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('each number rule has its own message: negative, too large, not a number, end odometer below start', () => {
    expect(errors({ loadedMiles: '-5', emptyMiles: '1000000' })).toEqual({ loadedMiles: TRIP_MESSAGES.milesNegative, emptyMiles: TRIP_MESSAGES.milesTooLarge });
    // Plain decimal notation only, as the API reads numbers.
    expect(errors({ emptyMiles: '1e6', loadedMiles: '0x10' })).toEqual({ emptyMiles: TRIP_MESSAGES.notANumber, loadedMiles: TRIP_MESSAGES.notANumber });
    expect(errors({ startOdometer: '-1', endOdometer: 'abc' })).toEqual({ startOdometer: TRIP_MESSAGES.odometerNegative, endOdometer: TRIP_MESSAGES.notANumber });
    expect(errors({ startOdometer: '120500', endOdometer: '120400' })).toEqual({ endOdometer: TRIP_MESSAGES.endOdometerBelowStart });
    expect(errors({ startOdometer: '120500', endOdometer: '120500', loadedMiles: '0' })).toEqual({});
  });

  it('checks by the contracts: required fields, too long a number, the end after the start', () => {
    expect(errors({ truckId: null, driverId: null, identifierValue: ' ', pickupDateTime: '' })).toEqual({
      truckId: TRIP_MESSAGES.truckId,
      driverId: TRIP_MESSAGES.driverId,
      identifierValue: TRIP_MESSAGES.identifierValue,
      pickupDateTime: TRIP_MESSAGES.pickupDateTime,
    });
    expect(errors({ identifierValue: 'L'.repeat(51) })).toEqual({ identifierValue: 'Number must be at most 50 characters' });
    expect(errors({ startDateTime: '2026-03-02T10:00', endDateTime: '2026-03-02T09:55' })).toEqual({ endDateTime: TRIP_MESSAGES.endAfterStart });
    expect(errors({ startDateTime: '2026-03-02T10:00', endDateTime: '2026-03-02T10:05' })).toEqual({});
  });

  it('fields a status does not send are not checked: completion fields only with COMPLETED', () => {
    expect(errors({ tripStatus: 'IN_TRANSIT', startDateTime: '2026-03-02T10:00', endDateTime: '2026-03-02T09:55', startOdometer: '-1' })).toEqual({});
  });

  it('in KM the figures staff enter are shown and typed in km and sent in miles; untouched ones keep their stored miles', () => {
    const values = tripValuesOf(TRIP, 'KM');
    expect([values.loadedMiles, values.emptyMiles]).toEqual(['1344.9', '80.5']);
    const stops = tripStopsOf(TRIP);
    expect(tripPayload(values, stops, 'KM', TRIP)).toMatchObject({ loadedMiles: 835.7, emptyMiles: 50 });
    expect(tripPayload({ ...values, emptyMiles: '100' }, stops, 'KM', TRIP)).toMatchObject({ loadedMiles: 835.7, emptyMiles: 62.1371 });
    expect(tripValuesOf(TRIP).loadedMiles).toBe('835.7');
  });

  it("a saved trip's stop types count as chosen; a load status is the dispatcher's when the API says it is explicit", () => {
    const stops = tripStopsOf(TRIP);
    expect(tripPayload(tripValuesOf(TRIP), stops).tripStops.map((s) => s.loadStatus)).toEqual([undefined, undefined, undefined, 'LOADED']);
    expect(stops.map((s) => [s.stopType, s.typeChosen, s.loadStatus, s.loadChosen])).toEqual([
      ['START', true, 'EMPTY', false],
      ['PICKUP', true, 'EMPTY', false],
      ['DELIVERY', true, 'LOADED', false],
      // Marked explicit by the API: the dispatcher's, sent back as it is.
      ['HOME', true, 'LOADED', true],
    ]);
  });
});
