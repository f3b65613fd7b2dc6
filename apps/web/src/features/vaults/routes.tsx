import type { RouteObject } from 'react-router';
import { VaultListPage } from './VaultListPage';

/** Vault screens (specification section 2): the vault list (with the entry: the first screen), New Vault and vault details. */
export const vaultRoutes: RouteObject[] = [
  // No loader: the entry has asked for the first screen's rows before this code ran (main.tsx), and
  // a route without one lets the router start without running its data machinery.
  { index: true, Component: VaultListPage },
  { path: '/vault', lazy: () => import('./NewVaultPage') },
  { path: '/vaultdetails/:id', lazy: () => import('./VaultDetailsPage') },
];
