import { Switch } from '@mantine/core';
import { ALL_PORTALS_URL_PARAM } from '@vault/contract';
import type { PortalScope } from '../../lib/portal-scope';
import { useRights } from '../../lib/rights';

/**
 * Staff's "All portals" switch above a list (decision 0052): kept in the address as `all=1`, so the
 * Overview's "All portals" figures link to it. Nobody else sees it.
 */
export function AllPortalsSwitch({ scope, update }: { scope: PortalScope; update: (changes: Record<string, string | null>) => void }) {
  const { staff } = useRights();
  if (!staff) return null;
  return (
    <Switch
      label="All portals"
      checked={scope.all}
      onChange={(e) => update({ [ALL_PORTALS_URL_PARAM]: e.currentTarget.checked ? '1' : null })}
      mb={8}
    />
  );
}
