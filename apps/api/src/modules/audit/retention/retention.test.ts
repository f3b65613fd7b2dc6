import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditCheckpoints, auditLog } from '../../../db/schema/index.js';
import { useTestApp } from '../../../test/per-file-app.js';
import { parsePublicKey } from '../chain/canonical.js';
import { verifyExport } from '../chain/verify-export.js';
import { purgeExpiredMonths } from './purge.js';
import { ensureMonth } from './purge.repo.js';
import { monthStart } from './retention-rules.js';

const t = useTestApp();

/** The 10th of the month `monthsBack` months before this one, and its partition (made as the job makes them). */
async function monthAgo(monthsBack: number) {
  const start = monthStart(new Date(), monthsBack);
  const name = await ensureMonth(t.db, start);
  return { at: new Date(start.getTime() + 9 * 86_400_000), name: name!, label: start.toISOString().slice(0, 7) };
}

const partitionExists = async (name: string) =>
  ((await t.database.query<{ found: string | null }>(`select to_regclass($1)::text as found`, [name]))[0]?.found ?? null) !== null;

const entries = (sponsorId: number | null, at: Date, n: number) =>
  Array.from({ length: n }, (_, i) => ({ sponsorId, occurredAt: new Date(at.getTime() + i * 60_000), action: 'vault_holder.update' }));

