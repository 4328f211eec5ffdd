import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { USER_MESSAGES } from '@milepost/contracts/users-api';
import { PERMISSION_NAMES } from '@milepost/contracts/permissions';
import { roles, users } from '../src/db/schema/access';
import { call, createTestContext, linkIn, outbox, type TestContext } from './harness';
import { createRole, createUser, setUserActive, signIn } from './factories';

let ctx: TestContext;
let admin: string;
let adminId: number;
let ownerRoleId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const [owner] = await ctx.db.select().from(roles).where(eq(roles.name, 'OWNER'));
  ownerRoleId = owner!.id;
  // Every permission (nobody assigns a role stronger than their own), in a role of its own.
  const u = await createUser(ctx.db, { permissions: PERMISSION_NAMES });
  adminId = u.id;
  admin = (await signIn(ctx.app, u)).accessToken;
});
afterAll(() => ctx.close());

const unique = () => Math.random().toString(36).slice(2, 8);
const newUser = (over: Record<string, unknown> = {}) => ({
  firstName: 'Carla',
  lastName: `Nguyen${unique()}`,
  email: `carla.${unique()}@example.test`,
  phone: '+1 (312) 555-0142',
  roleId: ownerRoleId,
  ...over,
});
/** The version a user is shown at now; every status change sends it. */
const versionOf = async (id: number) => (await ctx.db.select({ version: users.version }).from(users).where(eq(users.id, id)))[0]!.version;
const changeStatus = async (id: number, active: string, token = admin) =>
  call(ctx.app, { method: 'PATCH', url: `/api/v1/users/change-status/${id}?active=${active}`, token, payload: { version: await versionOf(id) } });
const post = (payload: object, token = admin) => call(ctx.app, { method: 'POST', url: '/api/v1/users', token, payload });

