import { formatWireDateTime } from '@milepost/contracts/time';

/** What a trip looked like, in the words the history shows. */
export interface TripSnapshot {
  tripStatus: string;
  driver: string;
  truck: string;
  dispatcher: string | null;
  identifierType: string;
  number: string;
  pickupDateTime: Date;
  startDateTime: Date | null;
  endDateTime: Date | null;
  startOdometer: number | null;
  endOdometer: number | null;
  loadedMiles: number | null;
  emptyMiles: number | null;
  payableMileage: number | null;
  notes: string | null;
  recoveryReason: string | null;
  stops: { address: string; latitude: number; longitude: number; stopType: string; loadStatus: string }[];
}

export interface HistoryRow {
  columnName: string;
  oldValue: string | null;
  newValue: string | null;
}

const text = (v: string | number | Date | null): string | null => (v === null ? null : v instanceof Date ? formatWireDateTime(v) : typeof v === 'number' ? String(v) : v);

/**
 * An identical address plus latitude and longitude is the same place; a trip may visit a place
 * more than once (a round trip), so a stop is that place and which visit of it this is.
 */
const stopKeys = (stops: TripSnapshot['stops']) => {
  const seen = new Map<string, number>();
  return stops.map((s) => {
    const place = `${s.address}|${s.latitude}|${s.longitude}`;
    const visit = (seen.get(place) ?? 0) + 1;
    seen.set(place, visit);
    return `${place}#${visit}`;
  });
};

/**
 * The field-level changes between two versions of a trip. Stops are matched by identity; a
 * stop whose identity changed in place is an address change, extra ones are added or deleted.
 * Stop numbers are 1-based positions.
 */
export function diffTrips(before: TripSnapshot, after: TripSnapshot): HistoryRow[] {
  const rows: HistoryRow[] = [];
  const field = (columnName: string, a: string | number | Date | null, b: string | number | Date | null) => {
    const [oldValue, newValue] = [text(a), text(b)];
    if (oldValue !== newValue) rows.push({ columnName, oldValue, newValue });
  };
  field('TRIP_STATUS', before.tripStatus, after.tripStatus);
  field('TRUCK', before.truck, after.truck);
  field('DRIVER', before.driver, after.driver);
  field('DISPATCHER', before.dispatcher, after.dispatcher);
  field('IDENTIFIER_TYPE', before.identifierType, after.identifierType);
  field('NUMBER', before.number, after.number);
  field('PICKUP_DATE_TIME', before.pickupDateTime, after.pickupDateTime);
  field('START_DATE_TIME', before.startDateTime, after.startDateTime);
  field('END_DATE_TIME', before.endDateTime, after.endDateTime);
  field('START_ODOMETER', before.startOdometer, after.startOdometer);
  field('END_ODOMETER', before.endOdometer, after.endOdometer);
  field('LOADED_MILES', before.loadedMiles, after.loadedMiles);
  field('EMPTY_MILES', before.emptyMiles, after.emptyMiles);
  field('PAYABLE_MILEAGE', before.payableMileage, after.payableMileage);
  field('NOTES', before.notes, after.notes);
  field('RECOVERY_REASON', before.recoveryReason, after.recoveryReason);

  const beforeKeys = stopKeys(before.stops);
  const afterKeys = stopKeys(after.stops);
  const oldKeys = new Map(beforeKeys.map((k, i) => [k, i]));
  const newKeys = new Set(afterKeys);
  const unmatchedOld = new Set(before.stops.map((_, i) => i).filter((i) => !newKeys.has(beforeKeys[i]!)));
  after.stops.forEach((stop, i) => {
    const n = i + 1;
    const matched = oldKeys.get(afterKeys[i]!);
    let prior = matched === undefined ? undefined : before.stops[matched];
    if (!prior && unmatchedOld.has(i)) {
      // The stop at this position was replaced: its address changed.
      prior = before.stops[i]!;
      unmatchedOld.delete(i);
      field(`ADDRESS_${n}`, prior.address, stop.address);
    }
    if (!prior) {
      rows.push({ columnName: `ADDED_STOP_${n}`, oldValue: null, newValue: stop.address });
      return;
    }
    field(`STOP_TYPE_${n}`, prior.stopType, stop.stopType);
    field(`LOAD_STATUS_${n}`, prior.loadStatus, stop.loadStatus);
  });
  for (const i of [...unmatchedOld].sort((a, b) => a - b)) {
    rows.push({ columnName: `DELETED_STOP_${i + 1}`, oldValue: before.stops[i]!.address, newValue: null });
  }
  return rows;
}
