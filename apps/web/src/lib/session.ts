import { decodeJwt } from 'jose';
import { refreshTokens } from './api-client';
import { clearTokens, getAccessToken, getRefreshToken } from './token-storage';

/**
 * Session checks (docs/product/trips.md, Session): the stored access token is validated from its `exp`
 * claim before every authenticated route and whenever storage changes in another tab.
 */

export type TokenState = 'missing' | 'malformed' | 'expired' | 'valid';

/** Reads a token's state from its `exp` claim (seconds since the epoch); no signature check here. */
export function tokenState(token: string | null | undefined, now: number = Date.now()): TokenState {
  if (!token) return 'missing';
  let exp: unknown;
  try {
    exp = decodeJwt(token).exp;
  } catch {
    return 'malformed';
  }
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return 'malformed';
  return exp * 1000 <= now ? 'expired' : 'valid';
}

/** The `sub` claim of a token, when readable (used to notice a different user signing in elsewhere). */
export function tokenSubject(token: string | null | undefined): string | undefined {
  if (!token) return undefined;
  try {
    const sub = decodeJwt(token).sub;
    return typeof sub === 'string' ? sub : undefined;
  } catch {
    return undefined;
  }
}

/** True when a usable access token is stored right now (no network). */
export function hasValidAccessToken(): boolean {
  return tokenState(getAccessToken()) === 'valid';
}

export type SessionCheck = 'valid' | 'refreshed' | 'signed-out';

/**
 * Makes sure a usable session exists. A valid access token passes. An expired one is traded for a
 * new pair once when a refresh token is stored (so a reload after 15 minutes keeps the user in).
 * Anything else — missing, malformed, or a failed refresh — removes both tokens.
 */
export async function ensureSession(): Promise<SessionCheck> {
  const state = tokenState(getAccessToken());
  if (state === 'valid') return 'valid';
  if (state === 'expired' && getRefreshToken()) {
    const token = await refreshTokens();
    if (token && tokenState(token) === 'valid') return 'refreshed';
  }
  clearTokens();
  return 'signed-out';
}
