import { GENERIC_ERROR_MESSAGES, saveErrorMessage } from '@milepost/contracts/messages';

/**
 * The one place that turns an HTTP status (plus the server's message, when it sent one)
 * into the text the user sees (docs/product/shell.md). The server message is always preferred.
 */

export const NETWORK_ERROR_MESSAGE = GENERIC_ERROR_MESSAGES.network;
export const TIMEOUT_ERROR_MESSAGE = GENERIC_ERROR_MESSAGES.timeout;

/** Generic fallback text for a status (docs/product/shell.md "Generic fallbacks"). */
export function genericStatusMessage(status: number): string {
  switch (status) {
    case 400:
    case 401:
    case 403:
    case 404:
    case 429:
    case 500:
    case 503:
      return GENERIC_ERROR_MESSAGES[status];
    default:
      return GENERIC_ERROR_MESSAGES.other;
  }
}

function clean(message: unknown): string | undefined {
  return typeof message === 'string' && message.trim() !== '' ? message.trim() : undefined;
}

/** Server message when present, otherwise the generic text for the status. */
export function errorMessageFor(status: number, serverMessage?: unknown): string {
  return clean(serverMessage) ?? genericStatusMessage(status);
}

interface ErrorLike {
  status: number;
  serverMessage?: string | undefined;
  message: string;
}

function isErrorLike(error: unknown): error is ErrorLike {
  return typeof error === 'object' && error !== null && typeof (error as { status?: unknown }).status === 'number' && typeof (error as { message?: unknown }).message === 'string';
}

/** Text for any thrown value: an API error's own message, otherwise the generic 'other' text. */
export function errorText(error: unknown): string {
  if (isErrorLike(error)) return error.message;
  return GENERIC_ERROR_MESSAGES.other;
}

/**
 * Text for a failed save of `entity` (docs/product/shell.md "Failed saves"): the server message when present,
 * else the entity-specific text for 400/404/500, else the generic text for the status.
 */
export function saveErrorText(error: unknown, entity: string): string {
  if (!isErrorLike(error)) return GENERIC_ERROR_MESSAGES.other;
  const server = clean(error.serverMessage);
  if (server) return server;
  if (error.status === 0) return error.message; // network or timeout
  return saveErrorMessage(error.status, entity) ?? genericStatusMessage(error.status);
}
