/**
 * The words for where a trip's route miles came from (docs/routing.md "The estimate"), one for every screen and
 * CSV: "HERE" for a HERE truck route, "Estimate" for the straight-line estimate (routing-api's
 * ROUTE_SOURCES); nothing while a trip has no route figures. Plain (no zod) so the first screen
 * can load it.
 */
export const routeSourceLabel = (source: string | null | undefined): string | null => (source === 'HERE' ? 'HERE' : source === 'ESTIMATE' ? 'Estimate' : null);

/** The column's header in the trips and report CSVs and on the Reports screen. */
export const ROUTE_SOURCE_HEADER = 'Route source';
