import type { TokenPair } from '@milepost/contracts/auth';
import type { ErrorCode } from '@milepost/contracts/error-codes';
import type { RouteDef, RouteRef } from '@milepost/contracts/route-table';
import type { z } from 'zod';
import { NETWORK_ERROR_MESSAGE, TIMEOUT_ERROR_MESSAGE, errorMessageFor } from './error-messages';
import { clearTokens, getAccessToken, getRefreshToken, setTokens } from './token-storage';

/**
 * The only door to the API. Every call goes to `/api/v1/...` on the same origin (Vite proxies it
 * in development; the API serves the built app in production), carries the bearer token, gives
 * up after 10 s, unwraps `{ data }` and turns failures into an {@link ApiError} whose message is
 * the text to show the user.
 */

export const API_BASE = '/api/v1';
export const API_TIMEOUT_MS = 10_000;

/** Calls that must never trigger the refresh-and-retry dance (they are how a session starts). */
const NO_REFRESH_PATHS = new Set(['/authenticate', '/auth/refresh']);

export interface FieldIssue {
  path: string;
  message: string;
}

export type ApiErrorKind = 'http' | 'network' | 'timeout';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no response arrived (network failure or timeout). */
  readonly status: number;
  readonly kind: ApiErrorKind;
  /** Machine-readable code from the server's error body, when present. */
  readonly code: string | undefined;
  /** The server's own message, when it sent one (the `message` already prefers it). */
  readonly serverMessage: string | undefined;
  readonly errors: FieldIssue[] | undefined;

  constructor(init: { status: number; message: string; kind?: ApiErrorKind; code?: string | undefined; serverMessage?: string | undefined; errors?: FieldIssue[] | undefined }) {
    super(init.message);
    this.status = init.status;
    this.kind = init.kind ?? 'http';
    this.code = init.code;
    this.serverMessage = init.serverMessage;
    this.errors = init.errors;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * True when the server refused with this rule's code (packages/contracts/src/error-codes.ts). Screens
 * branch on the code, never on the status or the message: e.g. only STALE_VERSION offers Reload.
 */
export function hasErrorCode(error: unknown, code: ErrorCode): error is ApiError {
  return isApiError(error) && error.code === code;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON body. */
  body?: unknown;
  /** Query-string parameters; null/undefined/'' are dropped, arrays repeat the key. */
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  /** Caller's abort signal (TanStack Query passes one); aborting it is not reported as a timeout. */
  signal?: AbortSignal | undefined;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** Skip the 401 → refresh → retry handling (logout uses it: it is ending the session anyway). */
  skipAuthRefresh?: boolean;
  timeoutMs?: number;
}

// ---------------------------------------------------------------------------------------------
// Session-ended hook: the app wires navigation here (main.tsx) so this module knows no router.

let onSessionEnded: () => void = () => {
  if (typeof window !== 'undefined' && window.location.pathname !== '/login') window.location.assign('/login');
};

/** Called once when a failed or impossible refresh ends the session (tokens already cleared). */
export function setSessionEndedHandler(handler: () => void): void {
  onSessionEnded = handler;
}

/** Clears the tokens and tells the app; only the first of several concurrent failures notifies. */
function endSession(): void {
  const hadSession = getAccessToken() !== null || getRefreshToken() !== null;
  clearTokens();
  if (hadSession) onSessionEnded();
}

// ---------------------------------------------------------------------------------------------

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, raw] of Object.entries(query)) {
    const values = Array.isArray(raw) ? raw : [raw];
    for (const value of values as QueryValue[]) {
      if (value === null || value === undefined || value === '') continue;
      params.append(key, String(value));
    }
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function toApiError(status: number, body: unknown): ApiError {
  const record = asRecord(body);
  const serverMessage = typeof record?.message === 'string' && record.message.trim() !== '' ? record.message.trim() : undefined;
  const errors = Array.isArray(record?.errors)
    ? (record.errors as unknown[]).flatMap((e) => {
        const r = asRecord(e);
        return r && typeof r.message === 'string' ? [{ path: String(r.path ?? ''), message: r.message }] : [];
      })
    : undefined;
  return new ApiError({
    status,
    message: errorMessageFor(status, serverMessage),
    code: typeof record?.code === 'string' ? record.code : undefined,
    serverMessage,
    errors,
  });
}

/** One fetch with the timeout; resolves with the Response or throws a network/timeout ApiError. */
async function send(url: string, init: RequestInit, signal: AbortSignal | undefined, timeoutMs: number): Promise<Response> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort(signal?.reason);
  if (signal) {
    if (signal.aborted) forwardAbort();
    else signal.addEventListener('abort', forwardAbort, { once: true });
  }
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch (error) {
    if (timedOut) throw new ApiError({ status: 0, kind: 'timeout', message: TIMEOUT_ERROR_MESSAGE });
    // The caller cancelled (e.g. a query was superseded): pass the abort through untouched.
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, kind: 'network', message: NETWORK_ERROR_MESSAGE });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

