import { AUDIT_EXACT_COUNT_CAP, defaultAuditRange } from '@vault/contract';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema/index.js';
import { useTestApp } from '../../test/per-file-app.js';
import { createVault, vaultBody, vaultWorld } from '../vaults/vaults.fixtures.js';

const t = useTestApp();

const DAY = 86_400_000;
const entry = (sponsorId: number | null, daysAgo: number, action: string, extra: Partial<typeof auditLog.$inferInsert> = {}) => ({
  sponsorId,
  occurredAt: new Date(Date.now() - daysAgo * DAY),
  action,
  actorEmail: 'someone@example.com',
  logJson: { note: `${action} ${daysAgo}` },
  ...extra,
});

async function seed() {
  const a = await t.createSponsor('ALPHA');
  const b = await t.createSponsor('BETA');
  await t.db.insert(auditLog).values([
    entry(a.id, 0.1, 'vault_holder.activate', {
      actorEmail: 'ann@alpha.example',
      targetType: 'vault_holder',
      targetId: '7',
      logJson: { email: 'x@y.z', statusId: { from: 2, to: 1 } },
    }),
    entry(a.id, 3, 'vault_holder.deactivate'),
    entry(a.id, 10, 'invitation.create', { outcome: 'failure' }),
    entry(a.id, 40, 'vault_holder.activate'),
    entry(b.id, 1, 'vault_holder.activate', { actorEmail: 'bob@beta.example' }),
    entry(null, 2, 'auth.login_failed', { outcome: 'failure' }),
  ]);
  return { a, b };
}

