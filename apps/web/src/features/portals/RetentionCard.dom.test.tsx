import { screen, within } from '@testing-library/react';
import type { AuditRetention } from '@vault/contract';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/fetch';
import { renderWithPortal } from '../../test/render';
import { RetentionCard } from './RetentionCard';

const answer: AuditRetention = {
  sponsorId: 9,
  months: 84,
  minimumMonths: 84,
  effectiveMonths: 84,
  legalHold: true,
  holdReason: 'Matter 2026-114',
  holdChangedAt: '2026-11-20T10:00:00.000Z',
  keepsFrom: '2019-11-01T00:00:00.000Z',
  canChangePeriod: false,
  canChangeHold: false,
};

describe('Retention on the portal page', { timeout: 60_000 }, () => {
  it('tells an administrator without the right the period, the hold and who may change them', async () => {
    stubApi(() => ({ body: answer }));
    renderWithPortal(<RetentionCard sponsorCode="ACME" />);
    const section = await screen.findByRole('region', { name: 'Retention' });
    expect(await within(section).findByText(/Audit entries are kept for/)).toHaveTextContent(
      'Audit entries are kept for 7 years: entries from before November 2019 are removed a month at a time, except while the portal is on legal hold.',
    );
    expect(within(section).getByText('On hold')).toBeInTheDocument();
    expect(within(section).getByText(/Reason: Matter 2026-114\./)).toBeInTheDocument();
    expect(within(section).getByText('Only the service staff may set or lift a legal hold.')).toBeInTheDocument();
    expect(within(section).queryByRole('switch', { name: 'Legal hold' })).toBeNull();
    expect(within(section).queryByRole('textbox', { name: 'Retention period (months)' })).toBeNull();
  });
});
