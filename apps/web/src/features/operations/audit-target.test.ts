import type { AuditEntry } from '@vault/contract';
import { describe, expect, it } from 'vitest';
import { targetPath, targetText } from './audit-target';

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  occurredAt: '2026-11-21T18:40:00Z',
  actorUserId: 5,
  actorEmail: 'ann@alpha.example',
  actorSponsorId: 3,
  sponsorId: 3,
  sponsorCode: 'ALPHA',
  action: 'vault_holder.activate',
  targetType: 'vault_holder',
  targetId: '42',
  outcome: 'success',
  clientIp: null,
  logJson: '{}',
  ...over,
});

describe('the target of an audit entry', () => {
  it('opens a person on their screen in the chosen portal', () => {
    expect(targetPath(entry({ targetRef: { vaultId: 9 } }), 3)).toBe('/vaultdetails/9');
    expect(targetPath(entry({ targetType: 'sponsor_admin', targetRef: { said: 4 } }), 3)).toBe('/sponsor-admin/42/said/4');
    expect(targetPath(entry({ targetType: 'sponsored_advisor', targetRef: { staid: 8 } }), 3)).toBe('/sponsor-trusted-advisors/42/staid/8');
    expect(targetPath(entry({ targetType: 'advisor' }), 3)).toBe('/trusted-advisor/42');
    expect(targetPath(entry({ targetType: 'sub_portal', targetRef: { groupCode: 'EAST 1' } }), 3)).toBe('/advisor-portal-details/EAST%201');
  });

  it('offers no link to a person who is gone, or to another portal than the chosen one', () => {
    expect(targetPath(entry({}), 3)).toBeNull();
    expect(targetPath(entry({ targetRef: { vaultId: 9 } }), 7)).toBeNull();
    expect(targetPath(entry({ targetRef: { vaultId: 9 } }), 0)).toBeNull();
  });

  it('opens portal-free screens whatever portal is chosen, and list screens for the rest', () => {
    expect(targetPath(entry({ targetType: 'sponsor', targetId: '3' }), 0)).toBe('/sponsor/3');
    expect(targetPath(entry({ targetType: 'base_package', sponsorId: null }), 0)).toBe('/basepackages');
    expect(targetPath(entry({ targetType: 'invitation' }), 3, { inviteCode: 'SPRING 50' })).toBe(
      '/invitation?field=inviteCode&q=SPRING%2050',
    );
    expect(targetPath(entry({ targetType: 'audit_log' }), 3)).toBeNull();
  });

  it('names the target by what the entry says about it', () => {
    expect(targetText(entry({}), { email: 'jo@example.com' })).toBe('Vault holder jo@example.com');
    expect(targetText(entry({ targetType: 'sponsor', targetId: '3' }))).toBe('Portal #3');
    expect(targetText(entry({ targetType: null, targetId: null }))).toBe('—');
  });
});
