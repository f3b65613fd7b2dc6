import { describe, expect, it } from 'vitest';
import { buildVaultPayload, isValidVaultEmail, vaultCreateBody } from './vaults.js';

describe('buildVaultPayload (specification section 3, "Vault creation payload")', () => {
  it('defaults tag to individual and the flags to false; no advisor is null', () => {
    const p = buildVaultPayload({ email: ' a@b.io ', firstName: 'Ann', lastName: 'Lee', packageId: '3' });
    expect(p).toEqual({
      email: 'a@b.io',
      firstName: 'Ann',
      lastName: 'Lee',
      packageId: 3,
      sponsoredAdvisorUserId: null,
      sendActivationEmail: false,
      templateId: null,
      testAccount: false,
      localize: 'en',
      tag: 'individual',
      group: null,
    });
    expect(vaultCreateBody.safeParse(p).success).toBe(true);
  });

  it('sends advisor ids as integers and leaves out middle name, organisation, tag, entity type and group', () => {
    const p = buildVaultPayload({
      email: 'a@b.io',
      firstName: 'Ann',
      middleName: 'M',
      lastName: 'Lee',
      organizationName: 'Org',
      tag: 'business',
      entityType: 'LLC',
      group: '4',
      packageId: 3,
      sponsoredAdvisorUserId: ['12', '7'],
      templateId: '2',
      sendActivationEmail: true,
    });
    expect(p.sponsoredAdvisorUserId).toEqual([12, 7]);
    for (const k of ['middleName', 'organizationName', 'tag', 'entityType', 'group']) expect(p).not.toHaveProperty(k);
    expect(p).toMatchObject({ templateId: 2, sendActivationEmail: true });
    expect(vaultCreateBody.safeParse(p).success).toBe(true);
  });

  it('refuses the left-out fields when advisors are chosen', () => {
    const r = vaultCreateBody.safeParse({
      email: 'a@b.io',
      firstName: 'A',
      lastName: 'B',
      packageId: 1,
      sponsoredAdvisorUserId: [1],
      tag: 'individual',
    });
    expect(r.success).toBe(false);
  });

  it('checks e-mails with the accented domain letters', () => {
    expect(isValidVaultEmail('jo@müller.de')).toBe(true);
    expect(isValidVaultEmail('jo@bäcker-öl.example')).toBe(true);
    expect(isValidVaultEmail('jo@example')).toBe(false);
    expect(isValidVaultEmail('jö@example.com')).toBe(false);
  });
});
