import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERIC_ERROR_MESSAGES } from '@milepost/contracts/messages';
import { loadConfig } from '../src/config';
import { delayResolutionMs } from '../src/platform/overload';
import { call, createTestContext, type TestContext } from './harness';

/** docs/deploy.md "Starting": load is shed with 503 + Retry-After; keep-alive and timeouts suit a reverse proxy. */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '40', OVERLOAD_SAMPLE_INTERVAL_MS: '50', OVERLOAD_RETRY_AFTER_SECONDS: '5' });
});
afterAll(() => ctx.close());

const busy = (ms: number) => {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    /* a stalled event loop, as under overload */
  }
};
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('load shedding', () => {
  it('answers 503 with Retry-After while the event loop lags, and serves again once it recovers', async () => {
    const served = async () => {
      for (let i = 0; i < 100; i++) {
        const res = await call(ctx.app, { method: 'GET', url: '/api/health' });
        if (res.statusCode === 200) return true;
        expect(res.statusCode).toBe(503);
        await pause(20);
      }
      return false;
    };
    expect(await served()).toBe(true);
    let shed;
    for (let i = 0; i < 20 && !shed; i++) {
      busy(250);
      await pause(15); // let the sampler see the stall (shorter than one sample interval)
      const res = await call(ctx.app, { method: 'GET', url: '/api/v1/me' });
      if (res.statusCode === 503) shed = res;
      else expect(res.statusCode).toBe(401);
    }
    expect(shed, 'no request was shed').toBeDefined();
    expect(shed!.headers['retry-after']).toBe('5');
    expect(shed!.json()).toMatchObject({ status: 503, code: 'UNAVAILABLE', message: GENERIC_ERROR_MESSAGES[503] });
    expect(await served()).toBe(true);
  });

  it('at rest the delay histogram reads ten times per sample interval, not every 10 ms (an idle instance is not woken 100 times a second)', () => {
    expect(delayResolutionMs(loadConfig({ DATABASE_URL: 'postgres://db.example/milepost' }).OVERLOAD_SAMPLE_INTERVAL_MS)).toBe(100);
    expect(delayResolutionMs(50)).toBe(10);
    expect(delayResolutionMs(200)).toBe(20);
  });

  it('keep-alive outlives a reverse proxy idle timeout; headers must arrive in time (settings with defaults)', async () => {
    const c = loadConfig({ DATABASE_URL: 'postgres://db.example/milepost' });
    expect([c.KEEP_ALIVE_TIMEOUT_MS, c.HEADERS_TIMEOUT_MS, c.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS, c.OVERLOAD_RETRY_AFTER_SECONDS]).toEqual([65_000, 20_000, 500, 5]);
    // The embedded PGlite runs on the event loop: shedding is off there unless asked for.
    expect(loadConfig({}).OVERLOAD_MAX_EVENT_LOOP_DELAY_MS).toBe(0);
    expect(ctx.app.server.keepAliveTimeout).toBe(65_000);
    expect(ctx.app.server.headersTimeout).toBe(20_000);
    expect(ctx.app.server.requestTimeout).toBe(30_000);
    // The socket inactivity timer does not close idle keep-alive connections first.
    expect(ctx.app.server.timeout).toBeGreaterThan(65_000);
  });
});
