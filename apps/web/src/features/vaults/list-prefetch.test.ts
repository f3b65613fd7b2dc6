import { PAGE_SIZE } from '@vault/contract';
import { describe, expect, it } from 'vitest';
import { vaultListParams } from './list-prefetch';

const at = (path: string) => vaultListParams(new URL(path, 'http://portal.test'));

describe('vaultListParams (what the first screen will ask for)', () => {
  it('is the first page without a search on the bare address', () => {
    expect(at('/')).toEqual({ offset: 0, limit: PAGE_SIZE, search: null, sort: null, filters: null });
  });

  it('follows the page, the search, the sort and the filters kept in the address', () => {
    expect(at('/?page=3&field=email&q=ann&sort=lastName&dir=desc&from=2026-03-02&packageId=4')).toEqual({
      offset: 2 * PAGE_SIZE,
      limit: PAGE_SIZE,
      search: { fieldName: 'email', fieldValue: 'ann' },
      sort: { sortBy: 'lastName', sortDir: 'desc' },
      filters: { createdFrom: '2026-03-02', packageId: 4 },
    });
  });

  it('ignores a page that is not a positive whole number, a field the vault search does not offer and an unknown sort', () => {
    expect(at('/?page=-2&field=password&q=x&sort=password')).toEqual({
      offset: 0,
      limit: PAGE_SIZE,
      search: null,
      sort: null,
      filters: null,
    });
  });
});
