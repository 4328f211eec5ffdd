import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { ROLE_MESSAGES } from '@milepost/contracts/roles-api';
import { PERMISSION_MESSAGES } from '@milepost/contracts/permissions-api';
import { permissions, roles } from '../src/db/schema/access';
import { call, createTestContext, type TestContext } from './harness';
import { createUser, ownerRoleId, signIn } from './factories';

let ctx: TestContext;
let admin: string;
let permIds: Record<string, number>;
beforeAll(async () => {
  ctx = await createTestContext();
  // An OWNER: nobody grants permissions they do not hold themselves.
  const u = await createUser(ctx.db, { roleId: await ownerRoleId(ctx.db) });
  admin = (await signIn(ctx.app, u)).accessToken;
  const rows = await ctx.db
    .select({ id: permissions.id, name: permissions.name })
    .from(permissions)
    .where(inArray(permissions.name, ['CAN_SHOW_TRIPS', 'CAN_SHOW_REPORTS', 'CAN_SHOW_USERS']));
  permIds = Object.fromEntries(rows.map((r) => [r.name, r.id]));
});
afterAll(() => ctx.close());

const unique = () => Math.random().toString(36).slice(2, 8).toUpperCase();

describe('roles', () => {
  it('create with permissions, read back, update replaces the permission set', async () => {
    const name = `Planner ${unique()}`;
    const res = await call(ctx.app, {
      method: 'POST',
      url: '/api/v1/roles',
      token: admin,
      payload: { name, description: 'Plans', permissionIds: [permIds.CAN_SHOW_TRIPS, permIds.CAN_SHOW_REPORTS] },
    });
    expect(res.statusCode).toBe(201);
    const role = res.json().data;
    expect(role).toMatchObject({ name, description: 'Plans', active: true });
    expect(role.permissionIds.sort()).toEqual([permIds.CAN_SHOW_TRIPS, permIds.CAN_SHOW_REPORTS].sort());

    const upd = await call(ctx.app, { method: 'PUT', url: `/api/v1/roles/${role.id}`, token: admin, payload: { name, description: '', permissionIds: [permIds.CAN_SHOW_USERS] } });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().data).toMatchObject({ description: null, permissionIds: [permIds.CAN_SHOW_USERS] });
    const get = await call(ctx.app, { method: 'GET', url: `/api/v1/roles/${role.id}`, token: admin });
    expect(get.json().data.permissions.map((p: { name: string }) => p.name)).toEqual(['CAN_SHOW_USERS']);
  });

  it('a role change reaches its holders on their next request', async () => {
    const holder = await createUser(ctx.db, { permissions: ['CAN_SHOW_TRIPS'] });
    const { accessToken } = await signIn(ctx.app, holder);
    await call(ctx.app, { method: 'PUT', url: `/api/v1/roles/${holder.roleId}`, token: admin, payload: { name: `R ${unique()}`, permissionIds: [permIds.CAN_SHOW_REPORTS] } });
    const me = (await call(ctx.app, { method: 'GET', url: '/api/v1/me', token: accessToken })).json().data;
    expect(me.permissions).toEqual([{ name: 'CAN_SHOW_REPORTS', enabled: true }]);
  });

  it('validates with the spec messages and refuses unknown permission ids', async () => {
    const res = await call(ctx.app, { method: 'POST', url: '/api/v1/roles', token: admin, payload: { name: ' ', permissionIds: [] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { message: string }) => e.message)).toEqual([ROLE_MESSAGES.nameRequired, ROLE_MESSAGES.permissionsRequired]);
    const unknown = await call(ctx.app, { method: 'POST', url: '/api/v1/roles', token: admin, payload: { name: `X ${unique()}`, permissionIds: [987654] } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(ROLE_MESSAGES.unknownPermissions);
  });

  it('answers 409 for a duplicate name (any letter case) and writes nothing', async () => {
    const name = `Dup ${unique()}`;
    await call(ctx.app, { method: 'POST', url: '/api/v1/roles', token: admin, payload: { name, permissionIds: [permIds.CAN_SHOW_TRIPS] } });
    const dup = await call(ctx.app, { method: 'POST', url: '/api/v1/roles', token: admin, payload: { name: name.toLowerCase(), permissionIds: [permIds.CAN_SHOW_TRIPS] } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(ROLE_MESSAGES.duplicateName);
  });

  it('lists with keyword, active filter and sort', async () => {
    const tag = unique();
    for (const n of ['B', 'A', 'C'])
      await call(ctx.app, { method: 'POST', url: '/api/v1/roles', token: admin, payload: { name: `${n} list ${tag}`, permissionIds: [permIds.CAN_SHOW_TRIPS] } });
    const page = (await call(ctx.app, { method: 'GET', url: `/api/v1/roles?keyword=list%20${tag}&sort=name,desc`, token: admin })).json().data;
    expect(page.content.map((r: { name: string }) => r.name[0])).toEqual(['C', 'B', 'A']);
    const first = page.content[0];
    await call(ctx.app, { method: 'PATCH', url: `/api/v1/roles/change-status/${first.id}?active=false`, token: admin });
    const inactive = (await call(ctx.app, { method: 'GET', url: `/api/v1/roles?keyword=${tag}&active=false`, token: admin })).json().data;
    expect(inactive.content.map((r: { id: number }) => r.id)).toEqual([first.id]);
  });

  it('an inactive role grants nothing', async () => {
    const holder = await createUser(ctx.db, { permissions: ['CAN_SHOW_TRIPS'] });
    const { accessToken } = await signIn(ctx.app, holder);
    await call(ctx.app, { method: 'PATCH', url: `/api/v1/roles/change-status/${holder.roleId}?active=false`, token: admin });
    const me = (await call(ctx.app, { method: 'GET', url: '/api/v1/me', token: accessToken })).json().data;
    expect(me.permissions).toEqual([]);
  });

  it('the OWNER role cannot be deactivated or renamed', async () => {
    const [owner] = await ctx.db.select().from(roles).where(eq(roles.name, 'OWNER'));
    const off = await call(ctx.app, { method: 'PATCH', url: `/api/v1/roles/change-status/${owner!.id}?active=false`, token: admin });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({ code: 'OWNER_ROLE_LOCKED', message: ROLE_MESSAGES.ownerCannotBeDeactivated });
    const rename = await call(ctx.app, { method: 'PUT', url: `/api/v1/roles/${owner!.id}`, token: admin, payload: { name: 'BOSS', permissionIds: [permIds.CAN_SHOW_TRIPS] } });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().message).toBe(ROLE_MESSAGES.ownerCannotBeRenamed);
  });

  it('404 for unknown roles; each write needs its permission', async () => {
    expect((await call(ctx.app, { method: 'GET', url: '/api/v1/roles/999999', token: admin })).statusCode).toBe(404);
    const reader = await createUser(ctx.db, { permissions: ['CAN_SHOW_ROLES'] });
    const t = (await signIn(ctx.app, reader)).accessToken;
    expect((await call(ctx.app, { method: 'GET', url: '/api/v1/roles', token: t })).statusCode).toBe(200);
    expect((await call(ctx.app, { method: 'POST', url: '/api/v1/roles', token: t, payload: { name: 'N', permissionIds: [1] } })).statusCode).toBe(403);
    expect((await call(ctx.app, { method: 'PUT', url: `/api/v1/roles/${reader.roleId}`, token: t, payload: { name: 'N', permissionIds: [1] } })).statusCode).toBe(403);
    expect((await call(ctx.app, { method: 'PATCH', url: `/api/v1/roles/change-status/${reader.roleId}?active=false`, token: t })).statusCode).toBe(403);
    // The user form's role picker may list roles.
    const userEditor = await createUser(ctx.db, { permissions: ['CAN_CREATE_USER'] });
    const t2 = (await signIn(ctx.app, userEditor)).accessToken;
    expect((await call(ctx.app, { method: 'GET', url: '/api/v1/roles?active=true', token: t2 })).statusCode).toBe(200);
  });
});

describe('permissions', () => {
  it('create, read, update description and enabled; the name cannot change', async () => {
    const name = `CAN_TEST_${unique()}`;
    const res = await call(ctx.app, { method: 'POST', url: '/api/v1/permissions', token: admin, payload: { name, description: 'Testing' } });
    expect(res.statusCode).toBe(201);
    const p = res.json().data;
    expect(p).toMatchObject({ name, description: 'Testing', enabled: true });
    const upd = await call(ctx.app, { method: 'PUT', url: `/api/v1/permissions/${p.id}`, token: admin, payload: { name, description: 'Changed', enabled: false } });
    expect(upd.json().data).toMatchObject({ description: 'Changed', enabled: false });
    const rename = await call(ctx.app, { method: 'PUT', url: `/api/v1/permissions/${p.id}`, token: admin, payload: { name: `${name}_X`, description: 'x' } });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().message).toBe(PERMISSION_MESSAGES.nameImmutable);
    expect((await call(ctx.app, { method: 'GET', url: `/api/v1/permissions/${p.id}`, token: admin })).json().data.name).toBe(name);
  });

  it('validation messages, 409 on a duplicate name, 404 on unknown ids', async () => {
    const empty = await call(ctx.app, { method: 'POST', url: '/api/v1/permissions', token: admin, payload: { name: '' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(PERMISSION_MESSAGES.nameRequired);
    const dup = await call(ctx.app, { method: 'POST', url: '/api/v1/permissions', token: admin, payload: { name: 'CAN_SHOW_TRIPS' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(PERMISSION_MESSAGES.duplicateName);
    expect((await call(ctx.app, { method: 'GET', url: '/api/v1/permissions/999999', token: admin })).statusCode).toBe(404);
    expect((await call(ctx.app, { method: 'PATCH', url: '/api/v1/permissions/change-status/999999?enabled=true', token: admin })).statusCode).toBe(404);
  });

  it('disabling a permission takes it away from every holder at once', async () => {
    const name = `CAN_FLIP_${unique()}`;
    const p = (await call(ctx.app, { method: 'POST', url: '/api/v1/permissions', token: admin, payload: { name } })).json().data;
    const holder = await createUser(ctx.db);
    await call(ctx.app, { method: 'PUT', url: `/api/v1/roles/${holder.roleId}`, token: admin, payload: { name: `Flip ${unique()}`, permissionIds: [p.id] } });
    const { accessToken } = await signIn(ctx.app, holder);
    const off = await call(ctx.app, { method: 'PATCH', url: `/api/v1/permissions/change-status/${p.id}?enabled=false`, token: admin });
    expect(off.json().data.enabled).toBe(false);
    const me = (await call(ctx.app, { method: 'GET', url: '/api/v1/me', token: accessToken })).json().data;
    expect(me.permissions).toEqual([{ name, enabled: false }]);
  });

  it('lists enabled ones only for the role form (active=true, size 100)', async () => {
    const page = (await call(ctx.app, { method: 'GET', url: '/api/v1/permissions?active=true&size=100', token: admin })).json().data;
    expect(page.content.every((p: { enabled: boolean }) => p.enabled)).toBe(true);
  });

  it('each write needs its permission', async () => {
    const reader = await createUser(ctx.db, { permissions: ['CAN_SHOW_ROLES'] });
    const t = (await signIn(ctx.app, reader)).accessToken;
    expect((await call(ctx.app, { method: 'POST', url: '/api/v1/permissions', token: t, payload: { name: 'CAN_X' } })).statusCode).toBe(403);
    expect((await call(ctx.app, { method: 'PUT', url: '/api/v1/permissions/1', token: t, payload: { name: 'CAN_X' } })).statusCode).toBe(403);
    expect((await call(ctx.app, { method: 'PATCH', url: '/api/v1/permissions/change-status/1?enabled=false', token: t })).statusCode).toBe(403);
  });
});
