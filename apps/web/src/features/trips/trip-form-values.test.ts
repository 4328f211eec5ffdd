import { describe, expect, it } from 'vitest';
import { addStop } from './stops';
import { TRIP_MESSAGES } from '@milepost/contracts/trips-api';
import { emptyTripValues, inputToWire, tripFormSchema, tripPayload, wireToInput } from './trip-form-values';

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
    expect(errors({ loadedMiles: '-5', emptyMiles: '1e6' })).toEqual({ loadedMiles: TRIP_MESSAGES.milesNegative, emptyMiles: TRIP_MESSAGES.milesTooLarge });
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
});
