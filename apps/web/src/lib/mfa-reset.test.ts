import { describe, expect, it } from 'vitest';
import { mfaResetRequest } from './mfa-reset';

describe('MFA reset request', () => {
  it('uses the exact paths and query names of the specification', () => {
    expect(mfaResetRequest({ kind: 'vault', vaultId: 7, sponsorId: 3 })).toEqual({
      path: '/api/v1/vaults/reset-mfa',
      query: { ownerId: 7, sponsorId: 3 },
    });
    expect(mfaResetRequest({ kind: 'sponsor', sponsorCode: 'AC ME' })).toEqual({ path: '/api/v1/sponsors/AC%20ME/reset-mfa' });
    expect(mfaResetRequest({ kind: 'sponsoredAdvisor', userId: 9, sponsorId: 3 })).toEqual({
      path: '/api/v1/sponsoredadvisor/9/reset-mfa',
      query: { sponsorId: 3 },
    });
    expect(mfaResetRequest({ kind: 'advisor', userId: 9, sponsorId: 3 })).toEqual({
      path: '/api/v1/advisors/9/reset-mfa',
      query: { sponsorId: 3 },
    });
  });
});
