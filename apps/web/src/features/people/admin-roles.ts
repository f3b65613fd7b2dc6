import { ADMIN_FLAGS, type AdminFlag } from '@vault/contract';

/** The sections an administrator's access flags are shown in, in this order. */
export const FLAG_SECTIONS = ['Vaults and documents', 'People and portal', 'Dashboards and contacts', 'Other'] as const;
export type FlagSection = (typeof FLAG_SECTIONS)[number];

/** Where each known flag is shown; a flag added to ADMIN_FLAGS later appears under "Other". */
const SECTION_OF: Partial<Record<string, FlagSection>> = {
  hasCorporateVaultAccess: 'Vaults and documents',
  hasPrivateFoldersAccess: 'Vaults and documents',
  hasTemplateAccess: 'Vaults and documents',
  hasDocumentReviewAccess: 'Vaults and documents',
  hasDocumentRetentionAccess: 'Vaults and documents',
  hasDocumentExpiringAccess: 'Vaults and documents',
  hasUnfiledTabAccess: 'Vaults and documents',
  hasReminderTabAccess: 'Vaults and documents',
  hasArchiveVaultAccess: 'Vaults and documents',
  hasVaultGroupCreationPermission: 'Vaults and documents',
  hasManageMfaAccess: 'People and portal',
  hasCustodianManageAccess: 'People and portal',
  hasIntegrationAccess: 'People and portal',
  hasManageIntegrationsAccess: 'People and portal',
  hasSubPortalManagePermission: 'People and portal',
  hasEnterpriseDashboardAccess: 'Dashboards and contacts',
  hasAdvisorDashboardAccess: 'Dashboards and contacts',
  showInContacts: 'Dashboards and contacts',
};

export const sectionOf = (flag: string): FlagSection => SECTION_OF[flag] ?? 'Other';

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
  hasManageIntegrationsAccess: "Manage webhooks: where the portal's events are sent",
  hasSubPortalManagePermission: 'Create and change sub-portals',
  hasEnterpriseDashboardAccess: 'See the enterprise dashboard',
  hasAdvisorDashboardAccess: 'See the advisor dashboard',
  showInContacts: 'Appear in the contacts of vault holders',
};

export interface RolePreset {
  label: string;
  description: string;
  /** Whether the preset grants a flag; decided by section so that new flags follow. */
  grants: (flag: AdminFlag) => boolean;
}

/** Starting points for a new administrator; the flags stay editable one by one after choosing. */
export const ROLE_PRESETS: readonly RolePreset[] = [
  {
    label: 'Full administrator',
    description: 'Every access of this portal',
    grants: () => true,
  },
  {
    label: 'Vault manager',
    description: 'Vaults and documents, no people or portal settings',
    grants: (f) => f === 'hasPrivateFoldersAccess' || sectionOf(f) === 'Vaults and documents',
  },
  {
    label: 'Read-only support',
    description: 'Dashboards only; changes nothing',
    grants: (f) => f === 'hasPrivateFoldersAccess' || f === 'hasEnterpriseDashboardAccess' || f === 'hasAdvisorDashboardAccess',
  },
];

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
