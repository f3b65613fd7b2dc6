import { sql } from 'drizzle-orm';
import { check, customType, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sponsors } from './sponsors.js';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => Buffer.from(v),
});

/** A portal's look in its e-mails; the row without a portal holds the service's defaults (issue 34). */
export const messageBranding = pgTable(
  'message_branding',
  {
    id: serial().primaryKey(),
    sponsorId: integer().references(() => sponsors.id, { onDelete: 'cascade' }),
    displayName: text(),
    accentColor: text(),
    replyTo: text(),
    footer: text(),
    timeZone: text(),
    logo: bytea(),
    logoType: text().$type<'image/png'>(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('message_branding_sponsor_uq').on(t.sponsorId).where(sql`${t.sponsorId} IS NOT NULL`),
    check('message_branding_accent_ck', sql`${t.accentColor} ~ '^#[0-9a-fA-F]{6}$'`),
    check('message_branding_logo_type_ck', sql`${t.logoType} in ('image/png')`),
  ],
);

/** A portal's own subject and opening text of one kind of message in one language. */
export const messageOverrides = pgTable(
  'message_overrides',
  {
    sponsorId: integer()
      .notNull()
      .references(() => sponsors.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    locale: text().notNull(),
    subject: text().notNull(),
    intro: text().notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'message_overrides_pk', columns: [t.sponsorId, t.kind, t.locale] })],
);
