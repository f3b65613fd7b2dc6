import { Badge } from '@mantine/core';
import { STATUS } from '@vault/contract';

/** The colour of each account status (active, inactive, pending, archived). */
export const STATUS_COLORS: Record<number, string> = {
  [STATUS.active]: 'teal',
  [STATUS.inactive]: 'gray',
  [STATUS.pending]: 'blue',
  [STATUS.archived]: 'orange',
};

/**
 * A status in a list or on a detail page: a coloured dot and the status's name, never cut short
 * (a narrow column wraps the row instead). `statusId` picks the account status colour; other
 * statuses (invitations, portals) pass their own `color`.
 */
export function StatusBadge({ status, statusId, color }: { status: string; statusId?: number; color?: string }) {
  return (
    <Badge
      variant="dot"
      size="sm"
      color={color ?? (statusId === undefined ? 'gray' : (STATUS_COLORS[statusId] ?? 'gray'))}
      style={{ whiteSpace: 'nowrap', overflow: 'visible', flexShrink: 0 }}
      styles={{ label: { overflow: 'visible' } }}
    >
      {status}
    </Badge>
  );
}
