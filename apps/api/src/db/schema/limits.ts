import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Request counters of the rate-limited routes, one row per route and client address. They live in
 * the database, not in process memory, so several instances share one budget.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text().primaryKey(),
    hits: integer().notNull(),
    windowEndsAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_window_ends_idx').on(t.windowEndsAt)],
);

/**
 * Failed sign-ins, counted per (account, address) pair, per account (address '') and per address
 * (account ''), whether or not the account exists, so that throttling reveals nothing. A pair row
 * also remembers the last successful sign-in: the owner's usual address is not held back by
 * guesses made against the account from elsewhere. An attempt is counted before it is checked
 * (a reservation, taken back when it succeeds), so a burst of guesses cannot all pass the check.
 */
export const signInThrottle = pgTable(
  'sign_in_throttle',
  {
    account: text().notNull(),
    address: text().notNull(),
    failures: integer().notNull().default(0),
    blockedUntil: timestamp({ withTimezone: true }),
    lastSuccessAt: timestamp({ withTimezone: true }),
    /** Whether the last reservation on this row counted (the row was not blocked when it came). */
    lastCounted: boolean().notNull().default(true),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'sign_in_throttle_pk', columns: [t.account, t.address] }),
    index('sign_in_throttle_updated_idx').on(t.updatedAt),
  ],
);
