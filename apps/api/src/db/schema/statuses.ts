import { integer, pgTable, text } from 'drizzle-orm/pg-core';

/** 1 Active, 2 Inactive, 3 Pending activation, 4 Archived (DESIGN 5); rows are inserted by a migration. */
export const statuses = pgTable('statuses', {
  id: integer().primaryKey(),
  name: text().notNull(),
});
