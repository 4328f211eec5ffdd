import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { AUTH_MESSAGES } from '@milepost/contracts/messages';
import { USER_MESSAGES } from '@milepost/contracts/users-api';
import { authSessions, passwordResetTokens, permissions, users } from '../src/db/schema/access';
import { call, createTestContext, linkIn, outbox, type TestContext } from './harness';
import { createUser, setUserActive, signIn } from './factories';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const me = (token?: string) => call(ctx.app, { method: 'GET', url: '/api/v1/me', ...(token ? { token } : {}) });
const refresh = (refreshToken: string) => call(ctx.app, { method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken } });

describe('POST /authenticate', () => {
  it('signs in and returns an access token valid for 15 minutes and a refresh token', async () => {
    const user = await createUser(ctx.db);
    const res = await call(ctx.app, { method: 'POST', url: '/api/v1/authenticate', payload: { email: user.email.toUpperCase(), password: user.password } });
    expect(res.statusCode).toBe(200);
    const { accessToken, refreshToken } = res.json().data;
    const claims = decodeJwt(accessToken);
    expect(claims.sub).toBe(String(user.id));
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
    expect(refreshToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // The refresh token is stored only as a hash.
    const stored = await ctx.db.execute(sql`select token_hash from refresh_tokens`);
    expect(JSON.stringify(stored)).not.toContain(refreshToken);
  });

  it('hashes passwords with argon2id, 19 MiB and 2 iterations', async () => {
    const user = await createUser(ctx.db);
    const [row] = await ctx.db.select({ h: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(row!.h).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });

  it('refuses a wrong password and an unknown email with the same message', async () => {
    const user = await createUser(ctx.db);
    const wrong = await call(ctx.app, { method: 'POST', url: '/api/v1/authenticate', payload: { email: user.email, password: 'nope-nope' } });
    const unknown = await call(ctx.app, { method: 'POST', url: '/api/v1/authenticate', payload: { email: 'nobody@example.test', password: 'nope-nope' } });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 401, code: 'UNAUTHENTICATED', message: AUTH_MESSAGES.loginFailure });
    }
  });

  it('refuses an invited account that has no password yet, and an inactive one', async () => {
    const invited = await createUser(ctx.db, { password: null });
    const res = await call(ctx.app, { method: 'POST', url: '/api/v1/authenticate', payload: { email: invited.email, password: 'anything1' } });
    expect(res.statusCode).toBe(401);
    const inactive = await createUser(ctx.db, { active: false });
    const res2 = await call(ctx.app, { method: 'POST', url: '/api/v1/authenticate', payload: { email: inactive.email, password: inactive.password } });
    expect(res2.statusCode).toBe(401);
  });

  it('validates the body with the spec messages', async () => {
    const res = await call(ctx.app, { method: 'POST', url: '/api/v1/authenticate', payload: { email: '', password: '' } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: 'body.email', message: 'Email is required' },
        { path: 'body.password', message: 'Password is required' },
      ]),
    );
    const bad = await call(ctx.app, { method: 'POST', url: '/api/v1/authenticate', payload: { email: 'not-an-email', password: 'x' } });
    expect(bad.json().message).toBe('Please enter a valid email address');
  });
});

describe('access tokens', () => {
  it('rejects a missing, malformed, foreign-signed or expired token', async () => {
    const user = await createUser(ctx.db);
    const { accessToken } = await signIn(ctx.app, user);
    const claims = decodeJwt(accessToken);
    expect((await me()).statusCode).toBe(401);
    expect((await me('not.a.jwt')).statusCode).toBe(401);
    const foreign = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('milepost')
      .setSubject(String(user.id))
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('some-other-secret-some-other-secret'));
    expect((await me(foreign)).statusCode).toBe(401);
    const expired = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('milepost')
      .setSubject(String(user.id))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(new TextEncoder().encode(ctx.jwtSecret));
    const res = await me(expired);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Access token expired');
    expect((await me(accessToken)).statusCode).toBe(200);
  });
});

