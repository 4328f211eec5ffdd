import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Rate-limit counters live in the database so every API instance agrees. */
export const rateLimitHits = pgTable('rate_limit_hits', {
  key: text().primaryKey(),
  count: integer().notNull(),
  resetAt: timestamp({ withTimezone: true }).notNull(),
});

/** Small facts about this installation (for example: whether the demo data was seeded). */
export const appMeta = pgTable('app_meta', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