const verify = async (headers: Record<string, string>, sponsorId: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/audit/verify?sponsorid=${sponsorId}`, headers })).json();

const retentionUrl = (code: string) => `/api/v1/sponsors/${code}/audit-retention`;
const put = (url: string, headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url, headers, payload });

/**
 * Two portals whose entries were written over the years, oldest first as time went (the chain
 * trigger numbers them in that order): ALPHA 100 and 90 months ago, BETA 90 months ago, both today.
 */
async function world() {
  const a = await t.createSponsor('ALPHA');
  const b = await t.createSponsor('BETA');
  const [m100, m90] = [await monthAgo(100), await monthAgo(90)];
  await t.db.insert(auditLog).values(entries(a.id, m100.at, 3));
  await t.db.insert(auditLog).values([...entries(a.id, m90.at, 2), ...entries(b.id, m90.at, 2)]);
  await t.db.insert(auditLog).values([...entries(a.id, new Date(), 2), ...entries(b.id, new Date(), 1)]);
  const staff = await t.signInStaff();
  return { a, b, m100, m90, staff };
}

describe('the retention job', () => {
  it('drops only months expired for every portal in them, signs a cut, audits the purge, and the chain verifies whole after it', async () => {
    const { a, b, m100, m90, staff } = await world();
    // BETA keeps ten years: the month 90 months ago holds BETA's entries, so it stays for everyone.
    expect((await put(retentionUrl('BETA'), staff.headers, { months: 120 })).statusCode).toBe(200);

    const result = await purgeExpiredMonths(t.database, t.app.auditSigner);
    expect(result).toMatchObject({
      months: [m100.label],
      rows: 3,
      chains: [{ chain: a.id, rows: 3, cutSeq: 3 }],
      keptBecause: 'not-expired',
    });
    expect(await partitionExists(m100.name)).toBe(false);
    expect(await partitionExists(m90.name)).toBe(true);
    const left = await t.db.select().from(auditLog).where(eq(auditLog.sponsorId, a.id));
    expect(left.map((e) => Number(e.chainSeq)).sort((x, y) => x - y)).toEqual([4, 5, 6, 7, 8]);

    // The cut is a signed checkpoint of ALPHA's last dropped entry, and verification starts from it.
    const [cut] = await t.db.select().from(auditCheckpoints).where(eq(auditCheckpoints.reason, 'cut'));
    expect(cut).toMatchObject({ sponsorId: a.id, chainSeq: 3 });
    const verified = await verify(staff.headers, a.id);
    expect(verified).toMatchObject({ whole: true, gaps: [], cut: { seq: 3 }, entries: 5, lastSeq: 8 });
    expect((await verify(staff.headers, b.id)).whole).toBe(true);

    // The purge is audited in the portal's chain (seq 8 above) and in the chain of no portal.
    const purges = await t.db.select().from(auditLog).where(eq(auditLog.action, 'audit.purge'));
    expect(purges.map((p) => [p.sponsorId, p.logJson])).toEqual(
      expect.arrayContaining([
        [a.id, { months: [m100.label], rows: 3, cutSeq: 3 }],
        [null, { months: [m100.label], rows: 3, portals: 1 }],
      ]),
    );

    // An export after the cut still verifies offline.
    const key = parsePublicKey((await t.app.inject({ method: 'GET', url: '/api/v1/audit/public-key' })).json().pem);
    const today = new Date().toISOString().slice(0, 10);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audit/export?format=ndjson&sponsorid=${a.id}&fromDate=${today}&toDate=${today}`,
      headers: staff.headers,
    });
    const lines = res.body.split('\n').filter((l) => l !== '');
    expect(await verifyExport(lines, key)).toMatchObject({ ok: true });

    // Nothing more is due: a second pass drops nothing.
    expect((await purgeExpiredMonths(t.database, t.app.auditSigner))!.months).toEqual([]);
  });

  it('never drops a month holding entries of a portal on legal hold, and drops it once the hold is lifted', async () => {
    const { a, m100, m90, staff } = await world();
    const hold = (legalHold: boolean) => put(`${retentionUrl('ALPHA')}/hold`, staff.headers, { legalHold, reason: 'Matter 2026-114' });
    expect((await hold(true)).json()).toMatchObject({ legalHold: true, holdReason: 'Matter 2026-114', canChangeHold: true });

    expect(await purgeExpiredMonths(t.database, t.app.auditSigner)).toMatchObject({ months: [], keptBecause: 'hold' });
    expect(await partitionExists(m100.name)).toBe(true);
    expect((await verify(staff.headers, a.id)).cut).toBeNull();

    await hold(false);
    expect((await purgeExpiredMonths(t.database, t.app.auditSigner))!.months).toEqual([m100.label, m90.label]);
    expect(await partitionExists(m90.name)).toBe(false);
    expect(await verify(staff.headers, a.id)).toMatchObject({ whole: true, cut: { seq: 5 } });
    const holds = await t.db
      .select({ action: auditLog.action, logJson: auditLog.logJson })
      .from(auditLog)
      .where(and(eq(auditLog.sponsorId, a.id), sql`${auditLog.action} like 'audit.hold.%'`))
      .orderBy(auditLog.id);
    expect(holds).toEqual([
      { action: 'audit.hold.set', logJson: { reason: 'Matter 2026-114' } },
      { action: 'audit.hold.lift', logJson: { reason: 'Matter 2026-114' } },
    ]);
  });

  it('keeps a month whose drop would leave a chain with kept entries older (by seq) than dropped ones', async () => {
    const a = await t.createSponsor('ALPHA');
    const m100 = await monthAgo(100);
    // Written today first, then back-dated: the old month would hold the chain's newest entry.
    await t.db.insert(auditLog).values(entries(a.id, new Date(), 1));
    await t.db.insert(auditLog).values(entries(a.id, m100.at, 1));
    expect(await purgeExpiredMonths(t.database, t.app.auditSigner)).toMatchObject({ months: [], keptBecause: 'chain-order' });
    expect(await partitionExists(m100.name)).toBe(true);
  });

  it('does not take a forged cut: one whose signature fails breaks the chain instead of hiding its start', async () => {
    const { a, staff } = await world();
    const [third] = await t.db
      .select({ hash: auditLog.hash })
      .from(auditLog)
      .where(and(eq(auditLog.sponsorId, a.id), eq(auditLog.chainSeq, 3)));
    await t.db.insert(auditCheckpoints).values({
      sponsorId: a.id,
      chainSeq: 3,
      hash: third!.hash,
      signedAt: new Date(),
      keyId: t.app.auditSigner.keyId,
      signature: `${'A'.repeat(86)}==`,
      reason: 'cut',
    });
    expect(await verify(staff.headers, a.id)).toMatchObject({
      whole: false,
      cut: { seq: 3 },
      firstBroken: { seq: 4, reason: 'checkpoint' },
    });
  });

  it('makes the partitions of this month and the next three', async () => {
    await purgeExpiredMonths(t.database, t.app.auditSigner);
    for (const ahead of [0, 1, 2, 3]) {
      const label = monthStart(new Date(), -ahead).toISOString().slice(0, 7).replace('-', '_');
      expect(await partitionExists(`audit_log_${label}`)).toBe(true);
    }
  });
});

