import { screen } from '@testing-library/react';
import type { AuditVerifyResponse } from '@vault/contract';
import { describe, expect, it } from 'vitest';
import { renderWithPortal } from '../../test/render';
import { AuditChainResult } from './audit-verify';

const whole: AuditVerifyResponse = {
  sponsorId: 3,
  whole: true,
  entries: 1234,
  lastSeq: 1234,
  lastHash: 'a'.repeat(64),
  gaps: [],
  gapCount: 0,
  checkpoints: 2,
  latestCheckpoint: { seq: 1200, signedAt: new Date(2026, 10, 21, 18, 40).toISOString() },
  cut: null,
};

describe('the answer of Verify', () => {
  it('says where the check started after a retention purge', () => {
    renderWithPortal(
      <AuditChainResult result={{ ...whole, cut: { seq: 400, signedAt: new Date(2026, 10, 1, 3, 0).toISOString() } }} portal="ALPHA" />,
    );
    expect(screen.getByText(/All 1,234 entries of ALPHA are in place/)).toHaveTextContent(
      'Entries up to number 400 were removed by the retention period on 11/01/2026 3:00 am; the check starts from their signed last hash.',
    );
  });

  it('says the trail is whole, with the count and the latest signed checkpoint', () => {
    renderWithPortal(<AuditChainResult result={whole} portal="ALPHA" />);
    expect(screen.getByText('The audit trail is whole')).toBeInTheDocument();
    expect(screen.getByText(/All 1,234 entries of ALPHA are in place/)).toHaveTextContent('entry 1,200, 11/21/2026 6:40 pm');
  });

  it('names the first broken entry, why, and each missing stretch', () => {
    const broken: AuditVerifyResponse = {
      ...whole,
      whole: false,
      firstBroken: { id: 88, seq: 40, reason: 'content' },
      gaps: [
        { fromSeq: 7, toSeq: 7 },
        { fromSeq: 100, toSeq: 120 },
      ],
      gapCount: 3,
      latestCheckpoint: null,
    };
    renderWithPortal(<AuditChainResult result={broken} portal="ALPHA" />);
    expect(screen.getByText('The audit trail is broken')).toBeInTheDocument();
    const items = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([
      'First broken entry: number 40 (id 88): its content no longer matches its hash (it was changed).',
      'Missing entry 7 (removed).',
      'Missing entries 100 to 120 (removed).',
      '… and 1 more missing stretches.',
    ]);
    expect(screen.getByText(/No signed checkpoint yet/)).toBeInTheDocument();
  });
});
