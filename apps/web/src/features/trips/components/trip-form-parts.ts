import type { DuplicateCheckRow, TripDetail } from '@milepost/contracts/trips-api';
import type { DrawerFormState } from '@/components/layout/drawer-form';
import type { LookupOption } from '@/components/ui/lookup-select';
import { personOption, truckOption } from '@/lib/lookups';
import type { StopDraft } from '../stops';
import { tripStopsOf, type tripFormSchema } from '../trip-form-values';

export const selectClass =
  'h-9 w-full rounded-md border border-input bg-background px-2.5 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 aria-invalid:border-destructive';

export interface Labels {
  truck: LookupOption | null;
  driver: LookupOption | null;
  dispatcher: LookupOption | null;
  reason: LookupOption | null;
}

/** What the trip form keeps besides its values: the pickers' labels, the stops, the last number check. */
export interface TripExtra {
  labels: Labels;
  stops: StopDraft[];
  /** Other trips using the number, after a check or a precheck; null before. */
  matches: DuplicateCheckRow[] | null;
}

/** The trip form's react-hook-form object, as the field groups receive it. */
export type TripFormApi = DrawerFormState<typeof tripFormSchema, TripDetail, TripExtra>['form'];
/** The picker fields and the label each keeps. */
export type PickField = 'truckId' | 'driverId' | 'dispatcherId' | 'recoveryReasonId';
/** Sets a picker's field and the label the picker shows. */
export type Pick = (field: PickField, key: keyof Labels) => (option: LookupOption | null) => void;

export const tripExtraOf = (trip: TripDetail | undefined): TripExtra => ({ labels: labelsOf(trip), stops: trip ? tripStopsOf(trip) : [], matches: null });
// The stops as the user placed them (the legs the routing fills in are no edit).
const stopsKey = (list: readonly StopDraft[]) => JSON.stringify(list.map((s) => [s.address, s.latitude, s.longitude, s.stopType, s.loadStatus]));
export const sameStops = (a: TripExtra, b: TripExtra) => stopsKey(a.stops) === stopsKey(b.stops);

function labelsOf(trip: TripDetail | undefined): Labels {
  return {
    truck: trip ? truckOption(trip.truck) : null,
    driver: trip ? personOption(trip.driver) : null,
    dispatcher: trip?.dispatcher ? personOption(trip.dispatcher) : null,
    reason: trip?.recoveryReasonId ? { id: trip.recoveryReasonId, label: trip.recoveryReasonName ?? `Reason #${trip.recoveryReasonId}` } : null,
  };
}
