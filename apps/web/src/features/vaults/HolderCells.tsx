import type { VaultHolderItem } from '@vault/contract';
import { Badge } from '../../components/light/feedback';
import { PlainLink } from '../../components/light/PlainLink';
import { formatDateTime } from '../../lib/dates';
import { setSponsor } from '../../lib/session';
import classes from './HolderCells.module.css';

/*
 * The vault list's own cells, drawn with plain elements styled as the Mantine components they stand
 * for (Anchor, Group, Text): the first screen renders twenty rows of them, and Mantine's styles API
 * per cell was a large part of that render.
 */

export const detailPath = (h: Pick<VaultHolderItem, 'vaultId'>) => `/vaultdetails/${h.vaultId}`;

/**
 * Opening a holder listed among every portal's (decision 0052) first chooses the holder's portal:
 * the details screen, and every change made there, work in the chosen portal.
 */
const chooseHolderPortal = (holder: VaultHolderItem, acrossPortals: boolean) =>
  acrossPortals ? () => setSponsor({ sponsorId: holder.sponsor.id, sponsorCode: holder.sponsor.sponsorCode }) : undefined;

/** The holder's id, a link to the vault details. */
export function HolderIdLink({ holder, acrossPortals = false }: { holder: VaultHolderItem; acrossPortals?: boolean }) {
  return (
    <PlainLink to={detailPath(holder)} className={`mantine-focus-auto ${classes.link}`} onClick={chooseHolderPortal(holder, acrossPortals)}>
      {holder.id}
    </PlainLink>
  );
}

/** The first name, a link to the vault details, and a "Test" badge on a test account. */
export function HolderNameCell({ holder, acrossPortals = false }: { holder: VaultHolderItem; acrossPortals?: boolean }) {
  return (
    <div className={classes.name}>
      <PlainLink
        to={detailPath(holder)}
        className={`mantine-focus-auto ${classes.link}`}
        data-strong
        onClick={chooseHolderPortal(holder, acrossPortals)}
      >
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
