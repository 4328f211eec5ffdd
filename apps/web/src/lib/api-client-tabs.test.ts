import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, setSessionEndedHandler } from './api-client';
import { getAccessToken, setTokens } from './token-storage';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A Web Locks stand-in that runs callbacks one at a time, like the browser's. */
function installLocks() {
  let queue = Promise.resolve<unknown>(undefined);
  const request = vi.fn((_name: string, cb: () => Promise<unknown>) => {
    const run = queue.then(cb);
    queue = run.catch(() => undefined);
    return run;
  });
  vi.stubGlobal('navigator', { ...navigator, locks: { request } });
  return request;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('refresh across tabs', () => {
  it('waits for the lock, and uses the tokens another tab stored meanwhile instead of refreshing again', async () => {
    setSessionEndedHandler(() => undefined);
    setTokens({ accessToken: 'expired', refreshToken: 'refresh-1' });
    let releaseOtherTab!: () => void;
    const request = installLocks();
    // Another tab holds the lock and rotates the tokens while this tab waits.
    void navigator.locks.request('milepost-token-refresh', () => new Promise<void>((r) => (releaseOtherTab = r)));

    const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.endsWith('/auth/refresh')) return Promise.resolve(json(200, { data: { accessToken: 'never', refreshToken: 'never' } }));
      const auth = (init?.headers as Record<string, string>).Authorization;
      return Promise.resolve(auth === 'Bearer from-other-tab' ? json(200, { data: { ok: true } }) : json(401, { status: 401, message: 'expired' }));
    });
    vi.stubGlobal('fetch', fetchMock);

    const call = api.get<{ ok: boolean }>('/me');
    await vi.waitFor(() => expect(request).toHaveBeenCalledTimes(2));
    setTokens({ accessToken: 'from-other-tab', refreshToken: 'refresh-2' });
    releaseOtherTab();

    await expect(call).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/auth/refresh'))).toBe(false);
    expect(getAccessToken()).toBe('from-other-tab');
  });
});
