import { REASON_MESSAGE, STATUS } from '@vault/contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, users, vaults } from '../../db/schema/index.js';
import { addDocuments, createVault, setStatus, userRow, useVaultApp, vaultBody, vaultRow } from './vaults.fixtures.js';

const { t, w, admin, adminB, staff, plain, req, audits } = useVaultApp();

describe('account actions', () => {
  it('deactivates (statusId 2) and activates (statusId 1) a holder, audited', async () => {
    const v = await createVault(t, admin, w.a.id, vaultBody({ packageId: w.gold.id }));
    const off = await req(admin, 'PUT', `/api/v1/users/activate?sponsorid=${w.a.id}`, { id: v.id, statusId: 2 });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ statusType: 'success', errorMsg: null });
    expect((await userRow(t, v.id))!.statusId).toBe(STATUS.inactive);
    const on = await req(admin, 'PUT', `/api/v1/users/activate?sponsorid=${w.a.id}`, { id: v.id, statusId: 1 });
    expect(on.json().message).toBe('Anna Berg is now active.');
    expect((await userRow(t, v.id))!.statusId).toBe(STATUS.active);
    expect(await audits('vault_holder.deactivate')).toHaveLength(1);
    expect((await audits('vault_holder.activate'))[0]).toMatchObject({ targetId: String(v.id), sponsorId: w.a.id });
  });

  it("refuses bad bodies, another portal's holder (404, unchanged) and an archived holder", async () => {
    const v = await createVault(t, admin, w.a.id, vaultBody({ packageId: w.gold.id }));
    for (const body of [
      { id: v.id, statusId: 3 },
      { id: v.id },
      { statusId: 1 },
      { id: 'x', statusId: 1 },
      { id: v.id, statusId: 1, role: 'staff' },
    ]) {
      expect((await req(admin, 'PUT', `/api/v1/users/activate?sponsorid=${w.a.id}`, body)).statusCode).toBe(400);
    }
    const foreign = await req(adminB, 'PUT', `/api/v1/users/activate?sponsorid=${w.b.id}`, { id: v.id, statusId: 1 });
    expect(foreign.statusCode).toBe(404);
    expect((await req(adminB, 'PUT', `/api/v1/users/activate?sponsorid=${w.a.id}`, { id: v.id, statusId: 1 })).statusCode).toBe(403);
    expect((await userRow(t, v.id))!.statusId).toBe(STATUS.pending);
    await setStatus(t, v.id, STATUS.archived);
    expect((await req(admin, 'PUT', `/api/v1/users/activate?sponsorid=${w.a.id}`, { id: v.id, statusId: 1 })).statusCode).toBe(409);
    expect(await audits('vault_holder.activate')).toHaveLength(0);
  });

  it('sends a password reset link to an active holder only', async () => {
    const v = await createVault(t, admin, w.a.id, vaultBody({ email: 'reset@example.com', packageId: w.gold.id }));
    expect((await req(admin, 'PUT', `/api/v1/users/resetpassword?sponsorid=${w.a.id}`, { id: v.id })).statusCode).toBe(409);
    await setStatus(t, v.id, STATUS.active);
    const res = await req(admin, 'PUT', `/api/v1/users/resetpassword?sponsorid=${w.a.id}`, {
      id: v.id,
      firstName: 'Anna',
      lastName: 'Berg',
      email: 'reset@example.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('A password reset link was sent to reset@example.com.');
    const [mail] = await t.db.select().from(emailOutbox);
    expect(mail).toMatchObject({ toAddress: 'reset@example.com', template: 'password_reset' });
    expect(await audits('vault_holder.password_reset')).toHaveLength(1);
    expect((await req(adminB, 'PUT', `/api/v1/users/resetpassword?sponsorid=${w.b.id}`, { id: v.id })).statusCode).toBe(404);
    expect((await req(admin, 'PUT', `/api/v1/users/resetpassword?sponsorid=${w.a.id}`, {})).statusCode).toBe(400);
    expect(await t.db.select().from(emailOutbox)).toHaveLength(1);
  });

  it('resends the activation e-mail to a pending holder only', async () => {
    const v = await createVault(t, admin, w.a.id, vaultBody({ email: 'again@example.com', packageId: w.gold.id }));
    const res = await req(admin, 'PUT', `/api/v1/users/${v.id}/resendactivationemail?sponsorid=${w.a.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('An activation e-mail was sent to again@example.com.');
    expect(await t.db.select().from(emailOutbox)).toHaveLength(1);
    expect((await audits('vault_holder.activation_email'))[0]).toMatchObject({ targetId: String(v.id) });
    expect((await req(admin, 'PUT', `/api/v1/users/${v.id}/resendactivationemail?sponsorid=${w.a.id}`, { id: v.id + 1 })).statusCode).toBe(
      400,
    );
    expect((await req(adminB, 'PUT', `/api/v1/users/${v.id}/resendactivationemail?sponsorid=${w.b.id}`)).statusCode).toBe(404);
    expect((await req(admin, 'PUT', `/api/v1/users/abc/resendactivationemail?sponsorid=${w.a.id}`)).statusCode).toBe(400);
    await setStatus(t, v.id, STATUS.active);
    expect((await req(admin, 'PUT', `/api/v1/users/${v.id}/resendactivationemail?sponsorid=${w.a.id}`)).statusCode).toBe(409);
    expect(await t.db.select().from(emailOutbox)).toHaveLength(1);
  });

  it('resets the MFA of a vault (ownerId = vault id) with hasManageMfaAccess only', async () => {
    const v = await createVault(t, admin, w.a.id, vaultBody({ packageId: w.gold.id }));
    await t.db.update(users).set({ mfaEnabled: true, mfaSecret: 'secret' }).where(eq(users.id, v.id));
    expect((await req(await plain(), 'POST', `/api/v1/vaults/reset-mfa?ownerId=${v.vaultId}&sponsorId=${w.a.id}`, {})).statusCode).toBe(
      403,
    );
    expect((await req(adminB, 'POST', `/api/v1/vaults/reset-mfa?ownerId=${v.vaultId}&sponsorId=${w.b.id}`, {})).statusCode).toBe(404);
    expect((await userRow(t, v.id))!.mfaEnabled).toBe(true);
    const res = await req(admin, 'POST', `/api/v1/vaults/reset-mfa?ownerId=${v.vaultId}&sponsorId=${w.a.id}`, {});
    expect(res.statusCode).toBe(200);
    expect(await userRow(t, v.id)).toMatchObject({ mfaEnabled: false, mfaSecret: null });
    const [entry] = await audits('vault_holder.reset_mfa');
    expect(entry).toMatchObject({ targetId: String(v.id) });
    expect(JSON.stringify(entry!.logJson)).not.toContain('secret');
    expect((await req(admin, 'POST', `/api/v1/vaults/reset-mfa?sponsorId=${w.a.id}`, {})).statusCode).toBe(400);
  });
});

describe('users/{id}: the test-account read and save', () => {
  it('reads and saves the flag of a vault holder of the portal, audited', async () => {
    const v = await createVault(t, admin, w.a.id, vaultBody({ email: 'flag@example.com', packageId: w.gold.id }));
    const got = await req(admin, 'GET', `/api/v1/users/${v.id}?sponsorid=${w.a.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({ id: v.id, role: 'vault_holder', email: 'flag@example.com', testAccount: false, sponsorId: w.a.id });
    const put = await req(admin, 'PUT', `/api/v1/users/${v.id}?sponsorid=${w.a.id}&testaccount=true`, got.json());
    expect(put.statusCode).toBe(200);
    expect(put.json().testAccount).toBe(true);
    expect((await userRow(t, v.id))!.testAccount).toBe(true);
    expect((await audits('vault_holder.test_account'))[0]!.logJson).toMatchObject({ testAccount: { from: false, to: true } });
    // Without the query flag the body decides; no body and no flag is a 400.
    expect((await req(admin, 'PUT', `/api/v1/users/${v.id}?sponsorid=${w.a.id}`, { testAccount: false })).json().testAccount).toBe(false);
    expect((await req(admin, 'PUT', `/api/v1/users/${v.id}?sponsorid=${w.a.id}`, {})).statusCode).toBe(400);
    expect((await req(admin, 'PUT', `/api/v1/users/${v.id}?sponsorid=${w.a.id}&testaccount=maybe`, {})).statusCode).toBe(400);
    expect((await req(admin, 'PUT', `/api/v1/users/${v.id}?sponsorid=${w.a.id}&testaccount=true`, { id: v.id + 1 })).statusCode).toBe(400);
    expect((await req(admin, 'PUT', `/api/v1/users/${v.id}?sponsorid=${w.a.id}&testaccount=true`, { passwordHash: 'x' })).statusCode).toBe(
      400,
    );
  });

  it('works for an advisor linked to the portal, and not for others', async () => {
    const got = await req(admin, 'GET', `/api/v1/users/${w.advisor.id}?sponsorid=${w.a.id}`);
    expect(got.json()).toMatchObject({ role: 'advisor', email: 'rep@advisors.test' });
    const put = await req(admin, 'PUT', `/api/v1/users/${w.advisor.id}?sponsorid=${w.a.id}&testaccount=1`, undefined);
    expect(put.statusCode).toBe(200);
    // The flag is this portal's link's: the person's own record (and other portals) keep theirs.
    expect(put.json().testAccount).toBe(true);
    expect((await req(admin, 'GET', `/api/v1/users/${w.advisor.id}?sponsorid=${w.a.id}`)).json().testAccount).toBe(true);
    expect((await userRow(t, w.advisor.id))!.testAccount).toBe(false);
    expect(await audits('advisor.test_account')).toHaveLength(1);
    for (const id of [w.advisorB.id, w.loneAdvisor.id, admin.userId, staff.userId]) {
      expect((await req(admin, 'GET', `/api/v1/users/${id}?sponsorid=${w.a.id}`)).statusCode).toBe(404);
      expect((await req(admin, 'PUT', `/api/v1/users/${id}?sponsorid=${w.a.id}&testaccount=true`)).statusCode).toBe(404);
    }
    expect((await userRow(t, w.advisorB.id))!.testAccount).toBe(false);
    const v = await createVault(t, adminB, w.b.id, vaultBody({ packageId: w.gold.id }));
    expect((await req(admin, 'PUT', `/api/v1/users/${v.id}?sponsorid=${w.a.id}&testaccount=true`)).statusCode).toBe(404);
    expect((await userRow(t, v.id))!.testAccount).toBe(false);
  });
});

describe('tenant isolation holds for staff too', () => {
  it('staff reach any portal but ids must belong to the named portal', async () => {
    const v = await createVault(t, staff, w.a.id, vaultBody({ packageId: w.gold.id }));
    expect((await req(staff, 'PUT', `/api/v1/users/activate?sponsorid=${w.b.id}`, { id: v.id, statusId: 1 })).statusCode).toBe(404);
    expect((await req(staff, 'PUT', `/api/v1/users/activate?sponsorid=${w.a.id}`, { id: v.id, statusId: 1 })).statusCode).toBe(200);
    const [u] = await t.db
      .select()
      .from(users)
      .where(and(eq(users.id, v.id), eq(users.statusId, STATUS.active)));
    expect(u).toBeDefined();
  });
});

describe('archive, document count and delete', () => {
  it('counts the documents of a vault of the portal only', async () => {
    const v = await createVault(t, admin, w.a.id, vaultBody({ packageId: w.gold.id }));
    await addDocuments(t, v.vaultId, 3);
    const res = await req(admin, 'GET', `/api/v1/vaults/${v.vaultId}/count?sponsorid=${w.a.id}`);
    expect(res.json()).toEqual({ count: 3 });
    expect((await req(adminB, 'GET', `/api/v1/vaults/${v.vaultId}/count?sponsorid=${w.b.id}`)).statusCode).toBe(404);
    expect((await req(admin, 'GET', `/api/v1/vaults/0/count?sponsorid=${w.a.id}`)).statusCode).toBe(400);
  });

  it('archives with a 20-1024 character reason: status 4, reason, who and when; data kept', async () => {
    const v = await createVault(t, admin, w.a.id, vaultBody({ packageId: w.gold.id }));
    await addDocuments(t, v.vaultId, 2);
    for (const deleteReason of ['short reason', ' '.repeat(30), `${'x'.repeat(19)}          `, 'x'.repeat(1025)]) {
      const res = await req(admin, 'POST', `/api/v1/vaults/${v.vaultId}?sponsorid=${w.a.id}`, { deleteReason });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(REASON_MESSAGE);
    }
    expect((await req(admin, 'POST', `/api/v1/vaults/${v.vaultId}?sponsorid=${w.a.id}`, {})).statusCode).toBe(400);
    expect(
      (await req(await plain(), 'POST', `/api/v1/vaults/${v.vaultId}?sponsorid=${w.a.id}`, { deleteReason: 'Closed account, ticket 4711' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await req(adminB, 'POST', `/api/v1/vaults/${v.vaultId}?sponsorid=${w.b.id}`, { deleteReason: 'Closed account, ticket 4711' }))
        .statusCode,
    ).toBe(404);
    expect((await vaultRow(t, v.vaultId))!.archivedAt).toBeNull();

    const res = await req(admin, 'POST', `/api/v1/vaults/${v.vaultId}?sponsorid=${w.a.id}`, {
      deleteReason: '  Closed account, ticket 4711  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().statusType).toBe('success');
    const row = await vaultRow(t, v.vaultId);
    expect(row).toMatchObject({ archiveReason: 'Closed account, ticket 4711', archivedByUserId: admin.userId });
    expect(row!.archivedAt).toBeInstanceOf(Date);
    expect((await userRow(t, v.id))!.statusId).toBe(STATUS.archived);
    expect((await req(admin, 'GET', `/api/v1/vaults/${v.vaultId}/count?sponsorid=${w.a.id}`)).json().count).toBe(2);
    expect((await audits('vault_holder.archive'))[0]!.logJson).toMatchObject({
      reason: 'Closed account, ticket 4711',
      documents: 2,
      vaultId: v.vaultId,
    });
    const twice = await req(admin, 'POST', `/api/v1/vaults/${v.vaultId}?sponsorid=${w.a.id}`, {
      deleteReason: 'Closed account, ticket 4711',
    });
    expect(twice.statusCode).toBe(409);
  });

  it('deletes an empty vault holder; refuses a vault with documents until archived', async () => {
    const empty = await createVault(t, admin, w.a.id, vaultBody({ packageId: w.gold.id, sponsoredAdvisorUserId: [w.advisor.id] }));
    const full = await createVault(t, admin, w.a.id, vaultBody({ packageId: w.gold.id }));
    await addDocuments(t, full.vaultId, 1);
    expect((await req(adminB, 'DELETE', `/api/v1/vaults?ownerId=${empty.vaultId}&sponsorId=${w.b.id}`)).statusCode).toBe(404);
    expect((await req(admin, 'DELETE', `/api/v1/vaults?sponsorId=${w.a.id}`)).statusCode).toBe(400);
    const ok = await req(admin, 'DELETE', `/api/v1/vaults?ownerId=${empty.vaultId}&sponsorId=${w.a.id}`);
    expect(ok.statusCode).toBe(200);
    expect(await userRow(t, empty.id)).toBeUndefined();
    expect(await vaultRow(t, empty.vaultId)).toBeUndefined();
    expect((await audits('vault_holder.delete'))[0]).toMatchObject({ targetId: String(empty.id), sponsorId: w.a.id });

    const refused = await req(admin, 'DELETE', `/api/v1/vaults?ownerId=${full.vaultId}&sponsorId=${w.a.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/holds 1 document\. Archive it first/);
    await req(admin, 'POST', `/api/v1/vaults/${full.vaultId}?sponsorid=${w.a.id}`, { deleteReason: 'Closed account, ticket 4711' });
    expect((await req(admin, 'DELETE', `/api/v1/vaults?ownerId=${full.vaultId}&sponsorId=${w.a.id}`)).statusCode).toBe(200);
    expect(await vaultRow(t, full.vaultId)).toBeUndefined();
  });
});

describe('vault details', () => {
  it('answers profile, package, group, template, advisors, documents, dates, MFA and history', async () => {
    const v = await createVault(
      t,
      admin,
      w.a.id,
      vaultBody({ email: 'd@example.com', packageId: w.gold.id, sponsoredAdvisorUserId: [w.advisor.id], templateId: w.template.id }),
    );
    await addDocuments(t, v.vaultId, 2);
    await t.db.update(vaults).set({ storageUsedBytes: 2000 }).where(eq(vaults.id, v.vaultId));
    await req(admin, 'PUT', `/api/v1/users/activate?sponsorid=${w.a.id}`, { id: v.id, statusId: 1 });
    const res = await req(admin, 'GET', `/api/v1/vaults/${v.vaultId}/details?sponsorid=${w.a.id}`);
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      vaultId: v.vaultId,
      id: v.id,
      email: 'd@example.com',
      status: 'Active',
      package: { id: w.gold.id, name: 'Gold Plan' },
      license: 'trial',
      tag: 'individual',
      template: { id: w.template.id, name: 'Family folders' },
      group: null,
      advisors: [{ userId: w.advisor.id, email: 'rep@advisors.test' }],
      documentCount: 2,
      storageUsedBytes: 2000,
      mfaEnabled: false,
      archivedAt: null,
    });
    expect(d.activatedAt).not.toBeNull();
    expect(d.history.map((h: { action: string }) => h.action)).toEqual(['vault_holder.activate', 'vault_holder.create']);
    expect((await req(adminB, 'GET', `/api/v1/vaults/${v.vaultId}/details?sponsorid=${w.b.id}`)).statusCode).toBe(404);
  });
});
