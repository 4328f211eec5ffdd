import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, GENERIC_ERROR_MESSAGES } from '@milepost/contracts/messages';
import { call, createTestContext, type TestContext } from './harness';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMIT_LOGIN_MAX: '3', RATE_LIMIT_RESET_MAX: '2' });
});
afterAll(() => ctx.close());

describe('rate limits', () => {
  it('answer 429 on /authenticate after the limit', async () => {
    const attempt = () => call(ctx.app, { method: 'POST', url: '/api/v1/authenticate', payload: { email: 'x@example.test', password: 'guess-guess' } });
    for (let i = 0; i < 3; i++) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: 429, message: GENERIC_ERROR_MESSAGES[429] });
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('answer 429 on /reset-password/init per address, whatever the IP', async () => {
    const init = (ip: string) => call(ctx.app, { method: 'POST', url: '/api/v1/reset-password/init?email=target@example.test', remoteAddress: ip });
    expect((await init('10.0.0.1')).statusCode).toBe(200);
    expect((await init('10.0.0.2')).statusCode).toBe(200);
    const limited = await init('10.0.0.3');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(AUTH_MESSAGES.resetRequest429);
  });

  it('answer 429 on /reset-password/finish per IP and address', async () => {
    const finish = () =>
      call(ctx.app, {
        method: 'POST',
        url: '/api/v1/reset-password/finish',
        remoteAddress: '10.9.9.9',
        payload: { email: 'a@example.test', token: 't', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' },
      });
    expect((await finish()).statusCode).toBe(400);
    expect((await finish()).statusCode).toBe(400);
    expect((await finish()).statusCode).toBe(429);
  });
});