// ---------------------------------------------------------------------------------------------
// Refresh: concurrent callers share ONE in-flight refresh (the refresh token rotates, so a second
// parallel refresh with the same token would fail and sign the user out).

let refreshInFlight: Promise<string | null> | null = null;

async function doRefresh(): Promise<string | null> {
  const used = getRefreshToken();
  if (!used) return null;
  try {
    const response = await send(
      buildUrl('/auth/refresh'),
      { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify({ refreshToken: used }) },
      undefined,
      API_TIMEOUT_MS,
    );
    if (response.ok) {
      const body = asRecord(await readBody(response));
      const pair = asRecord(body?.data) as Partial<TokenPair> | undefined;
      if (pair && typeof pair.accessToken === 'string' && typeof pair.refreshToken === 'string') {
        setTokens({ accessToken: pair.accessToken, refreshToken: pair.refreshToken });
        return pair.accessToken;
      }
    }
  } catch {
    /* network failure or timeout: treated as a failed refresh below */
  }
  // Another tab may have rotated the pair while we were asking: its fresh tokens are good.
  const now = getRefreshToken();
  if (now && now !== used) return getAccessToken();
  return null;
}

/**
 * Tabs share the tokens (localStorage) and their access tokens expire together, so two tabs may
 * want to refresh at once. Presenting the same refresh token twice makes the server end the
 * sign-in, so the tabs take turns through a Web Lock: a tab that waited and finds newer tokens
 * uses them instead of refreshing again.
 */
async function refreshAcrossTabs(): Promise<string | null> {
  const seen = getRefreshToken();
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return doRefresh();
  return locks.request('milepost-token-refresh', async () => {
    const now = getRefreshToken();
    if (now && now !== seen) return getAccessToken();
    return doRefresh();
  });
}

/**
 * Exchanges the stored refresh token for a new pair. Resolves with the new access token, or null
 * when there is no refresh token or the server refused it. Does not clear anything itself.
 */
export function refreshTokens(): Promise<string | null> {
  refreshInFlight ??= refreshAcrossTabs().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

// ---------------------------------------------------------------------------------------------

/** Sends the request with the bearer token, refreshing it once on a 401 (or ending the session). */
async function authorizedResponse(path: string, options: RequestOptions, accept: string): Promise<Response> {
  const { method = 'GET', body, query, signal, auth = true, skipAuthRefresh = false, timeoutMs = API_TIMEOUT_MS } = options;
  const url = buildUrl(path, query);
  const canRefresh = auth && !skipAuthRefresh && !NO_REFRESH_PATHS.has(path);

  const attempt = (token: string | null) => {
    const headers: Record<string, string> = { Accept: accept };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (auth && token) headers.Authorization = `Bearer ${token}`;
    return send(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }, signal, timeoutMs);
  };

  const usedToken = auth ? getAccessToken() : null;
  let response = await attempt(usedToken);

  if (response.status === 401 && canRefresh) {
    // If another call already refreshed while this one was in flight, just use the new token.
    const stored = getAccessToken();
    const token = stored && stored !== usedToken ? stored : await refreshTokens();
    if (!token) {
      endSession();
      throw toApiError(401, await readBody(response));
    }
    response = await attempt(token);
  }
  return response;
}

