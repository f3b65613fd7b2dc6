import { PAGE_SIZE } from '@vault/contract';
import { describe, expect, it } from 'vitest';
import { firstVaultListUrl } from './list-request';

const at = (path: string, sponsorId = 7) => firstVaultListUrl(new URL(path, 'http://portal.test'), sponsorId);

describe('firstVaultListUrl (the request the entry starts early)', () => {
  it('is the GET of the page the vault list shows, as its query sends it', () => {
    expect(at('/')).toBe(`/api/v1/vaultholders?limit=${PAGE_SIZE}&offset=0&sponsorId=7`);
    expect(at('/?page=3')).toBe(`/api/v1/vaultholders?limit=${PAGE_SIZE}&offset=${2 * PAGE_SIZE}&sponsorId=7`);
  });

  it('is nothing for another screen, a search (a POST) or no sponsor', () => {
    expect(at('/vault')).toBeNull();
    expect(at('/?field=email&q=ann')).toBeNull();
    expect(at('/', 0)).toBeNull();
  });
});
