import { z } from 'zod';

/** Specification section 9. */
export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const SESSION_IDLE_MINUTES = 30;
export const SESSION_MAX_HOURS = 12;
export const NO_SPONSOR_ID = 0;
export const AUDIT_DEFAULT_DAYS = 29;

export const STATUS = { active: 1, inactive: 2, pending: 3, archived: 4 } as const;
export const STATUS_NAMES: Record<number, string> = {
  1: 'Active',
  2: 'Inactive',
  3: 'Pending activation',
  4: 'Archived',
};
export const statusIdSchema = z.number().int().min(1).max(4);

/** Specification section 5: a standard e-mail that also allows ä ö ü é è in the domain part. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9äöüéè](?:[A-Za-z0-9äöüéè-]*[A-Za-z0-9äöüéè])?\.)+[A-Za-zäöüéè]{2,}$/;
export const emailSchema = z
  .string()
  .trim()
  .max(254, 'E-mail is too long')
  .regex(EMAIL_PATTERN, 'Enter a valid e-mail address');

/** Specification section 5: characters refused in names. */
export const FORBIDDEN_CHARS = `'\`~!@#$%^&*()=;:"<>/|?`;
const FORBIDDEN_RE = /['`~!@#$%^&*()=;:"<>/|?]/;
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

/** Specification sections 5 and 8: archive and other reasons. */
export const REASON_MIN = 20;
export const REASON_MAX = 1024;
export const REASON_MESSAGE = 'Required (minimum 20 characters, maximum 1024)';
export const isValidReason = (text: string) => {
  const t = text.trim();
  return t.length >= REASON_MIN && t.length <= REASON_MAX;
};
export const reasonSchema = z.string().refine(isValidReason, REASON_MESSAGE).transform((s) => s.trim());

export const idParam = z.coerce.number().int().positive();

/** Paging query shared by every list. */
export const pageQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
});

export const listResponse = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.number().int(),
    activePage: z.number().int().optional(),
    perPage: z.number().int().optional(),
    isEditable: z.boolean().optional(),
  });
export type ListResponse<T> = { data: T[]; total: number; activePage?: number; perPage?: number; isEditable?: boolean };

/** Specification section 7: body of the search calls. */
export const searchBody = z.strictObject({
  fieldName: z.string().trim().min(1, 'Choose a field to search'),
  fieldValue: z.string().trim().max(200, 'Search text is too long'),
});
export type SearchBody = z.infer<typeof searchBody>;

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

/** Booleans arriving in query strings ("true"/"false"/"1"/"0"). */
export const queryBool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const isoDate = z.string().datetime({ offset: true });
