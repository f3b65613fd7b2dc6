import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '../../test/harness.js';
import { useTestApp } from '../../test/per-file-app.js';
import { APP_CATALOG, ensureCatalog } from './catalog.js';
import { DEMO_HOLDERS, seedDemoIfEmpty } from './demo.js';

const t = useTestApp();

const rows = async <T>(text: string) => (await t.database.query(text)) as T[];
const count = async (table: string) => (await rows<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;

describe('demo data', () => {
  it('fills an empty database with the promised variety', async () => {
    const result = await seedDemoIfEmpty(t.db, { adminPassword: TEST_PASSWORD });
    expect(result?.lines.join('\n')).toMatch(/admin@acme\.example/);

    const sponsors = await rows<{ sponsor_code: string; name: string }>('select sponsor_code, name from sponsors');
    expect(sponsors.length).toBeGreaterThanOrEqual(5);
    expect(new Set(sponsors.map((s) => s.sponsor_code.toLowerCase())).size).toBe(sponsors.length);

    const holders = await rows<{ status_id: number; n: number }>(
      "select status_id, count(*)::int as n from users where role = 'vault_holder' group by status_id order by status_id",
    );
    expect(holders.reduce((s, r) => s + r.n, 0)).toBe(DEMO_HOLDERS);
    expect(holders.map((r) => r.status_id)).toEqual([1, 2, 3, 4]);
    expect(await count('vault_holders')).toBe(DEMO_HOLDERS);
    expect(await count('vaults')).toBe(DEMO_HOLDERS);
    // Every holder sponsor has holders, archived vaults say why and by whom, storage used adds up.
    expect((await rows<{ n: number }>('select count(distinct sponsor_id)::int as n from vaults'))[0]!.n).toBe(sponsors.length);
    const archived = await rows<{ ok: boolean }>(
      `select bool_and(v.archive_reason is not null and length(v.archive_reason) >= 20 and v.archived_by_user_id is not null and v.archived_at is not null) as ok
         from vaults v join users u on u.id = v.holder_user_id where u.status_id = 4`,
    );
    expect(archived[0]!.ok).toBe(true);
    const storage = await rows<{ bad: number }>(
      `select count(*)::int as bad from vaults v
         where v.storage_used_bytes <> coalesce((select sum(size_bytes) from documents d where d.vault_id = v.id), 0)`,
    );
    expect(storage[0]!.bad).toBe(0);
    expect(await count('documents')).toBeGreaterThan(DEMO_HOLDERS);

    for (const table of [
      'sponsor_groups',
      'templates',
      'base_packages',
      'package_sponsor',
      'advisors',
      'sponsored_advisors',
      'vault_advisors',
      'sponsor_admins',
      'invitations',
      'failed_uploads',
      'sponsor_integrations',
      'sponsor_authorizations',
      'email_outbox',
    ])
      expect(await count(table), table).toBeGreaterThan(0);
    expect((await rows<{ n: number }>('select count(*)::int as n from sponsor_groups where parent_id is not null'))[0]!.n).toBeGreaterThan(
      0,
    );
    expect(
      (await rows<{ n: number }>("select count(*)::int as n from users where role = 'vault_holder' and test_account"))[0]!.n,
    ).toBeGreaterThan(0);

    // At most one default invitation per sponsor; strict ones carry the fixed code.
    const defaults = await rows<{ n: number }>('select count(*)::int as n from invitations where default_invite_code group by sponsor_id');
    expect(defaults.every((d) => d.n === 1)).toBe(true);
    const strict = await rows<{ code: string; def: boolean }>(
      "select distinct invite_code as code, default_invite_code as def from invitations where type = 'strict'",
    );
    expect(strict).toEqual([{ code: 'testInvitation', def: false }]);
    expect((await rows<{ n: number }>("select count(*)::int as n from invitations where type = 'open'"))[0]!.n).toBeGreaterThan(0);

    const reasons = await rows<{ reason: string }>('select distinct reason from failed_uploads order by reason');
    expect(reasons.map((r) => r.reason)).toEqual(['storage_error', 'too_large', 'type', 'virus']);

    // Audit entries spread over the last 60 days; API keys are stored hashed only.
    const span = await rows<{ days: number; n: number }>(
      'select extract(day from max(occurred_at) - min(occurred_at))::int as days, count(*)::int as n from audit_log',
    );
    expect(span[0]!.n).toBeGreaterThan(500);
    expect(span[0]!.days).toBeGreaterThanOrEqual(50);
    const keys = await rows<{ api_key_hash: string; api_key_prefix: string }>(
      'select api_key_hash, api_key_prefix from sponsor_integrations',
    );
    expect(keys.every((k) => /^[0-9a-f]{64}$/.test(k.api_key_hash) && k.api_key_prefix.length < 16)).toBe(true);

    const codes = await rows<{ code: string }>('select code from app_integrations order by code');
    expect(codes.map((c) => c.code)).toEqual(APP_CATALOG.map((a) => a.code).sort());
  });

  it('lets the sponsor administrator sign in with the staff password and see only their portal', async () => {
    await seedDemoIfEmpty(t.db, { adminPassword: TEST_PASSWORD });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/login',
      payload: { username: 'admin@acme.example', password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/sponsors',
      headers: { authorization: `Bearer ${login.json().accessToken}` },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((s: { sponsorCode: string }) => s.sponsorCode)).toEqual(['ACME']);
  });

  it('does nothing on a database that already has sponsors, and is deterministic', async () => {
    await seedDemoIfEmpty(t.db, {});
    const before = await rows<{ email: string }>("select email from users where role = 'vault_holder' order by id");
    const totals = { users: await count('users'), audit: await count('audit_log'), invitations: await count('invitations') };
    expect(await seedDemoIfEmpty(t.db, {})).toBeNull();
    expect({ users: await count('users'), audit: await count('audit_log'), invitations: await count('invitations') }).toEqual(totals);

    await t.reset();
    await seedDemoIfEmpty(t.db, {});
    const after = await rows<{ email: string }>("select email from users where role = 'vault_holder' order by id");
    expect(after).toEqual(before);
  });

  it('keeps the app catalogue idempotent', async () => {
    await ensureCatalog(t.db);
    await ensureCatalog(t.db);
    expect(await count('app_integrations')).toBe(APP_CATALOG.length);
    await t.db.execute(sql`delete from app_integrations where code = 'webhook'`);
    await ensureCatalog(t.db);
    expect(await count('app_integrations')).toBe(APP_CATALOG.length);
  });
});
