import { STATUS } from '@vault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, sessions, sponsorAdmins, users } from '../../db/schema/index.js';
import { useTestApp } from '../../test/per-file-app.js';
import { newAdmin, sponsorAdminCalls } from './sponsor-admins.fixtures.js';

const t = useTestApp();
const { inject, setup, audits } = sponsorAdminCalls(t);

describe('administrator account actions', () => {
  async function pendingAdmin() {
    const s = await setup();
    const created = (await inject(s.staff, 'POST', '/api/v1/sponsors/admin', newAdmin(s.a.id))).json();
    return { ...s, created };
  }

  it('resends the activation e-mail while pending, activates with statusId 1, then resets the password', async () => {
    const { a, staff, created } = await pendingAdmin();
    const resend = await inject(staff, 'POST', `/api/v1/sponsors/admin/${created.id}/activation-email?sponsorid=${a.id}`);
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toMatchObject({ statusType: 'success', errorMsg: null });
    expect((await inject(staff, 'PUT', `/api/v1/sponsors/admin/${created.id}/resetpassword?sponsorid=${a.id}`)).statusCode).toBe(409);
    const act = await inject(staff, 'PUT', `/api/v1/sponsors/admin/${created.id}/activate?sponsorid=${a.id}`, { statusId: 1 });
    expect(act.json().message).toMatch(/now active/);
    const [u] = await t.db.select().from(users).where(eq(users.id, created.id));
    expect(u!.statusId).toBe(STATUS.active);
    const reset = await inject(staff, 'PUT', `/api/v1/sponsors/admin/${created.id}/resetpassword?sponsorid=${a.id}`);
    expect(reset.json().message).toMatch(/password reset link/);
    expect((await inject(staff, 'POST', `/api/v1/sponsors/admin/${created.id}/activation-email?sponsorid=${a.id}`)).statusCode).toBe(409);
    const actions = (await t.db.select().from(auditLog)).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['sponsor_admin.activation_email', 'sponsor_admin.activate', 'sponsor_admin.password_reset']),
    );
    const mails = await t.db.select().from(emailOutbox);
    expect(mails.map((m) => m.template)).toEqual(['activation', 'resend_activation', 'password_reset']);
    expect(JSON.stringify(await t.db.select().from(auditLog))).not.toMatch(/set-password\?token=/);
  });

  it('deactivates with or without the v2 version header, ends the sessions, and refuses an unknown version', async () => {
    const { a, staff } = await setup();
    const target = await t.signInSponsorAdmin(a.id, {}, 'target@acme.example');
    await t.signInSponsorAdmin(a.id, {}, 'keeper@acme.example');
    const v2 = await inject(staff, 'PUT', `/api/v1/sponsors/admin/${target.userId}/deactivate?sponsorid=${a.id}`, undefined, {
      'accept-version': 'v2',
    });
    expect(v2.statusCode).toBe(200);
    expect(v2.headers['x-api-version']).toBe('v2');
    expect(v2.json()).toMatchObject({ statusType: 'success', dOutput: { id: target.userId, statusId: STATUS.inactive } });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/authentication/me', headers: target.headers })).statusCode).toBe(401);
    const [s] = await t.db.select().from(sessions).where(eq(sessions.userId, target.userId));
    expect(s!.revokedAt).not.toBeNull();
    const re = await inject(staff, 'PUT', `/api/v1/sponsors/admin/${target.userId}/activate?sponsorid=${a.id}`);
    expect(re.json()).toMatchObject({ statusType: 'success' });
    const v1 = await inject(staff, 'PUT', `/api/v1/sponsors/admin/${target.userId}/deactivate?sponsorid=${a.id}`);
    expect(v1.statusCode).toBe(200);
    expect(v1.json().dOutput).toBeUndefined();
    const xv = await inject(staff, 'PUT', `/api/v1/sponsors/admin/${target.userId}/deactivate?sponsorid=${a.id}`, undefined, {
      'x-api-version': '2',
    });
    expect(xv.json().message).toMatch(/already inactive/);
    const bad = await inject(staff, 'PUT', `/api/v1/sponsors/admin/${target.userId}/deactivate?sponsorid=${a.id}`, undefined, {
      'accept-version': 'v7',
    });
    expect(bad.statusCode).toBe(400);
    expect((await audits('sponsor_admin.deactivate')).length).toBe(2);
  });

  it('documents the version header in the OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const op = res.json().paths['/api/v1/sponsors/admin/{id}/deactivate'].put;
    expect(op.description).toMatch(/v2/);
    expect(op.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['header:accept-version', 'query:sponsorid', 'path:id']),
    );
    for (const path of [
      '/api/v1/sponsors/admin',
      '/api/v1/sponsors/admin/search',
      '/api/v1/sponsors/admin/{id}',
      '/api/v1/sponsors/admin/{id}/activate',
      '/api/v1/sponsors/admin/{id}/resetpassword',
      '/api/v1/sponsors/admin/{id}/activation-email',
    ]) {
      expect(Object.keys(res.json().paths)).toContain(path);
    }
  });

  it("refuses self-deactivation, and another sponsor's administrator (404, nothing changed)", async () => {
    const { a, b, staff } = await setup();
    const self = await t.signInSponsorAdmin(a.id, { hasManageAdminsAccess: true });
    expect((await inject(self, 'PUT', `/api/v1/sponsors/admin/${self.userId}/deactivate?sponsorid=${a.id}`)).statusCode).toBe(409);
    const other = await t.signInSponsorAdmin(b.id, {}, 'other@beta.example');
    expect((await inject(staff, 'PUT', `/api/v1/sponsors/admin/${other.userId}/deactivate?sponsorid=${a.id}`)).statusCode).toBe(404);
    expect((await inject(self, 'PUT', `/api/v1/sponsors/admin/${other.userId}/deactivate?sponsorid=${b.id}`)).statusCode).toBe(403);
    expect((await inject(self, 'PUT', `/api/v1/sponsors/admin/${other.userId}/deactivate?sponsorid=${a.id}`)).statusCode).toBe(404);
    const [u] = await t.db.select().from(users).where(eq(users.id, other.userId));
    expect(u!.statusId).toBe(STATUS.active);
    expect(await audits('sponsor_admin.deactivate')).toHaveLength(0);
  });

  it("resets an administrator's MFA only with hasManageMfaAccess, ending their sessions", async () => {
    const { a } = await setup();
    const target = await t.signInSponsorAdmin(a.id, {}, 'target@acme.example');
    await t.db.update(users).set({ mfaEnabled: true, mfaSecret: 'SECRET' }).where(eq(users.id, target.userId));
    const without = await t.signInSponsorAdmin(a.id, {}, 'nomfa@acme.example');
    expect((await inject(without, 'POST', `/api/v1/sponsors/admin/${target.userId}/reset-mfa?sponsorid=${a.id}`, {})).statusCode).toBe(403);
    const withFlag = await t.signInSponsorAdmin(a.id, { hasManageMfaAccess: true }, 'mfa@acme.example');
    const res = await inject(withFlag, 'POST', `/api/v1/sponsors/admin/${target.userId}/reset-mfa?sponsorid=${a.id}`, {});
    expect(res.statusCode).toBe(200);
    const [u] = await t.db.select().from(users).where(eq(users.id, target.userId));
    expect(u).toMatchObject({ mfaEnabled: false, mfaSecret: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/authentication/me', headers: target.headers })).statusCode).toBe(401);
    const [entry] = await audits('sponsor_admin.reset_mfa');
    expect(entry).toMatchObject({ actorUserId: withFlag.userId, targetId: String(target.userId) });
  });
});

