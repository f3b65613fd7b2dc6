import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import type { AuditVerifyResponse } from '@vault/contract';
import { formatDateTime } from '../../lib/dates';

const REASONS: Record<NonNullable<AuditVerifyResponse['firstBroken']>['reason'], string> = {
  content: 'its content no longer matches its hash (it was changed)',
  link: 'it no longer follows the entry before it (that entry was changed or replaced)',
  checkpoint: 'a signed checkpoint names another hash for it (the chain was rewritten)',
};

const count = (n: number) => n.toLocaleString('en-US');

/** The answer of "Verify": whole, or the first broken entry and the missing stretches, in words. */
export function AuditChainResult({ result, portal }: { result: AuditVerifyResponse; portal: string }) {
  const checkpoint = result.latestCheckpoint
    ? ` Latest signed checkpoint: entry ${count(result.latestCheckpoint.seq)}, ${formatDateTime(result.latestCheckpoint.signedAt)}.`
    : ' No signed checkpoint yet.';
  // After a retention purge the walk starts at the signed cut, not at the first entry ever written.
  const cut = result.cut
    ? ` Entries up to number ${count(result.cut.seq)} were removed by the retention period on ${formatDateTime(result.cut.signedAt)}; the check starts from their signed last hash.`
    : '';
  if (result.whole) {
    return (
      <Alert color="teal" icon={<IconShieldCheck size={18} aria-hidden />} title="The audit trail is whole" mb="md">
        <Text size="sm">
          All {count(result.entries)} entries of {portal} are in place and unchanged; each one's hash holds and follows the one before.
          {checkpoint}
          {cut}
        </Text>
      </Alert>
    );
  }
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title="The audit trail is broken" mb="md">
      <Text size="sm">
        {count(result.entries)} entries of {portal} were checked.{checkpoint}
        {cut}
      </Text>
      <List size="sm" mt="xs">
        {result.firstBroken && (
          <List.Item>
            First broken entry: number {count(result.firstBroken.seq)} (id {result.firstBroken.id}): {REASONS[result.firstBroken.reason]}.
          </List.Item>
        )}
        {result.gaps.map((g) => (
          <List.Item key={g.fromSeq}>
            Missing {g.fromSeq === g.toSeq ? `entry ${count(g.fromSeq)}` : `entries ${count(g.fromSeq)} to ${count(g.toSeq)}`} (removed).
          </List.Item>
        ))}
        {result.gapCount > result.gaps.length && (
          <List.Item>… and {count(result.gapCount - result.gaps.length)} more missing stretches.</List.Item>
        )}
      </List>
    </Alert>
  );
}
