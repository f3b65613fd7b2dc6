import { afterAll, beforeAll, beforeEach } from 'vitest';
import {
  appIntegrations,
  basePackages,
  invitations,
  packageSponsor,
  sponsorAuthorizations,
  sponsorIntegrations,
} from '../../db/schema/index.js';
import { sha256 } from '../../lib/crypto.js';
import { type Auth, createTestApp, type TestApp } from '../../test/harness.js';
import { auditReader, madeInBeforeAll } from '../../test/per-file-app.js';

/** A sign-up app integration of the portal whose key `key` carries `scopes` (the redemption route's caller). */
export async function integrationKey(
  t: TestApp,
  sponsorId: number,
  key: string,
  scopes = ['redeem_invitations'],
  code = `signup-${sponsorId}`,
) {
  const [app] = await t.db.insert(appIntegrations).values({ code, name: 'Vault sign-up', category: 'signup' }).returning();
  const [si] = await t.db
    .insert(sponsorIntegrations)
    .values({ sponsorId, integrationId: app!.id, apiKeyHash: sha256(key), apiKeyPrefix: key.slice(0, 6) })
    .returning();
  await t.db.insert(sponsorAuthorizations).values({ sponsorId, sponsorIntegrationId: si!.id, scopes });
}

export const future = (days = 30) => new Date(Date.now() + days * 86_400_000).toISOString();
export const past = (days = 1) => new Date(Date.now() - days * 86_400_000).toISOString();

export interface World {
  a: { id: number; sponsorCode: string };
  b: { id: number; sponsorCode: string };
  staff: Auth;
  adminA: Auth;
  adminB: Auth;
  pkgA: number;
  pkgB: number;
}

async function setupWorld(t: TestApp): Promise<World> {
  const a = await t.createSponsor('ALPHA');
  const b = await t.createSponsor('BETA');
  const [p1, p2] = await t.db
    .insert(basePackages)
    .values([
      { name: 'Basic', storageQuotaBytes: 1e9, listPriceCents: 500 },
      { name: 'Premium', storageQuotaBytes: 1e10, listPriceCents: 1500 },
    ])
    .returning();
  await t.db.insert(packageSponsor).values([
    { packageId: p1!.id, sponsorId: a.id, priceSaleCents: 400 },
    { packageId: p2!.id, sponsorId: b.id, priceSaleCents: 1400 },
  ]);
  return {
    a,
    b,
    staff: await t.signInStaff(),
    adminA: await t.signInSponsorAdmin(a.id),
    adminB: await t.signInSponsorAdmin(b.id),
    pkgA: p1!.id,
    pkgB: p2!.id,
  };
}

export const openBody = (w: World, extra: Record<string, unknown> = {}) => ({
  inviteCode: 'WELCOME2026',
  max: 3,
  expireTime: future(),
  packageId: w.pkgA,
  localize: 'en',
  ...extra,
});
export const strictBody = (w: World, extra: Record<string, unknown> = {}) => ({
  email: 'jane.doe@example.com',
  firstName: 'Jane',
  lastName: 'Doe',
  packageId: w.pkgA,
  localize: 'en',
  ...extra,
});

/**
 * One app per test file, like `useTestApp`, but not emptied whole before each test: sponsors,
 * packages and sessions are made once (sign-in is rate limited); each test starts with no
 * invitations, mail, audit entries or integration keys. `t` stands for the app once beforeAll has
 * built it.
 */
export function useInvitationApp() {
  let built: TestApp | undefined;
  let cached: World;
  beforeAll(async () => {
    built = await createTestApp();
    await built.reset();
    cached = await setupWorld(built);
  });
  afterAll(async () => built?.close());
  beforeEach(async () => {
    await built!.truncate(
      'invitation_redemptions, invitations, email_outbox, audit_log, sponsor_authorizations, sponsor_integrations, app_integrations, sponsored_advisors, advisors restart identity cascade',
    );
    await built!.database.query("delete from users where role = 'advisor'");
  });
  const t = madeInBeforeAll(() => built);

  const world = async () => cached;
  const postAs = (auth: Auth, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: auth.headers, payload });
  const create = (auth: Auth, sponsorId: number, itype: string, payload: unknown) =>
    postAs(auth, `/api/v1/invitations?sponsorid=${sponsorId}&itype=${itype}`, payload as object);
  async function createOk(auth: Auth, sponsorId: number, itype: string, payload: unknown) {
    const res = await create(auth, sponsorId, itype, payload);
    if (res.statusCode !== 201) throw new Error(`create failed ${res.statusCode} ${res.body}`);
    return res.json();
  }
  const count = async () => (await t.db.select().from(invitations)).length;
  const audits = auditReader(t);
  return { t, world, postAs, create, createOk, count, audits };
}
