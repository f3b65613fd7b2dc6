import type { OverviewResponse } from '@vault/contract';
import { describe, expect, it } from 'vitest';
import { injector, useTestApp } from '../../test/per-file-app.js';
import { histogramMedian } from './overview.service.js';

const t = useTestApp();
const inject = injector(t);
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => t.database.query<T>(text, params);

const DAY = 86_400_000;
const now = Date.now();
const ago = (days: number, hours = 0) => new Date(now - days * DAY - hours * 3600_000).toISOString();
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * A portal's book made with plain statements (multi-row inserts, updates, deletes, a load in
 * replica mode), so the counters are checked against every way rows change, not only the routes'.
 */
async function book(sponsorId: number, seed: number) {
  const [pkg1] = await q<{ id: number }>(
    `insert into base_packages (name, storage_quota_bytes, list_price_cents) values ($1, 1, 100) returning id`,
    [`Gold ${seed}`],
  );
  const [pkg2] = await q<{ id: number }>(
    `insert into base_packages (name, storage_quota_bytes, list_price_cents) values ($1, 1, 100) returning id`,
    [`Silver ${seed}`],
  );
  for (const p of [pkg1!, pkg2!])
    await q('insert into package_sponsor (sponsor_id, package_id, price_sale_cents) values ($1, $2, 90)', [sponsorId, p.id]);

  // 40 holders over the last 400 days, one statement: some activated after 0 to 12 days.
  const values: string[] = [];
  const params: unknown[] = [];
  const pendingEmails: string[] = [];
  for (let i = 0; i < 40; i++) {
    const createdDaysAgo = (i * 37 + seed * 11) % 400;
    const status = [1, 2, 3, 4, 1][(i + seed) % 5]!;
    if (status === 3 && i >= 3) pendingEmails.push(`h${seed}-${i}@example.com`);
    const activated =
      status !== 3 ? new Date(Date.parse(ago(createdDaysAgo, 3)) + ((i * 5 + seed) % 13) * DAY + 3600_000).toISOString() : null;
    params.push(`h${seed}-${i}@example.com`, status, ago(createdDaysAgo, 3), activated);
    const n = params.length;
    values.push(`('vault_holder', ${sponsorId}, $${n - 3}, 'H', 'Older', $${n - 2}, $${n - 1}, $${n})`);
  }
  const holders = await q<{ id: number }>(
    `insert into users (role, sponsor_id, email, first_name, last_name, status_id, created_at, activated_at) values ${values.join(', ')} returning id`,
    params,
  );
  const ids = holders.map((h) => h.id);
  await q(`insert into vault_holders (user_id, sponsor_id) select unnest($1::int[]), $2`, [ids, sponsorId]);
  await q(
    `insert into vaults (holder_user_id, sponsor_id, package_id, created_at)
     select u.id, u.sponsor_id, case when u.id % 3 = 0 then $2::int when u.id % 3 = 1 then $3::int else null end, u.created_at
     from users u where u.id = any($1::int[])`,
    [ids, pkg1!.id, pkg2!.id],
  );
  // Changes after the fact: a status change, a package change, a deletion.
  await q(`update users set status_id = 2 where id = $1`, [ids[0]]);
  await q(`update vaults set package_id = $2 where holder_user_id = $1`, [ids[1], pkg1!.id]);
  await q(`delete from users where id = $1`, [ids[2]]);

  // A bulk load with ordinary triggers switched off, as the vault import and the seed run.
  await t.database.db.transaction(async (tx) => {
    const { sql } = await import('drizzle-orm');
    await tx.execute(sql.raw("set local session_replication_role = 'replica'"));
    const [u] = (
      (await tx.execute(
        sql`insert into users (role, sponsor_id, email, first_name, last_name, status_id, created_at)
            values ('vault_holder', ${sponsorId}, ${`bulk${seed}@example.com`}, 'B', 'Ulk', 3, ${ago(1)}) returning id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    await tx.execute(sql`insert into vault_holders (user_id, sponsor_id) values (${u!.id}, ${sponsorId})`);
    await tx.execute(sql`insert into vaults (holder_user_id, sponsor_id, package_id) values (${u!.id}, ${sponsorId}, ${pkg2!.id})`);
  });

  // Invitations: pending, expiring within 7 days, expired, used; some redeemed, two redeemers activate later.
  const inv = await q<{ id: number; email: string }>(
    `insert into invitations (sponsor_id, type, invite_code, email, max, uses, expire_time, created_at) values
       ($1, 'strict', 'c1', $2, 1, 0, null, $3),
       ($1, 'strict', 'c2', $4, 1, 0, $5, $6),
       ($1, 'strict', 'c3', $7, 1, 0, $8, $9),
       ($1, 'strict', 'c4', $10, 1, 1, $11, $12),
       ($1, 'strict', 'c5', $13, 1, 0, $14, $15)
     returning id, email`,
    [
      sponsorId,
      `i1-${seed}@example.com`,
      ago(2),
      `i2-${seed}@example.com`,
      new Date(now + 3 * DAY).toISOString(),
      ago(5),
      `i3-${seed}@example.com`,
      ago(1),
      ago(40),
      pendingEmails[0],
      new Date(now + 30 * DAY).toISOString(),
      ago(10),
      pendingEmails[1],
      new Date(now + 9 * DAY).toISOString(),
      ago(3),
    ],
  );
  await q(`insert into invitation_redemptions (invitation_id, email, redeemed_at) values ($1, $2, $3), ($4, $5, $6)`, [
    inv[3]!.id,
    inv[3]!.email,
    ago(4),
    inv[4]!.id,
    inv[4]!.email,
    ago(2),
  ]);
  // Two pending holders redeemed; they activate now (one statement) with a third that did not redeem.
  await q(`update users set activated_at = now(), status_id = 1 where email = any($1::text[])`, [pendingEmails.slice(0, 3)]);
  // The funnel counts the audit entries the redemption route and the activations write with them
  // (decision 0050), here one statement each: the redemptions, and the activations after one.
  await q(
    `insert into audit_log (sponsor_id, action, outcome, occurred_at, target_type, target_id)
     select i.sponsor_id, 'invitation.redeem', 'success', r.redeemed_at, 'invitation', i.id::text
       from invitation_redemptions r join invitations i on i.id = r.invitation_id where i.sponsor_id = $1`,
    [sponsorId],
  );
  await q(
    `insert into audit_log (sponsor_id, action, outcome, occurred_at, target_type, target_id)
     select sponsor_id, 'invitation.vault_activated', 'success', activated_at, 'vault_holder', id::text from users where email = any($1::text[])`,
    [pendingEmails.slice(0, 2)],
  );

  await q(
    `insert into failed_uploads (sponsor_id, file_name, reason, occurred_at)
     select $1, 'f' || g, 'virus', now() - (g * 2 + $2) * interval '1 day' from generate_series(0, 20) g`,
    [sponsorId, seed % 3],
  );
  await q(`delete from failed_uploads where id = (select min(id) from failed_uploads where sponsor_id = $1)`, [sponsorId]);

  // Sign-ins (and a failed one, and another action), written as the audit log receives them.
  await q(
    `insert into audit_log (sponsor_id, action, outcome, occurred_at)
     select $1, case when g % 7 = 0 then 'auth.login_failed' when g % 11 = 0 then 'vault.update' else 'auth.login' end,
            case when g % 7 = 0 then 'failure' else 'success' end, now() - (g % 45) * interval '1 day'
     from generate_series(1, 60 + $2) g`,
    [sponsorId, seed],
  );
  await q(
    `with u as (insert into users (role, sponsor_id, email, first_name, last_name, mfa_enabled) values
       ('sponsor_admin', $1, $2, 'A', 'One', false), ('sponsor_admin', $1, $3, 'A', 'Two', true) returning id)
     insert into sponsor_admins (user_id, sponsor_id) select id, $1 from u`,
    [sponsorId, `a1-${seed}@example.com`, `a2-${seed}@example.com`],
  );
}

/** The figures counted from the rows themselves, by the definitions of decision 0046. */
async function counted(sponsorId: number | null, from: string, to: string) {
  const where = sponsorId === null ? 'sponsor_id is not null' : `sponsor_id = ${sponsorId}`;
  const num = async (text: string, params: unknown[] = []) => Number((await q<{ n: string }>(text, params))[0]!.n);
  const fromTs = `${from}T00:00:00Z`;
  const toTs = new Date(Date.parse(`${to}T00:00:00Z`) + DAY).toISOString();
  const holders = `users where role = 'vault_holder' and ${where}`;
  const perDay = async (table: string, column: string, extra: string, start: string, end: string) => {
    const rows = await q<{ day: string; n: string }>(
      `select to_char(${column} at time zone 'UTC', 'YYYY-MM-DD') as day, count(*) as n from ${table}
       where ${where} ${extra} and ${column} >= $1 and ${column} < $2 group by 1`,
      [`${start}T00:00:00Z`, new Date(Date.parse(`${end}T00:00:00Z`) + DAY).toISOString()],
    );
    return new Map(rows.map((r) => [r.day, Number(r.n)]));
  };
  const activationDays = await q<{ d: number }>(
    `select floor(extract(epoch from activated_at - created_at) / 86400)::int as d from ${holders}
     and activated_at is not null and created_at >= $1 and created_at < $2 order by 1`,
    [fromTs, toTs],
  );
  const median = histogramMedian(activationDays.map((r) => ({ value: r.d, count: 1 })));
  return {
    statuses: await q<{ statusId: number; n: string }>(
      `select status_id as "statusId", count(*) as n from ${holders} group by 1 order by 1`,
    ),
    packages: await q<{ packageId: number | null; n: string }>(
      `select package_id as "packageId", count(*) as n from vaults where ${where} group by 1 order by 2 desc, 1`,
    ),
    sent: await num(`select count(*) as n from invitations where ${where} and created_at >= $1 and created_at < $2`, [fromTs, toTs]),
    redeemed: await num(
      `select count(*) as n from invitation_redemptions r join invitations i on i.id = r.invitation_id
       where i.${where} and r.redeemed_at >= $1 and r.redeemed_at < $2`,
      [fromTs, toTs],
    ),
    invitationActivated: await num(
      `select count(*) as n from ${holders} and activated_at >= $1 and activated_at < $2 and exists (
         select 1 from invitation_redemptions r join invitations i on i.id = r.invitation_id
         where lower(r.email) = lower(users.email) and i.sponsor_id = users.sponsor_id and r.redeemed_at <= users.activated_at)`,
      [fromTs, toTs],
    ),
    created: await num(`select count(*) as n from ${holders} and created_at >= $1 and created_at < $2`, [fromTs, toTs]),
    activated: await num(`select count(*) as n from ${holders} and activated_at is not null and created_at >= $1 and created_at < $2`, [
      fromTs,
      toTs,
    ]),
    median,
    pending: await num(
      `select count(*) as n from invitations where ${where} and uses < max and (expire_time is null or expire_time > now())`,
    ),
    expiringSoon: await num(
      `select count(*) as n from invitations where ${where} and uses < max and expire_time > now() and expire_time <= now() + interval '7 days'`,
    ),
    admins: await num(`select count(*) as n from sponsor_admins a join users u on u.id = a.user_id where a.${where} and not u.mfa_enabled`),
    failed: await perDay('failed_uploads', 'occurred_at', '', isoDay(now - 29 * DAY), isoDay(now)),
    signIns: await perDay('audit_log', 'occurred_at', `and action = 'auth.login' and outcome = 'success'`, from, to),
    createdByDay: await perDay('users', 'created_at', `and role = 'vault_holder'`, isoDay(now - 400 * DAY), isoDay(now)),
  };
}

function expectMatches(got: OverviewResponse, want: Awaited<ReturnType<typeof counted>>) {
  expect(got.holdersByStatus.map((s) => [s.statusId, s.count])).toEqual(want.statuses.map((s) => [s.statusId, Number(s.n)]));
  expect(got.holdersPerPackage.map((p) => [p.packageId, p.count]).sort()).toEqual(
    want.packages.map((p) => [p.packageId, Number(p.n)]).sort(),
  );
  expect(got.invitationFunnel).toEqual({ sent: want.sent, redeemed: want.redeemed, activated: want.invitationActivated });
  expect(got.vaultFunnel).toEqual({ created: want.created, activated: want.activated, medianDaysToActivate: want.median });
  expect(got.invitations).toMatchObject({ pending: want.pending, expiringSoon: want.expiringSoon });
  expect(got.adminsWithoutSecondFactor).toBe(want.admins);
  expect(got.failedUploadsPerDay).toHaveLength(30);
  for (const d of got.failedUploadsPerDay) expect(d.count, d.day).toBe(want.failed.get(d.day) ?? 0);
  for (const d of got.signInsPerDay) expect(d.count, d.day).toBe(want.signIns.get(d.day) ?? 0);
  expect(got.newVaultsPerWeek).toHaveLength(52);
  for (const w of got.newVaultsPerWeek) {
    let n = 0;
    for (let i = 0; i < 7; i++) n += want.createdByDay.get(isoDay(Date.parse(`${w.weekStart}T00:00:00Z`) + i * DAY)) ?? 0;
    expect(w.count, w.weekStart).toBe(n);
  }
  expect(new Date(got.newVaultsPerWeek[0]!.weekStart).getUTCDay()).toBe(1);
}

describe('GET /api/v1/overview', () => {
  it('answers every figure as counted from the rows, for each portal and for all portals', async () => {
    const a = await t.createSponsor('ALPHA');
    const b = await t.createSponsor('BRAVO');
    await book(a.id, 1);
    await book(b.id, 2);
    const staff = await t.signInStaff();
    const from = isoDay(now - 120 * DAY);
    const to = isoDay(now);
    for (const sponsorId of [a.id, b.id, null]) {
      const res = await inject(staff, 'GET', `/api/v1/overview?fromDate=${from}&toDate=${to}${sponsorId ? `&sponsorId=${sponsorId}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const got = res.json() as OverviewResponse;
      expect(got.sponsorId).toBe(sponsorId);
      expect(got.signInsPerDay).toHaveLength(121);
      expectMatches(got, await counted(sponsorId, from, to));
      // The funnels move: something happened in them.
      expect(got.invitationFunnel.activated).toBeGreaterThan(0);
      expect(got.vaultFunnel.medianDaysToActivate).not.toBeNull();
      if (sponsorId === null) {
        const pending = await q<{ sponsor_id: number; n: string }>(
          `select sponsor_id, count(*) as n from users where role = 'vault_holder' and status_id = 3 group by 1 order by 2 desc, 1`,
        );
        expect(got.topPendingActivation?.map((p) => [p.sponsorId, p.count])).toEqual(pending.map((p) => [p.sponsor_id, Number(p.n)]));
        const growth = await q<{ sponsor_id: number; n: string }>(
          `select sponsor_id, count(*) as n from users where role = 'vault_holder' and created_at >= $1 and created_at < $2
           group by 1 order by 2 desc, 1`,
          [`${from}T00:00:00Z`, new Date(Date.parse(`${to}T00:00:00Z`) + DAY).toISOString()],
        );
        expect(got.topGrowth?.map((p) => [p.sponsorId, p.count])).toEqual(growth.map((p) => [p.sponsor_id, Number(p.n)]));
        expect(got.topGrowth?.[0]?.sponsorCode).toMatch(/ALPHA|BRAVO/);
      } else {
        expect(got.topGrowth).toBeUndefined();
      }
    }
  });

  it('leads every linked figure to a list filter answering the same number of rows', async () => {
    const a = await t.createSponsor('ALPHA');
    await book(a.id, 3);
    const staff = await t.signInStaff();
    const o = (await inject(staff, 'GET', `/api/v1/overview?sponsorId=${a.id}`)).json() as OverviewResponse;
    const total = async (method: 'GET' | 'POST', url: string, body?: object) => {
      const res = await inject(staff, method, url, body);
      expect(res.statusCode, `${url} ${res.body}`).toBe(200);
      return res.json().total as number;
    };
    const holders = (fieldName: string, fieldValue: string) =>
      total('POST', `/api/v1/vaultholders/search?sponsorId=${a.id}&limit=1`, { fieldName, fieldValue });
    for (const s of o.holdersByStatus) expect(await holders('status', String(s.statusId)), s.status).toBe(s.count);
    for (const p of o.holdersPerPackage.filter((x) => x.packageId !== null))
      expect(await holders('package', String(p.packageId)), p.package).toBe(p.count);
    const pending = { fieldName: 'status', fieldValue: 'pending' };
    expect(await total('POST', `/api/v1/invitations/search?sponsorId=${a.id}&limit=1`, pending)).toBe(o.invitations.pending);
    const soon = `/api/v1/invitations/search?sponsorId=${a.id}&limit=1&expiresBefore=${encodeURIComponent(o.invitations.expiringBefore)}`;
    expect(await total('POST', soon, pending)).toBe(o.invitations.expiringSoon);
    expect(o.invitations.expiringSoon).toBeGreaterThan(0);
    expect(await total('GET', `/api/v1/sponsors/admin?sponsorcode=ALPHA&secondFactor=off&limit=1`)).toBe(o.adminsWithoutSecondFactor);
    for (const d of o.failedUploadsPerDay.filter((x) => x.count > 0))
      expect(
        await total('GET', `/api/v1/upload-failed-files?sponsorId=${a.id}&fromDate=${d.day}&toDate=${d.day}&status=all&limit=1`),
        d.day,
      ).toBe(d.count);
    for (const d of o.signInsPerDay.filter((x) => x.count > 0))
      expect(
        await total('GET', `/api/v1/audit?sponsorid=${a.id}&fromDate=${d.day}&toDate=${d.day}&action=auth.login&outcome=success&limit=1`),
        d.day,
      ).toBe(d.count);
    // The invitation funnel's Redeemed and Vault activated (overview.funnel.test.ts makes them through the routes).
    const range = `fromDate=${o.fromDate}&toDate=${o.toDate}&outcome=success&limit=1`;
    expect(await total('GET', `/api/v1/audit?sponsorid=${a.id}&${range}&action=invitation.redeem`)).toBe(o.invitationFunnel.redeemed);
    expect(await total('GET', `/api/v1/audit?sponsorid=${a.id}&${range}&action=invitation.vault_activated`)).toBe(
      o.invitationFunnel.activated,
    );
    expect(o.invitationFunnel.activated).toBeGreaterThan(0);
  });

  it('counts a sign-in made through the login route on its day', async () => {
    const a = await t.createSponsor('ALPHA');
    const staff = await t.signInStaff();
    const before = (await inject(staff, 'GET', `/api/v1/overview?sponsorId=${a.id}`)).json() as OverviewResponse;
    await t.signInSponsorAdmin(a.id, { hasEnterpriseDashboardAccess: true }, 'boss@alpha.test');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/authentication/login',
      payload: { username: 'boss@alpha.test', password: 'correct horse battery staple' },
    });
    expect(login.statusCode, login.body).toBe(200);
    const after = (await inject(staff, 'GET', `/api/v1/overview?sponsorId=${a.id}`)).json() as OverviewResponse;
    const total = (r: OverviewResponse) => r.signInsPerDay.reduce((s, d) => s + d.count, 0);
    expect(total(after)).toBe(total(before) + 1);
    expect(after.signInsPerDay.at(-1)!.count).toBe(before.signInsPerDay.at(-1)!.count + 1);
  });

  it('lets an administrator with "Enterprise Dashboard" see only their portal, without admin figures unless "Manage MFA"', async () => {
    const a = await t.createSponsor('ALPHA');
    const b = await t.createSponsor('BRAVO');
    const plain = await t.signInSponsorAdmin(a.id, {}, 'plain@alpha.test');
    const dash = await t.signInSponsorAdmin(a.id, { hasEnterpriseDashboardAccess: true }, 'dash@alpha.test');
    const mfa = await t.signInSponsorAdmin(a.id, { hasEnterpriseDashboardAccess: true, hasManageMfaAccess: true }, 'mfa@alpha.test');
    expect((await inject(plain, 'GET', `/api/v1/overview?sponsorId=${a.id}`)).statusCode).toBe(403);
    const own = await inject(dash, 'GET', `/api/v1/overview?sponsorId=${a.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().adminsWithoutSecondFactor).toBeNull();
    expect((await inject(mfa, 'GET', `/api/v1/overview?sponsorId=${a.id}`)).json().adminsWithoutSecondFactor).toBe(3);
    expect((await inject(dash, 'GET', `/api/v1/overview?sponsorId=${b.id}`)).statusCode).toBe(403);
    expect((await inject(dash, 'GET', '/api/v1/overview')).statusCode).toBe(403);
    expect((await inject(dash, 'GET', '/api/v1/overview?sponsorId=0')).statusCode).toBe(403);
  });

  it('refuses bad input with a 400', async () => {
    const staff = await t.signInStaff();
    for (const query of [
      'fromDate=yesterday',
      'fromDate=2026-02-01&toDate=2026-01-01',
      'fromDate=2020-01-01&toDate=2026-01-01',
      'sponsorId=-1',
      'extra=1',
    ]) {
      const res = await inject(staff, 'GET', `/api/v1/overview?${query}`);
      expect(res.statusCode, query).toBe(400);
    }
    expect((await inject(staff, 'GET', '/api/v1/overview?sponsorId=999999')).statusCode).toBe(404);
  });
});

describe('histogramMedian', () => {
  it('is the middle value, or the mean of the two middle values', () => {
    expect(histogramMedian([])).toBeNull();
    expect(histogramMedian([{ value: 3, count: 1 }])).toBe(3);
    expect(
      histogramMedian([
        { value: 1, count: 2 },
        { value: 5, count: 2 },
      ]),
    ).toBe(3);
    expect(
      histogramMedian([
        { value: 0, count: 1 },
        { value: 2, count: 1 },
        { value: 9, count: 5 },
      ]),
    ).toBe(9);
  });
});