describe('GET /api/v1/audit', () => {
  it('answers the default range (29 days before today to today), newest first, logJson as a JSON string', async () => {
    const { a } = await seed();
    const staff = await t.signInStaff();
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/audit?offset=0&limit=20&sponsorid=${a.id}`, headers: staff.headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const range = defaultAuditRange();
    expect(body).toMatchObject({
      total: 3,
      totalIsEstimate: false,
      activePage: 1,
      perPage: 20,
      startDate: range.fromDate,
      endDate: range.toDate,
    });
    expect(body.data.map((e: { action: string }) => e.action)).toEqual([
      'vault_holder.activate',
      'vault_holder.deactivate',
      'invitation.create',
    ]);
    const first = body.data[0];
    expect(typeof first.logJson).toBe('string');
    expect(JSON.parse(first.logJson)).toEqual({ email: 'x@y.z', statusId: { from: 2, to: 1 } });
    expect(first).toMatchObject({
      sponsorCode: 'ALPHA',
      actorEmail: 'ann@alpha.example',
      targetType: 'vault_holder',
      targetId: '7',
      outcome: 'success',
    });
  });

  it('names the keys of each target’s screen: a holder’s vault, an administrator’s link in the portal, a sub-portal’s code', async () => {
    const w = await vaultWorld(t);
    const admin = await t.signInSponsorAdmin(w.a.id);
    const holder = await createVault(t, admin, w.a.id, vaultBody({ packageId: w.gold.id }));
    await t.db
      .insert(auditLog)
      .values([
        entry(w.a.id, 0.01, 'sponsor_admin.update', { targetType: 'sponsor_admin', targetId: String(admin.userId) }),
        entry(w.b.id, 0.02, 'sponsor_admin.update', { targetType: 'sponsor_admin', targetId: String(admin.userId) }),
        entry(w.a.id, 0.03, 'sub_portal.update', { targetType: 'sub_portal', targetId: String(w.group.id) }),
        entry(w.a.id, 0.04, 'invitation.create', { targetType: 'invitation', targetId: 'not-a-number' }),
      ]);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/audit?sponsorid=${w.a.id}`, headers: admin.headers });
    const byAction = (action: string) => res.json().data.find((e: { action: string }) => e.action === action);
    expect(byAction('vault_holder.create')).toMatchObject({ targetId: String(holder.id), targetRef: { vaultId: holder.vaultId } });
    expect(byAction('sponsor_admin.update').targetRef.said).toEqual(expect.any(Number));
    expect(byAction('sub_portal.update').targetRef).toEqual({ groupCode: 'EAST' });
    expect(byAction('invitation.create').targetRef).toBeUndefined();
    const staff = await t.signInStaff();
    const other = await t.app.inject({ method: 'GET', url: `/api/v1/audit?sponsorid=${w.b.id}`, headers: staff.headers });
    // The administrator has no link in the other portal: nothing to open there.
    expect(other.json().data.find((e: { action: string }) => e.action === 'sponsor_admin.update').targetRef).toBeUndefined();
  });

  it('lets staff see every sponsor and filter by date range, action prefix, actor and outcome; pages', async () => {
    await seed();
    const staff = await t.signInStaff();
    const get = (q: string) => t.app.inject({ method: 'GET', url: `/api/v1/audit?${q}`, headers: staff.headers });
    const all = await get('offset=0&limit=20');
    // Five seeded entries in range, of both sponsors and of none.
    expect(all.json().total).toBe(5);
    expect(all.json().data.map((e: { sponsorCode: string | null }) => e.sponsorCode)).toEqual(['ALPHA', 'BETA', null, 'ALPHA', 'ALPHA']);
    const zero = await get('offset=0&limit=20&sponsorid=0');
    expect(zero.json().total).toBe(5);
    const from = new Date(Date.now() - 50 * DAY).toISOString().slice(0, 10);
    const to = new Date(Date.now() - 5 * DAY).toISOString().slice(0, 10);
    const ranged = await get(`fromDate=${from}&toDate=${to}`);
    expect(ranged.json().data.map((e: { action: string }) => e.action)).toEqual(['invitation.create', 'vault_holder.activate']);
    expect(ranged.json()).toMatchObject({ startDate: from, endDate: to });
    expect((await get('action=vault_holder.')).json().total).toBe(3);
    expect((await get('action=vault_holder.activate')).json().total).toBe(2);
    expect((await get('actor=BOB@')).json().data[0].actorEmail).toBe('bob@beta.example');
    expect((await get('outcome=failure')).json().total).toBe(2);
    const page = await get('offset=2&limit=2');
    expect(page.json()).toMatchObject({ activePage: 2, perPage: 2, total: 5 });
    expect(page.json().data).toHaveLength(2);
  });

  it('refuses bad input with 400', async () => {
    const staff = await t.signInStaff();
    const get = (q: string) => t.app.inject({ method: 'GET', url: `/api/v1/audit?${q}`, headers: staff.headers });
    expect((await get('limit=500')).statusCode).toBe(400);
    expect((await get('offset=-1')).statusCode).toBe(400);
    expect((await get('fromDate=31/01/2024')).statusCode).toBe(400);
    expect((await get('fromDate=2024-02-31x')).statusCode).toBe(400);
    expect((await get('fromDate=2024-03-10&toDate=2024-03-01')).statusCode).toBe(400);
    expect((await get('fromDate=2020-01-01&toDate=2024-01-01')).statusCode).toBe(400);
    expect((await get('sponsorid=abc')).statusCode).toBe(400);
    expect((await get('sponsorid=999')).statusCode).toBe(404);
  });

  it('shows a sponsor administrator only their own sponsor', async () => {
    const { a, b } = await seed();
    const admin = await t.signInSponsorAdmin(a.id);
    const own = await t.app.inject({ method: 'GET', url: '/api/v1/audit', headers: admin.headers });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.every((e: { sponsorId: number }) => e.sponsorId === a.id)).toBe(true);
    expect(own.json().total).toBe(3);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/audit?sponsorid=${b.id}`, headers: admin.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/audit?sponsorId=${a.id}`, headers: admin.headers })).json().total).toBe(3);
  });

  it('estimates the total beyond the exact-count cap and says so', async () => {
    const a = await t.createSponsor('ALPHA');
    await t.database.query(
      `insert into audit_log (sponsor_id, occurred_at, action) select $1, now() - (g || ' seconds')::interval, 'bulk.test' from generate_series(1, ${AUDIT_EXACT_COUNT_CAP + 500}) g`,
      [a.id],
    );
    await t.database.query('analyze audit_log');
    const staff = await t.signInStaff();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audit?sponsorid=${a.id}&offset=${AUDIT_EXACT_COUNT_CAP + 480}&limit=20`,
      headers: staff.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().totalIsEstimate).toBe(true);
    expect(res.json().total).toBeGreaterThan(AUDIT_EXACT_COUNT_CAP);
    expect(res.json().data).toHaveLength(20);
  });
});

describe('append-only', () => {
  it('the database refuses UPDATE and DELETE, and no route changes an entry', async () => {
    await seed();
    await expect(t.database.query(`update audit_log set action = 'forged'`)).rejects.toThrow(/append-only/);
    await expect(t.database.query('delete from audit_log')).rejects.toThrow(/append-only/);
    const staff = await t.signInStaff();
    for (const method of ['DELETE', 'PUT', 'PATCH', 'POST'] as const) {
      const res = await t.app.inject({ method, url: '/api/v1/audit', headers: staff.headers, payload: {} });
      expect(res.statusCode).toBe(404);
    }
    const rows = await t.db.select().from(auditLog);
    expect(rows.some((r) => r.action === 'forged')).toBe(false);
  });
});

describe('CSV export', () => {
  it('exports the filtered range with formula-safe cells, and records the export', async () => {
    const a = await t.createSponsor('ALPHA');
    await t.db
      .insert(auditLog)
      .values([
        entry(a.id, 1, 'vault_holder.update', { actorEmail: '=HYPERLINK("http://evil")', logJson: { firstName: '+SUM(A1)' } }),
        entry(a.id, 2, 'invitation.create'),
        entry(a.id, 45, 'vault_holder.update'),
      ]);
    const staff = await t.signInStaff();
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/audit/export?sponsorid=${a.id}`, headers: staff.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit-\d+-.*\.csv"/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('Time,Actor,Actor portal id,Portal,Action,Action code,Target type,Target id,Outcome,Client address,Details');
    // The export records itself first, so it is the newest line of its own range.
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain('audit.export');
    expect(lines[2]).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(res.body).not.toMatch(/,=|,\+|^=/m);
    const filtered = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audit/export?sponsorid=${a.id}&action=invitation`,
      headers: staff.headers,
    });
    expect(filtered.body.trim().split('\r\n')).toHaveLength(2);
    const exports = (await t.db.select().from(auditLog)).filter((e) => e.action === 'audit.export');
    expect(exports).toHaveLength(2);
  });

  it('writes the action and target in words and the time as the screen does (the zone named), the code in its own column', async () => {
    const a = await t.createSponsor('ALPHA');
    await t.db.insert(auditLog).values([
      {
        ...entry(a.id, 0, 'vault_holder.activate', { targetType: 'vault_holder', targetId: '7' }),
        occurredAt: new Date('2026-03-10T18:40:00Z'),
      },
    ]);
    const staff = await t.signInStaff();
    const range = `sponsorid=${a.id}&fromDate=2026-03-10&toDate=2026-03-10`;
    const rowsOf = async (query: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/audit/export?${query}`, headers: staff.headers });
      expect(res.statusCode).toBe(200);
      return res.body.trim().split('\r\n');
    };
    const inNewYork = await rowsOf(`${range}&timeZone=America/New_York`);
    expect(inNewYork).toHaveLength(2);
    expect(inNewYork[1]).toMatch(
      /^03\/10\/2026 2:40 pm America\/New_York,someone@example\.com,,ALPHA,Vault holder activated,vault_holder\.activate,Vault holder,7,success,/,
    );
    // Without the reader's zone the file says UTC, still in the portal's format.
    expect((await rowsOf(range))[1]).toMatch(/^03\/10\/2026 6:40 pm UTC,/);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api/v1/audit/export?${range}&timeZone=Mars/Olympus`,
      headers: staff.headers,
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('keeps a sponsor administrator to their own sponsor', async () => {
    const a = await t.createSponsor('ALPHA');
    const b = await t.createSponsor('BETA');
    await t.db.insert(auditLog).values([entry(a.id, 1, 'mine'), entry(b.id, 1, 'theirs')]);
    const admin = await t.signInSponsorAdmin(a.id);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/audit/export?sponsorid=${b.id}`, headers: admin.headers })).statusCode).toBe(
      403,
    );
    const own = await t.app.inject({ method: 'GET', url: '/api/v1/audit/export', headers: admin.headers });
    expect(own.body).toContain('mine');
    expect(own.body).not.toContain('theirs');
  });
});
