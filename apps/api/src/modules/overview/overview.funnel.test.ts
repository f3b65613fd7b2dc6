import { readFileSync } from 'node:fs';
import { FUNNEL_AUDIT_ACTIONS, type OverviewResponse } from '@vault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { basePackages, emailOutbox, invitations, packageSponsor } from '../../db/schema/index.js';
import type { Auth } from '../../test/harness.js';
import { injector, useTestApp } from '../../test/per-file-app.js';
import { integrationKey } from '../invitations/invitations.fixtures.js';
import { createVault, vaultBody } from '../vaults/vaults.fixtures.js';

const t = useTestApp();
const inject = injector(t);

/** A portal with a sign-up integration allowed to redeem, and an open invite code with uses to spare. */
async function portal(code: string) {
  const sponsor = await t.createSponsor(code);
  const key = `${code.toLowerCase()}-integration-key-0123456789abcdef`;
  await integrationKey(t, sponsor.id, key, undefined, `signup-${code}`);
  const [pkg] = await t.db
    .insert(basePackages)
    .values({ name: `Gold ${code}`, storageQuotaBytes: 1_000_000, listPriceCents: 100 })
    .returning();
  await t.db.insert(packageSponsor).values({ packageId: pkg!.id, sponsorId: sponsor.id, priceSaleCents: 90 });
  await t.db.insert(invitations).values({
    sponsorId: sponsor.id,
    type: 'open',
    inviteCode: `${code}-WELCOME`,
    max: 50,
    packageId: pkg!.id,
    expireTime: new Date(Date.now() + 30 * 86_400_000),
  });
  const admin = await t.signInSponsorAdmin(sponsor.id, { hasEnterpriseDashboardAccess: true }, `boss@${code.toLowerCase()}.test`);
  const redeem = async (email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invitations/redeem',
      headers: { 'x-api-key': key },
      payload: { code: `${code}-WELCOME`, email },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** A pending vault holder, sent an activation e-mail. */
  const holder = async (email: string) =>
    createVault(t, admin, sponsor.id, vaultBody({ email, packageId: pkg!.id, sendActivationEmail: true }));
  const setStatus = async (id: number, statusId: 1 | 2) => {
    const res = await inject(admin, 'PUT', `/api/v1/users/activate?sponsorid=${sponsor.id}`, { id, statusId });
    expect(res.statusCode, res.body).toBe(200);
  };
  return { sponsor, admin, redeem, holder, setStatus };
}

/** The holder chooses a password from the activation e-mail: the account is activated. */
async function activateByLink(email: string) {
  const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.bodyText)![1]!;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/authentication/password',
    payload: { token, password: 'a long new password 1' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function overview(auth: Auth, sponsorId: number) {
  const res = await inject(auth, 'GET', `/api/v1/overview?sponsorId=${sponsorId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OverviewResponse;
}

/** The total the audit list answers for a funnel link's filters: the portal, the range's days, the action, success. */
async function listed(auth: Auth, sponsorId: number, o: OverviewResponse, action: string) {
  const res = await inject(
    auth,
    'GET',
    `/api/v1/audit?sponsorid=${sponsorId}&fromDate=${o.fromDate}&toDate=${o.toDate}&action=${action}&outcome=success&limit=1`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().total as number;
}

describe('the invitation funnel counts audit entries, and each of its links lists exactly them', () => {
  it('counts redemptions and first activations after one, per portal, through the routes', async () => {
    const a = await portal('ALPHA');
    const b = await portal('BRAVO');

    // ALPHA: four redemptions. BRAVO: two, one of them by an address that redeems in ALPHA too.
    for (const email of ['ann@example.com', 'ben@example.com', 'cat@example.com', 'Dan@Example.com']) await a.redeem(email);
    for (const email of ['eve@example.com', 'ann@example.com']) await b.redeem(email);

    // ALPHA's holders: ann activated by an administrator, ben by the e-mailed link (its address in
    // another case than redeemed), cat not activated, fay activated without a redemption, and eve,
    // who redeemed in BRAVO only.
    const ann = await a.holder('ann@example.com');
    const ben = await a.holder('BEN@example.com');
    await a.holder('cat@example.com');
    const fay = await a.holder('fay@example.com');
    const eve = await a.holder('eve@example.com');
    await a.setStatus(ann.id, 1);
    await activateByLink('BEN@example.com');
    await a.setStatus(fay.id, 1);
    await a.setStatus(eve.id, 1);
    // A deactivation and a second activation are no first activation.
    await a.setStatus(ann.id, 2);
    await a.setStatus(ann.id, 1);
    // BRAVO's only holder redeems after being created, then is activated in a bulk action.
    const gus = await b.holder('gus@example.com');
    await b.redeem('gus@example.com');
    const bulk = await inject(b.admin, 'POST', `/api/v1/vaultholders/bulk?sponsorId=${b.sponsor.id}`, {
      action: 'activate',
      ids: [gus.id],
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json().succeeded).toBe(1);

    const staff = await t.signInStaff();
    const expected = new Map([
      [a.sponsor.id, { redeemed: 4, activated: 2 }],
      [b.sponsor.id, { redeemed: 3, activated: 1 }],
    ]);
    for (const [sponsorId, want] of expected) {
      const o = await overview(staff, sponsorId);
      expect(o.invitationFunnel, `portal ${sponsorId}`).toMatchObject(want);
      expect(await listed(staff, sponsorId, o, FUNNEL_AUDIT_ACTIONS.redeemed)).toBe(o.invitationFunnel.redeemed);
      expect(await listed(staff, sponsorId, o, FUNNEL_AUDIT_ACTIONS.activated)).toBe(o.invitationFunnel.activated);
    }
    // The portal's own administrator follows the same links to the same numbers.
    const own = await overview(a.admin, a.sponsor.id);
    expect(await listed(a.admin, a.sponsor.id, own, FUNNEL_AUDIT_ACTIONS.activated)).toBe(2);

    // Migration 0035 rebuilt the two counters from the audit log: run again, it changes no figure.
    const migration = readFileSync(new URL('../../db/migrations/0035_overview_funnel_from_audit.sql', import.meta.url), 'utf8');
    const rebuild = migration
      .split('--> statement-breakpoint')
      .map((st) => st.replace(/^\s*--.*$/gm, '').trim())
      .filter((st) => /^(DELETE FROM|INSERT INTO) overview_daily/.test(st));
    expect(rebuild).toHaveLength(2);
    for (const st of rebuild) await t.database.query(st);
    for (const [sponsorId, want] of expected) expect((await overview(staff, sponsorId)).invitationFunnel).toMatchObject(want);

    // Each activation entry names the holder, the invitation and when it was redeemed.
    const entries = await t.database.query<{ target_id: string; log_json: { email: string; inviteCode: string } }>(
      `select target_id, log_json from audit_log where action = $1 and sponsor_id = $2 order by id`,
      [FUNNEL_AUDIT_ACTIONS.activated, a.sponsor.id],
    );
    expect(entries.map((e) => [Number(e.target_id), e.log_json.email.toLowerCase(), e.log_json.inviteCode])).toEqual([
      [ann.id, 'ann@example.com', 'ALPHA-WELCOME'],
      [ben.id, 'ben@example.com', 'ALPHA-WELCOME'],
    ]);
  });
});
