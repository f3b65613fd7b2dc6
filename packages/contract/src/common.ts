import { z } from 'zod';
import { EMAIL_PATTERN, FORBIDDEN_CHARS, isValidReason, MAX_PAGE_SIZE, PAGE_SIZE, REASON_MESSAGE } from './constants.js';

export {
  ALL_PORTALS_URL_PARAM,
  AUDIT_DEFAULT_DAYS,
  EMAIL_PATTERN,
  FIRST_SCREEN_COOKIE,
  FIRST_SCREEN_DATA_ID,
  FORBIDDEN_CHARS,
  isValidReason,
  MAX_PAGE_SIZE,
  NO_SPONSOR_ID,
  PAGE_SIZE,
  REASON_MAX,
  REASON_MESSAGE,
  REASON_MIN,
  SESSION_IDLE_MINUTES,
  SESSION_MAX_HOURS,
  STATUS,
  STATUS_NAMES,
} from './constants.js';

export const emailSchema = z.string().trim().max(254, 'E-mail is too long').regex(EMAIL_PATTERN, 'Enter a valid e-mail address');

/*
 * The specification's forbidden characters guard codes, identifiers and the names of things
 * (portals, packages, categories). People's names follow personNameSchema instead: "O'Brien" is a
 * name, not an injection.
 */
const FORBIDDEN_RE = /['`~!@#$%^&*()=;:"<>/|?]/;

/**
 * A person's name: letters of every script (with their marks), spaces, apostrophes, hyphens and
 * periods. Digits stay allowed: test accounts and imported directories number their people
 * ("Test User 2"), and a digit cannot start markup or a formula.
 */
const PERSON_NAME_RE = /^[\p{L}\p{M}\p{Nd} '’.-]*$/u;
export const isPersonName = (value: string) => PERSON_NAME_RE.test(value);
export const personNameMessage = (label: string) => `${label} may contain only letters, digits, spaces, apostrophes, hyphens and periods`;

export const personNameSchema = (label: string, max = 100) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isPersonName, personNameMessage(label));
export const optionalPersonNameSchema = (label: string, max = 100) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => v === '' || isPersonName(v), personNameMessage(label));

export const nameSchema = (label: string, max = 100) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !FORBIDDEN_RE.test(v), `${label} must not contain any of ${FORBIDDEN_CHARS}`);
export const optionalNameSchema = (label: string, max = 100) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((v) => !FORBIDDEN_RE.test(v), `${label} must not contain any of ${FORBIDDEN_CHARS}`);

export const reasonSchema = z
  .string()
  .refine(isValidReason, REASON_MESSAGE)
  .transform((s) => s.trim());

export const idParam = z.coerce.number().int().positive();
/**
 * `allPortals=true`: staff ask a list for every portal at once, as the Overview's "All portals"
 * figures link to them (decision 0052). Only on the lists that declare it; never with a sponsor.
 */
export const allPortalsParam = { allPortals: z.literal('true', { error: 'allPortals is true or left out' }).optional() };
/** A sponsor named in a query (its parameter name varies by call, as the specification gives it). */
export const sponsorIdValue = z.coerce.number().int().positive();

/**
 * The deepest row a list pages to: past every page of the largest book we serve (a million holders),
 * and a bound, so a request cannot ask the database to walk an absurd offset.
 */
export const MAX_LIST_OFFSET = 10_000_000;
export const offsetParam = z.coerce.number().int().min(0).max(MAX_LIST_OFFSET).default(0);

/** Paging query shared by every list. */
export const pageQuery = z.object({
  offset: offsetParam,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
});

/** Directions of a sorted list. */
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDir = (typeof SORT_DIRECTIONS)[number];

/**
 * The optional sort of a list: `sortBy`, one of the list's sortable `fields`, and `sortDir`. Absent,
 * the list keeps its default order. Lists add it to their query with `.extend(sortQuery(F).shape)`.
 */
export const sortQuery = <F extends readonly [string, ...string[]]>(fields: F) =>
  z.object({
    sortBy: z.enum(fields, { error: `Sort by one of ${fields.join(', ')}` }).optional(),
    sortDir: z.enum(SORT_DIRECTIONS, { error: 'Sort direction is asc or desc' }).optional(),
  });
export type SortQuery<F extends string> = { sortBy?: F; sortDir?: SortDir };

export const listResponse = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.number().int(),
    activePage: z.number().int().optional(),
    perPage: z.number().int().optional(),
    isEditable: z.boolean().optional(),
  });
export type ListResponse<T> = { data: T[]; total: number; activePage?: number; perPage?: number; isEditable?: boolean };

/** Specification section 7: body of the search calls, searching by one of `fields` (section 5). */
export const fieldSearchBody = <F extends readonly [string, ...string[]]>(fields: F) =>
  z.strictObject({
    fieldName: z.enum(fields, { error: `Search by one of ${fields.join(', ')}` }),
    fieldValue: z.string().trim().max(200, 'Search text is too long'),
  });
/** Any search body, whatever its field list (the portal's list state keeps one of these). */
export type SearchBody = { fieldName: string; fieldValue: string };

/** Specification section 3: the server message shown under "Server Confirmation". */
export const serverMessage = z.object({
  message: z.string(),
  errorMsg: z.string().nullable(),
  statusType: z.enum(['success', 'error', 'warning', 'info']),
  dOutput: z.unknown().optional(),
  output: z.unknown().optional(),
});
export type ServerMessage = z.infer<typeof serverMessage>;

/** DESIGN section 6: the one error body. */
export const errorBody = z.object({
  message: z.string(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  errorMsg: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
