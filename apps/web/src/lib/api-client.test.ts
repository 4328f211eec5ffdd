import { GENERIC_ERROR_MESSAGES } from '@milepost/contracts/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiRequest, setSessionEndedHandler } from './api-client';
import { getAccessToken, getRefreshToken, setTokens } from './token-storage';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

function mockFetch(handler: Handler) {
  const fn = vi.fn((input: RequestInfo | URL, init?: RequestInit) => Promise.resolve(handler(String(input), init ?? {})));
  vi.stubGlobal('fetch', fn);
  return fn;
}

function authHeader(init: RequestInit): string | undefined {
  return (init.headers as Record<string, string> | undefined)?.Authorization;
}

const sessionEnded = vi.fn();

beforeEach(() => {
  sessionEnded.mockReset();
  setSessionEndedHandler(sessionEnded);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('api-client basics', () => {
  it('calls /api/v1 with the bearer token and unwraps { data }', async () => {
    setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    const fetchMock = mockFetch(() => json(200, { data: { id: 7 } }));

    await expect(api.get<{ id: number }>('/me')).resolves.toEqual({ id: 7 });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/me');
    expect(authHeader(init!)).toBe('Bearer access-1');
  });

  it('puts query parameters in the URL, dropping empty ones', async () => {
    const fetchMock = mockFetch(() => json(200, { data: null }));
    await apiRequest('/reset-password/init', { method: 'POST', auth: false, query: { email: 'a+b@x.io', empty: '', none: undefined } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/v1/reset-password/init?email=a%2Bb%40x.io');
    expect(authHeader(fetchMock.mock.calls[0]![1]!)).toBeUndefined();
  });

  it('prefers the server message over the catalogue text', async () => {
    mockFetch(() => json(409, { status: 409, code: 'CONFLICT', message: 'Trip with this load number already exists.' }));
    const error = await api.post('/trips', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'CONFLICT', message: 'Trip with this load number already exists.' });
  });

  it('falls back to the catalogue text for the status and keeps field errors', async () => {
    mockFetch(() => json(400, { status: 400, code: 'VALIDATION', message: '', errors: [{ path: 'email', message: 'Email is required' }] }));
    const error = (await api.post('/users', {}).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe(GENERIC_ERROR_MESSAGES[400]);
    expect(error.errors).toEqual([{ path: 'email', message: 'Email is required' }]);
  });

  it('uses the generic text for a status outside the catalogue and for a body that is not JSON', async () => {
    mockFetch(() => new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(api.get('/trips')).rejects.toMatchObject({ status: 502, message: GENERIC_ERROR_MESSAGES.other });
  });

  it('reports a network failure with the network text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/me')).rejects.toMatchObject({ status: 0, kind: 'network', message: GENERIC_ERROR_MESSAGES.network });
  });

  it('gives up after 10 s with the timeout text', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const pending = api.get('/trips').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(9_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ status: 0, kind: 'timeout', message: GENERIC_ERROR_MESSAGES.timeout });
  });

  it('passes a caller abort through instead of calling it a timeout', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const controller = new AbortController();
    const pending = api.get('/trips', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('api-client 401 handling', () => {
  it('refreshes once for concurrent 401s, then retries each call with the new token', async () => {
    setTokens({ accessToken: 'stale', refreshToken: 'refresh-old' });
    let refreshCalls = 0;
    let releaseRefresh!: () => void;
    const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));

    const fetchMock = mockFetch(async (url, init) => {
      if (url === '/api/v1/auth/refresh') {
        refreshCalls += 1;
        expect(JSON.parse(String(init.body))).toEqual({ refreshToken: 'refresh-old' });
        await refreshGate;
        return json(200, { data: { accessToken: 'fresh', refreshToken: 'refresh-new' } });
      }
      if (authHeader(init) !== 'Bearer fresh') return json(401, { status: 401, code: 'UNAUTHORIZED', message: 'Token expired' });
      return json(200, { data: url });
    });

    const calls = Promise.all([api.get('/me'), api.get('/trips'), api.get('/trucks')]);
    await vi.waitFor(() => expect(fetchMock.mock.calls.filter(([u]) => u === '/api/v1/auth/refresh')).toHaveLength(1));
    releaseRefresh();

    await expect(calls).resolves.toEqual(['/api/v1/me', '/api/v1/trips', '/api/v1/trucks']);
    expect(refreshCalls).toBe(1);
    expect(getAccessToken()).toBe('fresh');
    expect(getRefreshToken()).toBe('refresh-new');
    expect(sessionEnded).not.toHaveBeenCalled();
    // 3 originals + 1 refresh + 3 retries
    expect(fetchMock).toHaveBeenCalledTimes(7);
  });

  it('does not refresh again for a 401 that arrives after another call already refreshed', async () => {
    setTokens({ accessToken: 'stale', refreshToken: 'r1' });
    let releaseSecond!: () => void;
    const secondGate = new Promise<void>((resolve) => (releaseSecond = resolve));
    const fetchMock = mockFetch(async (url, init) => {
      if (url === '/api/v1/auth/refresh') return json(200, { data: { accessToken: 'fresh', refreshToken: 'r2' } });
      if (url === '/api/v1/slow' && authHeader(init) === 'Bearer stale') {
        await secondGate;
        return json(401, { message: 'expired' });
      }
      return authHeader(init) === 'Bearer fresh' ? json(200, { data: 'ok' }) : json(401, { message: 'expired' });
    });

    const slow = api.get('/slow');
    await api.get('/fast'); // refreshes
    releaseSecond();
    await expect(slow).resolves.toBe('ok');
    expect(fetchMock.mock.calls.filter(([u]) => u === '/api/v1/auth/refresh')).toHaveLength(1);
  });

  it('clears the tokens and ends the session once when the refresh fails', async () => {
    setTokens({ accessToken: 'stale', refreshToken: 'revoked' });
    const fetchMock = mockFetch((url) =>
      url === '/api/v1/auth/refresh'
        ? json(401, { status: 401, code: 'UNAUTHORIZED', message: 'Invalid refresh token' })
        : json(401, { status: 401, code: 'UNAUTHORIZED', message: 'Token expired' }),
    );

    const results = await Promise.allSettled([api.get('/me'), api.get('/trips')]);

    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect((results[0] as PromiseRejectedResult).reason).toMatchObject({ status: 401 });
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(sessionEnded).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls.filter(([u]) => u === '/api/v1/auth/refresh')).toHaveLength(1);
  });

  it('ends the session without calling refresh when no refresh token is stored', async () => {
    window.localStorage.setItem('accessToken', 'stale');
    const fetchMock = mockFetch(() => json(401, { message: 'Token expired' }));
    await expect(api.get('/me')).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getAccessToken()).toBeNull();
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it('never refreshes for a 401 from /authenticate', async () => {
    const fetchMock = mockFetch(() => json(401, { status: 401, code: 'BAD_CREDENTIALS', message: 'Invalid credentials' }));
    await expect(api.post('/authenticate', { email: 'a@b.co', password: 'x' }, { auth: false })).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it('keeps the session when another tab rotated the tokens while our refresh was refused', async () => {
    setTokens({ accessToken: 'stale', refreshToken: 'r1' });
    mockFetch((url, init) => {
      if (url === '/api/v1/auth/refresh') {
        // The other tab won the race: its pair is already stored when our refresh is refused.
        setTokens({ accessToken: 'other-tab', refreshToken: 'r2' });
        return json(401, { message: 'Invalid refresh token' });
      }
      return authHeader(init) === 'Bearer other-tab' ? json(200, { data: 'ok' }) : json(401, { message: 'expired' });
    });
    await expect(api.get('/me')).resolves.toBe('ok');
    expect(sessionEnded).not.toHaveBeenCalled();
    expect(getRefreshToken()).toBe('r2');
  });
});
