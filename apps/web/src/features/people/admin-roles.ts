import { ADMIN_FLAGS, type AdminFlag, ROLE_PRESETS, type RolePreset } from '@vault/contract';

export { FLAG_SECTIONS, type FlagSection, ROLE_PRESETS, type RolePreset, sectionOf } from '@vault/contract';

/** What each known flag lets the administrator do, in a line. */
export const FLAG_HELP: Partial<Record<string, string>> = {
  hasCorporateVaultAccess: 'Open business vaults of the portal',
  hasPrivateFoldersAccess: 'Use their own private folders (every new administrator has it)',
  hasTemplateAccess: 'Edit the folder templates of new vaults',
  hasDocumentReviewAccess: 'Review documents uploaded to vaults',
  hasDocumentRetentionAccess: 'Set how long documents are kept',
  hasDocumentExpiringAccess: 'See and act on expiring documents',
  hasUnfiledTabAccess: 'See the unfiled documents tab',
  hasReminderTabAccess: 'See the reminders tab',
  hasArchiveVaultAccess: 'Archive vaults',
  hasVaultGroupCreationPermission: 'Create vault groups',
  hasManageMfaAccess: 'Reset the two-factor sign-in of people',
  hasCustodianManageAccess: 'Manage custodians',
  hasIntegrationAccess: 'Enable and configure app integrations',
  hasSubPortalManagePermission: 'Create and change sub-portals',
  hasManageSignInAccess: 'Configure how the portal’s administrators sign in (single sign-on)',
  hasEnterpriseDashboardAccess: 'See the enterprise dashboard',
  hasAdvisorDashboardAccess: 'See the advisor dashboard',
  showInContacts: 'Appear in the contacts of vault holders',
};

/** The flags a preset sets: its grants, except flags the user may not change (they keep their value). */
export function applyPreset(
  preset: RolePreset,
  values: Record<AdminFlag, boolean>,
  locked: (flag: AdminFlag) => boolean,
): Record<AdminFlag, boolean> {
  const next = { ...values };
  for (const f of ADMIN_FLAGS) if (!locked(f)) next[f] = preset.grants(f);
  return next;
}

/** The preset the flags match exactly (among the flags the user may change), if any. */
export function matchingPreset(values: Record<AdminFlag, boolean>, locked: (flag: AdminFlag) => boolean): RolePreset | undefined {
  return ROLE_PRESETS.find((p) => ADMIN_FLAGS.every((f) => locked(f) || values[f] === p.grants(f)));
}
