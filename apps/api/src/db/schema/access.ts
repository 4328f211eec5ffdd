import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};

export const roles = pgTable(
  'roles',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    description: text(),
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('roles_name_key').on(sql`lower(${t.name})`)],
);

export const permissions = pgTable(
  'permissions',
  {
    id: serial().primaryKey(),
    name: text().notNull(),
    description: text(),
    enabled: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [uniqueIndex('permissions_name_key').on(t.name)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer().notNull().references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer().notNull().references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] }), index('role_permissions_permission_idx').on(t.permissionId)],
);

export const users = pgTable(
  'users',
  {
    id: serial().primaryKey(),
    email: text().notNull(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    phone: text(),
    roleId: integer().references(() => roles.id),
    active: boolean().notNull().default(true),
    /** Null until the user sets a password (invited accounts cannot sign in). */
    passwordHash: text(),
    lastLoginAt: timestamp({ withTimezone: true }),
    version: integer().notNull().default(1),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.roleId, t.id),
    // Keyword search ("Search by name...") over names and email, any substring.
    index('users_search_trgm_idx').using('gin', sql`(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email}) gin_trgm_ops`),
    // Sorted pages walk these instead of sorting the table.
    index('users_first_name_idx').on(t.firstName, t.id),
    index('users_last_name_idx').on(t.lastName, t.id),
    index('users_created_idx').on(t.createdAt, t.id),
  ],
);

/** One sign-in. Every refresh token of a sign-in belongs to it; revoking it ends them all. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Absolute expiry: no refresh extends a sign-in past this. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
    revokedReason: text(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial().primaryKey(),
    sessionId: uuid()
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_session_idx').on(t.sessionId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial().primaryKey(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_key').on(t.tokenHash), index('password_reset_tokens_user_idx').on(t.userId)],
);
