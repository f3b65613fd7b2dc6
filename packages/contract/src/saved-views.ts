import { z } from 'zod';
import type { AdminFlag } from './auth.js';
import { SORT_DIRECTIONS } from './common.js';

/**
 * Saved views (issue 35 part 4, decision 0047): a list's search, filters, sort and columns under a
 * name, personal or shared with the portal's administrators. Each list of the list kit is named by
 * the key its list-state hook keeps (apps/web/src/lib/list-state.ts).
 */
export const SAVED_VIEW_LISTS = [
  'vault-holders',
  'invitations',
  'sponsor-admins',
  'representatives',
  'trusted-collaborators',
  'portals',
  'messages',
  'audit-log',
  'failed-files',
  'authorizations',
  'webhook-deliveries',
  'active-packages',
  'base-packages',
] as const;
export type SavedViewList = (typeof SAVED_VIEW_LISTS)[number];

/**
 * Who may share a view of a list besides staff: the flag that lets an administrator manage what
 * the list shows, or "Manage administrators" for the lists without one of their own (decision 0047).
 */
export const SAVED_VIEW_SHARE_FLAG: Record<SavedViewList, AdminFlag> = {
  'vault-holders': 'hasManageAdminsAccess',
  invitations: 'hasManageAdminsAccess',
  'sponsor-admins': 'hasManageAdminsAccess',
  representatives: 'hasManageAdminsAccess',
  'trusted-collaborators': 'hasManageAdminsAccess',
  portals: 'hasManageAdminsAccess',
  messages: 'hasManageMessagesAccess',
  'audit-log': 'hasManageAdminsAccess',
  'failed-files': 'hasManageAdminsAccess',
  authorizations: 'hasIntegrationAccess',
  'webhook-deliveries': 'hasManageIntegrationsAccess',
  'active-packages': 'hasManageAdminsAccess',
  'base-packages': 'hasManageAdminsAccess',
};

/** The URL parameters the list-state hook itself keeps; a list's own filters use other names. */
export const LIST_STATE_PARAMS = ['page', 'field', 'q', 'sort', 'dir', 'cols', 'savedView'] as const;

export const SAVED_VIEW_NAME_MAX = 80;
const VALUE_MAX = 200;
const MAX_FILTERS = 20;
const MAX_COLUMNS = 40;

const token = (what: string) =>
  z
    .string()
    .min(1, `${what} is empty`)
    .max(64, `${what} is too long`)
    .regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, `${what} holds only letters, digits, "_", "-" and "."`);
const filterValue = z.string().max(VALUE_MAX, 'A filter value is too long');

/** A list's state as its URL keeps it: every part optional, nothing else accepted. */
export const savedViewState = z.strictObject({
  search: z
    .strictObject({ fieldName: token('The search field'), fieldValue: z.string().max(VALUE_MAX, 'Search text is too long') })
    .nullable()
    .optional(),
  filters: z
    .record(token('A filter name'), z.union([filterValue, z.array(filterValue).max(MAX_FILTERS, 'A filter holds too many values')]))
    .refine((f) => Object.keys(f).length <= MAX_FILTERS, `At most ${MAX_FILTERS} filters`)
    .refine(
      (f) => !Object.keys(f).some((k) => (LIST_STATE_PARAMS as readonly string[]).includes(k)),
      'A filter may not be named as the search, sort, columns or page',
    )
    .optional(),
  sort: z
    .strictObject({ sortBy: token('The sort column'), sortDir: z.enum(SORT_DIRECTIONS) })
    .nullable()
    .optional(),
  columns: z.array(token('A column')).max(MAX_COLUMNS, `At most ${MAX_COLUMNS} columns`).optional(),
});
export type SavedViewState = z.infer<typeof savedViewState>;

const viewName = z.string().trim().min(1, 'Enter a name').max(SAVED_VIEW_NAME_MAX, `The name is at most ${SAVED_VIEW_NAME_MAX} characters`);

export const savedViewQuery = z.strictObject({
  sponsorId: z.coerce.number().int().min(0),
  list: z.enum(SAVED_VIEW_LISTS, { error: `The list is one of ${SAVED_VIEW_LISTS.join(', ')}` }),
});

export const createSavedViewBody = z.strictObject({
  name: viewName,
  shared: z.boolean(),
  state: savedViewState,
  /** Opens this list for me when its address holds no state of its own. */
  isDefault: z.boolean().optional(),
});
export type CreateSavedViewBody = z.infer<typeof createSavedViewBody>;

export const updateSavedViewBody = z.strictObject({
  name: viewName.optional(),
  shared: z.boolean().optional(),
  state: savedViewState.optional(),
  isDefault: z.boolean().optional(),
});
export type UpdateSavedViewBody = z.infer<typeof updateSavedViewBody>;

export const savedViewItem = z.object({
  id: z.number().int(),
  list: z.enum(SAVED_VIEW_LISTS),
  name: z.string(),
  shared: z.boolean(),
  state: savedViewState,
  /** My default for this list (each person has their own). */
  isDefault: z.boolean(),
  /** I made it. */
  mine: z.boolean(),
  /** I may rename it, change what it holds, share or delete it. */
  canChange: z.boolean(),
  ownerName: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedViewItem = z.infer<typeof savedViewItem>;
