import { describe, expect, it } from 'vitest';
import { activeNavItem, NAV_ITEMS, needsSponsor, screenAfterSponsorChange } from './nav';

describe('navigation', () => {
  it('has the labels of the specification in its order, with Overview first (decision 0046) and Messages after Invitation (decision 0044)', () => {
    expect(NAV_ITEMS.map((i) => i.label)).toEqual([
      'Overview',
      'Vaults',
      'New Vault',
      'Administrators',
      'Representatives',
      'Trusted Collaborators',
      'Portals',
      'Sub-Portals',
      'Base Packages',
      'Active Packages',
      'App Integrations',
      'Sponsor Authorizations',
      'Invitation',
      'Messages',
      'Failed Files',
      'Audit Logs',
      'App Status',
      'Logout',
    ]);
  });

  it('lets /sponsor, /sponsors, /basepackages, /logout and /audit-logs open without a sponsor', () => {
    for (const p of ['/sponsor', '/sponsor/3', '/sponsors', '/basepackages', '/logout', '/audit-logs', '/messages', '/overview'])
      expect(needsSponsor(p)).toBe(false);
    for (const p of [
      '/',
      '/vault',
      '/sponsor-admin',
      '/sponsor-admin/1/said/2',
      '/packages',
      '/invitation',
      '/service-status',
      '/sponsor-authorization',
    ]) {
      expect(needsSponsor(p)).toBe(true);
    }
  });

  it('lets the lists that can show every portal open without a sponsor when asked with all=1 (decision 0052)', () => {
    for (const p of ['/', '/invitation', '/upload-failed-files', '/sponsor-admin']) {
      expect(needsSponsor(p, '?all=1&from=2026-01-01')).toBe(false);
      expect(needsSponsor(p, '?all=0')).toBe(true);
    }
    // Screens that change one portal's data never do.
    for (const p of ['/vault', '/packages', '/sponsor-admin/1/said/2', '/service-status']) expect(needsSponsor(p, '?all=1')).toBe(true);
  });

  it('highlights the item of a detail screen', () => {
    expect(activeNavItem('/')?.label).toBe('Vaults');
    expect(activeNavItem('/vaultdetails/7')?.label).toBe('Vaults');
    expect(activeNavItem('/vault')?.label).toBe('New Vault');
    expect(activeNavItem('/sponsor-admin/4/said/9')?.label).toBe('Administrators');
    expect(activeNavItem('/sponsor-trusted-advisors/1/staid/2')?.label).toBe('Representatives');
    expect(activeNavItem('/trusted-advisor/5')?.label).toBe('Trusted Collaborators');
    expect(activeNavItem('/sponsor/5')?.label).toBe('Portals');
    expect(activeNavItem('/sponsor-authorization')?.label).toBe('Sponsor Authorizations');
    expect(activeNavItem('/advisor-portal-details/east')?.label).toBe('Sub-Portals');
    expect(activeNavItem('/nowhere')).toBeUndefined();
  });
});

describe('changing the sponsor', () => {
  it('leaves a detail screen of the previous sponsor for its list, and keeps other screens', () => {
    expect(screenAfterSponsorChange('/vaultdetails/12')).toBe('/');
    expect(screenAfterSponsorChange('/sponsor-admin/3/said/7')).toBe('/sponsor-admin');
    expect(screenAfterSponsorChange('/sponsor-trusted-advisors/4/staid/9')).toBe('/sponsor-trusted-advisors');
    expect(screenAfterSponsorChange('/advisor-portal-details/east')).toBe('/advisor-portal');
    expect(screenAfterSponsorChange('/trusted-advisor/8')).toBe('/trusted-advisors');
    for (const p of ['/', '/vault', '/packages', '/sponsor/5', '/sponsors', '/invitation']) expect(screenAfterSponsorChange(p)).toBeNull();
  });
});