describe('retention settings (/api/v1/sponsors/{sponsorCode}/audit-retention, /api/v1/audit/retention-policy)', () => {
  it('answers the default period, refuses a period below the minimum with a field error, and audits each change', async () => {
    const a = await t.createSponsor('ALPHA');
    const admin = await t.signInSponsorAdmin(a.id, { hasManageAdminsAccess: true });
    const got = await t.app.inject({ method: 'GET', url: retentionUrl('ALPHA'), headers: admin.headers });
    expect(got.json()).toMatchObject({
      months: 84,
      minimumMonths: 84,
      effectiveMonths: 84,
      legalHold: false,
      canChangePeriod: true,
      canChangeHold: false,
    });
    const low = await put(retentionUrl('ALPHA'), admin.headers, { months: 60 });
    expect(low.statusCode).toBe(400);
    expect(low.json().details).toEqual([{ field: 'months', message: "At least 84 months (the service's minimum)" }]);
    expect((await put(retentionUrl('ALPHA'), admin.headers, { months: 96 })).json()).toMatchObject({ months: 96, effectiveMonths: 96 });

    const staff = await t.signInStaff();
    const policy = await put('/api/v1/audit/retention-policy', staff.headers, { minimumMonths: 120 });
    expect(policy.json()).toEqual({ minimumMonths: 120, defaultMonths: 84 });
    // A portal that chose less now keeps its entries for the minimum.
    expect((await t.app.inject({ method: 'GET', url: retentionUrl('ALPHA'), headers: admin.headers })).json()).toMatchObject({
      months: 96,
      effectiveMonths: 120,
    });
    const audited = await t.db
      .select({ sponsorId: auditLog.sponsorId, action: auditLog.action, logJson: auditLog.logJson })
      .from(auditLog)
      .where(sql`${auditLog.action} like 'audit.retention.%'`)
      .orderBy(auditLog.id);
    expect(audited).toEqual([
      { sponsorId: a.id, action: 'audit.retention.update', logJson: { changes: { months: { from: 84, to: 96 } } } },
      { sponsorId: null, action: 'audit.retention.minimum', logJson: { changes: { minimumMonths: { from: 84, to: 120 } } } },
    ]);
  });

  it('keeps the hold and the minimum to staff, the period to administrators who manage administrators, and refuses bad input', async () => {
    const a = await t.createSponsor('ALPHA');
    await t.createSponsor('BETA');
    const plain = await t.signInSponsorAdmin(a.id, {});
    const manager = await t.signInSponsorAdmin(a.id, { hasManageAdminsAccess: true }, 'manager@test.local');
    expect((await put(retentionUrl('ALPHA'), plain.headers, { months: 96 })).statusCode).toBe(403);
    expect((await put(`${retentionUrl('ALPHA')}/hold`, manager.headers, { legalHold: true, reason: 'x' })).statusCode).toBe(403);
    expect((await put('/api/v1/audit/retention-policy', manager.headers, { minimumMonths: 1 })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: retentionUrl('BETA'), headers: manager.headers })).statusCode).toBe(403);

    const staff = await t.signInStaff();
    for (const payload of [{ months: 'seven' }, { months: 84.5 }, { months: 0 }, { months: 1201 }, { months: 96, hold: true }, {}]) {
      expect((await put(retentionUrl('ALPHA'), staff.headers, payload)).statusCode).toBe(400);
    }
    const noReason = await put(`${retentionUrl('ALPHA')}/hold`, staff.headers, { legalHold: true });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details).toEqual([{ field: 'reason', message: 'A reason is required to set a hold' }]);
    expect((await put('/api/v1/audit/retention-policy', staff.headers, { minimumMonths: -3 })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: retentionUrl('NOPE'), headers: staff.headers })).statusCode).toBe(404);
  });
});
