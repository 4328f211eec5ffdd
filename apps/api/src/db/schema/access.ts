import { sql, type SQL } from 'drizzle-orm';
import { boolean, customType, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

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
    roleId: integer()
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer()
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
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
    /**
     * Words of the names and the email (whole and split at @ and .), kept by the database, for
     * the word-prefix keyword search ("Search by name...").
     */
    searchVector: tsvector()
      .notNull()
      .generatedAlwaysAs(
        (): SQL => sql`to_tsvector('simple'::regconfig, ${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email} || ' ' || translate(${users.email}, '@.', '  '))`,
      ),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    index('users_role_idx').on(t.roleId, t.id),
    index('users_search_idx').using('gin', t.searchVector),
    // Sorted pages walk these instead of sorting the table.
    index('users_first_name_idx').on(t.firstName, t.id),
    index('users_last_name_idx').on(t.lastName, t.id),
    index('users_created_idx').on(t.createdAt, t.id),
    index('users_phone_idx').on(t.phone, t.id),
    index('users_active_idx').on(t.active, t.id),
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
