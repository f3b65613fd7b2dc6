import { z } from 'zod';
import { PASSWORD_MIN } from './constants.js';

export { LOGIN_FAILED_MESSAGE, PASSWORD_MIN, SESSION_EXPIRED_MESSAGE } from './constants.js';

export const loginBody = z.strictObject({
  username: z.string().trim().min(1, 'Username is required').max(254),
  password: z.string().min(1, 'Password is required').max(1024),
});

export const ROLE_NAMES = ['staff', 'sponsor_admin'] as const;
export const sessionUser = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLE_NAMES),
  sponsorId: z.number().int().nullable(),
  /** The sponsor administrator's access flags; staff may do everything. */
  permissions: z.record(z.string(), z.boolean()),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResponse = z.object({
  user: sessionUser,
  accessToken: z.string(),
  expiresAt: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const newPasswordSchema = z
  .string()
  .min(PASSWORD_MIN, `Use at least ${PASSWORD_MIN} characters`)
  .max(256, 'Use at most 256 characters');

/** The second login-layout route: set a new password from an e-mailed link. */
export const setPasswordBody = z.strictObject({
  token: z.string().min(20).max(200),
  password: newPasswordSchema,
});

/** Access flags of a sponsor administrator (specification section 3), also checked by the server. */
export const ADMIN_FLAGS = [
  'hasCorporateVaultAccess',
  'hasPrivateFoldersAccess',
  'hasTemplateAccess',
  'hasDocumentReviewAccess',
  'hasDocumentRetentionAccess',
  'hasDocumentExpiringAccess',
  'hasManageMfaAccess',
  'hasCustodianManageAccess',
  'hasIntegrationAccess',
  'hasEnterpriseDashboardAccess',
  'hasAdvisorDashboardAccess',
  'hasVaultGroupCreationPermission',
  'hasSubPortalManagePermission',
  'showInContacts',
  'hasUnfiledTabAccess',
  'hasReminderTabAccess',
  'hasArchiveVaultAccess',
  'hasManageAdminsAccess',
  'hasManageSignInAccess',
  'hasManageMessagesAccess',
  'hasManageIntegrationsAccess',
] as const;
export type AdminFlag = (typeof ADMIN_FLAGS)[number];

export const forgotPasswordBody = z.strictObject({ email: z.string().trim().min(1).max(254) });
