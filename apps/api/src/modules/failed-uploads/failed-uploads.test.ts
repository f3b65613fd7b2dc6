import { STATUS } from '@vault/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, emailOutbox, failedUploads, users, vaultHolders, vaults } from '../../db/schema/index.js';
import { integrationKey } from '../../test/integration-key.js';
import { useTestApp } from '../../test/per-file-app.js';

const t = useTestApp({ catalog: true });

async function holderWithVault(sponsorId: number, email: string) {
  const [u] = await t.db
    .insert(users)
    .values({ role: 'vault_holder', sponsorId, email, firstName: 'Hanna', lastName: 'Holder', statusId: STATUS.active })
    .returning();
  await t.db.insert(vaultHolders).values({ userId: u!.id, sponsorId });
  const [v] = await t.db.insert(vaults).values({ holderUserId: u!.id, sponsorId }).returning();
  return { userId: u!.id, vaultId: v!.id };
}

const report = (key: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/v1/upload-failed-files', headers: { 'x-api-key': key }, payload });

describe('reporting a failed upload', () => {
  it('records it for the key’s sponsor, links holder and vault, and audits it', async () => {
    const s = await t.createSponsor('ALPHA');
    const staff = await t.signInStaff();
    const h = await holderWithVault(s.id, 'hanna@example.com');
    const key = await integrationKey(t, staff, s.id, ['report_failed_uploads']);
    const res = await report(key, {
      fileName: 'tax 2024.pdf',
      sizeBytes: 3_000_000,
      contentType: 'application/pdf',
      reason: 'storage_error',
      detail: 'S3 timeout',
      vaultId: h.vaultId,
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(failedUploads);
    expect(row).toMatchObject({ sponsorId: s.id, vaultId: h.vaultId, holderUserId: h.userId, status: 'failed', reason: 'storage_error' });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'failed_upload.report'));
    expect(entry).toMatchObject({ sponsorId: s.id, actorEmail: 'integration:doc-scanner', targetId: String(row!.id) });
    // Holder only: the vault is found.
    expect((await report(key, { fileName: 'a.pdf', sizeBytes: 1, reason: 'type', holderUserId: h.userId })).statusCode).toBe(201);
  });

  it('validates the body and refuses another sponsor’s vault', async () => {
    const a = await t.createSponsor('ALPHA');
    const b = await t.createSponsor('BETA');
    const staff = await t.signInStaff();
    const other = await holderWithVault(b.id, 'bob@example.com');
    const key = await integrationKey(t, staff, a.id, ['report_failed_uploads']);
    expect((await report(key, { fileName: '', sizeBytes: 1, reason: 'virus' })).statusCode).toBe(400);
    expect((await report(key, { fileName: 'a', sizeBytes: -1, reason: 'virus' })).statusCode).toBe(400);
    expect((await report(key, { fileName: 'a', sizeBytes: 1, reason: 'gremlins' })).statusCode).toBe(400);
    expect((await report(key, { fileName: 'a', sizeBytes: 1, reason: 'virus', contentType: 'pdf' })).statusCode).toBe(400);
    expect((await report(key, { fileName: 'a', sizeBytes: 1, reason: 'virus', sponsorId: b.id })).statusCode).toBe(400);
    expect((await report(key, { fileName: 'a', sizeBytes: 1, reason: 'virus', occurredAt: '2999-01-01T00:00:00Z' })).statusCode).toBe(400);
    expect((await report(key, { fileName: 'a', sizeBytes: 1, reason: 'virus', vaultId: other.vaultId })).statusCode).toBe(404);
    expect((await report(key, { fileName: 'a', sizeBytes: 1, reason: 'virus', holderUserId: other.userId })).statusCode).toBe(404);
    expect(await t.db.select().from(failedUploads)).toHaveLength(0);
    // A session cannot report: it is an integration call.
    const bySession = await t.app.inject({
      method: 'POST',
      url: '/api/v1/upload-failed-files',
      headers: staff.headers,
      payload: { fileName: 'a', sizeBytes: 1, reason: 'virus' },
    });
    expect(bySession.statusCode).toBe(401);
  });
});

describe('the Failed Files list', () => {
  async function seed(sponsorId: number, holder: { userId: number; vaultId: number }) {
    const day = 86_400_000;
    const now = Date.now();
    const rows = [
      { fileName: 'new.pdf', reason: 'virus' as const, occurredAt: new Date(now - 3600_000) },
      { fileName: 'week.mov', reason: 'too_large' as const, occurredAt: new Date(now - 7 * day) },
      { fileName: 'old.exe', reason: 'type' as const, occurredAt: new Date(now - 40 * day) },
      { fileName: 'gone.pdf', reason: 'virus' as const, occurredAt: new Date(now - 2 * day), status: 'dismissed' as const },
    ];
    return t.db
      .insert(failedUploads)
      .values(rows.map((r) => ({ sponsorId, vaultId: holder.vaultId, holderUserId: holder.userId, sizeBytes: 10, ...r })))
      .returning();
  }

  it('pages newest first with holder and vault, filters by date, reason and status', async () => {
    const s = await t.createSponsor('ALPHA');
    const h = await holderWithVault(s.id, 'hanna@example.com');
    await seed(s.id, h);
    const admin = await t.signInSponsorAdmin(s.id);
    const get = (q: string) =>
      t.app.inject({ method: 'GET', url: `/api/v1/upload-failed-files?sponsorId=${s.id}${q}`, headers: admin.headers });
    const all = await get('');
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(3);
    expect(all.json().data.map((r: { fileName: string }) => r.fileName)).toEqual(['new.pdf', 'week.mov', 'old.exe']);
    expect(all.json().data[0]).toMatchObject({
      vaultId: h.vaultId,
      holder: { userId: h.userId, email: 'hanna@example.com' },
      status: 'failed',
    });
    const page2 = await get('&offset=1&limit=1');
    expect(page2.json()).toMatchObject({ total: 3, activePage: 2, perPage: 1 });
    expect(page2.json().data[0].fileName).toBe('week.mov');
    const from = new Date(Date.now() - 10 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date().toISOString().slice(0, 10);
    expect((await get(`&fromDate=${from}&toDate=${to}`)).json().total).toBe(2);
    expect((await get('&reason=virus')).json().total).toBe(1);
    expect((await get('&status=all')).json().total).toBe(4);
    expect((await get('&status=dismissed')).json().data[0].fileName).toBe('gone.pdf');
    expect((await get('&reason=nope')).statusCode).toBe(400);
    expect((await get('&fromDate=yesterday')).statusCode).toBe(400);
    expect((await get(`&fromDate=${to}&toDate=${from}`)).statusCode).toBe(400);
  });

  it('retries (marks, queues a notice to the holder, audits) and dismisses, alone or in bulk', async () => {
    const s = await t.createSponsor('ALPHA');
    const h = await holderWithVault(s.id, 'hanna@example.com');
    const rows = await seed(s.id, h);
    const admin = await t.signInSponsorAdmin(s.id);
    const post = (action: string, ids: number[]) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/upload-failed-files/${action}?sponsorId=${s.id}`,
        headers: admin.headers,
        payload: { ids },
      });
    const retried = await post('retry', [rows[0]!.id, rows[1]!.id, rows[3]!.id]);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().message).toBe(
      '2 files marked for retry; 2 notices queued. 1 file was not in the Failed state and left unchanged.',
    );
    const mail = await t.db.select().from(emailOutbox);
    expect(mail).toHaveLength(2);
    expect(mail[0]).toMatchObject({ toAddress: 'hanna@example.com', template: 'failed_upload_retry', status: 'queued' });
    expect(mail.map((m) => m.subject)).toContain('Please upload "new.pdf" again');
    const after = await t.db.select().from(failedUploads).where(eq(failedUploads.id, rows[0]!.id));
    expect(after[0]).toMatchObject({ status: 'retry_requested', resolvedByUserId: admin.userId });

    const one = await post('dismiss', [rows[2]!.id]);
    expect(one.json().message).toBe('1 file dismissed.');
    const bulk = await post('dismiss', [rows[0]!.id, rows[1]!.id, rows[2]!.id]);
    expect(bulk.json().message).toBe('2 files dismissed. 1 file was already dismissed.');
    const actions = (await t.db.select().from(auditLog)).map((e) => e.action);
    expect(actions.filter((a) => a === 'failed_upload.retry')).toHaveLength(2);
    expect(actions.filter((a) => a === 'failed_upload.dismiss')).toHaveLength(3);
    expect((await post('dismiss', [])).statusCode).toBe(400);
  });

  it('lists every portal’s files to staff with allPortals=true, each with its portal, filters applying (decision 0052)', async () => {
    const a = await t.createSponsor('ALPHA');
    const b = await t.createSponsor('BETA');
    const day = (d: string, fileName: string, sponsorId: number, status: 'failed' | 'dismissed' = 'failed') => ({
      sponsorId,
      fileName,
      sizeBytes: 1,
      reason: 'virus' as const,
      status,
      occurredAt: new Date(`${d}T12:00:00Z`),
    });
    await t.db
      .insert(failedUploads)
      .values([
        day('2026-03-02', 'a1.pdf', a.id),
        day('2026-03-02', 'a2.pdf', a.id, 'dismissed'),
        day('2026-03-05', 'a3.pdf', a.id),
        day('2026-03-02', 'b1.pdf', b.id),
        day('2026-03-01', 'b2.pdf', b.id),
      ]);
    const staff = await t.signInStaff();
    const get = (q: string) => t.app.inject({ method: 'GET', url: `/api/v1/upload-failed-files?${q}`, headers: staff.headers });
    const every = await get('allPortals=true');
    expect(every.statusCode).toBe(200);
    expect(every.json().total).toBe(4);
    expect(
      every.json().data.map((r: { fileName: string; sponsorId: number; sponsorCode: string }) => [r.fileName, r.sponsorId, r.sponsorCode]),
    ).toEqual([
      ['a3.pdf', a.id, 'ALPHA'],
      ['b1.pdf', b.id, 'BETA'],
      ['a1.pdf', a.id, 'ALPHA'],
      ['b2.pdf', b.id, 'BETA'],
    ]);
    // The Overview's "failed uploads on this day" across portals: from, to and status=all.
    const onDay = await get('allPortals=true&fromDate=2026-03-02&toDate=2026-03-02&status=all');
    expect(onDay.json().total).toBe(3);
    expect(
      onDay
        .json()
        .data.map((r: { fileName: string }) => r.fileName)
        .sort(),
    ).toEqual(['a1.pdf', 'a2.pdf', 'b1.pdf']);
    expect((await get('allPortals=true&status=dismissed')).json().data.map((r: { sponsorCode: string }) => r.sponsorCode)).toEqual([
      'ALPHA',
    ]);
    expect((await get('allPortals=true&offset=1&limit=2')).json()).toMatchObject({ total: 4, activePage: 1, perPage: 2 });
    // One portal's list names its portal too.
    expect((await get(`sponsorId=${b.id}`)).json().data.map((r: { sponsorCode: string }) => r.sponsorCode)).toEqual(['BETA', 'BETA']);
    // Never with a portal, only "true", and only for staff.
    expect((await get(`allPortals=true&sponsorId=${a.id}`)).statusCode).toBe(400);
    expect((await get('allPortals=yes')).statusCode).toBe(400);
    expect((await get('allPortals=false')).statusCode).toBe(400);
    expect((await get('')).statusCode).toBe(400);
    const admin = await t.signInSponsorAdmin(a.id);
    const asAdmin = await t.app.inject({ method: 'GET', url: '/api/v1/upload-failed-files?allPortals=true', headers: admin.headers });
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().message).toMatch(/staff/);
  });

  it('keeps other sponsors’ files out: 403 for their list, 404 for their ids, nothing changes', async () => {
    const a = await t.createSponsor('ALPHA');
    const b = await t.createSponsor('BETA');
    const hb = await holderWithVault(b.id, 'bob@example.com');
    const rows = await seed(b.id, hb);
    const ha = await holderWithVault(a.id, 'ann@example.com');
    const mine = await seed(a.id, ha);
    const admin = await t.signInSponsorAdmin(a.id);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/upload-failed-files?sponsorId=${b.id}`, headers: admin.headers })).statusCode,
    ).toBe(403);
    const mixed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/upload-failed-files/dismiss?sponsorId=${a.id}`,
      headers: admin.headers,
      payload: { ids: [mine[0]!.id, rows[0]!.id] },
    });
    expect(mixed.statusCode).toBe(404);
    const statuses = (await t.db.select().from(failedUploads)).filter((r) => r.status === 'dismissed');
    expect(statuses).toHaveLength(2);
    expect(await t.db.select().from(emailOutbox)).toHaveLength(0);
  });
});