export async function apiRequest<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await authorizedResponse(path, options, 'application/json');
  const payload = await readBody(response);
  if (!response.ok) throw toApiError(response.status, payload);

  const record = asRecord(payload);
  return (record && 'data' in record ? record.data : payload) as T;
}

/** How long a download may take to start answering (the server streams as it reads). */
export const DOWNLOAD_TIMEOUT_MS = 60_000;

/**
 * Downloads a file the API streams (CSV exports) and hands it to the browser as `fileName`.
 * Sent with the bearer token like every call, so it cannot be a plain link.
 */
export async function apiDownload(path: string, options: Pick<RequestOptions, 'query' | 'signal'> & { fileName: string }): Promise<void> {
  const response = await authorizedResponse(path, { ...options, method: 'GET', timeoutMs: DOWNLOAD_TIMEOUT_MS }, 'text/csv, application/json');
  if (!response.ok) throw toApiError(response.status, await readBody(response));
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = options.fileName;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

// ---------------------------------------------------------------------------------------------
// The typed door: every call names its route in the table (packages/contracts/src/routes.ts,
// docs/decisions/023-one-route-table.md), `callApi(routes.shops.update, { params: { id }, body })`
// with `import * as routes from '@milepost/contracts/route-refs.gen'`; the route's entry types its
// params, query, body and answer. Feature code calls nothing else (eslint.config.js).

type Success<D extends RouteDef> = D['responses'][Extract<keyof D['responses'], 200 | 201 | 202>];
/** What a route answers, `{ data }` unwrapped. */
export type ApiData<D extends RouteDef> = z.output<Success<D>> extends { data: infer T } ? T : z.output<Success<D>>;

type ShapeKeys<S> = [keyof S] extends [never] ? string : keyof S & string;
type ParamsInput<D> = D extends { params: infer P extends z.ZodType } ? { params: Record<keyof z.input<P> & string, string | number> } : { params?: never };
type QueryInput<D> = D extends { query: infer Q extends z.ZodType } ? { query?: { [K in ShapeKeys<z.input<Q>>]?: QueryValue | readonly QueryValue[] } } : { query?: never };
type BodyInput<D> = D extends { body: infer B extends z.ZodType } ? { body: z.input<B> } : { body?: never };

/** A call's params, query and body as its route declares them, with the request options. */
export type ApiInput<D extends RouteDef> = ParamsInput<D> & QueryInput<D> & BodyInput<D> & Omit<RequestOptions, 'method' | 'body' | 'query'>;

/** The query type of a route's call (screens that build it apart). */
export type ApiQuery<D extends RouteDef> = NonNullable<QueryInput<D>['query']>;

/** The path the API client is given: the route's, its `:name` params filled (URL-encoded), under API_BASE. */
function relativePath(ref: RouteRef, params: Record<string, string | number> | undefined): string {
  const full = ref.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${ref.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  return full.startsWith(API_BASE) ? full.slice(API_BASE.length) : full;
}

type Args<D extends RouteDef> = Record<never, never> extends ApiInput<D> ? [input?: ApiInput<D>] : [input: ApiInput<D>];

/** Calls one route of the table. */
export function callApi<D extends RouteDef>(ref: RouteRef<D>, ...[input]: Args<D>): Promise<ApiData<D>> {
  const { params, query, body, ...options } = (input ?? {}) as { params?: Record<string, string | number>; query?: RequestOptions['query']; body?: unknown };
  return apiRequest<ApiData<D>>(relativePath(ref, params), { ...options, method: ref.method, body, query });
}

/** Downloads what a route streams (a CSV export) as `fileName`. */
export function downloadApi<D extends RouteDef>(ref: RouteRef<D>, input: ApiInput<D> & { fileName: string }): Promise<void> {
  const { params, query, fileName, signal } = input as { params?: Record<string, string | number>; query?: RequestOptions['query']; fileName: string; signal?: AbortSignal };
  return apiDownload(relativePath(ref, params), { query, fileName, signal });
}
