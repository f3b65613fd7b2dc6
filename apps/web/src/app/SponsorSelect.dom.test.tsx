import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setSponsor, useSponsor } from '../lib/session';
import { shellKeys } from '../lib/sponsors';
import { renderWithPortal } from '../test/render';
import { SponsorSelect } from './SponsorSelect';

const SPONSORS = [
  { id: 1, sponsorCode: 'ACME', name: 'Acme Wealth' },
  { id: 2, sponsorCode: 'BETA', name: 'Beta Partners' },
];

/** A screen's list keyed by the sponsor, as the features key theirs; notes each sponsor it asks for. */
function SponsorList({ asked }: { asked: number[] }) {
  const { sponsorId } = useSponsor();
  useQuery({
    queryKey: ['vaults', sponsorId, 'list'],
    queryFn: async () => {
      asked.push(sponsorId);
      return [];
    },
  });
  return null;
}

afterEach(() => setSponsor({ sponsorId: 0, sponsorCode: '' }));

describe('SponsorSelect', () => {
  it('after a change asks only for the new sponsor’s list, not the old one’s again', async () => {
    setSponsor({ sponsorId: 1, sponsorCode: 'ACME' });
    const asked: number[] = [];
    const { user, queryClient } = renderWithPortal(
      <>
        <SponsorSelect />
        <SponsorList asked={asked} />
      </>,
    );
    queryClient.setQueryData(shellKeys.mySponsors, SPONSORS);
    await waitFor(() => expect(asked).toEqual([1]));

    await user.click(await screen.findByRole('combobox', { name: 'Portal' }));
    await user.click(await screen.findByRole('option', { name: 'BETA · Beta Partners' }));

    await waitFor(() => expect(asked).toEqual([1, 2]));
    // Nothing more arrives later either (a refetch of the old key would).
    await new Promise((r) => setTimeout(r, 50));
    expect(asked).toEqual([1, 2]);
    // Going back to the first sponsor asks for its list again: it was marked stale.
    await user.click(screen.getByRole('combobox', { name: 'Portal' }));
    await user.click(await screen.findByRole('option', { name: 'ACME · Acme Wealth' }));
    await waitFor(() => expect(asked).toEqual([1, 2, 1]));
  });
});
