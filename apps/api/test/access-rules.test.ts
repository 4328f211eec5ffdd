import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, ne } from 'drizzle-orm';
import { ACCESS_MANAGEMENT_PERMISSIONS, PERMISSION_NAMES } from '@milepost/contracts/permissions';
import { ACCESS_RULE_MESSAGES } from '@milepost/contracts/messages';
import { permissions, rolePermissions, roles, users } from '../src/db/schema/access';
import { ensureAdmin } from '../src/db/seed/access';
import { call, createTestContext, type TestContext } from './harness';
import { createRole, createUser, ownerRoleId, signIn } from './factories';

/** docs/decisions/008-access-rules.md: nobody grants what they do not hold, nobody locks everyone out. */
let ctx: TestContext;
let ownerRole: number;
let permIds: Record<string, number>;
beforeAll(async () => {
  ctx = await createTestContext();
  ownerRole = await ownerRoleId(ctx.db);
  const rows = await ctx.db.select({ id: permissions.id, name: permissions.name }).from(permissions);
  permIds = Object.fromEntries(rows.map((r) => [r.name, r.id]));
});
afterAll(() => ctx.close());

const unique = () => Math.random().toString(36).slice(2, 8);
const rolePermissionNames = async (roleId: number) =>
  (
    await ctx.db
      .select({ name: permissions.name })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(eq(rolePermissions.roleId, roleId))
  )
    .map((r) => r.name)
    .sort();
