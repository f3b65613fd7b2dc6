import type { RouteObject } from 'react-router';
import { prefetchVaultList } from './list-prefetch';
import { VaultListPage } from './VaultListPage';

/** Vault screens (specification section 2): the vault list (with the entry: the first screen), New Vault and vault details. */
export const vaultRoutes: RouteObject[] = [
  { index: true, Component: VaultListPage, loader: prefetchVaultList },
  { path: '/vault', lazy: () => import('./NewVaultPage') },
  { path: '/vaultdetails/:id', lazy: () => import('./VaultDetailsPage') },
];
