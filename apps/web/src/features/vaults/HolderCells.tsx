import type { VaultHolderItem } from '@vault/contract';
import { Badge } from '../../components/light/feedback';
import { PlainLink } from '../../components/light/PlainLink';
import { formatDateTime } from '../../lib/dates';
import classes from './HolderCells.module.css';

/*
 * The vault list's own cells, drawn with plain elements styled as the Mantine components they stand
 * for (Anchor, Group, Text): the first screen renders twenty rows of them, and Mantine's styles API
 * per cell was a large part of that render.
 */

export const detailPath = (h: Pick<VaultHolderItem, 'vaultId'>) => `/vaultdetails/${h.vaultId}`;

/** The holder's id, a link to the vault details. */
export function HolderIdLink({ holder }: { holder: VaultHolderItem }) {
  return (
    <PlainLink to={detailPath(holder)} className={`mantine-focus-auto ${classes.link}`}>
      {holder.id}
    </PlainLink>
  );
}

/** The first name, a link to the vault details, and a "Test" badge on a test account. */
export function HolderNameCell({ holder }: { holder: VaultHolderItem }) {
  return (
    <div className={classes.name}>
      <PlainLink to={detailPath(holder)} className={`mantine-focus-auto ${classes.link}`} data-strong>
        {holder.firstName}
      </PlainLink>
      {holder.testAccount && <Badge color="grape">Test</Badge>}
    </div>
  );
}

/** The last sign-in, or a dimmed "Never". */
export function LastLoginCell({ holder }: { holder: VaultHolderItem }) {
  return holder.lastLoginAt ? formatDateTime(holder.lastLoginAt) : <p className={classes.dimmed}>Never</p>;
}
