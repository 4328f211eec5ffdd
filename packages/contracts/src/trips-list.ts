/**
 * What the trips list shows, without schemas (docs/decisions/013-first-screen-loads-fast.md): the
 * statuses and their labels, and the name of its CSV export. `trips-api.ts` builds its schemas
 * from these.
 */
export const TRIP_STATUSES = ['UPCOMING', 'IN_TRANSIT', 'COMPLETED', 'CANCELLED'] as const;
export type TripStatus = (typeof TRIP_STATUSES)[number];
export const TRIP_STATUS_LABELS: Record<TripStatus, string> = {
  UPCOMING: 'Upcoming',
  IN_TRANSIT: 'In Transit',
  COMPLETED: 'Completed',
  CANCELLED: 'Cancelled',
};

export const TRIPS_EXPORT_FILE_NAME = 'milepost-trips.csv';
