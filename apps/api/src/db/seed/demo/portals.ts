import { sponsorCategories, sponsorGroups, sponsors, templates } from '../../schema/index.js';
import { emailLocal, FOLDER_SETS } from '../random.js';
import { DAY, insertMany, type SeedCtx } from './shared.js';

/** The demo portals: plausible wealth-management firms, each with a weight for its share of holders. */
export const DEMO_SPONSORS = [
  { sponsorCode: 'ACME', name: 'Acme Wealth Partners', contactName: 'Laura Bennett', hasCategory: true, weight: 5 },
  { sponsorCode: 'BRKS', name: 'Brookside Private Client Group', contactName: 'Daniel Ortiz', hasCategory: false, weight: 3 },
  { sponsorCode: 'CAPH', name: 'Capital Harbor Advisors', contactName: 'Mei Chen', hasCategory: true, weight: 4 },
  { sponsorCode: 'GRNL', name: 'Greenleaf Family Office', contactName: 'Samuel Whitaker', hasCategory: false, weight: 1 },
  { sponsorCode: 'NRTH', name: 'Northstar Financial Planning', contactName: 'Priya Raman', hasCategory: true, weight: 3 },
  { sponsorCode: 'SUMT', name: 'Summit Ridge Wealth Management', contactName: 'Olivia Grant', hasCategory: false, weight: 2 },
  { sponsorCode: 'TIDE', name: 'Tidewater Trust Company', contactName: 'Marcus Fielding', hasCategory: true, weight: 2 },
  { sponsorCode: 'WSTB', name: 'Westbrook Retirement Advisors', contactName: 'Hannah Kowalski', hasCategory: false, weight: 1 },
] as const;

const CATEGORIES = ['High Net Worth', 'Mass Affluent', 'Business Owners', 'Retirees', 'Next Generation'];
const OFFICES = [
  { name: 'Northeast Region', code: 'NE', teams: ['Boston Office', 'New York Office'] },
  { name: 'Southeast Region', code: 'SE', teams: ['Atlanta Office', 'Miami Office'] },
  { name: 'Midwest Region', code: 'MW', teams: ['Chicago Office'] },
  { name: 'West Region', code: 'WE', teams: ['San Francisco Office', 'Seattle Office', 'Denver Office'] },
  { name: 'Private Client Desk', code: 'PCD', teams: [] },
  { name: 'Institutional Services', code: 'INST', teams: [] },
];

export type DemoPortals = Awaited<ReturnType<typeof seedPortals>>;

/** Sponsors, categories, sub-portals (groups) and folder templates. */
export async function seedPortals({ tx, rnd, now }: SeedCtx) {
  const sponsorRows = (await insertMany(
    tx,
    sponsors,
    DEMO_SPONSORS.map((s, i) => ({
      sponsorCode: s.sponsorCode,
      name: s.name,
      contactName: s.contactName,
      contactEmail: `${emailLocal(s.contactName.split(' ')[0] ?? '', s.contactName.split(' ')[1] ?? '')}@${s.sponsorCode.toLowerCase()}.example`,
      contactPhone: `(555) 01${i}-${String(1000 + i * 137).slice(0, 4)}`,
      hasCategory: s.hasCategory,
      createdAt: new Date(now - (400 - i * 30) * DAY),
    })),
    { id: sponsors.id, sponsorCode: sponsors.sponsorCode },
  )) as { id: number; sponsorCode: string }[];
  const S = sponsorRows.map((row, i) => ({ ...row, def: DEMO_SPONSORS[i]! }));

  await insertMany(
    tx,
    sponsorCategories,
    S.filter((s) => s.def.hasCategory).flatMap((s) => rnd.sample(CATEGORIES, rnd.int(3, 5)).map((name) => ({ sponsorId: s.id, name }))),
  );

  const groupsBySponsor = new Map<number, number[]>();
  for (const s of S) {
    const offices = rnd.sample(OFFICES, rnd.int(2, 4));
    const tops = (await insertMany(
      tx,
      sponsorGroups,
      offices.map((o) => ({ sponsorId: s.id, name: o.name, code: `${s.sponsorCode}-${o.code}` })),
      { id: sponsorGroups.id },
    )) as { id: number }[];
    const nested = offices.flatMap((o, i) =>
      o.teams
        .filter(() => rnd.chance(0.7))
        .map((team) => ({
          sponsorId: s.id,
          name: team,
          code: `${s.sponsorCode}-${o.code}-${team.split(' ')[0]!.slice(0, 3).toUpperCase()}`,
          parentId: tops[i]!.id,
        })),
    );
    const subs = nested.length ? ((await insertMany(tx, sponsorGroups, nested, { id: sponsorGroups.id })) as { id: number }[]) : [];
    groupsBySponsor.set(
      s.id,
      [...tops, ...subs].map((g) => g.id),
    );
  }

  const templateRows = (await insertMany(
    tx,
    templates,
    S.flatMap((s) =>
      rnd.sample(Object.keys(FOLDER_SETS), rnd.int(2, 4)).map((name) => ({ sponsorId: s.id, name, folders: FOLDER_SETS[name]! })),
    ),
    { id: templates.id, sponsorId: templates.sponsorId },
  )) as { id: number; sponsorId: number }[];
  return { S, groupsBySponsor, templateRows };
}
