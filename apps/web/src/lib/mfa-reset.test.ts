import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from './api';
import { getMfaResetState, MFA_IDLE, mfaResetRequest, requestMfaReset, resetMfaState } from './mfa-reset';

afterEach(() => resetMfaState());

describe('MFA reset request state', () => {
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

  it('goes idle → loading → success with the server message, and back to idle on reset', async () => {
    expect(getMfaResetState()).toEqual(MFA_IDLE);
    let release!: () => void;
    const pending = requestMfaReset(
      { kind: 'advisor', userId: 1, sponsorId: 2 },
      () => new Promise((r) => (release = () => r({ message: 'MFA was reset for a@b.c.', errorMsg: null, statusType: 'success' }))),
    );
    expect(getMfaResetState()).toMatchObject({ status: 'loading', fetching: true, success: false, error: null });
    release();
    const final = await pending;
    expect(final).toMatchObject({ status: 'success', success: true, fetching: false, message: 'MFA was reset for a@b.c.' });
    expect(getMfaResetState()).toBe(final);
    resetMfaState();
    expect(getMfaResetState()).toEqual(MFA_IDLE);
  });

  it('ends in error with the message of a failed call or of an error answer', async () => {
    const failed = await requestMfaReset({ kind: 'vault', vaultId: 1, sponsorId: 2 }, async () => {
      throw new ApiError(403, { message: 'Your administrator account does not have the hasManageMfaAccess permission.' });
    });
    expect(failed).toMatchObject({ status: 'error', error: 'Your administrator account does not have the hasManageMfaAccess permission.' });
    const answered = await requestMfaReset({ kind: 'sponsor', sponsorCode: 'X' }, async () => ({
      message: 'No',
      errorMsg: 'Nobody to reset',
      statusType: 'error',
    }));
    expect(answered).toMatchObject({ status: 'error', error: 'Nobody to reset' });
  });

  it('forgets a request that was still running when it was reset', async () => {
    let release!: () => void;
    const pending = requestMfaReset(
      { kind: 'advisor', userId: 1, sponsorId: 2 },
      () => new Promise((r) => (release = () => r({ message: 'late', errorMsg: null, statusType: 'success' }))),
    );
    resetMfaState();
    release();
    await pending;
    expect(getMfaResetState()).toEqual(MFA_IDLE);
  });
});
