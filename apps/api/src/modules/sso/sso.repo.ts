import { and, eq, gt, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sponsors, ssoDomains, ssoHandoffs, ssoLogins, ssoSettings, users } from '../../db/schema/index.js';

/** The SQL of enterprise sign-in: settings, claimed domains, sign-ins under way and their hand-over. */

export type SettingsRow = typeof ssoSettings.$inferSelect;

export const findSettings = async (db: Db, sponsorId: number): Promise<SettingsRow | null> =>
  (await db.select().from(ssoSettings).where(eq(ssoSettings.sponsorId, sponsorId)))[0] ?? null;

export async function saveSettings(db: Db, values: typeof ssoSettings.$inferInsert) {
  const { sponsorId: _key, createdAt: _created, ...set } = values;
  await db
    .insert(ssoSettings)
    .values(values)
    .onConflictDoUpdate({ target: ssoSettings.sponsorId, set: { ...set, updatedAt: new Date() } });
}

export const domainsOf = async (db: Db, sponsorId: number): Promise<string[]> =>
  (
    await db.select({ domain: ssoDomains.domain }).from(ssoDomains).where(eq(ssoDomains.sponsorId, sponsorId)).orderBy(ssoDomains.domain)
  ).map((r) => r.domain);

/** The portal that claims `domain` (lower case), and its code. */
export const domainOwner = async (db: Db, domain: string) =>
  (
    await db
      .select({ sponsorId: ssoDomains.sponsorId, sponsorCode: sponsors.sponsorCode })
      .from(ssoDomains)
      .innerJoin(sponsors, eq(sponsors.id, ssoDomains.sponsorId))
      .where(eq(ssoDomains.domain, domain))
  )[0] ?? null;

/** Which of `domains` another portal claims. */
export const domainsOfOthers = async (db: Db, sponsorId: number, domains: string[]) =>
  domains.length === 0
    ? []
    : (
        await db
          .select({ domain: ssoDomains.domain })
          .from(ssoDomains)
          .where(and(ne(ssoDomains.sponsorId, sponsorId), sql`${ssoDomains.domain} = any(${sql.param(domains)}::text[])`))
      ).map((r) => r.domain);

export async function replaceDomains(db: Db, sponsorId: number, add: string[], remove: string[]) {
  if (remove.length)
    await db
      .delete(ssoDomains)
      .where(and(eq(ssoDomains.sponsorId, sponsorId), sql`${ssoDomains.domain} = any(${sql.param(remove)}::text[])`));
  if (add.length) await db.insert(ssoDomains).values(add.map((domain) => ({ domain, sponsorId })));
}

export const insertLogin = (db: Db, values: typeof ssoLogins.$inferInsert) => db.insert(ssoLogins).values(values);

/**
 * Claims a sign-in under way by its state and the browser's cookie: marks it used in the statement
 * that finds it, so it works once, and only from the browser that started it, before it expires.
 */
export const claimLogin = async (db: Db, stateHash: string, browserHash: string) =>
  (
    await db
      .update(ssoLogins)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(ssoLogins.stateHash, stateHash),
          eq(ssoLogins.browserHash, browserHash),
          isNull(ssoLogins.usedAt),
          gt(ssoLogins.expiresAt, new Date()),
        ),
      )
      .returning()
  )[0] ?? null;

/** Claims a "Test sign-in" ticket (kept as a login row without a browser yet). */
export const claimTestTicket = async (db: Db, ticketHash: string) =>
  (
    await db
      .update(ssoLogins)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(ssoLogins.stateHash, ticketHash),
          eq(ssoLogins.browserHash, ''),
          isNotNull(ssoLogins.testByUserId),
          isNull(ssoLogins.usedAt),
          gt(ssoLogins.expiresAt, new Date()),
        ),
      )
      .returning()
  )[0] ?? null;

export const insertHandoff = (db: Db, values: typeof ssoHandoffs.$inferInsert) => db.insert(ssoHandoffs).values(values);

/** Claims a hand-over once, before it expires, and only from the browser it is bound to (if any). */
export const claimHandoff = async (db: Db, tokenHash: string, browserHash: string | null) =>
  (
    await db
      .update(ssoHandoffs)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(ssoHandoffs.tokenHash, tokenHash),
          isNull(ssoHandoffs.usedAt),
          gt(ssoHandoffs.expiresAt, new Date()),
          browserHash === null
            ? isNull(ssoHandoffs.browserHash)
            : or(isNull(ssoHandoffs.browserHash), eq(ssoHandoffs.browserHash, browserHash)),
        ),
      )
      .returning()
  )[0] ?? null;

/** The account that owns an e-mail address (any role: one address is one person), with its admin link. */
export const accountByEmail = async (db: Db, email: string) =>
  (await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`))[0] ?? null;

export const activateWithoutPassword = (db: Db, userId: number) =>
  db.update(users).set({ statusId: 1, activatedAt: new Date(), updatedAt: new Date() }).where(eq(users.id, userId));

/** Whether the administrator's portal signs in with SSO only and their account is not break-glass. */
export async function ssoOnlyFor(db: Db, user: { role: string; sponsorId: number | null; ssoBreakGlass: boolean }) {
  if (user.role !== 'sponsor_admin' || user.sponsorId === null || user.ssoBreakGlass) return false;
  const [row] = await db.select({ on: ssoSettings.ssoOnly }).from(ssoSettings).where(eq(ssoSettings.sponsorId, user.sponsorId));
  return row?.on ?? false;
}

export const sponsorRef = async (db: Db, sponsorId: number) =>
  (await db.select({ id: sponsors.id, sponsorCode: sponsors.sponsorCode }).from(sponsors).where(eq(sponsors.id, sponsorId)))[0] ?? null;
