import { z } from 'zod';
import { MAX_PAGE_SIZE, nameSchema, offsetParam, PAGE_SIZE, sortQuery } from './common.js';

/*
 * Money is exact: the API accepts a decimal amount (12.5, "12.50") and keeps integer cents;
 * it answers the amount as a decimal string with its currency. Never floating-point arithmetic.
 */
export const MONEY_MAX_CENTS = 10_000_000_000; // 100,000,000.00
export const MONEY_MESSAGE = 'Enter an amount such as 12.50: digits, at most 2 decimals';
export const MONEY_NEGATIVE_MESSAGE = 'The amount cannot be negative';
export const MONEY_TOO_LARGE_MESSAGE = 'The amount must be at most 100000000.00';

export type MoneyProblem = 'negative' | 'format' | 'too_large';

/** Exact decimal → integer cents, or the reason it is not an amount. */
export function parseMoney(value: unknown): { cents: number } | { problem: MoneyProblem } {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { problem: 'format' };
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return { problem: 'format' };
  }
  if (/^-\s*\d/.test(text)) return { problem: 'negative' };
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return { problem: 'format' };
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (cents > MONEY_MAX_CENTS) return { problem: 'too_large' };
  return { cents };
}

const MONEY_MESSAGES: Record<MoneyProblem, string> = {
  negative: MONEY_NEGATIVE_MESSAGE,
  format: MONEY_MESSAGE,
  too_large: MONEY_TOO_LARGE_MESSAGE,
};
export const moneyProblemMessage = (p: MoneyProblem) => MONEY_MESSAGES[p];

/** Cents → "12.50". */
export function centsToDecimal(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const frac = Math.abs(cents % 100);
  return `${whole}.${String(frac).padStart(2, '0')}`;
}

/** "12.50" + "USD" → "$12.50" (the decimal string is formatted exactly, without a float). */
export function formatMoney(decimal: string, currency: string, locale = 'en-US'): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(decimal as unknown as number);
  } catch {
    return `${decimal} ${currency}`;
  }
}

/** A money amount in a request: number or string, ≥ 0, at most 2 decimals; becomes integer cents. */
export const moneyInput = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const r = parseMoney(value);
  if ('problem' in r) {
    ctx.addIssue({ code: 'custom', message: moneyProblemMessage(r.problem) });
    return z.NEVER;
  }
  return r.cents;
});

export const CURRENCY_PATTERN = /^[A-Z]{3}$/;
export const currencySchema = z.string().trim().toUpperCase().regex(CURRENCY_PATTERN, 'Currency is a 3-letter code such as USD');

export const BILLING_PERIODS = ['monthly', 'annual', 'one_time'] as const;
export type BillingPeriod = (typeof BILLING_PERIODS)[number];
export const BILLING_PERIOD_LABELS: Record<BillingPeriod, string> = { monthly: 'Monthly', annual: 'Annual', one_time: 'One-time' };

export const STORAGE_QUOTA_MAX_BYTES = 1024 ** 5; // 1 PiB
export const GIB = 1024 ** 3;

/** Bytes → "5 GB", "500 MB". */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KB', 'MB', 'GB', 'TB', 'PB'];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${Number.isInteger(v) ? v : v.toFixed(1)} ${units[i]}`;
}

// ---------- Base packages (the service's catalogue; staff keep it) ----------

export const basePackage = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  storageQuotaBytes: z.number().int(),
  listPrice: z.string(),
  listPriceCents: z.number().int(),
  currency: z.string(),
  billingPeriod: z.enum(BILLING_PERIODS),
  features: z.array(z.string()),
  retired: z.boolean(),
  retiredAt: z.string().nullable(),
  /** How many portals have it as an active package. */
  portalCount: z.number().int(),
});
export type BasePackage = z.infer<typeof basePackage>;

const featureSchema = z.string().trim().min(1, 'A feature cannot be empty').max(120, 'A feature must be at most 120 characters');

export const basePackageBody = z.strictObject({
  name: nameSchema('Name', 80),
  description: z.string().trim().max(1000, 'Description must be at most 1000 characters').default(''),
  storageQuotaBytes: z
    .number()
    .int('Storage quota must be a whole number of bytes')
    .min(0, 'Storage quota cannot be negative')
    .max(STORAGE_QUOTA_MAX_BYTES, 'Storage quota must be at most 1 PB'),
  listPrice: moneyInput,
  currency: currencySchema.default('USD'),
  billingPeriod: z.enum(BILLING_PERIODS).default('monthly'),
  features: z
    .array(featureSchema)
    .max(30, 'At most 30 features')
    .default([])
    .refine((f) => new Set(f.map((x) => x.toLowerCase())).size === f.length, 'Each feature may be listed once'),
});
export type BasePackageBody = z.input<typeof basePackageBody>;