describe('POST /users', () => {
  it('creates the user without a password and emails an invitation whose link sets it', async () => {
    const input = newUser();
    const res = await post(input);
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ firstName: 'Carla', email: input.email, role: 'OWNER', roleId: ownerRoleId, active: true, passwordSet: false, phone: '+1 (312) 555-0142' });

    // Cannot sign in before setting a password.
    const early = await call(ctx.app, { method: 'POST', url: '/api/v1/authenticate', payload: { email: input.email, password: 'whatever1' } });
    expect(early.statusCode).toBe(401);

    const mail = (await outbox(ctx)).at(-1)!;
    expect(mail).toContain('Welcome to Milepost');
    const link = linkIn(mail);
    const finish = await call(ctx.app, {
      method: 'POST',
      url: '/api/v1/reset-password/finish',
      payload: { email: input.email, token: link.searchParams.get('token'), newPassword: 'first-password', confirmPassword: 'first-password' },
    });
    expect(finish.statusCode).toBe(200);
    await signIn(ctx.app, { email: input.email, password: 'first-password' });
    const after = await call(ctx.app, { method: 'GET', url: `/api/v1/users/${created.id}`, token: admin });
    expect(after.json().data.passwordSet).toBe(true);
  });

  it('validates every field with the spec messages', async () => {
    const res = await post({ firstName: '', lastName: ' ', email: 'nope', phone: '+1 (312) 555', roleId: '' });
    expect(res.statusCode).toBe(400);
    const messages = Object.fromEntries(res.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]));
    expect(messages).toEqual({
      'body.firstName': USER_MESSAGES.firstNameRequired,
      'body.lastName': USER_MESSAGES.lastNameRequired,
      'body.email': USER_MESSAGES.emailInvalid,
      'body.phone': USER_MESSAGES.phoneIncomplete,
      'body.roleId': USER_MESSAGES.roleRequired,
    });
    const international = await post(newUser({ phone: '+998 (90) 123-45-67' }));
    expect(international.statusCode).toBe(201);
    const noPhone = await post(newUser({ phone: '' }));
    expect(noPhone.json().data.phone).toBeNull();
  });

  it('answers 409 for an email already used (any letter case), and creates nothing', async () => {
    const input = newUser();
    expect((await post(input)).statusCode).toBe(201);
    const dup = await post(newUser({ email: input.email.toUpperCase() }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'ALREADY_EXISTS', message: USER_MESSAGES.duplicateEmail });
    const rows = await ctx.db.select().from(users).where(eq(users.email, input.email.toUpperCase()));
    expect(rows).toHaveLength(0);
  });

  it('refuses an unknown role', async () => {
    const res = await post(newUser({ roleId: 999999 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(USER_MESSAGES.roleNotFound);
  });

  it('needs CAN_CREATE_USER', async () => {
    const u = await createUser(ctx.db, { permissions: ['CAN_SHOW_USERS'] });
    const { accessToken } = await signIn(ctx.app, u);
    expect((await post(newUser(), accessToken)).statusCode).toBe(403);
  });
});

describe('GET /users', () => {
  it('pages, searches by name or email, filters and sorts in SQL', async () => {
    const tag = unique();
    const made = [];
    for (const first of ['Zoe', 'Adam', 'Mia']) made.push((await post(newUser({ firstName: first, lastName: `Search${tag}` }))).json().data);
    const list = (q: string) => call(ctx.app, { method: 'GET', url: `/api/v1/users?${q}`, token: admin }).then((r) => r.json().data);

    const byName = await list(`keyword=search${tag}&sort=firstName,asc`);
    expect(byName.totalElements).toBe(3);
    expect(byName.content.map((u: { firstName: string }) => u.firstName)).toEqual(['Adam', 'Mia', 'Zoe']);
    const desc = await list(`keyword=search${tag}&sort=firstName,desc&size=2`);
    expect(desc.content.map((u: { firstName: string }) => u.firstName)).toEqual(['Zoe', 'Mia']);
    expect(desc.totalPages).toBe(2);
    expect((await list(`keyword=adam%20search${tag}`)).totalElements).toBe(1);
    expect((await list(`keyword=${made[0].email}`)).totalElements).toBe(1);

    expect((await changeStatus(made[1].id, 'false')).statusCode).toBe(200);
    expect((await list(`keyword=search${tag}&active=false`)).content.map((u: { id: number }) => u.id)).toEqual([made[1].id]);
    expect((await list(`keyword=search${tag}&active=true`)).totalElements).toBe(2);

    for (const field of ['id', 'firstName', 'lastName', 'phone', 'role', 'active', 'created']) {
      const r = await call(ctx.app, { method: 'GET', url: `/api/v1/users?sort=${field},desc`, token: admin });
      expect(r.statusCode, field).toBe(200);
    }
    expect((await call(ctx.app, { method: 'GET', url: '/api/v1/users?sort=email,asc', token: admin })).statusCode).toBe(400);
    // A keyword with LIKE wildcards matches literally.
    expect((await list('keyword=%25%25%25')).totalElements).toBe(0);
  });

  it('sorted by role name, pages run across role groups in order, both directions', async () => {
    const tag = unique();
    const roleA = await createRole(ctx.db, ['CAN_SHOW_TRIPS'], `Alpha ${tag}`);
    const roleB = await createRole(ctx.db, ['CAN_SHOW_TRIPS'], `Bravo ${tag}`);
    const roleC = await createRole(ctx.db, ['CAN_SHOW_TRIPS'], `Charlie ${tag}`);
    const made: { id: number; role: string }[] = [];
    for (const [role, n] of [
      [roleB, 3],
      [roleA, 2],
      [roleC, 4],
    ] as const) {
      for (let i = 0; i < n; i++) made.push({ id: (await post(newUser({ lastName: `Group${tag}`, roleId: role.id }))).json().data.id, role: role.name });
    }
    const expected = (dir: 1 | -1) => [...made].sort((x, y) => dir * (x.role.localeCompare(y.role) || x.id - y.id)).map((u) => u.id);
    for (const [dir, sort] of [
      [1, 'role,asc'],
      [-1, 'role,desc'],
    ] as const) {
      const seen: number[] = [];
      for (let page = 0; page < 4; page++) {
        const data = (await call(ctx.app, { method: 'GET', url: `/api/v1/users?keyword=group${tag}&sort=${sort}&size=4&page=${page}`, token: admin })).json().data;
        expect(data.totalElements).toBe(9);
        expect(data.totalPages).toBe(3);
        seen.push(...data.content.map((u: { id: number }) => u.id));
      }
      expect(seen).toEqual(expected(dir));
    }
  });

  it('needs a users show permission', async () => {
    const u = await createUser(ctx.db, { permissions: ['CAN_SHOW_TRIPS'] });
    const { accessToken } = await signIn(ctx.app, u);
    expect((await call(ctx.app, { method: 'GET', url: '/api/v1/users', token: accessToken })).statusCode).toBe(403);
    const page = await createUser(ctx.db, { permissions: ['CAN_SHOW_USER_PAGE'] });
    const t2 = (await signIn(ctx.app, page)).accessToken;
    expect((await call(ctx.app, { method: 'GET', url: '/api/v1/users', token: t2 })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown user', async () => {
    const res = await call(ctx.app, { method: 'GET', url: '/api/v1/users/999999', token: admin });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(USER_MESSAGES.notFound);
  });
});

describe('PUT /users/{id}', () => {
  it('updates, and refuses a stale version with 409 without overwriting', async () => {
    const created = (await post(newUser())).json().data;
    const put = (body: object) => call(ctx.app, { method: 'PUT', url: `/api/v1/users/${created.id}`, token: admin, payload: body });
    const base = { firstName: created.firstName, lastName: created.lastName, email: created.email, phone: created.phone, roleId: created.roleId };
    const first = await put({ ...base, firstName: 'Carlota', version: created.version });
    expect(first.statusCode).toBe(200);
    expect(first.json().data.firstName).toBe('Carlota');
    const stale = await put({ ...base, firstName: 'Overwritten', version: created.version });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_VERSION', message: USER_MESSAGES.staleVersion });
    expect((await call(ctx.app, { method: 'GET', url: `/api/v1/users/${created.id}`, token: admin })).json().data.firstName).toBe('Carlota');
  });

  it('refuses a save without the version it was loaded at: 400, nothing changes', async () => {
    const created = (await post(newUser())).json().data;
    const res = await call(ctx.app, {
      method: 'PUT',
      url: `/api/v1/users/${created.id}`,
      token: admin,
      payload: { firstName: 'Unversioned', lastName: created.lastName, email: created.email, phone: created.phone, roleId: created.roleId },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toContainEqual({ path: 'body.version', message: 'version is required' });
    expect((await call(ctx.app, { method: 'GET', url: `/api/v1/users/${created.id}`, token: admin })).json().data.firstName).toBe(created.firstName);
  });

  it('answers 409 when the email belongs to someone else, 404 for an unknown user', async () => {
    const a = (await post(newUser())).json().data;
    const b = (await post(newUser())).json().data;
    const res = await call(ctx.app, { method: 'PUT', url: `/api/v1/users/${b.id}`, token: admin, payload: { ...newUser(), email: a.email, version: b.version } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(USER_MESSAGES.duplicateEmail);
    const missing = await call(ctx.app, { method: 'PUT', url: '/api/v1/users/999999', token: admin, payload: { ...newUser(), version: 1 } });
    expect(missing.statusCode).toBe(404);
  });

  it('needs CAN_EDIT_USER', async () => {
    const u = await createUser(ctx.db, { permissions: ['CAN_SHOW_USERS', 'CAN_CREATE_USER'] });
    const { accessToken } = await signIn(ctx.app, u);
    const res = await call(ctx.app, { method: 'PUT', url: `/api/v1/users/${u.id}`, token: accessToken, payload: newUser() });
    expect(res.statusCode).toBe(403);
  });
});

describe('PATCH /users/change-status/{id}', () => {
  it('deactivating ends the user’s sessions; activating lets them sign in again', async () => {
    const target = await createUser(ctx.db, { permissions: ['CAN_SHOW_TRIPS'] });
    const tokens = await signIn(ctx.app, target);
    const off = await changeStatus(target.id, 'false');
    expect(off.statusCode).toBe(200);
    expect(off.json().data.active).toBe(false);
    expect((await call(ctx.app, { method: 'GET', url: '/api/v1/me', token: tokens.accessToken })).statusCode).toBe(401);
    expect((await call(ctx.app, { method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken: tokens.refreshToken } })).statusCode).toBe(401);
    const on = await changeStatus(target.id, 'true');
    expect(on.json().data.active).toBe(true);
    await signIn(ctx.app, target);
  });

  it('a user cannot deactivate themselves', async () => {
    const res = await changeStatus(adminId, 'false');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SELF_DEACTIVATION', message: USER_MESSAGES.cannotDeactivateSelf });
  });

  it('the last active OWNER cannot be deactivated or moved to another role', async () => {
    // This database has no OWNER user yet: make exactly one.
    const [owner] = await ctx.db
      .insert(users)
      .values({ email: `owner-${unique()}@example.test`, firstName: 'Only', lastName: 'Owner', roleId: ownerRoleId, passwordHash: 'x' })
      .returning();
    await ctx.db.update(users).set({ active: false }).where(eq(users.roleId, ownerRoleId));
    await ctx.db.update(users).set({ active: true }).where(eq(users.id, owner!.id));
    const off = await changeStatus(owner!.id, 'false');
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({ code: 'LAST_OWNER', message: USER_MESSAGES.lastOwner });
    const other = await createRole(ctx.db, ['CAN_SHOW_TRIPS']);
    const demote = await call(ctx.app, {
      method: 'PUT',
      url: `/api/v1/users/${owner!.id}`,
      token: admin,
      payload: { firstName: 'Only', lastName: 'Owner', email: owner!.email, roleId: other.id, version: owner!.version },
    });
    expect(demote.statusCode).toBe(409);
    // With a second active owner it is allowed.
    const second = (await post(newUser())).json().data;
    expect(second.role).toBe('OWNER');
    const ok = await changeStatus(owner!.id, 'false');
    expect(ok.statusCode).toBe(200);
  });

  it('validates the active flag and needs CAN_CHANGE_STATUS_USER', async () => {
    const bad = await changeStatus(adminId, 'maybe');
    expect(bad.statusCode).toBe(400);
    const u = await createUser(ctx.db, { permissions: ['CAN_SHOW_USERS', 'CAN_EDIT_USER'] });
    const { accessToken } = await signIn(ctx.app, u);
    expect((await changeStatus(adminId, 'true', accessToken)).statusCode).toBe(403);
  });

  it('needs the version the user was shown at: without it 400, a stale one 409; neither changes anything; the right one bumps it', async () => {
    const target = await createUser(ctx.db, { permissions: ['CAN_SHOW_TRIPS'] });
    const version = await versionOf(target.id);
    const url = `/api/v1/users/change-status/${target.id}?active=false`;
    const unversioned = await call(ctx.app, { method: 'PATCH', url, token: admin, payload: {} });
    expect(unversioned.statusCode).toBe(400);
    expect(unversioned.json().errors).toEqual([expect.objectContaining({ path: 'body.version', message: 'version is required' })]);
    expect((await call(ctx.app, { method: 'PATCH', url, token: admin })).statusCode).toBe(400);
    const stale = await call(ctx.app, { method: 'PATCH', url, token: admin, payload: { version: version + 1 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'STALE_VERSION', message: USER_MESSAGES.staleVersion });
    const [still] = await ctx.db.select().from(users).where(eq(users.id, target.id));
    expect(still).toMatchObject({ active: true, version });
    // Still signed in: a refused change ends no session.
    const tokens = await signIn(ctx.app, target);
    const off = await call(ctx.app, { method: 'PATCH', url, token: admin, payload: { version } });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ active: false, version: version + 1 });
    expect((await call(ctx.app, { method: 'GET', url: '/api/v1/me', token: tokens.accessToken })).statusCode).toBe(401);
    // The answer's version is the one the next change sends; the earlier one is now stale.
    expect((await call(ctx.app, { method: 'PATCH', url: `/api/v1/users/change-status/${target.id}?active=true`, token: admin, payload: { version } })).statusCode).toBe(409);
  });
});

describe('POST /users/{id}/resend-invitation', () => {
  it('refuses an inactive user with USER_INACTIVE and sends nothing', async () => {
    const created = (await post(newUser())).json().data;
    await setUserActive(ctx.db, created.id, false);
    const before = (await outbox(ctx)).length;
    const res = await call(ctx.app, { method: 'POST', url: `/api/v1/users/${created.id}/resend-invitation`, token: admin });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('USER_INACTIVE');
    expect((await outbox(ctx)).length).toBe(before);
  });

  it('sends a new link while no password is set, then refuses', async () => {
    const created = (await post(newUser())).json().data;
    const before = (await outbox(ctx)).length;
    const res = await call(ctx.app, { method: 'POST', url: `/api/v1/users/${created.id}/resend-invitation`, token: admin });
    expect(res.statusCode).toBe(200);
    const mails = await outbox(ctx);
    expect(mails.length).toBe(before + 1);
    const token = linkIn(mails.at(-1)!).searchParams.get('token');
    await call(ctx.app, {
      method: 'POST',
      url: '/api/v1/reset-password/finish',
      payload: { email: created.email, token, newPassword: 'set-at-last', confirmPassword: 'set-at-last' },
    });
    const again = await call(ctx.app, { method: 'POST', url: `/api/v1/users/${created.id}/resend-invitation`, token: admin });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'PASSWORD_ALREADY_SET', message: USER_MESSAGES.alreadyHasPassword });
  });
});
