import { STATUS } from '@vault/contract';
import type { CSSProperties } from 'react';
import classes from './StatusBadge.module.css';

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
 * statuses (invitations, portals) pass their own `color` (a theme colour's name). Drawn as Mantine's
 * dot badge with plain elements: a list page shows one per row.
 */
export function StatusBadge({ status, statusId, color }: { status: string; statusId?: number; color?: string }) {
  const dot = color ?? (statusId === undefined ? 'gray' : (STATUS_COLORS[statusId] ?? 'gray'));
  return (
    <div className={classes.badge} style={{ '--badge-dot-color': `var(--mantine-color-${dot}-filled)` } as CSSProperties}>
      <span className={classes.label}>{status}</span>
    </div>
  );
}
