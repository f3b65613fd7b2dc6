import { ADMIN_FLAGS, type AdminFlag } from './auth.js';

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
  hasSubPortalManagePermission: 'People and portal',
  hasManageSignInAccess: 'People and portal',
  hasManageIntegrationsAccess: 'People and portal',
  hasManageMessagesAccess: 'People and portal',
  hasEnterpriseDashboardAccess: 'Dashboards and contacts',
  hasAdvisorDashboardAccess: 'Dashboards and contacts',
  showInContacts: 'Dashboards and contacts',
};

export const sectionOf = (flag: string): FlagSection => SECTION_OF[flag] ?? 'Other';

export const ROLE_PRESET_IDS = ['full', 'vault_manager', 'read_only'] as const;
export type RolePresetId = (typeof ROLE_PRESET_IDS)[number];

export interface RolePreset {
  id: RolePresetId;
  label: string;
  description: string;
  /** Whether the preset grants a flag; decided by section so that new flags follow. */
  grants: (flag: AdminFlag) => boolean;
}

/** Starting points for a new administrator; the flags stay editable one by one after choosing. */
export const ROLE_PRESETS: readonly RolePreset[] = [
  {
    id: 'full',
    label: 'Full administrator',
    description: 'Every access of this portal',
    grants: () => true,
  },
  {
    id: 'vault_manager',
    label: 'Vault manager',
    description: 'Vaults and documents, no people or portal settings',
    grants: (f) => f === 'hasPrivateFoldersAccess' || sectionOf(f) === 'Vaults and documents',
  },
  {
    id: 'read_only',
    label: 'Read-only support',
    description: 'Dashboards only; changes nothing',
    grants: (f) => f === 'hasPrivateFoldersAccess' || f === 'hasEnterpriseDashboardAccess' || f === 'hasAdvisorDashboardAccess',
  },
];

/** The flags a preset grants a new administrator (the portal's form, just-in-time sign-in). */
export const presetFlags = (id: RolePresetId): Record<AdminFlag, boolean> => {
  const preset = ROLE_PRESETS.find((p) => p.id === id)!;
  return Object.fromEntries(ADMIN_FLAGS.map((f) => [f, preset.grants(f)])) as Record<AdminFlag, boolean>;
};
