import { and, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { messageBranding, messageOverrides, sponsors, users } from '../db/schema/index.js';

export type BrandingRow = typeof messageBranding.$inferSelect;
export type OverrideRow = typeof messageOverrides.$inferSelect;

/** The portal's branding row and the service's (sponsor_id null), without the logo bytes. */
export async function brandingRows(db: Db, sponsorId: number | null) {
  const rows = await db
    .select({
      sponsorId: messageBranding.sponsorId,
      displayName: messageBranding.displayName,
      accentColor: messageBranding.accentColor,
      replyTo: messageBranding.replyTo,
      footer: messageBranding.footer,
      timeZone: messageBranding.timeZone,
      logoType: messageBranding.logoType,
      updatedAt: messageBranding.updatedAt,
    })
    .from(messageBranding)
    .where(
      sponsorId === null
        ? isNull(messageBranding.sponsorId)
        : or(isNull(messageBranding.sponsorId), eq(messageBranding.sponsorId, sponsorId)),
    );
  return {
    portal: sponsorId === null ? undefined : rows.find((r) => r.sponsorId === sponsorId),
    service: rows.find((r) => r.sponsorId === null),
  };
}

export async function sponsorName(db: Db, sponsorId: number): Promise<string | null> {
  const [row] = await db.select({ name: sponsors.name }).from(sponsors).where(eq(sponsors.id, sponsorId));
  return row?.name ?? null;
}

export const overridesOf = (db: Db, sponsorId: number) =>
  db.select().from(messageOverrides).where(eq(messageOverrides.sponsorId, sponsorId));

export async function userLocale(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ localize: users.localize }).from(users).where(eq(users.id, userId));
  return row?.localize ?? null;
}

export async function saveBranding(
  db: Db,
  sponsorId: number | null,
  values: Omit<typeof messageBranding.$inferInsert, 'id' | 'sponsorId'>,
) {
  const where = sponsorId === null ? isNull(messageBranding.sponsorId) : eq(messageBranding.sponsorId, sponsorId);
  const updated = await db
    .update(messageBranding)
    .set({ ...values, updatedAt: new Date() })
    .where(where)
    .returning({ id: messageBranding.id });
  if (updated.length === 0) await db.insert(messageBranding).values({ ...values, sponsorId });
}

export async function logo(db: Db, sponsorId: number | null) {
  const [row] = await db
    .select({ logo: messageBranding.logo, logoType: messageBranding.logoType, updatedAt: messageBranding.updatedAt })
    .from(messageBranding)
    .where(sponsorId === null ? isNull(messageBranding.sponsorId) : eq(messageBranding.sponsorId, sponsorId));
  return row?.logo && row.logoType ? { bytes: row.logo, type: row.logoType, updatedAt: row.updatedAt } : null;
}

export async function saveOverride(db: Db, row: Omit<typeof messageOverrides.$inferInsert, 'updatedAt'>) {
  await db
    .insert(messageOverrides)
    .values(row)
    .onConflictDoUpdate({
      target: [messageOverrides.sponsorId, messageOverrides.kind, messageOverrides.locale],
      set: { subject: row.subject, intro: row.intro, updatedAt: new Date() },
    });
}

export async function deleteOverride(db: Db, sponsorId: number, kind: string, locale: string) {
  const rows = await db
    .delete(messageOverrides)
    .where(and(eq(messageOverrides.sponsorId, sponsorId), eq(messageOverrides.kind, kind), eq(messageOverrides.locale, locale)))
    .returning();
  return rows[0] ?? null;
}

export async function saveLogo(db: Db, sponsorId: number | null, png: Buffer) {
  await saveBranding(db, sponsorId, {});
  await db
    .update(messageBranding)
    .set({ logo: png, logoType: 'image/png', updatedAt: new Date() })
    .where(sponsorId === null ? isNull(messageBranding.sponsorId) : eq(messageBranding.sponsorId, sponsorId));
}

/** Removes the logo; false when there was none. */
export async function clearLogo(db: Db, sponsorId: number | null): Promise<boolean> {
  const rows = await db
    .update(messageBranding)
    .set({ logo: null, logoType: null, updatedAt: new Date() })
    .where(
      and(
        sponsorId === null ? isNull(messageBranding.sponsorId) : eq(messageBranding.sponsorId, sponsorId),
        isNotNull(messageBranding.logo),
      ),
    )
    .returning({ id: messageBranding.id });
  return rows.length > 0;
}
