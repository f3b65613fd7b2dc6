import { PAGE_SIZE } from '@vault/contract';
import { describe, expect, it } from 'vitest';
import { vaultListParams } from './list-prefetch';

const at = (path: string) => vaultListParams(new URL(path, 'http://portal.test'));

describe('vaultListParams (what the first screen will ask for)', () => {
  it('is the first page without a search on the bare address', () => {
    expect(at('/')).toEqual({ offset: 0, limit: PAGE_SIZE, search: null });
  });

  it('follows the page and the search kept in the address', () => {
    expect(at('/?page=3&field=email&q=ann')).toEqual({
      offset: 2 * PAGE_SIZE,
      limit: PAGE_SIZE,
      search: { fieldName: 'email', fieldValue: 'ann' },
    });
  });

  it('ignores a page that is not a positive whole number and a field the vault search does not offer', () => {
    expect(at('/?page=-2&field=password&q=x')).toEqual({ offset: 0, limit: PAGE_SIZE, search: null });
  });
});
