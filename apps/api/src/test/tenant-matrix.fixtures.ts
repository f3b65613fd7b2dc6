import { ADMIN_FLAGS, STATUS } from '@vault/contract';
import { eq } from 'drizzle-orm';
import {
  appIntegrations,
  auditLog,
  emailOutbox,
  failedUploads,
  importJobs,
  invitations,
  mfaPasskeys,
  packageSponsor,
  savedViews,
  sessions,
  sponsorAuthorizations,
  sponsorIntegrations,
  users,
  webhookDeliveries,
  webhookSubscriptions,
} from '../db/schema/index.js';
import { randomToken, sha256 } from '../lib/crypto.js';
import { createVault, makeAdvisor, vaultBody, vaultWorld } from '../modules/vaults/vaults.fixtures.js';
import { xsrfTokenFor } from '../plugins/auth.js';
import type { Auth, TestApp } from './harness.js';

/** Every value of sponsor A that sponsor B must never see: e-mails and names carry this marker. */
export const A_MARKER = /alpha-secret|Quintessa|Zebulon/i;

/**
 * Two portals, A and B, with one object of every kind in A (and a few in B), and the five callers
 * of the matrix: nobody, A's administrator with every flag, A's administrator with none, B's
 * administrator with every flag, and staff.
 */
export async function tenantWorld(t: TestApp) {
  const w = await vaultWorld(t);
  const all = Object.fromEntries(ADMIN_FLAGS.map((f) => [f, true]));
  const adminA = await t.signInSponsorAdmin(w.a.id, all, 'boss@alpha-secret.test');
  const flagless = await t.signInSponsorAdmin(w.a.id, {}, 'noflags@alpha-secret.test');
  const secondA = await t.signInSponsorAdmin(w.a.id, {}, 'second@alpha-secret.test');
  const adminB = await t.signInSponsorAdmin(w.b.id, all, 'boss@beta.test');
  const staff = await t.signInStaff('staff@operator.test');
  const advisor = await makeAdvisor(t, 'zebulon@alpha-secret.test', w.a.id);
  const holder = await createVault(
    t,
    adminA,
    w.a.id,
    vaultBody({ email: 'quintessa@alpha-secret.test', firstName: 'Quintessa', lastName: 'Zebulon', packageId: w.gold.id }),
  );
  await t.db.update(users).set({ statusId: STATUS.active }).where(eq(users.id, holder.id));
  const [ps] = await t.db.select().from(packageSponsor);
  const [app] = await t.db.insert(appIntegrations).values({ code: 'crm-probe', name: 'CRM probe', category: 'CRM' }).returning();
  const [integration] = await t.db
    .insert(sponsorIntegrations)
    .values({ sponsorId: w.a.id, integrationId: app!.id, apiKeyHash: 'hash-a', apiKeyPrefix: 'va_a' })
    .returning();
  const [authorization] = await t.db
    .insert(sponsorAuthorizations)
    .values({ sponsorId: w.a.id, sponsorIntegrationId: integration!.id, scopes: ['read_vaults'] })
    .returning();
  // Each portal's SCIM key (an integration key with the scim scope), as identity providers send it.
  const [scimApp] = await t.db.insert(appIntegrations).values({ code: 'scim-probe', name: 'SCIM probe', category: 'Identity' }).returning();
  const scimKey = async (sponsorId: number) => {
    const key = randomToken();
    const [si] = await t.db
      .insert(sponsorIntegrations)
      .values({ sponsorId, integrationId: scimApp!.id, apiKeyHash: sha256(key), apiKeyPrefix: key.slice(0, 8) })
      .returning();
    await t.db.insert(sponsorAuthorizations).values({ sponsorId, sponsorIntegrationId: si!.id, scopes: ['scim'] });
    return { headers: { authorization: `Bearer ${key}` } };
  };
  const scimKeys = { a: await scimKey(w.a.id), b: await scimKey(w.b.id) };
  const [invitation] = await t.db
    .insert(invitations)
    .values({ sponsorId: w.a.id, type: 'strict', inviteCode: 'testInvitation', email: 'invitee@alpha-secret.test', packageId: w.gold.id })
    .returning();
  const [failed] = await t.db
    .insert(failedUploads)
    .values({ sponsorId: w.a.id, vaultId: holder.vaultId, holderUserId: holder.id, fileName: 'zebulon-tax.pdf', reason: 'virus' })
    .returning();
  const [job] = await t.db
    .insert(importJobs)
    .values({
      sponsorId: w.a.id,
      kind: 'vault_holders',
      fileName: 'alpha-secret.csv',
      errors: [
        {
          line: 2,
          email: 'quintessa@alpha-secret.test',
          firstName: 'Quintessa',
          lastName: 'Zebulon',
          package: 'Gold',
          errors: ['Duplicate'],
        },
      ],
    })
    .returning();
  const [passkey] = await t.db
    .insert(mfaPasskeys)
    .values({ userId: secondA.userId, credentialId: 'alpha-secret-credential', publicKey: 'pQECAyYgASFYIA', name: 'Zebulon laptop' })
    .returning();
  // A's webhook (its secret sealed value is never opened here) and one entry of its delivery log.
  const [webhook] = await t.db
    .insert(webhookSubscriptions)
    .values({ sponsorId: w.a.id, url: 'https://hooks.alpha-secret.test/in', events: ['*'], secretSealed: 'v1.x.y.z' })
    .returning();
  const [delivery] = await t.db
    .insert(webhookDeliveries)
    .values({
      subscriptionId: webhook!.id,
      sponsorId: w.a.id,
      messageId: 'msg_alpha',
      eventType: 'vault.created',
      payload: { email: 'quintessa@alpha-secret.test' },
      status: 'failed',
    })
    .returning();
  // A view A's administrators share (its name and search are A's secrets too).
  const [savedView] = await t.db
    .insert(savedViews)
    .values({
      sponsorId: w.a.id,
      ownerUserId: adminA.userId,
      listKey: 'vault-holders',
      name: 'Quintessa clients',
      shared: true,
      state: { search: { fieldName: 'email', fieldValue: 'alpha-secret' } },
    })
    .returning();
  // A message A's portal sent (its recipient is A's secret too).
  const [message] = await t.db
    .insert(emailOutbox)
    .values({
      sponsorId: w.a.id,
      toAddress: 'quintessa@alpha-secret.test',
      subject: 'Alpha secret',
      bodyText: 'Hello',
      template: 'activation',
      status: 'failed',
    })
    .returning();
  await t.db.insert(auditLog).values({
    actorEmail: 'boss@alpha-secret.test',
    sponsorId: w.a.id,
    action: 'vault.create',
    targetType: 'vault_holder',
    targetId: String(holder.id),
    logJson: { email: 'quintessa@alpha-secret.test' },
  });
  // The matrix asks who may call what in which portal; its sessions have just proved who they are, so
  // the routes that add a second factor answer on tenant and permission alone (step-up.test.ts checks the proof).
  await t.db.update(sessions).set({ identityConfirmedAt: new Date() });
  return {
    ...w,
    callers: { adminA, flagless, adminB, staff } satisfies Record<string, Auth>,
    scimKeys,
    ids: {
      sponsorA: w.a.id,
      sponsorB: w.b.id,
      codeA: w.a.sponsorCode,
      codeB: w.b.sponsorCode,
      admin: secondA.userId,
      advisor: advisor.id,
      staid: (await t.database.query<{ id: number }>(`select id from sponsored_advisors where user_id = ${advisor.id}`))[0]!.id,
      holder: holder.id,
      vault: holder.vaultId,
      packageSponsor: ps!.id,
      basePackage: w.gold.id,
      app: app!.id,
      integration: integration!.id,
      authorization: authorization!.id,
      invitation: invitation!.id,
      failed: failed!.id,
      job: job!.id,
      group: w.group.id,
      passkey: passkey!.id,
      webhook: webhook!.id,
      delivery: delivery!.id,
      message: message!.id,
      savedView: savedView!.id,
    },
  };
}

/** A new session for `userId`, made as the harness makes them: a matrix call may end the old one (an MFA reset of the portal does). */
export async function freshSession(t: TestApp, userId: number): Promise<Auth> {
  const token = randomToken();
  const tokenHash = sha256(token);
  await t.db.insert(sessions).values({ tokenHash, userId, expiresAt: new Date(Date.now() + 3600_000), identityConfirmedAt: new Date() });
  return { userId, email: '', headers: { authorization: `Bearer ${token}`, 'x-xsrf-token': xsrfTokenFor(t.app.xsrfKey, tokenHash) } };
}
