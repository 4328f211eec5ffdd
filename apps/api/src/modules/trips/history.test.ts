import { describe, expect, it } from 'vitest';
import { diffTrips, type TripSnapshot } from './history';

const stop = (address: string, stopType = 'PICKUP', loadStatus = 'EMPTY') => ({ address, latitude: address.length, longitude: -address.length, stopType, loadStatus });
const base: TripSnapshot = {
  tripStatus: 'IN_TRANSIT',
  driver: 'Ana Diaz',
  truck: '1001',
  dispatcher: null,
  identifierType: 'LOAD_NUMBER',
  number: 'LD-1',
  pickupDateTime: new Date('2026-01-15T15:00:00Z'),
  startDateTime: null,
  endDateTime: null,
  startOdometer: null,
  endOdometer: null,
  loadedMiles: null,
  emptyMiles: null,
  payableMileage: null,
  notes: null,
  recoveryReason: null,
  stops: [stop('Chicago, IL', 'START'), stop('Gary, IN'), stop('Dallas, TX', 'DELIVERY', 'LOADED')],
};

describe('trip history diff', () => {
  it('records each changed field with old and new values in the words people read', () => {
    const rows = diffTrips(base, { ...base, tripStatus: 'COMPLETED', driver: 'Bo Li', loadedMiles: 912.5, pickupDateTime: new Date('2026-07-04T14:00:00Z') });
    expect(rows).toEqual([
      { columnName: 'TRIP_STATUS', oldValue: 'IN_TRANSIT', newValue: 'COMPLETED' },
      { columnName: 'DRIVER', oldValue: 'Ana Diaz', newValue: 'Bo Li' },
      { columnName: 'PICKUP_DATE_TIME', oldValue: '01/15/2026 09:00:00', newValue: '07/04/2026 09:00:00' },
      { columnName: 'LOADED_MILES', oldValue: null, newValue: '912.5' },
    ]);
    expect(diffTrips(base, { ...base })).toEqual([]);
  });

  it('stops: added, deleted, address changed in place, type and load status', () => {
    const after = {
      ...base,
      stops: [stop('Chicago, IL', 'START'), stop('Joliet, IL', 'SHOP', 'LOADED'), stop('Dallas, TX', 'DELIVERY', 'LOADED'), stop('Austin, TX', 'DELIVERY', 'LOADED')],
    };
    expect(diffTrips(base, after)).toEqual([
      { columnName: 'ADDRESS_2', oldValue: 'Gary, IN', newValue: 'Joliet, IL' },
      { columnName: 'STOP_TYPE_2', oldValue: 'PICKUP', newValue: 'SHOP' },
      { columnName: 'LOAD_STATUS_2', oldValue: 'EMPTY', newValue: 'LOADED' },
      { columnName: 'ADDED_STOP_4', oldValue: null, newValue: 'Austin, TX' },
    ]);
    const removed = { ...base, stops: [stop('Chicago, IL', 'START'), stop('Dallas, TX', 'DELIVERY', 'LOADED')] };
    expect(diffTrips(base, removed)).toEqual([{ columnName: 'DELETED_STOP_2', oldValue: 'Gary, IN', newValue: null }]);
  });

  it('a reorder of the same stops records only type changes, no adds or deletes', () => {
    const reordered = { ...base, stops: [base.stops[0]!, base.stops[2]!, base.stops[1]!] };
    expect(diffTrips(base, reordered)).toEqual([]);
  });

  it('a round trip visits a place twice: each visit is its own stop', () => {
    const roundTrip = { ...base, stops: [stop('Chicago, IL', 'START'), stop('Gary, IN'), stop('Chicago, IL', 'DELIVERY', 'LOADED')] };
    expect(diffTrips(roundTrip, { ...roundTrip })).toEqual([]);
    const home = { ...roundTrip, stops: [...roundTrip.stops.slice(0, 2), stop('Chicago, IL', 'HOME')] };
    expect(diffTrips(roundTrip, home)).toEqual([
      { columnName: 'STOP_TYPE_3', oldValue: 'DELIVERY', newValue: 'HOME' },
      { columnName: 'LOAD_STATUS_3', oldValue: 'LOADED', newValue: 'EMPTY' },
    ]);
  });
});
