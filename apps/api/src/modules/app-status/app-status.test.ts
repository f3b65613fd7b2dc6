import type { AddressInfo } from 'node:net';
import { STATUS } from '@vault/contract';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { emailOutbox, failedUploads, invitations, users, vaultHolders, vaults } from '../../db/schema/index.js';
import { useTestApp } from '../../test/per-file-app.js';
import * as service from './app-status.service.js';

const t = useTestApp();

async function holder(sponsorId: number, email: string, statusId: number) {
  const [u] = await t.db
    .insert(users)
    .values({ role: 'vault_holder', sponsorId, email, firstName: 'H', lastName: 'H', statusId })
    .returning();
  await t.db.insert(vaultHolders).values({ userId: u!.id, sponsorId });
  const [v] = await t.db.insert(vaults).values({ holderUserId: u!.id, sponsorId }).returning();
  return v!.id;
}

describe('GET /api/v1/admin/{sponsorId}', () => {
  it('answers data, message and status 200 with every check, its state and latency, and the sponsor’s counts', async () => {
    const s = await t.createSponsor('ALPHA');
    const other = await t.createSponsor('BETA');
    await holder(s.id, 'a@x.example', STATUS.active);
    await holder(s.id, 'b@x.example', STATUS.active);
    await holder(s.id, 'c@x.example', STATUS.pending);
    await holder(other.id, 'd@x.example', STATUS.active);
    await t.db.insert(invitations).values([
      { sponsorId: s.id, type: 'open', inviteCode: 'OPEN1', max: 5, uses: 1 },
      { sponsorId: s.id, type: 'open', inviteCode: 'USED', max: 1, uses: 1 },
      { sponsorId: s.id, type: 'open', inviteCode: 'OLD', max: 5, expireTime: new Date(Date.now() - 1000) },
    ]);
    await t.db.insert(failedUploads).values({ sponsorId: s.id, fileName: 'x.pdf', reason: 'virus' });
    await t.db
      .insert(emailOutbox)
      .values({ toAddress: 'q@x.example', subject: 's', bodyText: 'b', template: 't', createdAt: new Date(Date.now() - 20 * 60_000) });
    const admin = await t.signInSponsorAdmin(s.id);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/admin/${s.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(200);
    expect(body.message).toBe('Some checks need attention');
    const checks = Object.fromEntries(body.data.checks.map((c: { key: string }) => [c.key, c]));
    expect(Object.keys(checks)).toEqual([
      'database',
      'mail',
      'outbox',
      'mail_failures',
      'failed_uploads',
      'version',
      'uptime',
      'portal_data',
    ]);
    for (const c of body.data.checks) expect(typeof c.latencyMs).toBe('number');
    expect(checks.database.state).toBe('ok');
    expect(checks.mail).toMatchObject({ state: 'info' });
    expect(checks.mail.detail).toMatch(/^Outbox only/);
    expect(checks.outbox).toMatchObject({ state: 'info', value: 1 });
    expect(checks.outbox.detail).toMatch(/1 message waiting; the oldest for 20 minutes/);
    expect(checks.failed_uploads).toMatchObject({ state: 'warning', value: 1 });
    expect(checks.version.value).toBe(service.VERSION);
    expect(body.data.sponsor).toMatchObject({
      id: s.id,
      sponsorCode: 'ALPHA',
      vaultsTotal: 3,
      pendingInvitations: 1,
      vaultsByStatus: [
        { statusId: 1, name: 'Active', count: 2 },
        { statusId: 3, name: 'Pending activation', count: 1 },
      ],
    });
  });

  it('refuses another sponsor (403), an unknown one (404) and sponsor 0 (400)', async () => {
    const a = await t.createSponsor('ALPHA');
    const b = await t.createSponsor('BETA');
    const admin = await t.signInSponsorAdmin(a.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/admin/${b.id}`, headers: admin.headers })).statusCode).toBe(403);
    const staff = await t.signInStaff();
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/admin/${b.id}`, headers: staff.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/9999', headers: staff.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/0', headers: staff.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/abc', headers: staff.headers })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/admin/${a.id}` })).statusCode).toBe(401);
  });

  it('verifies the SMTP transport when SMTP_URL is set, and reports it down when it is not reachable', async () => {
    const s = await t.createSponsor('ALPHA');
    const server = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as AddressInfo).port;
    const up = await service.status(t.database, loadConfig({ SMTP_URL: `smtp://127.0.0.1:${port}` } as NodeJS.ProcessEnv), s);
    expect(up.data.checks.find((c) => c.key === 'mail')).toMatchObject({ state: 'ok' });
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const down = await service.status(t.database, loadConfig({ SMTP_URL: `smtp://127.0.0.1:${port}/?down=1` } as NodeJS.ProcessEnv), s);
    expect(down.data.checks.find((c) => c.key === 'mail')).toMatchObject({ state: 'error' });
    expect(down.message).toBe('Some checks failed');
  });
});
