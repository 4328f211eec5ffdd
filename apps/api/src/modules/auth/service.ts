import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { AUTH_MESSAGES } from '@milepost/contracts/messages';
import { PASSWORD_MIN_LENGTH, type CurrentUser, type TokenPair, type profileUpdate } from '@milepost/contracts/auth';
import { USER_MESSAGES } from '@milepost/contracts/users-api';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { authSessions, passwordResetTokens, permissions, refreshTokens, rolePermissions, roles, users } from '../../db/schema/access';
import { signAccessToken, type TokenKeys } from '../../platform/access';
import { dummyPasswordHash, hashPassword, randomToken, sha256, verifyPassword } from '../../platform/crypto';
import { AppError } from '../../platform/errors';
import type { MailMessage, Mailer } from '../../integrations/mail/mailer';

export interface AuthDeps {
  db: Db;
  keys: TokenKeys;
  mailer: Mailer;
  sessionTtlHours: number;
  resetTokenTtlMinutes: number;
  publicUrl: string;
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

async function issueRefreshToken(db: Db, sessionId: string): Promise<string> {
  const token = randomToken();
  await db.insert(refreshTokens).values({ sessionId, tokenHash: sha256(token) });
  return token;
}

/** Signs in with email and password: a new sign-in (session) with its first refresh token. */
export async function authenticate(deps: AuthDeps, email: string, password: string): Promise<TokenPair> {
  const [user] = await deps.db
    .select({ id: users.id, passwordHash: users.passwordHash, active: users.active })
    .from(users)
    .where(eq(sql`lower(${users.email})`, normaliseEmail(email)))
    .limit(1);
  // Verify against a dummy hash when there is no usable account, so timing reveals nothing.
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !user.passwordHash || !ok) throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.loginFailure);
  if (!user.active) throw new AppError('UNAUTHENTICATED', AUTH_MESSAGES.accountInactive);

  return deps.db.transaction(async (tx) => {
    const [session] = await tx
      .insert(authSessions)
      .values({ userId: user.id, expiresAt: sql`now() + make_interval(hours => ${deps.sessionTtlHours})` })
      .returning({ id: authSessions.id });
    await tx
      .update(users)
      .set({ lastLoginAt: sql`now()` })
      .where(eq(users.id, user.id));
    const refreshToken = await issueRefreshToken(tx, session!.id);
    return { accessToken: await signAccessToken(deps.keys, user.id, session!.id), refreshToken };
  });
}

/**
 * Rotates a refresh token. A token that was already used means it leaked: the whole sign-in
 * is revoked (committed), and the caller gets 401.
 */
export async function refresh(deps: AuthDeps, presented: string): Promise<TokenPair> {
  const outcome = await deps.db.transaction(async (tx): Promise<{ error: string } | { tokens: TokenPair }> => {
    const [row] = await tx
      .select({
        tokenId: refreshTokens.id,
        usedAt: refreshTokens.usedAt,
        sessionId: authSessions.id,
        revokedAt: authSessions.revokedAt,
        expired: sql<boolean>`${authSessions.expiresAt} <= now()`,
        userId: users.id,
        usable: sql<boolean>`${users.active} and ${users.passwordHash} is not null`,
      })
      .from(refreshTokens)
      .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(eq(refreshTokens.tokenHash, sha256(presented)))
      .for('update', { of: refreshTokens })
      .limit(1);
    if (!row) return { error: 'Invalid refresh token' };
    if (row.usedAt) {
      await tx
        .update(authSessions)
        .set({ revokedAt: sql`coalesce(${authSessions.revokedAt}, now())`, revokedReason: 'refresh token reused' })
        .where(eq(authSessions.id, row.sessionId));
      return { error: 'Refresh token already used; this sign-in has been ended' };
    }
    if (row.revokedAt || row.expired || !row.usable) return { error: AUTH_MESSAGES.sessionEnded };
    await tx
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(eq(refreshTokens.id, row.tokenId));
    const refreshToken = await issueRefreshToken(tx, row.sessionId);
    return { tokens: { accessToken: await signAccessToken(deps.keys, row.userId, row.sessionId), refreshToken } };
  });
  if ('error' in outcome) throw new AppError('UNAUTHENTICATED', outcome.error);
  return outcome.tokens;
}

/** Ends the sign-in a refresh token belongs to. Unknown tokens are ignored. */
export async function logout(deps: AuthDeps, presented: string): Promise<void> {
  const session = deps.db
    .select({ id: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(presented)));
  await deps.db
    .update(authSessions)
    .set({ revokedAt: sql`now()`, revokedReason: 'logged out' })
    .where(and(sql`${authSessions.id} in (${session})`, isNull(authSessions.revokedAt)));
}

/** Ends every sign-in of a user at once (deactivation, password change). */
export async function revokeUserSessions(db: Db, userId: number, reason: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
}

