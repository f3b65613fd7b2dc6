import { and, eq, getTableColumns, gt, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { preparedFor, statementFor } from '../db/prepared.js';
import {
  appIntegrations,
  sessions,
  sponsorAdmins,
  sponsorAuthorizations,
  sponsorIntegrations,
  sponsors,
  users,
} from '../db/schema/index.js';
import { keptSetting } from '../lib/settings.repo.js';

/** The SQL behind plugins/auth.ts: the stored XSRF key, sessions and integration keys. */

/** The stored key, created with `fresh` on first use (several instances starting together keep one). */
export const xsrfKey = (db: Db, fresh: string) => keptSetting(db, 'xsrf_key', fresh);

/** The admin record's flags: what a session's permissions are made of. */
const adminFlags = Object.fromEntries(Object.entries(getTableColumns(sponsorAdmins)).filter(([, c]) => c.dataType === 'boolean'));
const addressed = alias(sponsors, 'addressed_sponsor');

/**
 * The live session with this token hash (not revoked, expired or idle since `idleSince`), what
 * the request needs of its user and admin record, and the sponsor `sponsorId` (if any) as tenant
 * reads it: one statement where the portal's look-up was a second one (every statement costs on
 * PGlite, whatever it reads).
 */
// Every signed-in request runs it: built and planned once rather than per request.
const SESSION_USER = 'session_user';
const liveSessionSelect = (db: Db) =>
  db
    .select({
      session: {
        id: sessions.id,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        mfaEnrollmentRequired: sessions.mfaEnrollmentRequired,
      },
      user: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        role: users.role,
        sponsorId: users.sponsorId,
        statusId: users.statusId,
      },
      admin: adminFlags,
      addressed: { id: addressed.id, sponsorCode: addressed.sponsorCode },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(sponsorAdmins, eq(sponsorAdmins.userId, users.id))
    .leftJoin(addressed, eq(addressed.id, sql.placeholder('sponsorId')))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder('now')),
        gt(sessions.lastSeenAt, sql.placeholder('idleSince')),
      ),
    );
const liveSessionQuery = preparedFor((db) => liveSessionSelect(db).prepare(SESSION_USER));

const sessionValues = (tokenHash: string, now: Date, idleSince: Date, sponsorId: number | null) => ({
  tokenHash,
  now: now.toISOString(),
  idleSince: idleSince.toISOString(),
  sponsorId,
});

export async function liveSession(db: Db, tokenHash: string, now: Date, idleSince: Date, sponsorId: number | null) {
  const [row] = await liveSessionQuery(db).execute(sessionValues(tokenHash, now, idleSince, sponsorId));
  return row;
}

/** The statement liveSession runs, with its values (bench baselines replay it). */
const liveSessionTemplate = statementFor<ReturnType<typeof sessionValues>>(SESSION_USER, liveSessionSelect);
export const liveSessionStatement = (db: Db, tokenHash: string, now: Date, idleSince: Date, sponsorId: number | null) =>
  liveSessionTemplate(db, sessionValues(tokenHash, now, idleSince, sponsorId));

export async function touchSession(db: Db, sessionId: number, now: Date) {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, sessionId));
}

/** The enabled sponsor integration with this key hash, and its catalogue code. */
export async function enabledIntegration(db: Db, keyHash: string) {
  const [row] = await db
    .select({ si: sponsorIntegrations, code: appIntegrations.code })
    .from(sponsorIntegrations)
    .innerJoin(appIntegrations, eq(appIntegrations.id, sponsorIntegrations.integrationId))
    .where(and(eq(sponsorIntegrations.apiKeyHash, keyHash), eq(sponsorIntegrations.enabled, true)));
  return row;
}

/** Marks a live authorization granting `scope` as used; false when none grants it. */
export async function useAuthorization(db: Db, sponsorIntegrationId: number, scope: string): Promise<boolean> {
  const granted = await db
    .update(sponsorAuthorizations)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(sponsorAuthorizations.sponsorIntegrationId, sponsorIntegrationId),
        isNull(sponsorAuthorizations.revokedAt),
        or(isNull(sponsorAuthorizations.expiresAt), gt(sponsorAuthorizations.expiresAt, new Date())),
        sql`${scope} = any(${sponsorAuthorizations.scopes})`,
      ),
    )
    .returning({ id: sponsorAuthorizations.id });
  return granted.length > 0;
}
