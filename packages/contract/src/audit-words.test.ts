import { describe, expect, it } from 'vitest';
import { actionWords, targetName } from './audit-words.js';

describe('audit actions in words', () => {
  it('names whole actions and composes target and verb for the rest', () => {
    expect(actionWords('auth.login_failed')).toBe('Sign-in failed');
    expect(actionWords('package_sponsor.reprice')).toBe('Sale price changed');
    expect(actionWords('vault_holder.activate')).toBe('Vault holder activated');
    expect(actionWords('sponsored_advisor.password_reset')).toBe('Representative password reset sent');
    expect(actionWords('sponsor_admin.create')).toBe('Administrator created');
    expect(actionWords('vault.archive')).toBe('Vault archived');
  });

  it('still reads as words for a code it does not know', () => {
    expect(actionWords('gadget.fineTune')).toBe('Gadget fine tune');
    expect(actionWords('reindex')).toBe('Reindex');
    expect(targetName('sponsored_advisor')).toBe('Representative');
    expect(targetName('gizmo_part')).toBe('Gizmo part');
  });
});
