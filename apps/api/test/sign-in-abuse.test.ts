import { afterAll, describe, expect, it } from 'vitest';
import { GENERIC_ERROR_MESSAGES } from '@milepost/contracts/messages';
import { loadConfig } from '../src/config';
import { passwordHashingLoad } from '../src/platform/crypto';
import { call, createTestContext, type TestContext } from './harness';
import { createUser, signIn } from './factories';

/** Sign-in limited per address and per client; password hashing capped. */
const contexts: TestContext[] = [];
afterAll(() => Promise.all(contexts.map((c) => c.close())));
const context = async (env: Record<string, string>) => {
  const ctx = await createTestContext(env);
  contexts.push(ctx);
  return ctx;
};
const attempt = (ctx: TestContext, email: string, ip: string, password = 'wrong-guess') =>
  call(ctx.app, { method: 'POST', url: '/api/v1/authenticate', remoteAddress: ip, payload: { email, password } });

describe('sign-in limits', () => {
  it('default to 10 per address and 100 per client per 5 minutes; one setting lifts both (the e2e server)', () => {
    const c = loadConfig({});
    expect([c.RATE_LIMIT_LOGIN_MAX, c.loginClientMax, c.RATE_LIMIT_LOGIN_WINDOW_SECONDS]).toEqual([10, 100, 300]);
    expect(loadConfig({ RATE_LIMIT_LOGIN_MAX: '1000' }).loginClientMax).toBe(10_000);
    expect(loadConfig({ RATE_LIMIT_LOGIN_CLIENT_MAX: '40' }).loginClientMax).toBe(40);
  });

  it('per address: past the limit one address is refused from every client, while others still sign in', async () => {
    const ctx = await context({ RATE_LIMIT_LOGIN_MAX: '3' });
    const victim = await createUser(ctx.db);
    for (let i = 0; i < 3; i++) expect((await attempt(ctx, victim.email, `10.1.0.${i + 1}`)).statusCode).toBe(401);
    const limited = await attempt(ctx, victim.email, '10.1.0.200', victim.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'TOO_MANY_REQUESTS', message: GENERIC_ERROR_MESSAGES[429] });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else at the same office signs in.
    const colleague = await createUser(ctx.db);
    expect((await attempt(ctx, colleague.email, '10.1.0.1', colleague.password)).statusCode).toBe(200);
  });

  it('per client: one client trying many addresses is refused past its limit; another client is not', async () => {
    const ctx = await context({ RATE_LIMIT_LOGIN_MAX: '2', RATE_LIMIT_LOGIN_CLIENT_MAX: '6' });
    for (let i = 0; i < 6; i++) expect((await attempt(ctx, `nobody-${i}@example.test`, '10.2.0.1')).statusCode).toBe(401);
    const limited = await attempt(ctx, 'nobody-7@example.test', '10.2.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    const user = await createUser(ctx.db);
    expect((await attempt(ctx, user.email, '10.2.0.2', user.password)).statusCode).toBe(200);
  });
});

describe('password hashing cap', () => {
  it('a flood of wrong sign-ins is hashed a few at a time (429 past the queue) while a signed-in list request answers', async () => {
    const ctx = await context({ RATE_LIMIT_LOGIN_MAX: '1000', PASSWORD_HASH_CONCURRENCY: '1', PASSWORD_HASH_QUEUE: '4' });
    const user = await createUser(ctx.db, { permissions: ['CAN_SHOW_TRIPS'] });
    const { accessToken } = await signIn(ctx.app, user);
    const finished: { kind: 'flood' | 'list'; status: number; at: number }[] = [];
    const flood = Array.from({ length: 40 }, (_, i) =>
      attempt(ctx, `flood-${i}@example.test`, `10.3.${Math.floor(i / 200)}.${(i % 200) + 1}`).then((r) =>
        finished.push({ kind: 'flood', status: r.statusCode, at: performance.now() }),
      ),
    );
    const list = call(ctx.app, { method: 'GET', url: '/api/v1/trips?page=0&size=50', token: accessToken }).then((r) =>
      finished.push({ kind: 'list', status: r.statusCode, at: performance.now() }),
    );
    await Promise.all([...flood, list]);
    const floodStatuses = finished.filter((f) => f.kind === 'flood').map((f) => f.status);
    expect(new Set(floodStatuses)).toEqual(new Set([401, 429]));
    expect(floodStatuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(5);
    expect(passwordHashingLoad().peakActive).toBe(1);
    const listDone = finished.find((f) => f.kind === 'list')!;
    expect(listDone.status).toBe(200);
    // The list did not wait for the flood to be hashed.
    expect(listDone.at).toBeLessThan(Math.max(...finished.filter((f) => f.kind === 'flood').map((f) => f.at)));
    expect(passwordHashingLoad()).toMatchObject({ active: 0, queued: 0 });
  });
});
