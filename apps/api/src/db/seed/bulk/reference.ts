import { BASE_PACKAGES } from '../demo/packages.js';
import { FOLDER_SETS, pad } from '../random.js';
import type { Session } from './copy.js';

const SPONSOR_WORDS = [
  'Harbor',
  'Summit',
  'Cedar',
  'Granite',
  'Beacon',
  'Meridian',
  'Oakmont',
  'Riverbend',
  'Sterling',
  'Keystone',
  'Evergreen',
  'Lighthouse',
  'Bayview',
  'Crescent',
  'Highland',
  'Pinnacle',
  'Silverleaf',
  'Windward',
  'Ironwood',
  'Clearwater',
  'Aspen',
  'Bridgeport',
  'Copperline',
  'Driftwood',
  'Fairhaven',
];
const SPONSOR_KINDS = [
  'Wealth Partners',
  'Private Wealth',
  'Financial Group',
  'Capital Advisors',
  'Family Office',
  'Trust Company',
  'Planning Group',
  'Investment Counsel',
];

export type ReferenceData = Awaited<ReturnType<typeof loadReferenceData>>;

/** Bulk sponsors, base packages, assignments, sub-portals, templates, one admin each; reused when already there. */
export async function loadReferenceData(s: Session, sponsorCount: number) {
  const codes = Array.from({ length: sponsorCount }, (_, i) => `BK${pad(i + 1, sponsorCount >= 100 ? 3 : 2)}`);
  for (let i = 0; i < codes.length; i++) {
    const name = `${SPONSOR_WORDS[i % SPONSOR_WORDS.length]} ${SPONSOR_KINDS[Math.floor(i / SPONSOR_WORDS.length) % SPONSOR_KINDS.length]}${i >= SPONSOR_WORDS.length * SPONSOR_KINDS.length ? ` ${i}` : ''}`;
    await s.query(
      `insert into sponsors (sponsor_code, name, contact_name, contact_email, has_category)
       values ($1, $2, $3, $4, $5) on conflict do nothing`,
      [codes[i], name, 'Operations Desk', `ops@${codes[i]!.toLowerCase()}.example`, i % 3 === 0],
    );
  }
  const sponsorRows = await s.query<{ id: number; sponsor_code: string }>(
    'select id, sponsor_code from sponsors where sponsor_code = any($1::text[]) order by sponsor_code',
    [codes],
  );
  for (const p of BASE_PACKAGES) {
    await s.query(
      `insert into base_packages (name, description, storage_quota_bytes, list_price_cents, billing_period, features)
       values ($1, $2, $3, $4, $5, $6) on conflict do nothing`,
      [p.name, p.description, p.storageQuotaBytes, p.listPriceCents, p.billingPeriod, p.features],
    );
  }
  const base = await s.query<{ id: number; list_price_cents: number }>(
    'select id, list_price_cents from base_packages order by id limit 6',
  );
  const sponsorIds = sponsorRows.map((r) => Number(r.id));
  const pkgBySponsor: number[][] = [];
  const groupsBySponsor: number[][] = [];
  const templatesBySponsor: number[][] = [];
  const adminBySponsor: { id: number; email: string }[] = [];
  for (let i = 0; i < sponsorIds.length; i++) {
    const sid = sponsorIds[i]!;
    const code = sponsorRows[i]!.sponsor_code;
    for (const b of base.slice(0, 4)) {
      await s.query(`insert into package_sponsor (package_id, sponsor_id, price_sale_cents) values ($1, $2, $3) on conflict do nothing`, [
        b.id,
        sid,
        Math.round(Number(b.list_price_cents) * 0.9),
      ]);
    }
    pkgBySponsor.push(
      (await s.query<{ package_id: number }>('select package_id from package_sponsor where sponsor_id = $1', [sid])).map((r) =>
        Number(r.package_id),
      ),
    );
    for (const [k, region] of ['North', 'South', 'East', 'West'].entries()) {
      await s.query(`insert into sponsor_groups (sponsor_id, name, code) values ($1, $2, $3) on conflict do nothing`, [
        sid,
        `${region} Region`,
        `${code}-G${k + 1}`,
      ]);
    }
    groupsBySponsor.push(
      (await s.query<{ id: number }>('select id from sponsor_groups where sponsor_id = $1', [sid])).map((r) => Number(r.id)),
    );
    for (const name of Object.keys(FOLDER_SETS).slice(0, 2)) {
      await s.query(`insert into templates (sponsor_id, name, folders) values ($1, $2, $3) on conflict do nothing`, [
        sid,
        name,
        JSON.stringify(FOLDER_SETS[name]),
      ]);
    }
    templatesBySponsor.push(
      (await s.query<{ id: number }>('select id from templates where sponsor_id = $1', [sid])).map((r) => Number(r.id)),
    );
    const adminEmail = `admin@${code.toLowerCase()}.example`;
    await s.query(
      `insert into users (role, sponsor_id, email, first_name, last_name, status_id) values ('sponsor_admin', $1, $2, 'Portal', 'Administrator', 3)
       on conflict do nothing`,
      [sid, adminEmail],
    );
    const [admin] = await s.query<{ id: number }>("select id from users where role = 'sponsor_admin' and sponsor_id = $1 and email = $2", [
      sid,
      adminEmail,
    ]);
    await s.query('insert into sponsor_admins (user_id, sponsor_id, title) values ($1, $2, $3) on conflict do nothing', [
      admin!.id,
      sid,
      'Portal Administrator',
    ]);
    adminBySponsor.push({ id: Number(admin!.id), email: adminEmail });
  }
  return { sponsorIds, pkgBySponsor, groupsBySponsor, templatesBySponsor, adminBySponsor };
}
