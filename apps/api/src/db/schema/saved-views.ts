import { SAVED_VIEW_LISTS, type SavedViewList, type SavedViewState } from '@vault/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { stamps } from './common.js';
import { sponsors } from './sponsors.js';
import { users } from './users.js';

const LISTS_SQL = sql.raw(SAVED_VIEW_LISTS.map((l) => `'${l}'`).join(','));

/**
 * A list's search, filters, sort and columns under a name (issue 35 part 4, decision 0047): its
 * owner's own, or shared with the portal's administrators. Names are unique among one person's
 * views of a list, and among the portal's shared views of a list.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial().primaryKey(),
    sponsorId: integer()
      .notNull()
      .references(() => sponsors.id, { onDelete: 'restrict' }),
    ownerUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listKey: text().$type<SavedViewList>().notNull(),
    name: text().notNull(),
    shared: boolean().notNull().default(false),
    state: jsonb().$type<SavedViewState>().notNull(),
    ...stamps,
  },
  (t) => [
    index('saved_views_sponsor_list_idx').on(t.sponsorId, t.listKey),
    index('saved_views_owner_idx').on(t.ownerUserId),
    uniqueIndex('saved_views_personal_name_uq')
      .on(t.ownerUserId, t.sponsorId, t.listKey, sql`lower(${t.name})`)
      .where(sql`not ${t.shared}`),
    uniqueIndex('saved_views_shared_name_uq').on(t.sponsorId, t.listKey, sql`lower(${t.name})`).where(sql`${t.shared}`),
    check('saved_views_list_key_ck', sql`${t.listKey} in (${LISTS_SQL})`),
    // What a default names: the view together with its portal and list (saved_view_defaults' key).
    unique('saved_views_id_scope_uq').on(t.id, t.sponsorId, t.listKey),
  ],
);

/**
 * Each person's default view of a list in a portal: one at most (the key), and it may be a view
 * someone else shared, so it is kept apart from the views themselves (decision 0047).
 */
export const savedViewDefaults = pgTable(
  'saved_view_defaults',
  {
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sponsorId: integer().notNull(),
    listKey: text().$type<SavedViewList>().notNull(),
    viewId: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.sponsorId, t.listKey] }),
    // The default's portal and list are its view's: the key cannot be dodged with another portal's view.
    foreignKey({
      name: 'saved_view_defaults_view_fk',
      columns: [t.viewId, t.sponsorId, t.listKey],
      foreignColumns: [savedViews.id, savedViews.sponsorId, savedViews.listKey],
    }).onDelete('cascade'),
    index('saved_view_defaults_view_idx').on(t.viewId, t.sponsorId, t.listKey),
    check('saved_view_defaults_list_key_ck', sql`${t.listKey} in (${LISTS_SQL})`),
  ],
);
