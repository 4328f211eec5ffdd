/**
 * A user's route setting choices and the default, without schemas: every signed-in screen reads
 * the default distance unit (docs/decisions/013-first-screen-loads-fast.md). `settings-api.ts`
 * builds its schemas from these.
 */
export const TRAILER_TYPES = ['TRAILER_53'] as const;
export const ROUTING_TYPES = ['PRACTICAL', 'SHORTEST'] as const;
export const DISTANCE_UNITS = ['MILES', 'KM'] as const;

/** Trailer on, Practical, Miles (docs/decisions/README.md). */
export const DEFAULT_ROUTE_SETTING = { trailerType: 'TRAILER_53', routingType: 'PRACTICAL', distanceUnit: 'MILES' } as const;
