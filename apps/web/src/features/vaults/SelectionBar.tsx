import { IconCircleCheck, IconCircleOff, IconMailForward } from '@tabler/icons-react';
import type { BulkAction } from '@vault/contract';
import { AnchorButton } from '../../components/light/feedback';
import { LightButton } from '../../components/light/LightButton';
import { Group, Paper } from '../../components/light/layout';
import { Text } from '../../components/light/text';
import { formatCount } from '../../lib/count';

/**
 * The bar above the vault list while rows are selected: how many, "select all matching" (said as
 * "about N" when the total is the server's estimate), clear, and the bulk actions.
 */
export function SelectionBar({
  selectedOnPage,
  allMatching,
  total,
  totalIsEstimate,
  matching,
  onSelectAll,
  onClear,
  onBulk,
}: {
  selectedOnPage: number;
  allMatching: boolean;
  total: number;
  totalIsEstimate: boolean;
  /** What the rows are: 'matching the search', 'matching the filters' or 'vault holders'. */
  matching: string;
  onSelectAll: () => void;
  onClear: () => void;
  onBulk: (action: BulkAction) => void;
}) {
  const about = totalIsEstimate ? 'about ' : '';
  return (
    <Paper
      role="region"
      aria-label="Selection"
      style={{
        marginBottom: 'var(--mantine-spacing-sm)',
        padding: 'var(--mantine-spacing-xs)',
        background: 'var(--mantine-color-blue-light)',
      }}
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Text style={{ fontWeight: 600 }}>
            {allMatching ? `All ${about}${formatCount(total)} matching vault holders selected` : `${selectedOnPage} selected`}
          </Text>
          {!allMatching && total > selectedOnPage && (
            <AnchorButton onClick={onSelectAll}>
              Select all {about}
              {formatCount(total)} {matching}
            </AnchorButton>
          )}
          <AnchorButton dimmed onClick={onClear}>
            Clear selection
          </AnchorButton>
        </Group>
        <Group gap="xs">
          <LightButton size="xs" variant="white" leftSection={<IconCircleCheck size={14} />} onClick={() => onBulk('activate')}>
            Activate
          </LightButton>
          <LightButton size="xs" variant="white" leftSection={<IconCircleOff size={14} />} onClick={() => onBulk('deactivate')}>
            Deactivate
          </LightButton>
          <LightButton size="xs" variant="white" leftSection={<IconMailForward size={14} />} onClick={() => onBulk('resendActivation')}>
            Resend activation email
          </LightButton>
        </Group>
      </Group>
    </Paper>
  );
}
