/**
 * Every error code the API answers with, and its HTTP status. Generic codes cover the
 * framework's answers; each refused business rule has a code of its own, so the web app can
 * branch on the rule (offer Reload only for STALE_VERSION, …) instead of on the status.
 * Add a code here, then throw `new AppError('THE_CODE', message)` on the server.
 */
export const ERROR_STATUS = {
  // generic
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
  // domain rules
  /** The record changed since the client read it (optimistic `version`). */
  STALE_VERSION: 409,
  /** A unique value (email, name, number, VIN …) is already taken. */
  ALREADY_EXISTS: 409,
  /** A trip number is in use by an uncompleted trip. */
  NUMBER_IN_USE: 409,
  /** A status change the trip status rules do not allow. */
  TRANSITION_NOT_ALLOWED: 409,
  /** The change would leave no active OWNER / nobody able to manage access. */
  LAST_OWNER: 409,
  /** A user may not deactivate their own account. */
  SELF_DEACTIVATION: 409,
  /** Drivers, roles and permissions already assigned. */
  ALREADY_ASSIGNED: 409,
  /** The OWNER role cannot be deactivated. */
  OWNER_ROLE_LOCKED: 409,
  /** An invitation for a user who has already set a password. */
  PASSWORD_ALREADY_SET: 409,
  /** The action needs an active user (activate the user first). */
  USER_INACTIVE: 409,
  /** Granting or assigning a permission the acting user does not hold. */
  PERMISSION_ESCALATION: 403,
  /** A telematics provider is switched off for the company (or everywhere, or has no token). */
  INTEGRATION_DISABLED: 409,
  /** A user may not change their own role. */
  SELF_ROLE_CHANGE: 403,
  /** The permissions that manage users, roles and permissions cannot be disabled. */
  ACCESS_PERMISSION_LOCKED: 409,
  /** A map-tile link whose signed token is missing, forged or expired (ask GET /client-config again). */
  MAP_TILE_TOKEN_INVALID: 401,
  /** A user asked for more routes than ROUTING_USER_LIMIT_PER_MIN in a minute (HERE quota). */
  ROUTING_RATE_LIMITED: 429,
  /** A user asked for more place searches than AUTOSUGGEST_USER_LIMIT_PER_MIN in a minute (HERE quota). */
  AUTOSUGGEST_RATE_LIMITED: 429,
  /** A user asked for more map tiles than MAP_TILES_USER_LIMIT_PER_MIN in a minute (HERE quota). */
  MAP_TILES_RATE_LIMITED: 429,
  /** A user asked for more figure refreshes (POST /mile-stats/{tripId}/refresh) than REFRESH_USER_LIMIT_PER_MIN in a minute. */
  REFRESH_RATE_LIMITED: 429,
  /** HERE answered a map tile that is not an image, or larger than the cap. */
  MAP_TILE_UPSTREAM_INVALID: 502,
  /** Every CSV export slot is taken by downloads in progress; try again shortly. */
  EXPORTS_BUSY: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];
