import { timestamp } from 'drizzle-orm/pg-core';

/** Creation and update stamps shared by most tables; always UTC. */
export const stamps = {
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
};
