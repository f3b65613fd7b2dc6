import { STATUS } from '@vault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, passwordTokens, vaultAdvisors, vaultHolders, vaults } from '../../db/schema/index.js';
import { createVault, userRow, useVaultApp, vaultBody, vaultRow } from './vaults.fixtures.js';

const { t, w, admin, adminB, req, audits } = useVaultApp();

describe('POST /api/v1/users (create vault)', () => {
  it('creates a pending holder and vault with the defaults, audits it, and sends no e-mail unless asked', async () => {
    const res = await req(
      admin,
      'POST',
      `/api/v1/users?sponsorId=${w.a.id}`,
      vaultBody({ email: 'Anna.Berg@Example.com', packageId: w.gold.id }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ email: 'Anna.Berg@Example.com', statusId: STATUS.pending });
    const v = await vaultRow(t, body.vaultId);
    expect(v).toMatchObject({ holderUserId: body.id, sponsorId: w.a.id, packageId: w.gold.id, tag: 'individual', license: 'trial' });
    const u = await userRow(t, body.id);
    expect(u).toMatchObject({ role: 'vault_holder', sponsorId: w.a.id, testAccount: false, statusId: STATUS.pending });
    expect(await t.db.select().from(vaultHolders).where(eq(vaultHolders.userId, body.id))).toHaveLength(1);
    const [entry] = await audits('vault_holder.create');
    expect(entry).toMatchObject({ sponsorId: w.a.id, targetType: 'vault_holder', targetId: String(body.id), actorUserId: admin.userId });
    expect(await t.db.select().from(emailOutbox)).toHaveLength(0);
  });

  it('queues the activation e-mail with a single-use link in the same transaction', async () => {
    const res = await req(
      admin,
      'POST',
      `/api/v1/users?sponsorId=${w.a.id}`,
      vaultBody({ email: 'mail@example.com', packageId: w.gold.id, sendActivationEmail: true }),
    );
    expect(res.statusCode).toBe(201);
    const [mail] = await t.db.select().from(emailOutbox);
    expect(mail).toMatchObject({ toAddress: 'mail@example.com', template: 'activation', sponsorId: w.a.id });
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.bodyText)![1]!;
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const [tok] = await t.db.select().from(passwordTokens).where(eq(passwordTokens.userId, res.json().id));
    expect(tok).toMatchObject({ purpose: 'activation', usedAt: null });
    expect(tok!.tokenHash).not.toContain(token);
  });

  it('stores every field without advisors; links the chosen trusted advisors', async () => {
    const full = await createVault(
      t,
      admin,
      w.a.id,
      vaultBody({
        middleName: 'Maria',
        organizationName: 'Berg Holdings',
        tag: 'business',
        entityType: 'LLC',
        packageId: w.silver.id,
        group: w.group.id,
        templateId: w.template.id,
        testAccount: true,
        localize: 'fr',
      }),
    );
    expect(await vaultRow(t, full.vaultId)).toMatchObject({
      tag: 'business',
      entityType: 'LLC',
      groupId: w.group.id,
      templateId: w.template.id,
    });
    expect(await userRow(t, full.id)).toMatchObject({ middleName: 'Maria', testAccount: true, localize: 'fr' });
    const withAdvisor = await createVault(
      t,
      admin,
      w.a.id,
      vaultBody({ packageId: w.gold.id, sponsoredAdvisorUserId: [w.advisor.id], templateId: null }),
    );
    const links = await t.db.select().from(vaultAdvisors).where(eq(vaultAdvisors.vaultId, withAdvisor.vaultId));
    expect(links).toEqual([{ vaultId: withAdvisor.vaultId, advisorUserId: w.advisor.id }]);
    expect((await vaultRow(t, withAdvisor.vaultId))!.tag).toBe('individual');
  });

  it('accepts accented letters in the e-mail domain', async () => {
    const res = await req(
      admin,
      'POST',
      `/api/v1/users?sponsorId=${w.a.id}`,
      vaultBody({ email: 'jo@müller-bäcker.de', packageId: w.gold.id }),
    );
    expect(res.statusCode).toBe(201);
  });

  it('refuses each kind of bad input with 400 and creates nothing', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email' }, 'email'],
      [{ email: 'a@b' }, 'email'],
      [{ firstName: 'Ann<script>' }, 'firstName'],
      [{ lastName: 'Ann;Hara' }, 'lastName'],
      [{ firstName: '' }, 'firstName'],
      [{ packageId: 'x' }, 'packageId'],
      [{ packageId: undefined }, 'packageId'],
      [{ tag: 'corporate' }, 'tag'],
      [{ sponsoredAdvisorUserId: ['1'] }, 'sponsoredAdvisorUserId.0'],
      [{ sponsoredAdvisorUserId: [w.advisor.id], middleName: 'M' }, 'middleName'],
      [{ sponsoredAdvisorUserId: [w.advisor.id], tag: 'individual' }, 'tag'],
      [{ sponsoredAdvisorUserId: [w.advisor.id], group: w.group.id }, 'group'],
      [{ admin: true }, 'admin'],
      [{ localize: 'english' }, 'localize'],
    ];
    for (const [over, field] of bad) {
      const res = await req(admin, 'POST', `/api/v1/users?sponsorId=${w.a.id}`, vaultBody({ packageId: w.gold.id, ...over }));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(JSON.stringify(res.json().details), JSON.stringify(over)).toContain(field);
    }
    // Rules checked against the portal's data.
    const wrong: Record<string, unknown>[] = [
      { packageId: w.other.id }, // assigned to B only
      { packageId: 99999 },
      { packageId: w.gold.id, group: w.groupB.id },
      { packageId: w.gold.id, templateId: 99999 },
      { packageId: w.gold.id, sponsoredAdvisorUserId: [w.advisorB.id] },
      { packageId: w.gold.id, sponsoredAdvisorUserId: [w.loneAdvisor.id] },
    ];
    for (const over of wrong) {
      const res = await req(admin, 'POST', `/api/v1/users?sponsorId=${w.a.id}`, vaultBody(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
    }
    expect(await t.db.select().from(vaults)).toHaveLength(0);
    expect(await audits('vault_holder.create')).toHaveLength(0);
  });

  it('answers 409 for an e-mail already used in the portal (any case), and in another portal (one e-mail, one account)', async () => {
    await createVault(t, admin, w.a.id, vaultBody({ email: 'dup@example.com', packageId: w.gold.id }));
    const again = await req(
      admin,
      'POST',
      `/api/v1/users?sponsorId=${w.a.id}`,
      vaultBody({ email: 'DUP@example.com', packageId: w.gold.id }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A vault holder with the e-mail DUP@example.com already exists in this portal.');
    const elsewhere = await req(
      adminB,
      'POST',
      `/api/v1/users?sponsorId=${w.b.id}`,
      vaultBody({ email: 'dup@example.com', packageId: w.gold.id }),
    );
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().details).toEqual([{ field: 'email', message: 'Belongs to another account' }]);
  });

  it('refuses another portal (403) and a missing portal (400)', async () => {
    const res = await req(admin, 'POST', `/api/v1/users?sponsorId=${w.b.id}`, vaultBody({ packageId: w.gold.id }));
    expect(res.statusCode).toBe(403);
    expect((await req(admin, 'POST', '/api/v1/users', vaultBody({ packageId: w.gold.id }))).statusCode).toBe(400);
    expect(await t.db.select().from(vaults)).toHaveLength(0);
  });
});
