import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithPortal } from '../../test/render';
import { BulkDialog } from './BulkDialog';

const noop = () => {};

describe('BulkDialog question', () => {
  it('names the exact number of chosen holders', async () => {
    renderWithPortal(<BulkDialog sponsorId={1} request={{ action: 'deactivate', ids: [4, 9], count: 2 }} onClose={noop} onDone={noop} />);
    expect(await screen.findByText('Deactivate the 2 selected vault holders?')).toBeInTheDocument();
  });

  it('names every holder of a search with its exact count', async () => {
    const search = { fieldName: 'lastName' as const, fieldValue: 'smith' };
    renderWithPortal(<BulkDialog sponsorId={1} request={{ action: 'activate', search, count: 12 }} onClose={noop} onDone={noop} />);
    expect(await screen.findByText('Activate every 12 selected vault holders matching the search?')).toBeInTheDocument();
  });

  it('says "about" when the search total is the server\'s estimate', async () => {
    const search = { fieldName: 'lastName' as const, fieldValue: 'son' };
    renderWithPortal(
      <BulkDialog
        sponsorId={1}
        request={{ action: 'activate', search, count: 3700, countIsEstimate: true }}
        onClose={noop}
        onDone={noop}
      />,
    );
    expect(await screen.findByText('Activate every selected vault holder matching the search (about 3,700)?')).toBeInTheDocument();
  });
});