describe('least privilege', () => {
  const snapshot = async () => ({
    users: await t.db.select().from(users).orderBy(users.id),
    admins: await t.db.select().from(sponsorAdmins).orderBy(sponsorAdmins.id),
    audit: (await t.db.select().from(auditLog)).length,
    mail: (await t.db.select().from(emailOutbox)).length,
  });

  it('refuses every administrator change to an administrator without "Manage administrators", naming it, and changes nothing', async () => {
    const { a } = await setup();
    const flagless = await t.signInSponsorAdmin(a.id, {}, 'flagless@acme.example');
    const other = await t.signInSponsorAdmin(a.id, {}, 'other@acme.example');
    const before = await snapshot();
    const calls: [method: 'POST' | 'PUT', url: string, payload?: unknown][] = [
      ['POST', '/api/v1/sponsors/admin', newAdmin(a.id)],
      ['PUT', `/api/v1/sponsors/admin/${other.userId}?sponsorid=${a.id}`, { firstName: 'Renamed' }],
      ['PUT', `/api/v1/sponsors/admin/${other.userId}/deactivate?sponsorid=${a.id}`],
      ['PUT', `/api/v1/sponsors/admin/${other.userId}/activate?sponsorid=${a.id}`, { statusId: 2 }],
      ['PUT', `/api/v1/sponsors/admin/${other.userId}/resetpassword?sponsorid=${a.id}`],
      ['POST', `/api/v1/sponsors/admin/${other.userId}/activation-email?sponsorid=${a.id}`],
      ['PUT', `/api/v1/sponsors/admin/${flagless.userId}?sponsorid=${a.id}`, { hasManageAdminsAccess: true }],
    ];
    for (const [method, url, payload] of calls) {
      const res = await inject(flagless, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toMatch(/hasManageAdminsAccess/);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('lets nobody change their own flags or grant flags they do not hold', async () => {
    const { a } = await setup();
    const manager = await t.signInSponsorAdmin(a.id, { hasManageAdminsAccess: true }, 'manager@acme.example');
    const other = await t.signInSponsorAdmin(a.id, {}, 'other@acme.example');
    const before = await snapshot();
    const raise = await inject(manager, 'PUT', `/api/v1/sponsors/admin/${manager.userId}?sponsorid=${a.id}`, { hasManageMfaAccess: true });
    expect(raise.statusCode).toBe(403);
    expect(raise.json().message).toMatch(/your own access flags: hasManageMfaAccess/);
    const drop = await inject(manager, 'PUT', `/api/v1/sponsors/admin/${manager.userId}?sponsorid=${a.id}`, {
      hasManageAdminsAccess: false,
    });
    expect(drop.statusCode).toBe(403);
    const grant = await inject(manager, 'PUT', `/api/v1/sponsors/admin/${other.userId}?sponsorid=${a.id}`, { hasIntegrationAccess: true });
    expect(grant.statusCode).toBe(403);
    expect(grant.json().message).toMatch(/hasIntegrationAccess/);
    expect(await snapshot()).toEqual(before);
    // Their own name is theirs to fix; handing on a flag they hold is allowed.
    expect(
      (await inject(manager, 'PUT', `/api/v1/sponsors/admin/${manager.userId}?sponsorid=${a.id}`, { lastName: 'Lee' })).statusCode,
    ).toBe(200);
    const handed = await inject(manager, 'PUT', `/api/v1/sponsors/admin/${other.userId}?sponsorid=${a.id}`, {
      hasManageAdminsAccess: true,
    });
    expect(handed.json().hasManageAdminsAccess).toBe(true);
  });

  it('never leaves a portal without an active administrator, not even for staff', async () => {
    const { a, staff } = await setup();
    const manager = await t.signInSponsorAdmin(a.id, { hasManageAdminsAccess: true }, 'manager@acme.example');
    const other = await t.signInSponsorAdmin(a.id, {}, 'other@acme.example');
    expect((await inject(manager, 'PUT', `/api/v1/sponsors/admin/${other.userId}/deactivate?sponsorid=${a.id}`)).statusCode).toBe(200);
    const last = await inject(staff, 'PUT', `/api/v1/sponsors/admin/${manager.userId}/deactivate?sponsorid=${a.id}`);
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(
      'manager@acme.example is the last active administrator of this portal; activate another administrator first.',
    );
    const viaActivate = await inject(staff, 'PUT', `/api/v1/sponsors/admin/${manager.userId}/activate?sponsorid=${a.id}`, { statusId: 2 });
    expect(viaActivate.statusCode).toBe(409);
    const [u] = await t.db.select().from(users).where(eq(users.id, manager.userId));
    expect(u!.statusId).toBe(STATUS.active);
    expect(await audits('sponsor_admin.deactivate')).toHaveLength(1);
  });
});
