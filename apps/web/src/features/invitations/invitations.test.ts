import { QueryClient } from '@tanstack/react-query';
import type { Invitation, ListResponse } from '@vault/contract';
import { describe, expect, it } from 'vitest';
import { invitationKeys, markDefaultInCache } from './api';

const inv = (id: number, defaultInviteCode = false): Invitation => ({
  id,
  type: 'open',
  inviteCode: `CODE${id}`,
  max: 5,
  uses: 0,
  email: null,
  firstName: null,
  lastName: null,
  packageId: 1,
  packageName: 'Basic',
  sponsorId: 7,
  sponsorCode: 'ACME',
  expireTime: null,
  createdDate: '2026-11-21T10:00:00.000Z',
  defaultInviteCode,
  localize: 'en',
  testAccount: false,
  sponsoredTrustedAdvisorId: [],
  isTrustedAdvisor: false,
  lastSentAt: null,
  status: 'pending',
});

describe('markDefaultInCache', () => {
  it('sets the new default and clears the previous one on every cached page of the sponsor only', () => {
    const qc = new QueryClient();
    const page1 = invitationKeys.list(7, 0, 20, null);
    const page2 = invitationKeys.list(7, 20, 20, null);
    const other = invitationKeys.list(8, 0, 20, null);
    qc.setQueryData<ListResponse<Invitation>>(page1, { data: [inv(1, true), inv(2)], total: 3 });
    qc.setQueryData<ListResponse<Invitation>>(page2, { data: [inv(3)], total: 3 });
    qc.setQueryData<ListResponse<Invitation>>(other, { data: [inv(9, true)], total: 1 });
    markDefaultInCache(qc, 7, 3);
    const defaults = (key: readonly unknown[]) =>
      qc
        .getQueryData<ListResponse<Invitation>>(key)!
        .data.filter((i) => i.defaultInviteCode)
        .map((i) => i.id);
    expect(defaults(page1)).toEqual([]);
    expect(defaults(page2)).toEqual([3]);
    expect(defaults(other)).toEqual([9]);
  });

  it('clears only the one invitation when it stops being the default', () => {
    const qc = new QueryClient();
    const key = invitationKeys.list(7, 0, 20, null);
    qc.setQueryData<ListResponse<Invitation>>(key, { data: [inv(1, true), inv(2)], total: 2 });
    markDefaultInCache(qc, 7, 1, false);
    expect(qc.getQueryData<ListResponse<Invitation>>(key)!.data.some((i) => i.defaultInviteCode)).toBe(false);
  });
});
