import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, tokenExpiringIn } from '@/test/jwt';
import { setSessionEndedHandler } from './api-client';
import { ensureSession, tokenState } from './session';
import { getAccessToken, getRefreshToken, setTokens } from './token-storage';

beforeEach(() => setSessionEndedHandler(() => {}));

describe('tokenState', () => {
  it('reads missing, malformed, expired and valid tokens', () => {
    expect(tokenState(null)).toBe('missing');
    expect(tokenState('')).toBe('missing');
    expect(tokenState('not-a-jwt')).toBe('malformed');
    expect(tokenState('a.b.c')).toBe('malformed');
    expect(tokenState(fakeJwt({ sub: '1' }))).toBe('malformed'); // no exp
    expect(tokenState(fakeJwt({ sub: '1', exp: 'soon' }))).toBe('malformed');
    expect(tokenState(tokenExpiringIn(-1))).toBe('expired');
    expect(tokenState(tokenExpiringIn(15 * 60))).toBe('valid');
  });

  it('treats the exact expiry second as expired', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(tokenState(fakeJwt({ exp: now / 1000 }), now)).toBe('expired');
    expect(tokenState(fakeJwt({ exp: now / 1000 + 1 }), now)).toBe('valid');
  });
});

describe('ensureSession', () => {
  it('accepts a valid access token without any request', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    setTokens({ accessToken: tokenExpiringIn(600), refreshToken: 'r' });
    await expect(ensureSession()).resolves.toBe('valid');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['missing', null],
    ['malformed', 'garbage'],
  ])('removes both tokens when the access token is %s', async (_label, token) => {
    vi.stubGlobal('fetch', vi.fn());
    if (token) window.localStorage.setItem('accessToken', token);
    window.localStorage.setItem('refreshToken', 'r');
    await expect(ensureSession()).resolves.toBe('signed-out');
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('trades an expired access token for a new pair once', async () => {
    const fresh = tokenExpiringIn(900);
    const fetchMock = vi.fn(() => Promise.resolve(Response.json({ data: { accessToken: fresh, refreshToken: 'r2' } })));
    vi.stubGlobal('fetch', fetchMock);
    setTokens({ accessToken: tokenExpiringIn(-60), refreshToken: 'r1' });

    await expect(ensureSession()).resolves.toBe('refreshed');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getAccessToken()).toBe(fresh);
    expect(getRefreshToken()).toBe('r2');
  });

  it('signs out when the refresh of an expired token fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ status: 401, code: 'UNAUTHORIZED', message: 'nope' }, { status: 401 }))),
    );
    setTokens({ accessToken: tokenExpiringIn(-60), refreshToken: 'revoked' });
    await expect(ensureSession()).resolves.toBe('signed-out');
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
  });

  it('signs out an expired token when there is no refresh token', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    window.localStorage.setItem('accessToken', tokenExpiringIn(-60));
    await expect(ensureSession()).resolves.toBe('signed-out');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(getAccessToken()).toBeNull();
  });
});
