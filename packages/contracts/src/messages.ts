/** User-facing texts, verbatim from the specification, defined once. */

export const PRODUCT_TITLE = 'Milepost';
export const PRODUCT_SUBTITLE = 'Fleet Management System';

export const AUTH_MESSAGES = {
  loginSuccess: 'Login successful! Welcome back.',
  loginFailure: 'Invalid email or password. Please try again.',
  resetLinkSent: 'Password reset link has been sent to your email address.',
  resetSuccess: 'Success! Password reset successfully. Redirecting to login...',
  resetLinkInvalid: 'Invalid reset password link. Please request a new one.',
  resetLinkMissingOnSubmit: 'Missing email or token. Please use a valid reset link.',
  resetRequest404: 'Email address not found. Please check and try again.',
  resetRequest429: 'Too many requests. Please wait a moment and try again.',
  resetFinish400: 'Invalid or expired reset token. Please request a new password reset.',
  resetFinish422: 'Passwords do not match or do not meet requirements.',
  loggedOut: 'Logged out successfully',
  profileUpdated: 'Profile updated successfully',
  accountInactive: 'Your account is inactive. Please contact your administrator.',
  sessionEnded: 'Your session has ended. Please sign in again.',
} as const;

export const VALIDATION_MESSAGES = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: 'Password must be at least 8 characters',
  firstNameRequired: 'First Name is required',
  lastNameRequired: 'Last Name is required',
  schemaFailureToast: 'Please check your input and try again.',
  invalidValue: 'Invalid value',
  formFallback: 'Validation error',
} as const;

/** Generic fallbacks by HTTP status (docs/product/shell.md). */
export const GENERIC_ERROR_MESSAGES = {
  400: 'Invalid request. Please check your input.',
  401: 'Invalid credentials. Please check your email and password.',
  403: "Access denied. You don't have permission to perform this action.",
  404: 'Service not found. Please try again later.',
  429: 'Too many attempts. Please wait a moment and try again.',
  500: 'Server error. Please try again later.',
  503: 'Service temporarily unavailable. Please try again later.',
  other: 'An error occurred. Please try again.',
  network: 'Network error. Please check your connection and try again.',
  timeout: 'Request timeout. Please try again.',
} as const;

/** Refusals of the calls that cost HERE quota or hold a database connection (docs/routing.md "Limits"). */
export const LIMIT_MESSAGES = {
  routing: 'Too many route requests. Please wait a moment and try again.',
  autosuggest: 'Too many place searches. Please wait a moment and try again.',
  mapTiles: 'Too many map tiles requested. Please wait a moment and try again.',
  refresh: 'Too many figure refreshes. Please wait a moment and try again.',
  mapTileUpstream: 'The map tile service answered something that is not a map tile.',
  mapTileToken: 'The map tile link has expired. Reload the map.',
  exportsBusy: 'Too many downloads are running right now. Please try again in a moment.',
} as const;

/** Failed-save messages by status for an entity (docs/product/shell.md "Failed saves"). */
export function saveErrorMessage(status: number, entity: string): string | undefined {
  switch (status) {
    case 400:
      return `Invalid ${entity.toLowerCase()} data. Please check your input and try again.`;
    case 404:
      return `${entity.charAt(0).toUpperCase()}${entity.slice(1)} not found.`;
    case 500:
      return GENERIC_ERROR_MESSAGES[500];
    default:
      return undefined;
  }
}

export const ACCESS_DENIED_PAGE = {
  code: '403',
  title: 'Access Denied',
  text: "You don't have permission to access this page",
} as const;

export const LOGOUT_DIALOG = {
  title: 'Log Out',
  description: 'Are you sure you want to log out?',
  confirm: 'Log Out',
  cancel: 'Cancel',
} as const;

/** Refusals of the access rules (who may grant, edit and keep which permissions). */
export const ACCESS_RULE_MESSAGES = {
  escalation: 'You cannot grant permissions you do not hold yourself.',
  editStrongerRole: 'You cannot change a role that has permissions you do not hold yourself.',
  editStrongerUser: 'You cannot change a user whose role has permissions you do not hold yourself.',
  selfRoleChange: 'You cannot change your own role.',
  lockout: 'This change would leave no active user able to manage users, roles and permissions.',
  permissionLocked: 'This permission manages users, roles and permissions and cannot be disabled.',
} as const;
