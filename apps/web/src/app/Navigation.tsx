import {
  IconActivityHeartbeat,
  IconBuildingCommunity,
  IconChartBar,
  IconFileAlert,
  IconHistory,
  IconKey,
  IconLock,
  IconLogout,
  IconMailForward,
  IconMailOpened,
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
import { useLocation } from 'react-router';
import { MaskIcon } from '../components/light/MaskIcon';
import { PlainLink } from '../components/light/PlainLink';
import { useSponsor } from '../lib/session';
import classes from './Navigation.module.css';
import { activeNavItem, NAV_ITEMS, needsSponsor } from './nav';

const ICONS: Record<string, typeof IconLock> = {
  Overview: IconChartBar,
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
  Messages: IconMailOpened,
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
    <nav aria-label="Main navigation" className={classes.nav}>
      {NAV_ITEMS.map((item) => {
        const icon = ICONS[item.label] ?? IconLock;
        const isActive = active?.path === item.path;
        return (
          <PlainLink
            key={item.path}
            to={item.path}
            aria-current={isActive ? 'page' : undefined}
            onClick={follow(item.path)}
            className={`mantine-focus-auto ${classes.link}${item.label === 'Logout' ? ` ${classes.apart}` : ''}`}
          >
            <span className={classes.icon}>
              <MaskIcon icon={icon} size={18} stroke={1.6} />
            </span>
            <div className={classes.body}>
              <span className={classes.label}>{item.label}</span>
            </div>
          </PlainLink>
        );
      })}
    </nav>
  );
}
