/**
 * The plain values a list's query is checked against — in the API's query string and in the web
 * app's URL: ids, page sizes, each list's sort fields, report periods. No schema and no date
 * library here: the web app's route tree reads its URL with them without loading zod
 * (docs/decisions/013-first-screen-loads-fast.md). The zod schemas (`fields.ts`, `api.ts`,
 * `time.ts`, the `*-api.ts` modules) are built from these, so each rule is written once.
 */

/** The largest id PostgreSQL's `integer` (serial) holds. */
export const ID_MAX = 2_147_483_647;

export const PAGE_SIZE_DEFAULT = 50;
export const PAGE_SIZE_MAX = 100;
/** Zero-based paging; `sort=<field>,<asc|desc>` may repeat. */
export const PAGE_MAX = 10_000_000;

export type Paged<T> = { content: T[]; totalPages: number; totalElements: number; page: number; size: number; totalIsEstimate?: boolean };

/** A next page exists while the index is below totalPages - 1. */
export const hasNextPage = (p: Pick<Paged<unknown>, 'page' | 'totalPages'>) => p.page < p.totalPages - 1;

/**
 * A number in plain decimal notation (docs/decisions/009-input-types.md): an optional minus,
 * digits, an optional point and fraction ("12", "-3.5", ".5", "12."). Not hex, octal or binary
 * ("0x10", "0o7", "0b1"), no exponent ("1e1"), not "Infinity", no plus sign, no spaces around
 * it, not empty.
 */
export const DECIMAL = /^-?(\d+\.?\d*|\.\d+)$/;

/** Every time shows in US Central time; dates travel as MM/DD/YYYY HH:mm:ss in that zone. */
export const CENTRAL_TZ = 'America/Chicago';

/** A date-time on the wire: MM/DD/YYYY HH:mm:ss in Central time (`contracts/time` parses and writes it). */
export const WIRE_DATE_TIME_PATTERN = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2}):(\d{2})$/;

/** Report and trips-filter periods (Central time, weeks from Monday). */
export const PERIOD_TYPES = ['WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];

// The fields each list sorts by (`sort=<field>,<asc|desc>`); screens read them for their URL state.
export const companySortFields = ['id', 'name', 'email', 'phone', 'usDot', 'active', 'created'] as const;
export const dispatcherSortFields = ['id', 'firstName', 'lastName', 'team', 'active', 'created'] as const;
export const teamSortFields = ['id', 'name', 'active', 'created', 'updated'] as const;
export const driverSortFields = ['id', 'firstName', 'lastName'] as const;
export const permissionSortFields = ['id', 'name', 'description', 'enabled', 'created'] as const;
export const recoveryReasonSortFields = ['id', 'name', 'active', 'created'] as const;
export const roleSortFields = ['id', 'name', 'description', 'active', 'created'] as const;
export const shopSortFields = ['id', 'name', 'location', 'active', 'created'] as const;
export const truckSortFields = ['id', 'unitNumber', 'licencePlate', 'samsaraVin', 'vinNumber', 'companyName', 'active', 'homeLocation', 'updated'] as const;
export const userSortFields = ['id', 'firstName', 'lastName', 'phone', 'role', 'active', 'created'] as const;
export const tripSortFields = [
  'id',
  'unitNumber',
  'driverName',
  'assignUserName',
  'companyName',
  'loadNumber',
  'dispatcherName',
  'miles',
  'totalEmpty',
  'pu',
  'trl',
  'totalMiles',
  'payableMileage',
  'loadedMiles',
  'emptyMiles',
  'pickupLocation',
  'deliveryLocation',
  'pickupDateTime',
  'updated',
  'tripStatus',
] as const;

/** The Mileage Review queue's tabs and sort fields (docs/mileage-review.md). */
export const REVIEW_STATUSES = ['NEEDS_REVIEW', 'READY', 'APPROVED'] as const;
export const reviewSortFields = ['endDateTime', 'differencePct', 'routedMiles', 'actualMiles', 'payableMileage'] as const;
