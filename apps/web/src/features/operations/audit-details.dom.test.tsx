import { screen, within } from '@testing-library/react';
import type { AuditEntry } from '@vault/contract';
import { describe, expect, it } from 'vitest';
import { renderWithPortal } from '../../test/render';
import { AuditEntryDetails } from './audit-details';

const entry: AuditEntry = {
  id: 1,
  occurredAt: new Date(2026, 10, 21, 18, 40).toISOString(),
  actorUserId: 5,
  actorEmail: 'ann@alpha.example',
  actorSponsorId: 3,
  sponsorId: 3,
  sponsorCode: 'ALPHA',
  action: 'package_sponsor.reprice',
  targetType: 'package_sponsor',
  targetId: '12',
  outcome: 'success',
  clientIp: '203.0.113.9',
  logJson: JSON.stringify({ name: 'Gold', currency: 'USD', priceSaleCents: { from: 999, to: 1799 } }),
};

describe('an opened audit entry', () => {
  it('shows when (local time, portal format), what in words, the target as a link and the details as labelled fields', () => {
    renderWithPortal(<AuditEntryDetails entry={entry} sponsorId={3} />);
    const main = screen.getByRole('table', { name: 'Entry' });
    expect(within(main).getByRole('row', { name: /Time/ })).toHaveTextContent('11/21/2026 6:40 pm');
    expect(within(main).getByRole('row', { name: /Action/ })).toHaveTextContent('Sale price changed(package_sponsor.reprice)');
    expect(within(main).getByRole('link', { name: 'Active package Gold' })).toHaveAttribute('href', '/packages');
    const info = screen.getByRole('table', { name: 'Entry information' });
    expect(within(info).getByRole('row', { name: /Sale price/ })).toHaveTextContent('$9.99 → $17.99');
    expect(within(info).queryByText('Currency')).toBeNull();
  });

  it('keeps the raw JSON behind a disclosure', async () => {
    const { user } = renderWithPortal(<AuditEntryDetails entry={entry} sponsorId={3} />);
    const raw = screen.getByText('Raw JSON');
    expect(raw.closest('details')).not.toHaveAttribute('open');
    await user.click(raw);
    expect(raw.closest('details')).toHaveAttribute('open');
    expect(raw.closest('details')?.querySelector('pre')).toHaveTextContent('"priceSaleCents"');
  });

  it('gives no link to a target of another portal than the chosen one', () => {
    renderWithPortal(<AuditEntryDetails entry={entry} sponsorId={4} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Active package Gold')).toBeInTheDocument();
  });
});
