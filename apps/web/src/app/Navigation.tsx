import { NavLink, Stack } from '@mantine/core';
import {
  IconActivityHeartbeat,
  IconBuildingCommunity,
  IconFileAlert,
  IconHistory,
  IconKey,
  IconLock,
  IconLogout,
  IconMailForward,
  IconPackage,
  IconPackages,
  IconPlugConnected,
  IconSitemap,
  IconSquarePlus,
  IconUserShield,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useSponsor } from '../lib/session';
import { activeNavItem, NAV_ITEMS, needsSponsor } from './nav';

const ICONS: Record<string, typeof IconLock> = {
  Vaults: IconLock,
  'New Vault': IconSquarePlus,
  Administrators: IconUserShield,
  Representatives: IconUsers,
  'Trusted Collaborators': IconUsersGroup,
  Portals: IconBuildingCommunity,
  'Sub-Portals': IconSitemap,
  'Base Packages': IconPackage,
  'Active Packages': IconPackages,
  'App Integrations': IconPlugConnected,
  'Sponsor Authorizations': IconKey,
  Invitation: IconMailForward,
  'Failed Files': IconFileAlert,
  'Audit Logs': IconHistory,
  'App Status': IconActivityHeartbeat,
  Logout: IconLogout,
};

export interface NavigationProps {
  /** A click on an item that needs a sponsor while none is chosen. */
  onBlocked: () => void;
  /** Any item was followed (closes the menu on small screens). */
  onNavigate: () => void;
}

/** The left navigation: the specification's items and order, the active one highlighted. */
export function Navigation({ onBlocked, onNavigate }: NavigationProps) {
  const { pathname } = useLocation();
  const { sponsorId } = useSponsor();
  const active = activeNavItem(pathname);

  const follow = (path: string) => (e: MouseEvent) => {
    if (sponsorId === 0 && needsSponsor(path)) {
      e.preventDefault();
      onBlocked();
      return;
    }
    onNavigate();
  };

  return (
    <Stack component="nav" aria-label="Main navigation" gap={2} p="sm" style={{ flex: 1, overflowY: 'auto' }}>
      {NAV_ITEMS.map((item) => {
        const Icon = ICONS[item.label] ?? IconLock;
        const isActive = active?.path === item.path;
        return (
          <NavLink
            key={item.path}
            component={Link}
            to={item.path}
            label={item.label}
            leftSection={<Icon size={18} stroke={1.6} />}
            active={isActive}
            aria-current={isActive ? 'page' : undefined}
            onClick={follow(item.path)}
            variant="light"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
            fw={isActive ? 600 : 500}
            mt={item.label === 'Logout' ? 'sm' : undefined}
          />
        );
      })}
    </Stack>
  );
}
