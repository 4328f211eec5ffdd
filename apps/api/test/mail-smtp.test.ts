import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestContext, outbox, type TestContext } from './harness';
import { createUser } from './factories';
import { startFakeSmtp } from './fakes/smtp';

let smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
let ctx: TestContext;
beforeAll(async () => {
  smtp = await startFakeSmtp();
  ctx = await createTestContext({ SMTP_URL: smtp.url, MAIL_FROM: 'Milepost <dispatch@example.test>' });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

describe('email over SMTP', () => {
  it('sends the reset link through the configured SMTP server, not the outbox', async () => {
    const user = await createUser(ctx.db);
    const res = await call(ctx.app, { method: 'POST', url: `/api/v1/reset-password/init?email=${encodeURIComponent(user.email)}` });
    expect(res.statusCode).toBe(200);
    await ctx.app.mailer.drain();
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.to).toEqual([user.email]);
    expect(mail.from).toBe('dispatch@example.test');
    expect(mail.subject).toBe('Milepost password reset');
    expect(mail.text).toMatch(new RegExp(`http://milepost.test/reset-password\\?email=${encodeURIComponent(user.email)}&token=[A-Za-z0-9_-]+`));
    expect(await outbox(ctx)).toEqual([]);
  });
});