describe('refresh tokens', () => {
  it('rotate on every use: the new pair works, the old refresh token does not', async () => {
    const user = await createUser(ctx.db);
    const first = await signIn(ctx.app, user);
    const res = await refresh(first.refreshToken);
    expect(res.statusCode).toBe(200);
    const second = res.json().data;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await me(second.accessToken)).statusCode).toBe(200);
    const third = await refresh(second.refreshToken);
    expect(third.statusCode).toBe(200);
  });

  it('a reused refresh token revokes every token of that sign-in, but not other sign-ins', async () => {
    const user = await createUser(ctx.db);
    const stolen = await signIn(ctx.app, user);
    const otherDevice = await signIn(ctx.app, user);
    const rotated = (await refresh(stolen.refreshToken)).json().data;
    const reuse = await refresh(stolen.refreshToken);
    expect(reuse.statusCode).toBe(401);
    // The legitimate successor is dead too, and so is its access token.
    expect((await refresh(rotated.refreshToken)).statusCode).toBe(401);
    expect((await me(rotated.accessToken)).statusCode).toBe(401);
    // Another sign-in of the same user is untouched.
    expect((await me(otherDevice.accessToken)).statusCode).toBe(200);
  });

  it('two concurrent refreshes with one token: exactly one succeeds', async () => {
    const user = await createUser(ctx.db);
    const { refreshToken } = await signIn(ctx.app, user);
    const results = await Promise.all([refresh(refreshToken), refresh(refreshToken)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('stop at the absolute expiry of the sign-in', async () => {
    const user = await createUser(ctx.db);
    const tokens = await signIn(ctx.app, user);
    await ctx.db
      .update(authSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authSessions.userId, user.id));
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
    expect((await me(tokens.accessToken)).statusCode).toBe(401);
  });

  it('an unknown refresh token is refused', async () => {
    expect((await refresh('made-up-token')).statusCode).toBe(401);
    expect((await refresh('')).statusCode).toBe(400);
  });

  it('log out ends the sign-in', async () => {
    const user = await createUser(ctx.db);
    const tokens = await signIn(ctx.app, user);
    const res = await call(ctx.app, { method: 'POST', url: '/api/v1/auth/logout', payload: { refreshToken: tokens.refreshToken } });
    expect(res.statusCode).toBe(200);
    expect((await me(tokens.accessToken)).statusCode).toBe(401);
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
  });
});

describe('deactivation and permission changes', () => {
  it('deactivating a user ends their sessions on the next request', async () => {
    const user = await createUser(ctx.db, { permissions: ['CAN_SHOW_ROLES'] });
    const tokens = await signIn(ctx.app, user);
    expect((await me(tokens.accessToken)).statusCode).toBe(200);
    await setUserActive(ctx.db, user.id, false);
    expect((await me(tokens.accessToken)).statusCode).toBe(401);
    expect((await refresh(tokens.refreshToken)).statusCode).toBe(401);
  });

  it('permission changes apply on the next request without signing in again', async () => {
    const user = await createUser(ctx.db, { permissions: ['CAN_SHOW_ROLES', 'CAN_SHOW_TRIPS'] });
    const { accessToken } = await signIn(ctx.app, user);
    const list = () => call(ctx.app, { method: 'GET', url: '/api/v1/permissions', token: accessToken });
    expect((await list()).statusCode).toBe(200);
    await ctx.db.update(permissions).set({ enabled: false }).where(eq(permissions.name, 'CAN_SHOW_ROLES'));
    try {
      const denied = await list();
      expect(denied.statusCode).toBe(403);
      expect(denied.json().message).toBe("Access denied. You don't have permission to perform this action.");
      const mine = (await me(accessToken)).json().data.permissions;
      expect(mine).toEqual(
        expect.arrayContaining([
          { name: 'CAN_SHOW_ROLES', enabled: false },
          { name: 'CAN_SHOW_TRIPS', enabled: true },
        ]),
      );
    } finally {
      await ctx.db.update(permissions).set({ enabled: true }).where(eq(permissions.name, 'CAN_SHOW_ROLES'));
    }
  });
});

describe('GET /me and PUT /profile', () => {
  it('returns the user with their role and permissions', async () => {
    const user = await createUser(ctx.db, { permissions: ['CAN_SHOW_TRIPS'], firstName: 'Maria' });
    const { accessToken } = await signIn(ctx.app, user);
    const body = (await me(accessToken)).json().data;
    expect(body).toMatchObject({ id: user.id, email: user.email, firstName: 'Maria', lastName: 'User', phone: null });
    expect(body.role).toMatch(/^ROLE_/);
    expect(body.permissions).toEqual([{ name: 'CAN_SHOW_TRIPS', enabled: true }]);
  });

  it('updates first name, last name and phone; email cannot change', async () => {
    const user = await createUser(ctx.db);
    const { accessToken } = await signIn(ctx.app, user);
    const res = await call(ctx.app, {
      method: 'PUT',
      url: '/api/v1/profile',
      token: accessToken,
      payload: { firstName: ' Ana ', lastName: 'Lopez', phone: '+1 (312) 555-0199', email: 'hacker@example.test', version: (await me(accessToken)).json().data.version },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ firstName: 'Ana', lastName: 'Lopez', phone: '+1 (312) 555-0199', email: user.email });
    const invalid = await call(ctx.app, { method: 'PUT', url: '/api/v1/profile', token: accessToken, payload: { firstName: '', lastName: '', version: res.json().data.version } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().errors.map((e: { message: string }) => e.message)).toEqual(['First Name is required', 'Last Name is required']);
    const after = (await me(accessToken)).json().data;
    expect(after.firstName).toBe('Ana');
  });

  it('needs the version the profile was read at: a stale one is 409 STALE_VERSION and changes nothing, none is a 400', async () => {
    const user = await createUser(ctx.db, { firstName: 'Maria' });
    const { accessToken } = await signIn(ctx.app, user);
    const { version } = (await me(accessToken)).json().data;
    // An administrator renames the user after the profile dialog read it.
    await ctx.db
      .update(users)
      .set({ lastName: 'Renamed', version: sql`${users.version} + 1` })
      .where(eq(users.id, user.id));
    const stale = await call(ctx.app, { method: 'PUT', url: '/api/v1/profile', token: accessToken, payload: { firstName: 'Mia', lastName: 'User', version } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_VERSION', message: USER_MESSAGES.staleVersion });
    const missing = await call(ctx.app, { method: 'PUT', url: '/api/v1/profile', token: accessToken, payload: { firstName: 'Mia', lastName: 'User' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('version is required');
    const now = (await me(accessToken)).json().data;
    expect(now).toMatchObject({ firstName: 'Maria', lastName: 'Renamed', version: version + 1 });
    const saved = await call(ctx.app, { method: 'PUT', url: '/api/v1/profile', token: accessToken, payload: { firstName: 'Mia', lastName: 'Renamed', version: now.version } });
    expect(saved.json().data).toMatchObject({ firstName: 'Mia', version: version + 2 });
  });

  it('requires a sign-in', async () => {
    const res = await call(ctx.app, { method: 'PUT', url: '/api/v1/profile', payload: { firstName: 'A', lastName: 'B', version: 1 } });
    expect(res.statusCode).toBe(401);
  });
});

describe('password reset', () => {
  const init = (email: string) => call(ctx.app, { method: 'POST', url: `/api/v1/reset-password/init?email=${encodeURIComponent(email)}` });
  const finish = (payload: object) => call(ctx.app, { method: 'POST', url: '/api/v1/reset-password/finish', payload });

  it('emails a single-use link through the outbox; the new password works and old sign-ins end', async () => {
    const user = await createUser(ctx.db);
    const before = await signIn(ctx.app, user);
    const sent = (await outbox(ctx)).length;
    expect((await init(user.email)).statusCode).toBe(200);
    const mails = await outbox(ctx);
    expect(mails.length).toBe(sent + 1);
    const mail = mails.at(-1)!;
    expect(mail).toContain(`To: ${user.email}`);
    const link = linkIn(mail);
    expect(link.origin).toBe('http://milepost.test');
    expect(link.searchParams.get('email')).toBe(user.email);
    const token = link.searchParams.get('token')!;
    // The file a person opens to click: the link whole on its own line, not quoted-printable.
    expect(mail).toContain('Content-Transfer-Encoding: 8bit');
    expect(mail.split('\n').filter((line) => line.startsWith('http://milepost.test/reset-password?') && line.endsWith(encodeURIComponent(token)))).toHaveLength(1);
    expect(mail).not.toMatch(/=\r?\n|=3D/);

    const res = await finish({ email: user.email, token, newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pass' });
    expect(res.statusCode).toBe(200);
    await signIn(ctx.app, { email: user.email, password: 'brand-new-pass' });
    const old = await call(ctx.app, { method: 'POST', url: '/api/v1/authenticate', payload: { email: user.email, password: user.password } });
    expect(old.statusCode).toBe(401);
    expect((await me(before.accessToken)).statusCode).toBe(401);

    const again = await finish({ email: user.email, token, newPassword: 'another-pass', confirmPassword: 'another-pass' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(AUTH_MESSAGES.resetFinish400);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const sent = (await outbox(ctx)).length;
    const res = await init('nobody-here@example.test');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: null });
    expect((await outbox(ctx)).length).toBe(sent);
  });

  it('refuses an expired token, a token for another email, and mismatched passwords', async () => {
    const user = await createUser(ctx.db);
    const other = await createUser(ctx.db);
    await init(user.email);
    const token = linkIn((await outbox(ctx)).at(-1)!).searchParams.get('token')!;

    const mismatch = await finish({ email: user.email, token, newPassword: 'abcdefgh', confirmPassword: 'abcdefgX' });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().message).toBe(AUTH_MESSAGES.resetFinish422);
    const tooShort = await finish({ email: user.email, token, newPassword: 'abc', confirmPassword: 'abc' });
    expect(tooShort.statusCode).toBe(422);
    const wrongEmail = await finish({ email: other.email, token, newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' });
    expect(wrongEmail.statusCode).toBe(400);

    await ctx.db
      .update(passwordResetTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResetTokens.userId, user.id));
    const expired = await finish({ email: user.email, token, newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' });
    expect(expired.statusCode).toBe(400);
  });

  it('reset tokens are stored only as hashes and expire after one hour', async () => {
    const user = await createUser(ctx.db);
    await init(user.email);
    const token = linkIn((await outbox(ctx)).at(-1)!).searchParams.get('token')!;
    const [row] = await ctx.db
      .select({ hash: passwordResetTokens.tokenHash, ttl: sql<number>`extract(epoch from (${passwordResetTokens.expiresAt} - ${passwordResetTokens.createdAt}))::int` })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, user.id));
    expect(row!.hash).not.toBe(token);
    expect(row!.ttl).toBe(3600);
  });
});
