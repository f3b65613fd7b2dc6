import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { vaultListVersions } from '../../db/schema/index.js';

/** A portal's vault-list version (null: the all-portals view, whose version is the newest of any). */
export async function listVersion(db: Db, sponsorId: number | null): Promise<number> {
  const [row] =
    sponsorId === null
      ? await db.select({ v: sql<string | number | null>`max(${vaultListVersions.version})` }).from(vaultListVersions)
      : await db.select({ v: vaultListVersions.version }).from(vaultListVersions).where(eq(vaultListVersions.sponsorId, sponsorId));
  return Number(row?.v ?? 0);
}

/** Raises a portal's version to a value no portal had before (the sequence never repeats). */
export async function bumpListVersion(db: Db, sponsorId: number): Promise<void> {
  await db
    .insert(vaultListVersions)
    .values({ sponsorId, version: sql`nextval('vault_list_version_seq')` })
    .onConflictDoUpdate({ target: vaultListVersions.sponsorId, set: { version: sql`excluded.version` } });
}
