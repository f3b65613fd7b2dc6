import { PAGE_SIZE } from '@vault/contract';
import { describe, expect, it } from 'vitest';
import { firstVaultListUrl, vaultListFilters } from './list-request';

const at = (path: string, sponsorId = 7) => firstVaultListUrl(new URL(path, 'http://portal.test'), sponsorId);

describe('firstVaultListUrl (the request the entry starts early)', () => {
  it('is the GET of the page the vault list shows, as its query sends it', () => {
    expect(at('/')).toBe(`/api/v1/vaultholders?limit=${PAGE_SIZE}&offset=0&sponsorId=7`);
    expect(at('/?page=3')).toBe(`/api/v1/vaultholders?limit=${PAGE_SIZE}&offset=${2 * PAGE_SIZE}&sponsorId=7`);
  });

  it("takes the address's sort, as the list's query sends it (a reload of a sorted list asks once)", () => {
    expect(at('/?sort=lastName&dir=desc')).toBe(
      `/api/v1/vaultholders?limit=${PAGE_SIZE}&offset=0&sponsorId=7&sortBy=lastName&sortDir=desc`,
    );
    expect(at('/?page=2&sort=email')).toBe(
      `/api/v1/vaultholders?limit=${PAGE_SIZE}&offset=${PAGE_SIZE}&sponsorId=7&sortBy=email&sortDir=asc`,
    );
    // A column the list cannot sort by is left out, as the list leaves it out.
    expect(at('/?sort=password')).toBe(`/api/v1/vaultholders?limit=${PAGE_SIZE}&offset=0&sponsorId=7`);
  });

  it('is nothing for another screen, a search (a POST) or no sponsor', () => {
    expect(at('/vault')).toBeNull();
    expect(at('/?field=email&q=ann')).toBeNull();
    expect(at('/', 0)).toBeNull();
  });
});

describe('vaultListFilters (creation days, package, activated: decision 0048)', () => {
  const of = (qs: string) => vaultListFilters(new URLSearchParams(qs));
  it('reads the filters an Overview link sets, and leaves out what cannot be read', () => {
    expect(of('from=2026-03-02&to=2026-03-08')).toEqual({ createdFrom: '2026-03-02', createdTo: '2026-03-08' });
    expect(of('packageId=12&activated=yes')).toEqual({ packageId: 12, activated: 'yes' });
    expect(of('from=2026-02-30&to=soon&packageId=0&activated=maybe')).toBeNull();
    expect(of('field=email&q=ann')).toBeNull();
  });

  it('sends them in the early GET, after the sort, as the list does', () => {
    expect(at('/?from=2026-03-02&to=2026-03-08&activated=yes&sort=email')).toBe(
      `/api/v1/vaultholders?limit=${PAGE_SIZE}&offset=0&sponsorId=7&sortBy=email&sortDir=asc&createdFrom=2026-03-02&createdTo=2026-03-08&activated=yes`,
    );
  });
});