/** The Base Packages list's sortable columns (`sortBy`); without one it stays in list-price order. */
export const BASE_PACKAGE_SORT_FIELDS = ['name', 'storageQuotaBytes', 'listPrice', 'billingPeriod', 'portalCount'] as const;
export type BasePackageSortField = (typeof BASE_PACKAGE_SORT_FIELDS)[number];

export const basePackageQuery = z.object({
  offset: offsetParam,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  search: z.string().trim().max(100).optional(),
  includeRetired: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
  ...sortQuery(BASE_PACKAGE_SORT_FIELDS).shape,
});

export const basePackageIdParam = z.object({ id: z.coerce.number().int().positive() });

// ---------- Active packages (a base package assigned to a sponsor, with a sale price) ----------

/** Specification section 3, Package: id (the base package), priceSale, packageSponsorId, SponsorCode. */
export const activePackage = z.object({
  id: z.number().int(),
  packageSponsorId: z.number().int(),
  sponsorId: z.number().int(),
  SponsorCode: z.string(),
  name: z.string(),
  description: z.string(),
  storageQuotaBytes: z.number().int(),
  billingPeriod: z.enum(BILLING_PERIODS),
  features: z.array(z.string()),
  currency: z.string(),
  listPrice: z.string(),
  priceSale: z.string(),
  priceSaleCents: z.number().int(),
  retired: z.boolean(),
  /** Vaults of this sponsor on this package. */
  vaultCount: z.number().int(),
});
export type ActivePackage = z.infer<typeof activePackage>;

const sponsorIdQuery = z.coerce.number().int().min(0);

export const packagesQuery = z.object({
  sponsorId: sponsorIdQuery,
  offset: offsetParam,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
});

export const packagesFilterQuery = z.object({ sponsorId: sponsorIdQuery });

/** The short list for choosing a package (vault creation, invitations). */
export const packageOption = z.object({
  id: z.number().int(),
  packageSponsorId: z.number().int(),
  name: z.string(),
  priceSale: z.string(),
  currency: z.string(),
  billingPeriod: z.enum(BILLING_PERIODS),
});
export type PackageOption = z.infer<typeof packageOption>;

/** `GET /api/v1/sponsors/getSponsorPackageList?id`: the catalogue as seen by one sponsor. */
export const sponsorPackageListQuery = z.object({
  id: z.coerce.number().int().positive(),
  offset: offsetParam,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  /** Only the base packages this sponsor does not have yet (the assign dialog). */
  unassigned: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional(),
});

export const sponsorPackageItem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  storageQuotaBytes: z.number().int(),
  billingPeriod: z.enum(BILLING_PERIODS),
  currency: z.string(),
  listPrice: z.string(),
  assigned: z.boolean(),
  packageSponsorId: z.number().int().nullable(),
  priceSale: z.string().nullable(),
});
export type SponsorPackageItem = z.infer<typeof sponsorPackageItem>;

/** Assign: `POST /api/v1/packagesponsor`; without priceSale the list price is used. */
export const assignPackageBody = z.strictObject({
  id: z.number().int().positive(),
  sponsorId: z.number().int().positive(),
  SponsorCode: z.string().trim().min(1).max(50).optional(),
  priceSale: moneyInput.optional(),
});
export type AssignPackageBody = z.input<typeof assignPackageBody>;

/** Change the sale price: `PUT /api/v1/packagesponsor` (specification section 7). */
export const repricePackageBody = z.strictObject({
  id: z.number().int().positive(),
  priceSale: moneyInput,
  packageSponsorId: z.number().int().positive(),
  sponsorId: z.number().int().positive(),
  SponsorCode: z.string().trim().min(1).max(50).optional(),
});
export type RepricePackageBody = z.input<typeof repricePackageBody>;

export const packageSponsorIdParam = z.object({ id: z.coerce.number().int().positive() });
export const unassignQuery = z.object({ sponsorId: sponsorIdQuery.optional() });

/** `GET /api/v1/vaultholders/users?sponsorId&packageId&offset&limit`: holders of a package. */
export const packageHoldersQuery = z.object({
  sponsorId: sponsorIdQuery,
  packageId: z.coerce.number().int().positive(),
  offset: offsetParam,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
});

export const packageHolder = z.object({
  id: z.number().int(),
  vaultId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  statusId: z.number().int(),
  license: z.string(),
});
export type PackageHolder = z.infer<typeof packageHolder>;
