import { ADMIN_FLAGS, type AdminFlag } from '@vault/contract';
import { describe, expect, it } from 'vitest';
import { applyPreset, matchingPreset, ROLE_PRESETS, sectionOf } from './admin-roles';

const none = () => Object.fromEntries(ADMIN_FLAGS.map((f) => [f, false])) as Record<AdminFlag, boolean>;
const preset = (label: string) => ROLE_PRESETS.find((p) => p.label === label)!;
const unlocked = () => false;

describe('administrator role presets', () => {
  it('Full administrator grants every flag of the list, and the flags then match it', () => {
    const flags = applyPreset(preset('Full administrator'), none(), unlocked);
    expect(ADMIN_FLAGS.every((f) => flags[f])).toBe(true);
    expect(matchingPreset(flags, unlocked)?.label).toBe('Full administrator');
  });

  it('Vault manager grants the vault and document flags only', () => {
    const flags = applyPreset(preset('Vault manager'), none(), unlocked);
    expect(flags.hasArchiveVaultAccess).toBe(true);
    expect(flags.hasDocumentReviewAccess).toBe(true);
    expect(flags.hasManageMfaAccess).toBe(false);
    expect(flags.hasIntegrationAccess).toBe(false);
  });

  it('Read-only support grants no flag that changes data', () => {
    const flags = applyPreset(preset('Read-only support'), none(), unlocked);
    expect(ADMIN_FLAGS.filter((f) => flags[f]).sort()).toEqual(
      ['hasAdvisorDashboardAccess', 'hasEnterpriseDashboardAccess', 'hasPrivateFoldersAccess'].sort(),
    );
  });

  it('leaves locked flags as they are, and a changed flag makes the choice custom', () => {
    const locked = (f: AdminFlag) => f === 'hasManageMfaAccess';
    const flags = applyPreset(preset('Full administrator'), none(), locked);
    expect(flags.hasManageMfaAccess).toBe(false);
    expect(matchingPreset(flags, locked)?.label).toBe('Full administrator');
    expect(matchingPreset({ ...flags, hasArchiveVaultAccess: false }, locked)).toBeUndefined();
  });

  it('shows a flag it does not know under Other', () => {
    expect(sectionOf('hasManageAdministratorsAccess')).toBe('Other');
    expect(sectionOf('hasArchiveVaultAccess')).toBe('Vaults and documents');
  });
});
