/** Deterministic pseudo-random numbers and name pools shared by the demo seed and the bulk generator. */

/** mulberry32: small, fast and good enough for test data; the same seed gives the same data. */
export function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const chance = (p: number) => next() < p;
  /** Picks by weight: weights need not add up to 1. */
  const weighted = <T>(entries: readonly (readonly [T, number])[]): T => {
    const total = entries.reduce((s, [, w]) => s + w, 0);
    let r = next() * total;
    for (const [v, w] of entries) {
      r -= w;
      if (r < 0) return v;
    }
    return entries[entries.length - 1]![0];
  };
  const sample = <T>(list: readonly T[], n: number): T[] => {
    const copy = [...list];
    const out: T[] = [];
    while (out.length < n && copy.length) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0] as T);
    return out;
  };
  return { next, int, pick, chance, weighted, sample };
}
export type Random = ReturnType<typeof createRandom>;

export const FIRST_NAMES = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Charles',
  'Karen',
  'Christopher',
  'Lisa',
  'Daniel',
  'Nancy',
  'Matthew',
  'Betty',
  'Anthony',
  'Margaret',
  'Mark',
  'Sandra',
  'Donald',
  'Ashley',
  'Steven',
  'Kimberly',
  'Paul',
  'Emily',
  'Andrew',
  'Donna',
  'Joshua',
  'Michelle',
  'Kenneth',
  'Carol',
  'Kevin',
  'Amanda',
  'Brian',
  'Dorothy',
  'George',
  'Melissa',
  'Timothy',
  'Deborah',
  'Wei',
  'Priya',
  'Carlos',
  'Sofia',
  'Hiroshi',
  'Aisha',
  'Mateo',
  'Ingrid',
  'Omar',
  'Chloé',
  'Björn',
  'Zoë',
  'Rafael',
  'Mei',
  'Arjun',
  'Fatima',
  'Lars',
  'Noémie',
  'Diego',
  'Yuki',
];
export const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
  'Sanchez',
  'Clark',
  'Ramirez',
  'Lewis',
  'Robinson',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Torres',
  'Nguyen',
  'Hill',
  'Flores',
  'Green',
  'Adams',
  'Nelson',
  'Baker',
  'Hall',
  'Rivera',
  'Campbell',
  'Mitchell',
  'Carter',
  'Roberts',
  'Chen',
  'Patel',
  'Kim',
  'Okafor',
  'Müller',
  'Johansson',
  'Rossi',
  'Dubois',
  'Tanaka',
  "O'Brien",
];
export const MIDDLE_INITIALS = ['A.', 'B.', 'C.', 'J.', 'L.', 'M.', 'R.', 'S.', 'T.'];
export const EMAIL_DOMAINS = ['example.com', 'example.org', 'example.net', 'mail.example', 'inbox.example'];
export const ORGANIZATIONS = [
  'Hawthorne Family Trust',
  'Bluewater Holdings LLC',
  'Pinecrest Dental Group',
  'Maple & Oak Realty',
  'Riverside Orthopedics',
  'Kestrel Logistics Inc.',
  'Silverline Consulting',
  'Cedar Grove Farms',
  'Lakeshore Architecture',
  'Northgate Ventures LP',
];
export const ENTITY_TYPES = ['Individual', 'Joint', 'Trust', 'LLC', 'Corporation', 'Partnership', 'Estate', 'Foundation'];
export const DOCUMENT_NAMES = [
  'Tax Return 2024.pdf',
  'Tax Return 2023.pdf',
  'W-2 2024.pdf',
  '1099-DIV 2024.pdf',
  'Brokerage Statement Q1.pdf',
  'Brokerage Statement Q2.pdf',
  'Brokerage Statement Q3.pdf',
  'Last Will and Testament.pdf',
  'Revocable Living Trust.pdf',
  'Power of Attorney.pdf',
  'Healthcare Directive.pdf',
  'Homeowners Insurance Policy.pdf',
  'Life Insurance Policy.pdf',
  'Auto Insurance Card.pdf',
  'Mortgage Statement.pdf',
  'Deed - Primary Residence.pdf',
  'Passport Scan.jpg',
  "Driver's License.jpg",
  'Birth Certificate.pdf',
  'Marriage Certificate.pdf',
  '401(k) Statement.pdf',
  'IRA Beneficiary Designation.pdf',
  'Financial Plan 2025.pdf',
  'Investment Policy Statement.pdf',
  'Property Tax Bill.pdf',
  'Vehicle Title.pdf',
  'Social Security Statement.pdf',
  'Operating Agreement.pdf',
  'Balance Sheet 2024.xlsx',
  'Budget Worksheet.xlsx',
  'Medical Records.pdf',
  'Pet Vaccination Records.pdf',
];
export const FOLDER_SETS: Record<string, string[]> = {
  'Standard Household': ['Taxes', 'Estate Planning', 'Insurance', 'Investments', 'Property', 'Identification'],
  'Business Owner': ['Corporate Documents', 'Taxes', 'Payroll', 'Contracts', 'Insurance', 'Banking'],
  'Estate Planning': ['Wills & Trusts', 'Powers of Attorney', 'Beneficiaries', 'Healthcare Directives'],
  Retirement: ['Retirement Accounts', 'Social Security', 'Pensions', 'Healthcare', 'Taxes'],
  'Family Office': ['Entities', 'Trusts', 'Investments', 'Real Estate', 'Philanthropy', 'Tax Returns', 'Insurance'],
};
export const AUDIT_ACTIONS: readonly (readonly [string, number])[] = [
  ['auth.login', 30],
  ['auth.login_failed', 4],
  ['auth.logout', 10],
  ['vault_holder.create', 8],
  ['vault_holder.archive', 1],
  ['vault_holder.activate', 4],
  ['vault_holder.deactivate', 2],
  ['vault_holder.password_reset', 3],
  ['vault_holder.activation_email', 3],
  ['vault_holder.test_account', 1],
  ['vault_holder.import', 1],
  ['invitation.create', 3],
  ['invitation.update', 1],
  ['invitation.resend', 2],
  ['sponsored_advisor.create', 2],
  ['sponsored_advisor.update', 2],
  ['sponsor_admin.create', 1],
  ['package_sponsor.assign', 1],
  ['package_sponsor.reprice', 1],
  ['vault_holder.reset_mfa', 1],
  ['failed_upload.retry', 1],
];

export const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** Lower-case ASCII e-mail local part from a name ("Chloé O'Brien" → "chloe.obrien"). */
export const emailLocal = (first: string, last: string) =>
  `${first}.${last}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z.]/g, '')
    .toLowerCase();