/**
 * Creates a single-use set-password token for a user and returns the email that carries the
 * link: a reset for existing accounts, an invitation for new ones.
 */
export async function passwordLinkEmail(
  db: Db,
  deps: Pick<AuthDeps, 'resetTokenTtlMinutes' | 'publicUrl'>,
  user: { id: number; email: string; firstName: string },
  purpose: 'reset' | 'invite',
): Promise<MailMessage> {
  const token = randomToken();
  await db.insert(passwordResetTokens).values({
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: sql`now() + make_interval(mins => ${deps.resetTokenTtlMinutes})`,
  });
  const link = `${deps.publicUrl}/reset-password?email=${encodeURIComponent(user.email)}&token=${encodeURIComponent(token)}`;
  const invite = purpose === 'invite';
  return {
    to: user.email,
    subject: invite ? 'Welcome to Milepost: set your password' : 'Milepost password reset',
    text: [
      `Hello ${user.firstName},`,
      '',
      invite
        ? 'An account has been created for you in Milepost. Set your password with this link:'
        : 'Someone asked to reset the password of your Milepost account. If it was you, set a new password with this link:',
      link,
      '',
      `The link works once and expires in ${deps.resetTokenTtlMinutes} minutes.`,
      invite ? '' : 'If you did not ask for this, ignore this email; your password stays as it is.',
    ].join('\n'),
  };
}

/**
 * Sends a set-password link to an active account. Answers the same whether or not the
 * address exists; the email goes out in the background.
 */
export async function requestPasswordReset(deps: AuthDeps, email: string): Promise<void> {
  const [user] = await deps.db
    .select({ id: users.id, email: users.email, firstName: users.firstName, active: users.active })
    .from(users)
    .where(eq(sql`lower(${users.email})`, normaliseEmail(email)))
    .limit(1);
  if (!user || !user.active) return;
  deps.mailer.send(await passwordLinkEmail(deps.db, deps, user, 'reset'));
}

/** Sets a new password with a reset token: single use, within its lifetime, for that email. */
export async function finishPasswordReset(deps: AuthDeps, input: { email: string; token: string; newPassword: string; confirmPassword: string }): Promise<void> {
  if (input.newPassword !== input.confirmPassword || input.newPassword.length < PASSWORD_MIN_LENGTH || input.newPassword.length > 200) {
    throw new AppError('UNPROCESSABLE', AUTH_MESSAGES.resetFinish422);
  }
  const passwordHash = await hashPassword(input.newPassword);
  const ok = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: passwordResetTokens.id, userId: users.id })
      .from(passwordResetTokens)
      .innerJoin(users, eq(users.id, passwordResetTokens.userId))
      .where(
        and(
          eq(passwordResetTokens.tokenHash, sha256(input.token)),
          eq(sql`lower(${users.email})`, normaliseEmail(input.email)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
          eq(users.active, true),
        ),
      )
      .for('update', { of: passwordResetTokens })
      .limit(1);
    if (!row) return false;
    // The used token and every other open link of this user stop working.
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(and(eq(passwordResetTokens.userId, row.userId), isNull(passwordResetTokens.usedAt)));
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: sql`now()`, version: sql`${users.version} + 1` })
      .where(eq(users.id, row.userId));
    await revokeUserSessions(tx, row.userId, 'password changed');
    return true;
  });
  if (!ok) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.resetFinish400);
}

/** The /me answer: the user, their role's name, and the role's permissions with their enabled flags. */
export async function currentUser(db: Db, userId: number): Promise<CurrentUser> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      role: roles.name,
      roleActive: roles.active,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
      version: users.version,
    })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'User not found.');
  const perms = row.roleActive
    ? await db
        .select({ name: permissions.name, enabled: permissions.enabled })
        .from(rolePermissions)
        .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
        .innerJoin(users, eq(users.roleId, rolePermissions.roleId))
        .where(eq(users.id, userId))
        .orderBy(permissions.name)
    : [];
  const { roleActive: _ignored, ...user } = row;
  return { ...user, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(), permissions: perms };
}

/** The signed-in user's own name and phone, at the version they were read at (a stale one is 409, nothing written). */
export async function updateProfile(db: Db, userId: number, v: z.output<typeof profileUpdate>): Promise<CurrentUser> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select({ version: users.version }).from(users).where(eq(users.id, userId)).for('update');
    if (!row) throw new AppError('NOT_FOUND', 'User not found.');
    if (row.version !== v.version) throw new AppError('STALE_VERSION', USER_MESSAGES.staleVersion);
    await tx
      .update(users)
      .set({ firstName: v.firstName, lastName: v.lastName, phone: v.phone, updatedAt: sql`now()`, version: sql`${users.version} + 1` })
      .where(eq(users.id, userId));
  });
  return currentUser(db, userId);
}