const userRow = async (id: number) => (await ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
const userBody = (u: { firstName: string; lastName: string; email: string; version: number }, roleId: number) => ({
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  roleId,
  version: u.version,
});

describe('privilege escalation', () => {
  it('a user holding only CAN_EDIT_USER cannot make themselves OWNER (SELF_ROLE_CHANGE), and nothing changes', async () => {
    const editor = await createUser(ctx.db, { permissions: ['CAN_EDIT_USER'] });
    const { accessToken } = await signIn(ctx.app, editor);
    const before = await userRow(editor.id);
    const res = await call(ctx.app, { method: 'PUT', url: `/api/v1/users/${editor.id}`, token: accessToken, payload: userBody(before, ownerRole) });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'SELF_ROLE_CHANGE', message: ACCESS_RULE_MESSAGES.selfRoleChange });
    expect((await userRow(editor.id)).roleId).toBe(editor.roleId);
    // Editing one's own name (same role) still works.
    const rename = await call(ctx.app, {
      method: 'PUT',
      url: `/api/v1/users/${editor.id}`,
      token: accessToken,
      payload: { ...userBody(before, editor.roleId), firstName: 'Renamed' },
    });
    expect(rename.statusCode).toBe(200);
  });

  it('a user editor cannot give anyone a role with permissions they lack, nor edit a stronger user (PERMISSION_ESCALATION)', async () => {
    const editor = await createUser(ctx.db, { permissions: ['CAN_EDIT_USER', 'CAN_CREATE_USER', 'CAN_CHANGE_STATUS_USER', 'CAN_SHOW_TRIPS'] });
    const { accessToken } = await signIn(ctx.app, editor);
    const friend = await createUser(ctx.db, { permissions: ['CAN_SHOW_TRIPS'] });
    const friendRow = await userRow(friend.id);
    const promote = await call(ctx.app, { method: 'PUT', url: `/api/v1/users/${friend.id}`, token: accessToken, payload: userBody(friendRow, ownerRole) });
    expect(promote.statusCode).toBe(403);
    expect(promote.json()).toMatchObject({ code: 'PERMISSION_ESCALATION', message: ACCESS_RULE_MESSAGES.escalation });
    expect((await userRow(friend.id)).roleId).toBe(friend.roleId);

    const create = await call(ctx.app, {
      method: 'POST',
      url: '/api/v1/users',
      token: accessToken,
      payload: { firstName: 'New', lastName: 'Owner', email: `new-${unique()}@example.test`, roleId: ownerRole },
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().code).toBe('PERMISSION_ESCALATION');

    // An OWNER's email leads to their account (password reset): a weaker editor cannot change it.
    const owner = await createUser(ctx.db, { roleId: ownerRole });
    const ownerRow = await userRow(owner.id);
    const hijack = await call(ctx.app, {
      method: 'PUT',
      url: `/api/v1/users/${owner.id}`,
      token: accessToken,
      payload: { ...userBody(ownerRow, ownerRole), email: `mine-${unique()}@example.test` },
    });
    expect(hijack.statusCode).toBe(403);
    expect(hijack.json()).toMatchObject({ code: 'PERMISSION_ESCALATION', message: ACCESS_RULE_MESSAGES.editStrongerUser });
    expect((await userRow(owner.id)).email).toBe(owner.email);
    const off = await call(ctx.app, {
      method: 'PATCH',
      url: `/api/v1/users/change-status/${owner.id}?active=false`,
      token: accessToken,
      payload: { version: ownerRow.version },
    });
    expect(off.statusCode).toBe(403);
    expect((await userRow(owner.id)).active).toBe(true);

    // A role within the editor's own permissions can be given.
    const weak = await createRole(ctx.db, ['CAN_SHOW_TRIPS']);
    const ok = await call(ctx.app, { method: 'PUT', url: `/api/v1/users/${friend.id}`, token: accessToken, payload: userBody(friendRow, weak.id) });
    expect(ok.statusCode).toBe(200);
  });

  it('a user holding only CAN_EDIT_ROLE cannot grant their own role every permission, nor create a stronger role', async () => {
    const editor = await createUser(ctx.db, { permissions: ['CAN_EDIT_ROLE', 'CAN_CREATE_ROLE', 'CAN_CHANGE_STATUS_ROLE'] });
    const { accessToken } = await signIn(ctx.app, editor);
    const all = Object.values(permIds);
    const res = await call(ctx.app, { method: 'PUT', url: `/api/v1/roles/${editor.roleId}`, token: accessToken, payload: { name: `Mine ${unique()}`, permissionIds: all } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'PERMISSION_ESCALATION', message: ACCESS_RULE_MESSAGES.escalation });
    expect(await rolePermissionNames(editor.roleId)).toEqual(['CAN_CHANGE_STATUS_ROLE', 'CAN_CREATE_ROLE', 'CAN_EDIT_ROLE']);

    const create = await call(ctx.app, {
      method: 'POST',
      url: '/api/v1/roles',
      token: accessToken,
      payload: { name: `Strong ${unique()}`, permissionIds: [permIds.CAN_EDIT_USER] },
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().code).toBe('PERMISSION_ESCALATION');

    // Editing a stronger role (even only its name) is refused; one within their permissions is fine.
    const strong = await createRole(ctx.db, ['CAN_EDIT_USER']);
    const edit = await call(ctx.app, {
      method: 'PUT',
      url: `/api/v1/roles/${strong.id}`,
      token: accessToken,
      payload: { name: `Renamed ${unique()}`, permissionIds: [permIds.CAN_EDIT_ROLE] },
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toMatchObject({ code: 'PERMISSION_ESCALATION', message: ACCESS_RULE_MESSAGES.editStrongerRole });
    expect(await rolePermissionNames(strong.id)).toEqual(['CAN_EDIT_USER']);
    // Re-activating a stronger role would hand its permissions back to its holders.
    await ctx.db.update(roles).set({ active: false }).where(eq(roles.id, strong.id));
    const on = await call(ctx.app, { method: 'PATCH', url: `/api/v1/roles/change-status/${strong.id}?active=true`, token: accessToken });
    expect(on.statusCode).toBe(403);
    const created = await call(ctx.app, {
      method: 'POST',
      url: '/api/v1/roles',
      token: accessToken,
      payload: { name: `Weak ${unique()}`, permissionIds: [permIds.CAN_EDIT_ROLE] },
    });
    expect(created.statusCode).toBe(201);
  });
});

describe('a disabled permission enabled again', () => {
  const enabledNames = async (token: string) =>
    ((await call(ctx.app, { method: 'GET', url: '/api/v1/me', token })).json().data.permissions as { name: string; enabled: boolean }[])
      .filter((p) => p.enabled)
      .map((p) => p.name);
  const setEnabled = (token: string, name: string, enabled: boolean) =>
    call(ctx.app, { method: 'PATCH', url: `/api/v1/permissions/change-status/${permIds[name]}?enabled=${enabled}`, token });

  it('comes back to the roles that had it, never to one a weaker editor gave it while it was off (PERMISSION_ESCALATION)', async () => {
    const owner = await createUser(ctx.db, { roleId: ownerRole });
    const ownerToken = (await signIn(ctx.app, owner)).accessToken;
    const reporter = await createUser(ctx.db, { permissions: ['CAN_SHOW_TRIPS', 'CAN_SHOW_REPORTS'] });
    const editor = await createUser(ctx.db, { permissions: ['CAN_EDIT_ROLE', 'CAN_CREATE_ROLE', 'CAN_SHOW_TRIPS'] });
    const editorToken = (await signIn(ctx.app, editor)).accessToken;
    const reporterToken = (await signIn(ctx.app, reporter)).accessToken;

    expect((await setEnabled(ownerToken, 'CAN_SHOW_REPORTS', false)).statusCode).toBe(200);
    expect(await enabledNames(reporterToken)).not.toContain('CAN_SHOW_REPORTS');

    // While it is off the editor tries to slip it into their own role and into a new one.
    const mine = [...(await rolePermissionNames(editor.roleId)), 'CAN_SHOW_REPORTS'].map((n) => permIds[n]!);
    const own = await call(ctx.app, { method: 'PUT', url: `/api/v1/roles/${editor.roleId}`, token: editorToken, payload: { name: `Editor ${unique()}`, permissionIds: mine } });
    expect(own.statusCode).toBe(403);
    expect(own.json()).toMatchObject({ code: 'PERMISSION_ESCALATION', message: ACCESS_RULE_MESSAGES.escalation });
    expect(await rolePermissionNames(editor.roleId)).toEqual(['CAN_CREATE_ROLE', 'CAN_EDIT_ROLE', 'CAN_SHOW_TRIPS']);
    const created = await call(ctx.app, {
      method: 'POST',
      url: '/api/v1/roles',
      token: editorToken,
      payload: { name: `Sneaky ${unique()}`, permissionIds: [permIds.CAN_SHOW_REPORTS] },
    });
    expect(created.statusCode).toBe(403);
    expect(created.json().code).toBe('PERMISSION_ESCALATION');
    // Nor may they edit a role that has it (saving it would keep it there under their name).
    const edit = await call(ctx.app, {
      method: 'PUT',
      url: `/api/v1/roles/${reporter.roleId}`,
      token: editorToken,
      payload: { name: `Reporter ${unique()}`, permissionIds: [permIds.CAN_SHOW_TRIPS!, permIds.CAN_SHOW_REPORTS!] },
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toMatchObject({ code: 'PERMISSION_ESCALATION', message: ACCESS_RULE_MESSAGES.editStrongerRole });

    // Someone whose role has it may still give it while it is off.
    const granted = await createRole(ctx.db, ['CAN_SHOW_TRIPS']);
    const byOwner = await call(ctx.app, {
      method: 'PUT',
      url: `/api/v1/roles/${granted.id}`,
      token: ownerToken,
      payload: { name: granted.name, permissionIds: [permIds.CAN_SHOW_TRIPS!, permIds.CAN_SHOW_REPORTS!] },
    });
    expect(byOwner.statusCode).toBe(200);

    expect((await setEnabled(ownerToken, 'CAN_SHOW_REPORTS', true)).statusCode).toBe(200);
    expect(await enabledNames(reporterToken)).toContain('CAN_SHOW_REPORTS');
    expect(await enabledNames(editorToken)).not.toContain('CAN_SHOW_REPORTS');
    expect(await rolePermissionNames(granted.id)).toEqual(['CAN_SHOW_REPORTS', 'CAN_SHOW_TRIPS']);
  });

  it('only someone whose role has it may enable it again; anyone allowed may disable it', async () => {
    const owner = await createUser(ctx.db, { roleId: ownerRole });
    const ownerToken = (await signIn(ctx.app, owner)).accessToken;
    const switcher = await createUser(ctx.db, { permissions: ['CAN_CHANGE_STATUS_PERMISSION', 'CAN_EDIT_PERMISSION', 'CAN_SHOW_ROLES'] });
    const token = (await signIn(ctx.app, switcher)).accessToken;
    const enabled = async () => (await ctx.db.select({ enabled: permissions.enabled }).from(permissions).where(eq(permissions.name, 'CAN_SHOW_REPORTS')))[0]!.enabled;

    expect((await setEnabled(token, 'CAN_SHOW_REPORTS', false)).statusCode).toBe(200);
    expect(await enabled()).toBe(false);
    const on = await setEnabled(token, 'CAN_SHOW_REPORTS', true);
    expect(on.statusCode).toBe(403);
    expect(on.json()).toMatchObject({ code: 'PERMISSION_ESCALATION', message: ACCESS_RULE_MESSAGES.escalation });
    const put = await call(ctx.app, { method: 'PUT', url: `/api/v1/permissions/${permIds.CAN_SHOW_REPORTS}`, token, payload: { name: 'CAN_SHOW_REPORTS', enabled: true } });
    expect(put.statusCode).toBe(403);
    expect(put.json().code).toBe('PERMISSION_ESCALATION');
    expect(await enabled()).toBe(false);

    expect((await setEnabled(ownerToken, 'CAN_SHOW_REPORTS', true)).statusCode).toBe(200);
    expect(await enabled()).toBe(true);
  });
});

describe('owner lock-out', () => {
  it('an OWNER cannot strip the OWNER role down to CAN_SHOW_TRIPS when nobody else could manage access (LAST_OWNER)', async () => {
    const owner = await createUser(ctx.db, { roleId: ownerRole });
    const { accessToken } = await signIn(ctx.app, owner);
    const before = await rolePermissionNames(ownerRole);
    const res = await call(ctx.app, { method: 'PUT', url: `/api/v1/roles/${ownerRole}`, token: accessToken, payload: { name: 'OWNER', permissionIds: [permIds.CAN_SHOW_TRIPS] } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'LAST_OWNER', message: ACCESS_RULE_MESSAGES.lockout });
    expect(await rolePermissionNames(ownerRole)).toEqual(before);
    // Dropping a permission that does not manage access is fine.
    const fewer = PERMISSION_NAMES.filter((n) => n !== 'CAN_SHOW_REPORTS').map((n) => permIds[n]!);
    expect((await call(ctx.app, { method: 'PUT', url: `/api/v1/roles/${ownerRole}`, token: accessToken, payload: { name: 'OWNER', permissionIds: fewer } })).statusCode).toBe(200);
    // Putting it back needs someone who holds it: this OWNER no longer does.
    const all = PERMISSION_NAMES.map((n) => permIds[n]!);
    expect((await call(ctx.app, { method: 'PUT', url: `/api/v1/roles/${ownerRole}`, token: accessToken, payload: { name: 'OWNER', permissionIds: all } })).statusCode).toBe(403);
    await ctx.db.insert(rolePermissions).values({ roleId: ownerRole, permissionId: permIds.CAN_SHOW_REPORTS! });
  });

  it('the last user able to manage access cannot deactivate or strip their own role; with a second one they can', async () => {
    await ctx.db.update(users).set({ active: false }).where(eq(users.roleId, ownerRole));
    const admin = await createUser(ctx.db, { permissions: PERMISSION_NAMES });
    const { accessToken } = await signIn(ctx.app, admin);
    const off = await call(ctx.app, { method: 'PATCH', url: `/api/v1/roles/change-status/${admin.roleId}?active=false`, token: accessToken });
    expect(off.statusCode).toBe(409);
    expect(off.json()).toMatchObject({ code: 'LAST_OWNER', message: ACCESS_RULE_MESSAGES.lockout });
    expect((await ctx.db.select().from(roles).where(eq(roles.id, admin.roleId)))[0]!.active).toBe(true);
    const name = `Admin ${unique()}`;
    const strip = await call(ctx.app, { method: 'PUT', url: `/api/v1/roles/${admin.roleId}`, token: accessToken, payload: { name, permissionIds: [permIds.CAN_SHOW_TRIPS] } });
    expect(strip.statusCode).toBe(409);
    expect(strip.json().code).toBe('LAST_OWNER');
    expect(await rolePermissionNames(admin.roleId)).toEqual([...PERMISSION_NAMES].sort());

    await createUser(ctx.db, { permissions: PERMISSION_NAMES });
    const ok = await call(ctx.app, { method: 'PUT', url: `/api/v1/roles/${admin.roleId}`, token: accessToken, payload: { name, permissionIds: [permIds.CAN_SHOW_TRIPS] } });
    expect(ok.statusCode).toBe(200);
  });

  it('the permissions that manage access cannot be disabled (ACCESS_PERMISSION_LOCKED)', async () => {
    const owner = await createUser(ctx.db, { roleId: ownerRole });
    const { accessToken } = await signIn(ctx.app, owner);
    for (const name of ['CAN_CHANGE_STATUS_PERMISSION', 'CAN_EDIT_ROLE', 'CAN_EDIT_USER'] as const) {
      const patch = await call(ctx.app, { method: 'PATCH', url: `/api/v1/permissions/change-status/${permIds[name]}?enabled=false`, token: accessToken });
      expect(patch.statusCode).toBe(409);
      expect(patch.json()).toMatchObject({ code: 'ACCESS_PERMISSION_LOCKED', message: ACCESS_RULE_MESSAGES.permissionLocked });
      const put = await call(ctx.app, { method: 'PUT', url: `/api/v1/permissions/${permIds[name]}`, token: accessToken, payload: { name, enabled: false } });
      expect(put.statusCode).toBe(409);
      expect(put.json().code).toBe('ACCESS_PERMISSION_LOCKED');
    }
    const rows = await ctx.db.select({ enabled: permissions.enabled }).from(permissions).where(inArray(permissions.name, ACCESS_MANAGEMENT_PERMISSIONS));
    expect(rows.every((r) => r.enabled)).toBe(true);
    const other = await call(ctx.app, { method: 'PATCH', url: `/api/v1/permissions/change-status/${permIds.CAN_SHOW_REPORTS}?enabled=false`, token: accessToken });
    expect(other.statusCode).toBe(200);
    await call(ctx.app, { method: 'PATCH', url: `/api/v1/permissions/change-status/${permIds.CAN_SHOW_REPORTS}?enabled=true`, token: accessToken });
  });

  it('MILEPOST_ADMIN_EMAIL / MILEPOST_ADMIN_PASSWORD at start restore a working OWNER after a lock-out', async () => {
    const email = `admin-${unique()}@example.test`;
    await ensureAdmin(ctx.db, email, 'first-password');
    const [admin] = await ctx.db.select().from(users).where(eq(users.email, email));
    // Break everything the way a lock-out would, straight in the database.
    const weak = await createRole(ctx.db, ['CAN_SHOW_TRIPS']);
    await ctx.db.update(users).set({ active: false, roleId: weak.id }).where(eq(users.id, admin!.id));
    await ctx.db.update(roles).set({ active: false }).where(eq(roles.id, ownerRole));
    await ctx.db.delete(rolePermissions).where(and(eq(rolePermissions.roleId, ownerRole), ne(rolePermissions.permissionId, permIds.CAN_SHOW_TRIPS!)));
    await ctx.db
      .update(permissions)
      .set({ enabled: false })
      .where(inArray(permissions.name, ['CAN_EDIT_ROLE', 'CAN_CHANGE_STATUS_PERMISSION']));

    await ensureAdmin(ctx.db, email, 'second-password');

    const { accessToken } = await signIn(ctx.app, { email, password: 'second-password' });
    const me = (await call(ctx.app, { method: 'GET', url: '/api/v1/me', token: accessToken })).json().data;
    expect(me.role).toBe('OWNER');
    const enabled = me.permissions.filter((p: { enabled: boolean }) => p.enabled).map((p: { name: string }) => p.name);
    expect(enabled).toEqual(expect.arrayContaining(ACCESS_MANAGEMENT_PERMISSIONS));
    expect(me.permissions.map((p: { name: string }) => p.name).sort()).toEqual([...PERMISSION_NAMES].sort());
    expect((await ctx.db.select().from(roles).where(eq(roles.id, ownerRole)))[0]!.active).toBe(true);
    // And it works: the restored OWNER manages roles again.
    const role = await call(ctx.app, { method: 'POST', url: '/api/v1/roles', token: accessToken, payload: { name: `Back ${unique()}`, permissionIds: [permIds.CAN_EDIT_ROLE] } });
    expect(role.statusCode).toBe(201);
  });
});

describe('two OWNERs demoted at the same moment', () => {
  it('each demoting the other: one wins, the other gets 409 LAST_OWNER, never a 500 or a deadlock', async () => {
    // Only these two may manage access (and are OWNERs): start from no active OWNER user.
    await ctx.db.update(users).set({ active: false }).where(eq(users.roleId, ownerRole));
    const weak = await createRole(ctx.db, ['CAN_SHOW_TRIPS']);
    for (let round = 0; round < 4; round++) {
      const a = await createUser(ctx.db, { roleId: ownerRole });
      const b = await createUser(ctx.db, { roleId: ownerRole });
      const [ta, tb] = [(await signIn(ctx.app, a)).accessToken, (await signIn(ctx.app, b)).accessToken];
      const [ra, rb] = [await userRow(a.id), await userRow(b.id)];
      const answers = await Promise.all([
        call(ctx.app, { method: 'PUT', url: `/api/v1/users/${b.id}`, token: ta, payload: userBody(rb, weak.id) }),
        call(ctx.app, { method: 'PUT', url: `/api/v1/users/${a.id}`, token: tb, payload: userBody(ra, weak.id) }),
      ]);
      // The loser is refused either by the last-OWNER rule or, when the winner committed before
      // the loser's request was authorised, because the loser is no longer an OWNER.
      expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
      const loser = answers.find((r) => r.statusCode !== 200)!;
      expect(['409 LAST_OWNER', '403 PERMISSION_ESCALATION', '403 FORBIDDEN']).toContain(`${loser.statusCode} ${loser.json().code}`);
      const owners = await ctx.db
        .select()
        .from(users)
        .where(and(eq(users.roleId, ownerRole), eq(users.active, true)));
      expect(owners).toHaveLength(1);
      await ctx.db.update(users).set({ active: false }).where(eq(users.roleId, ownerRole));
    }
  });

  it('a third OWNER demoting two others at once: both succeed, never a deadlock', async () => {
    const weak = await createRole(ctx.db, ['CAN_SHOW_TRIPS']);
    const boss = await createUser(ctx.db, { roleId: ownerRole });
    const token = (await signIn(ctx.app, boss)).accessToken;
    for (let round = 0; round < 4; round++) {
      const a = await createUser(ctx.db, { roleId: ownerRole });
      const b = await createUser(ctx.db, { roleId: ownerRole });
      const [ra, rb] = [await userRow(a.id), await userRow(b.id)];
      const answers = await Promise.all([
        call(ctx.app, { method: 'PUT', url: `/api/v1/users/${a.id}`, token, payload: userBody(ra, weak.id) }),
        call(ctx.app, { method: 'PUT', url: `/api/v1/users/${b.id}`, token, payload: userBody(rb, weak.id) }),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    }
  });
});
